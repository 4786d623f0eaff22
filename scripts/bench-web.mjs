// npm run bench:web — builds the web app and prints, for each main route, the gzip size of the
// JavaScript it needs on a first visit: the entry chunk, the route's lazy chunks and everything they
// import statically. Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const build = spawnSync('npm', ['run', 'build', '-w', '@painel/web'], { stdio: 'ignore' });
if (build.status !== 0) throw new Error('web build failed');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function files(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const next of chunk.imports ?? []) files(next, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = {
  '/login': ['src/app/routes/login.tsx'],
  '/register': ['src/app/routes/register.tsx'],
  '/ (dashboard)': ['src/app/routes/app-shell.tsx', 'src/app/routes/dashboard.tsx'],
  '/consulta/:id': ['src/app/routes/app-shell.tsx', 'src/app/routes/consulta.tsx'],
  '/historico': ['src/app/routes/app-shell.tsx', 'src/app/routes/historico.tsx'],
  '/admin/modulos': ['src/app/routes/app-shell.tsx', 'src/app/routes/admin/modulos.tsx'],
};
const targets = { '/login': 100, '/ (dashboard)': 200 };
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;

console.log('\nbench:web — gzip KB of the JavaScript each route needs on a first visit');
for (const [route, keys] of Object.entries(routes)) {
  const needed = new Set(files(entry));
  for (const key of keys) for (const file of files(key)) needed.add(file);
  const total = [...needed]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipKb(file), 0);
  const target = targets[route] ? ` (target < ${targets[route]} KB)` : '';
  console.log(`  ${route.padEnd(16)} ${total.toFixed(1).padStart(7)} KB${target}`);
}
console.log('');
