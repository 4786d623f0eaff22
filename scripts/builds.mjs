// The two builds `npm start` runs from (the web app and the compiled server), what each is built
// from, and when one is stale: missing, or older than the newest file of its sources. `npm start`
// (scripts/start.mjs) and the benchmarks that start the built panel (scripts/built-panel.mjs) judge
// staleness the same way.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const WEB_BUILD = {
  name: 'web app',
  output: 'apps/web/dist/index.html',
  sources: [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/shared/src',
  ],
  build: ['npm', ['run', 'build', '-w', '@painel/web']],
};

export const SERVER_BUILD = {
  name: 'server',
  output: 'apps/server/dist/server.js',
  sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src', 'packages/demo-provider/src'],
  build: ['npm', ['run', 'build', '-w', '@painel/server']],
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** When the build's output was written (0 when missing), if a source is newer; null when it is fresh. */
export function staleSince({ output, sources }) {
  const outputPath = join(root, output);
  const built = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  return built >= Math.max(...sources.map((path) => newestMtime(join(root, path)))) ? null : built;
}
