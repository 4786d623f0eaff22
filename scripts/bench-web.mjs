// npm run bench:web — builds the web app and prints, for each main route, the gzip size of the
// JavaScript it needs on a first visit: the entry chunk, the route's lazy chunks and everything they
// import statically. Prints figures; asserts nothing.
// WEB_DIST_DIR=/tmp/x builds into that folder instead of apps/web/dist (so a build in progress
// elsewhere, or the files a running server serves, are left alone).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const web = new URL('../apps/web/', import.meta.url).pathname;
const dist = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(web, 'dist');
const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
  cwd: web,
  stdio: 'ignore',
});
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
// Every signed-in page also loads, besides its own chunks, the panel and its router (app/app.tsx)
// and what RequireAuth and the providers fetch once there is a session (the query client and zod
// set-up, the toaster).
const signedIn = [
  'src/app/app.tsx',
  'src/app/signed-in-providers.tsx',
  'src/components/ui/sonner.tsx',
  'src/app/routes/app-shell.tsx',
];
const routes = {
  // A first visit to /login or /register renders the page without the router (app/entry.tsx).
  '/login': ['src/app/routes/login-page.tsx'],
  '/register': ['src/app/routes/register-page.tsx'],
  '/ (dashboard)': [...signedIn, 'src/app/routes/dashboard.tsx'],
  '/consulta/:id': [...signedIn, 'src/app/routes/consulta.tsx'],
  '/historico': [...signedIn, 'src/app/routes/historico.tsx'],
  '/admin/modulos': [...signedIn, 'src/app/routes/admin/modulos.tsx'],
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
