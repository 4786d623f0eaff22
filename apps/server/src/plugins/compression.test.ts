import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/harness.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { LOOKUP_FINISHED } from '../lib/notice-bus.ts';

const context = useTestApp();

const get = (url: string, acceptEncoding?: string) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: { ...context.admin.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('API answers compressed on the wire', () => {
  it('compresses a JSON answer over 1 KB with brotli, or gzip when that is all the client takes', async () => {
    const plain = await get('/api/modulos');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/modulos', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/modulos', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('compresses a CSV download, which still arrives whole with its file name', async () => {
    const plain = await get('/api/users/export.csv');
    expect(plain.statusCode).toBe(200);
    const br = await get('/api/users/export.csv', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(br.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(plain.body).toContain(ADMIN.email);
  });
});

describe('the admin event stream', () => {
  it('still streams each event as it happens, uncompressed, to a client that accepts brotli', async () => {
    const { app, admin } = context;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    let text = '';
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const call = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/events',
          headers: { ...admin.headers, 'accept-encoding': 'br, gzip' },
        },
        resolve,
      );
      call.on('error', reject);
      call.end();
    });
    const waitFor = (wanted: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${wanted}" in: ${text}`)), 3000);
        const check = () => {
          if (!text.includes(wanted)) return;
          clearTimeout(timer);
          response.off('data', onData);
          resolve();
        };
        const onData = (chunk: Buffer) => {
          text += chunk.toString();
          check();
        };
        response.on('data', onData);
        check();
      });
    try {
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['content-encoding']).toBeUndefined();
      await waitFor(': conectado');
      app.services.notices.publish(LOOKUP_FINISHED, { id: 4242, userId: admin.userId });
      await waitFor('"id":4242');
      expect(text).toContain('event: consulta\ndata: {"id":4242');
    } finally {
      response.destroy();
    }
  });
});
