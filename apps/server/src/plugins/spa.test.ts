import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/harness.ts';
import type { DatabaseHandle } from '../db/client.ts';

// A build as the web app's makes it: each text file with its .br and .gz beside it (vite.config.ts).
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, nome: 'linha ${i}' }`).join(', ')}];\n`;
const pageWith = (preload = '') =>
  `<!doctype html><html lang="pt-BR"><head><title>Painel Consulta</title><script type="module" src="/assets/index-abc123.js"></script>${preload}</head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const page = pageWith();
// The build's pages (apps/web/vite.config.ts): index.html plus what one page runs besides the entry.
const pages = {
  index: pageWith('<link rel="modulepreload" href="/assets/dashboard-d1.js">'),
  login: pageWith('<link rel="modulepreload" href="/assets/login-page-l1.js">'),
  consulta: pageWith('<link rel="modulepreload" href="/assets/consulta-c1.js">'),
  'admin/usuarios': pageWith('<link rel="modulepreload" href="/assets/usuarios-u1.js">'),
};
const robots = fileURLToPath(new URL('../../../web/public/robots.txt', import.meta.url));

function writeWithVariants(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

let database: DatabaseHandle;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'painel-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithVariants(join(dist, 'index.html'), page);
  mkdirSync(join(dist, 'pages', 'admin'), { recursive: true });
  for (const [name, html] of Object.entries(pages))
    writeWithVariants(join(dist, 'pages', `${name}.html`), html);
  writeWithVariants(join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  copyFileSync(robots, join(dist, 'robots.txt'));
  database = await createTestDatabase();
  app = await createTestApp(database, { WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app, compressed at build time', () => {
  it('sends a hashed script as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await get('/assets/index-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file the build left uncompressed as it is, even to a client asking for brotli', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
  });

  it('sends each page route its page, compressed and checked again on every visit', async () => {
    for (const [url, expected] of [
      ['/', pages.index],
      ['/login', pages.login],
      ['/login/', pages.login],
      ['/consulta/3', pages.consulta],
      ['/admin/usuarios?highlight=2', pages['admin/usuarios']],
      ['/historico', page],
      ['/sessao-encerrada', page],
    ] as const) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(expected);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(pages.login);
  });

  it('never looks for a page file outside the pages the build wrote', async () => {
    for (const url of ['/%2e%2e/pages/login', '/..%2Fpages%2Flogin', '/login.html', '/pages/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
    }
  });

  it('answers a missing hashed file with a 404, never with the page', async () => {
    const response = await get('/assets/index-gone999.js', 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('tells every crawler to stay out, as plain text', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body.replace(/\r/g, '')).toBe('User-agent: *\nDisallow: /\n');
  });
});
