#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than its sources,
// then runs the compiled server (API + built SPA) in this same process, so signals reach it directly.
// `npm run dev`: Vite's dev server with hot reload, and the API (run from its sources by tsx)
// restarted on change.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = {
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
const server = {
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

function buildIfStale({ name, output, sources, build }) {
  const outputPath = join(root, output);
  const built = existsSync(outputPath) ? statSync(outputPath).mtimeMs : 0;
  if (built >= Math.max(...sources.map((path) => newestMtime(join(root, path))))) return;
  console.log(built ? `The ${name} changed: rebuilding...` : `Building the ${name} (first start)...`);
  const [command, args] = build;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes('--dev')) {
  const children = [
    spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
    spawn('npm', ['run', 'dev', '-w', '@painel/web'], { cwd: root, stdio: 'inherit' }),
  ];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const child of children)
    child.on('exit', (code) => {
      stop();
      process.exitCode = code ?? 0;
    });
} else {
  buildIfStale(web);
  buildIfStale(server);
  // Stack traces name the TypeScript sources, through the build's source map.
  process.setSourceMapsEnabled(true);
  await import(`../${server.output}`);
}
