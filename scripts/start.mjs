#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than its sources,
// then runs the compiled server (API + built SPA) in this same process, so signals reach it directly.
// `npm run dev`: Vite's dev server with hot reload, and the API (run from its sources by tsx)
// restarted on change.
import { spawn, spawnSync } from 'node:child_process';
import { root, SERVER_BUILD as server, staleSince, WEB_BUILD as web } from './builds.mjs';

function buildIfStale(target) {
  const built = staleSince(target);
  if (built === null) return;
  const { name, build } = target;
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
