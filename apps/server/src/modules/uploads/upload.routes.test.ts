import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----painelteste';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  headers: Record<string, string>,
  field: string,
  filename: string,
  type: string,
  data: Buffer,
) {
  const form = multipart(field, filename, type, data);
  return app.inject({
    method: 'POST',
    url: '/api/upload/module-image',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

describe('module images', () => {
  it('stores a PNG, serves it with headers that stop it running as a page, and deletes it', async () => {
    const response = await upload(admin.headers, 'image', 'logo.png', 'image/png', PNG);
    expect(response.statusCode).toBe(201);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/uploads\/module-images\/[a-f0-9]{24}\.png$/);
    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const name = imageUrl.split('/').pop();
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/upload/module-image/${name}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
  });

  it('refuses a disguised file whatever its name and declared type', async () => {
    const script = Buffer.from('<?php echo "oi"; ?>');
    const response = await upload(admin.headers, 'image', 'foto.png', 'image/png', script);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Formato não suportado: envie PNG, JPEG, WEBP, GIF ou SVG');
    const html = await upload(
      admin.headers,
      'image',
      'x.svg',
      'image/svg+xml',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(html.statusCode).toBe(400);
  });

  it("strips an SVG's scripts, event handlers and external references", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
        '<script>alert(2)</script><foreignObject><iframe src="https://mal.test"/></foreignObject>' +
        '<a href="javascript:alert(3)"><circle r="5" onclick="alert(4)" fill="url(https://mal.test/x)"/></a>' +
        '<image xlink:href="https://mal.test/p.png"/><rect width="10" height="10" fill="#0a0"/><use href="#r"/></svg>',
    );
    const response = await upload(admin.headers, 'image', 'a.svg', 'image/svg+xml', svg);
    expect(response.statusCode).toBe(201);
    const served = await app.inject({ method: 'GET', url: response.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    const text = served.body;
    expect(text).toContain('<rect');
    expect(text).toContain('href="#r"');
    expect(text).not.toMatch(/script|onload|onclick|foreignObject|iframe|javascript:|mal\.test/i);
  });

  it('keeps an SVG from loading anything outside itself: links, images, other files, CSS', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
        '<style>@import url(https://mal.test/a.css)</style>' +
        '<a href="https://mal.test/"><circle r="5" fill="#f00"/></a>' +
        '<image href="http://mal.test/p.png" width="4" height="4"/>' +
        '<use xlink:href="outro.svg#forma"/>' +
        '<rect width="4" height="4" style="fill:url(https://mal.test/y)"/>' +
        '<rect width="4" height="4" style="fill:\\75 rl(https://mal.test/z)"/>' +
        '<path d="M0 0h4" stroke="url( \'//mal.test/w\')"/>' +
        '<linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient>' +
        '<rect id="r" width="8" height="8" fill="url(#g)"/><use xlink:href="#r"/></svg>',
    );
    const response = await upload(admin.headers, 'image', 'b.svg', 'image/svg+xml', svg);
    expect(response.statusCode).toBe(201);
    const text = (await app.inject({ method: 'GET', url: response.json().imageUrl })).body;
    expect(text).not.toMatch(/mal\.test|outro\.svg|@import|\\75/);
    expect(text).toContain('<circle r="5" fill="#f00"/>');
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain('xlink:href="#r"');
  });

  it('refuses an SVG that is not well-formed or not in the SVG namespace', async () => {
    for (const markup of [
      '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>',
      '<svg><rect width="1" height="1"/></svg>',
    ]) {
      const response = await upload(admin.headers, 'image', 'c.svg', 'image/svg+xml', Buffer.from(markup));
      expect(response.statusCode, markup).toBe(400);
      expect(response.json().error).toBe('Formato não suportado: envie PNG, JPEG, WEBP, GIF ou SVG');
    }
  });

  it('refuses more than 5MB, a missing file and non-admins', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(admin.headers, 'image', 'grande.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('A imagem deve ter no máximo 5MB');
    const wrongField = await upload(admin.headers, 'arquivo', 'a.png', 'image/png', PNG);
    expect(wrongField.json().error).toBe('Envie uma imagem no campo image');
    const user = await registerUser(app);
    expect((await upload(user.headers, 'image', 'a.png', 'image/png', PNG)).statusCode).toBe(403);
  });

  it('deletes the old image when a module gets a new one', async () => {
    const first = (await upload(admin.headers, 'image', 'a.png', 'image/png', PNG)).json().imageUrl;
    const second = (await upload(admin.headers, 'image', 'b.png', 'image/png', PNG)).json().imageUrl;
    const id = await createModuleViaApi(app, admin.headers, {
      api_url: '/demo-api/cpf/{cpf}',
      imagem_url: first,
    });
    await app.inject({
      method: 'PUT',
      url: `/api/modulos/${id}`,
      headers: admin.headers,
      payload: { imagem_url: second },
    });
    expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});
