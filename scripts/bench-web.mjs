// npm run bench:web — what the panel SENDS on a first visit to each main route, over HTTP: builds
// the web app, starts the compiled server on it (as `npm start` serves it, on 127.0.0.1, with a
// temporary data folder), asks for the route's page and every file the page names (the entry, the
// stylesheet, the chunks it preloads, the calls it starts) with
// `Accept-Encoding: br, gzip`, and prints the bytes on the wire per route beside the uncompressed
// size. Prints figures; asserts nothing.
// WEB_DIST_DIR=/tmp/x builds into that folder instead of apps/web/dist (so a build in progress
// elsewhere, or the files a running server serves, are left alone); BENCH_NO_BUILD=1 measures the build
// already there; BENCH_PORT picks the port.

import { request } from 'node:http';
import { buildWeb, startPanel } from './built-panel.mjs';

buildWeb();

// The routes measured. What each needs is what its page names: the entry, its stylesheet and a
// modulepreload for every chunk the route imports statically (the web build writes those from
// the page list in apps/web/vite.config.ts, so this script keeps no list of chunks of its own).
const routes = [
  { name: '/login', path: '/login' },
  { name: '/register', path: '/register' },
  { name: '/ (dashboard)', path: '/' },
  { name: '/consulta/:id', path: '/consulta/1' },
  { name: '/historico', path: '/historico' },
  { name: '/planos', path: '/planos' },
  { name: '/admin/modulos', path: '/admin/modulos' },
  { name: '/admin/usuarios', path: '/admin/usuarios' },
];
/** Targets for the JavaScript on the wire (they were set for gzip, before the server compressed). */
const targets = { '/login': 100, '/ (dashboard)': 200 };

/** One GET: the body's bytes as sent (node's http client does not decode) and its encoding. */
function get(origin, path, acceptEncoding) {
  return new Promise((done, fail) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const call = request(`${origin}${path}`, { headers, timeout: 10_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        done({
          status: response.statusCode,
          bytes,
          encoding: response.headers['content-encoding'] ?? 'identity',
        }),
      );
    });
    call.on('timeout', () => call.destroy(new Error(`${path}: no answer within 10 s`)));
    call.on('error', fail);
    call.end();
  });
}

/** The files a page names itself: the entry, the modulepreloads (its own chunks too), the stylesheet, the icon. */
function namedByPage(html) {
  return [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]);
}

const panel = await startPanel();
const results = [];
try {
  for (const route of routes) {
    const html = await fetch(`${panel.origin}${route.path}`).then((response) => response.text());
    const needed = new Set(namedByPage(html));
    const row = { route, sent: 0, plain: 0, jsSent: 0, encodings: new Set() };
    for (const path of [route.path, ...[...needed].map((file) => `/${file}`)]) {
      const sent = await get(panel.origin, path, 'br, gzip');
      const plain = await get(panel.origin, path, null);
      if (sent.status !== 200 || plain.status !== 200) throw new Error(`${path} answered ${sent.status}`);
      row.sent += sent.bytes;
      row.plain += plain.bytes;
      if (path.endsWith('.js')) row.jsSent += sent.bytes;
      row.encodings.add(sent.encoding);
    }
    row.files = needed.size + 1;
    results.push(row);
  }
} finally {
  await panel.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log(
  '\nbench:web — bytes sent on a first visit (page + JS + CSS it needs), Accept-Encoding: br, gzip',
);
console.log(
  `  ${'route'.padEnd(16)} ${'files'.padStart(5)} ${'sent KB'.padStart(8)} ${'plain KB'.padStart(9)} ${'ratio'.padStart(6)} ${'JS sent'.padStart(8)}  encodings`,
);
for (const row of results) {
  const name = row.route.name;
  const target = targets[name] ? ` (JS target < ${targets[name]} KB)` : '';
  console.log(
    `  ${name.padEnd(16)} ${String(row.files).padStart(5)} ${kb(row.sent)} KB ${kb(row.plain)} KB ${(row.sent / row.plain).toFixed(2).padStart(6)} ${kb(row.jsSent)} KB  ${[...row.encodings].join('/')}${target}`,
  );
}
console.log('');
