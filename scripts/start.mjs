#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (API + built SPA) in this same process, so signals reach it directly.
// `npm run dev`: Vite's dev server with hot reload, and the API restarted on change.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildWebIfStale() {
  const built = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
  const sources = Math.max(...webSources.map((path) => newestMtime(join(root, path))));
  if (built >= sources) return;
  console.log(built ? 'Web app changed: rebuilding...' : 'Building the web app (first start)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@painel/web'], { cwd: root, stdio: 'inherit' });
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
  buildWebIfStale();
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/server/src/server.ts');
}
