import { messages } from '@painel/shared/messages';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
  TEST_PURPOSE_ID,
} from '../test/harness.ts';
import { rawRequest as rawHttp } from '../test/raw-http.ts';
import { rowCounts } from '../test/row-counts.ts';
import { createReseller, insertUser } from '../test/users-fixtures.ts';
import type { DatabaseHandle } from './db/client.ts';
import { consultas } from './db/schema/consultas.ts';
import { users } from './db/schema/users.ts';
import { registerAuth, requireUser } from './plugins/auth.ts';

/**
 * Bad input at the edge (docs/decisions/0010-bad-input-at-the-edge.md): text no database stores,
 * dates out of range, ids that are not strictly ids, the framework's own refusals, and the order
 * of authentication and validation.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let usuario: SignedIn;
let reseller: SignedIn;
let victim: number;
let planId: number;
let moduleId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  usuario = await registerUser(app);
  reseller = await createReseller(app, database.db, { creditsCents: 10_000 });
  victim = await insertUser(database.db, { nome: 'Vítima Intacta', revendedorId: reseller.userId });
  const plan = await call('POST', '/api/admin/plans', admin.headers, {
    name: 'Mensal',
    price_cents: 1000,
    duration_value: 1,
    duration_unit: 'months',
  });
  planId = plan.json<{ id: number }>().id;
  moduleId = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function nameOf(userId: number) {
  const [row] = await database.db.select({ nome: users.nome }).from(users).where(eq(users.id, userId));
  return row?.nome;
}

describe('U+0000 in text: 400 naming the field, nothing written', () => {
  const NUL = 'a\u0000b';
  const cases: [string, Method, () => string, () => Record<string, string>, () => unknown, string][] = [
    [
      'PUT /profile',
      'PUT',
      () => '/api/profile',
      () => usuario.headers,
      () => ({ nome: NUL, email: 'perfil@teste.local' }),
      'nome',
    ],
    [
      'POST /users',
      'POST',
      () => '/api/users',
      () => admin.headers,
      () => ({ nome: NUL, email: 'novo@teste.local', senha: 'abcd' }),
      'nome',
    ],
    [
      'PUT /users/{id}',
      'PUT',
      () => `/api/users/${victim}`,
      () => admin.headers,
      () => ({ nome: NUL }),
      'nome',
    ],
    [
      'PUT /users/{id} (contact)',
      'PUT',
      () => `/api/users/${victim}`,
      () => admin.headers,
      () => ({ whatsapp_contato: NUL }),
      'whatsapp_contato',
    ],
    [
      'POST /users/{id}/ban',
      'POST',
      () => `/api/users/${victim}/ban`,
      () => admin.headers,
      () => ({ motivo: NUL }),
      'motivo',
    ],
    [
      'POST /modulos',
      'POST',
      () => '/api/modulos',
      () => admin.headers,
      () => ({ nome: NUL, descricao: 'x', api_url: '/demo-api/cpf/{cpf}' }),
      'nome',
    ],
    [
      'PUT /modulos/{id}',
      'PUT',
      () => `/api/modulos/${moduleId}`,
      () => admin.headers,
      () => ({ descricao: NUL }),
      'descricao',
    ],
    [
      'POST /admin/plans',
      'POST',
      () => '/api/admin/plans',
      () => admin.headers,
      () => ({ name: NUL, price_cents: 1, duration_value: 1, duration_unit: 'days' }),
      'name',
    ],
    [
      'PUT /admin/settings',
      'PUT',
      () => '/api/admin/settings',
      () => admin.headers,
      () => ({ easy_pix_api_key: NUL }),
      'easy_pix_api_key',
    ],
    [
      'PUT /admin/settings/pix',
      'PUT',
      () => '/api/admin/settings/pix',
      () => admin.headers,
      () => ({ pix_webhook_secret: NUL }),
      'pix_webhook_secret',
    ],
    [
      'POST /payments/create-pix',
      'POST',
      () => '/api/payments/create-pix',
      () => usuario.headers,
      () => ({ planId, idempotencyKey: NUL }),
      'idempotencyKey',
    ],
    [
      'POST /payments/create-topup',
      'POST',
      () => '/api/payments/create-topup',
      () => usuario.headers,
      () => ({ amount_reais: 100, idempotencyKey: NUL }),
      'idempotencyKey',
    ],
    [
      'POST /sandbox/pix/{id}/pay',
      'POST',
      () => '/api/sandbox/pix/abc%00/pay',
      () => usuario.headers,
      () => undefined,
      'pix_id_external',
    ],
    // A route whose own schema takes any text: the guard behind the schemas refuses it.
    [
      'a schema that forgets (guard)',
      'GET',
      () => '/demo-api/nome/Ana%00',
      () => ({}),
      () => undefined,
      'valor',
    ],
  ];

  it.each(cases)('%s', async (_name, method, url, headers, payload, field) => {
    const before = await rowCounts(database.db);
    const response = await call(method, url(), headers(), payload());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: messages.invalidCharacters,
      code: 'VALIDATION_ERROR',
      fields: { [field]: messages.invalidCharacters },
    });
    expect(await rowCounts(database.db)).toEqual(before);
    expect(await nameOf(victim)).toBe('Vítima Intacta');
  });

  it('a lone surrogate in a text field is refused the same way', async () => {
    const response = await call('PUT', '/api/profile', usuario.headers, {
      nome: 'Ana \ud800',
      email: 'ana@teste.local',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ nome: messages.invalidCharacters });
  });

  it('GET /users?q= drops it from the search (a search refuses nothing)', async () => {
    const clean = await call('GET', `/api/users?q=${encodeURIComponent('Vítima')}`, admin.headers);
    const dirty = await call('GET', `/api/users?q=${encodeURIComponent('Ví\u0000tima')}`, admin.headers);
    expect(dirty.statusCode, dirty.body).toBe(200);
    expect(dirty.json().users.map((user: { id: number }) => user.id)).toEqual([victim]);
    expect(dirty.json()).toEqual(clean.json());
  });

  it('GET /users/export.csv?q= answers the whole file, not a cut connection', async () => {
    const response = await call('GET', '/api/users/export.csv?q=%00V%C3%ADtima', admin.headers);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Vítima Intacta');
  });
});

describe('lookup input: unstorable characters are dropped, as other control characters are', () => {
  it('a lone surrogate and a NUL in the CPF run the lookup on the clean value', async () => {
    const buyer = await registerUser(app);
    await database.db
      .update(users)
      .set({ dataExpiracao: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, buyer.userId));
    const response = await call('POST', '/api/consultas', buyer.headers, {
      modulo_id: moduleId,
      finalidade_id: TEST_PURPOSE_ID,
      input: { cpf: '123.456.789-09\ud800\u0000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await database.db
      .select({ input: consultas.input, status: consultas.status })
      .from(consultas)
      .where(eq(consultas.usuarioId, buyer.userId));
    expect(row).toEqual({ input: { cpf: '12345678909' }, status: 'sucesso' });
  });
});

describe('dates out of range', () => {
  it.each(['0000-01-01', '+275760-09-13T00:00:00.000Z', '1899-12-31', '10000-01-01T00:00:00Z'])(
    'data_expiracao %s is 400 naming the field and changes nothing',
    async (date) => {
      const [before] = await database.db.select().from(users).where(eq(users.id, victim));
      const response = await call('PUT', `/api/users/${victim}`, admin.headers, { data_expiracao: date });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: {
          data_expiracao: expect.stringMatching(
            /^(Data inválida|Informe uma data entre os anos 1900 e 9999)$/,
          ),
        },
      });
      const [after] = await database.db.select().from(users).where(eq(users.id, victim));
      expect(after).toEqual(before);
    },
  );

  it.each([
    ' 1',
    '+1',
    '2026-02-30',
    '2026-02-29T00:00:00Z',
    '2026-11-24T25:00:00Z',
    '2026-11-24T10:00',
    'March 3, 2027',
  ])('data_expiracao %j is not a date: 400 "Data inválida", nothing rolled over or stored', async (date) => {
    const [before] = await database.db.select().from(users).where(eq(users.id, victim));
    const response = await call('PUT', `/api/users/${victim}`, admin.headers, { data_expiracao: date });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { data_expiracao: messages.invalidDate },
    });
    const [after] = await database.db.select().from(users).where(eq(users.id, victim));
    expect(after).toEqual(before);
  });

  it('an instant with its zone is stored as that instant', async () => {
    const response = await call('PUT', `/api/users/${victim}`, admin.headers, {
      data_expiracao: '2027-03-01T12:30:00-03:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data_expiracao ?? response.json().user?.data_expiracao).toBe(
      '2027-03-01T15:30:00.000Z',
    );
  });

  it('the first and last days of the range are taken', async () => {
    for (const date of ['1900-01-01', '9999-12-31']) {
      const response = await call('PUT', `/api/users/${victim}`, admin.headers, { data_expiracao: date });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('a period of the metrics in year 0 is 400, not 500', async () => {
    const response = await call(
      'GET',
      '/api/users/metrics?startDate=0000-01-01&endDate=0000-01-05',
      admin.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      startDate: messages.dateOutOfRange,
      endDate: messages.dateOutOfRange,
    });
  });
});

describe('path ids are strict positive integers', () => {
  const forms = (id: number) => [
    ` ${id}`,
    `${id} `,
    `+${id}`,
    `0x${id.toString(16)}`,
    `${id}e0`,
    `0${id}`,
    `${id}.0`,
    `-${id}`,
  ];

  it('DELETE /users/{id} in any other form than digits is 400 and deletes nothing', async () => {
    const target = await insertUser(database.db);
    for (const form of [...forms(target), '0', '2147483648', '99999999999']) {
      const response = await call('DELETE', `/api/users/${encodeURIComponent(form)}`, admin.headers);
      expect(response.statusCode, form).toBe(400);
      expect(response.json()).toEqual({
        error: messages.invalidId,
        code: 'VALIDATION_ERROR',
        fields: { id: messages.invalidId },
      });
    }
    expect(await nameOf(target)).toBeDefined();
    expect((await call('DELETE', `/api/users/${target}`, admin.headers)).statusCode).toBe(200);
    expect(await nameOf(target)).toBeUndefined();
  });

  it('ids in a body or a query filter are as strict: modulo_id " 1" and usuario_id=+1 are 400', async () => {
    for (const form of [' 1', '+1', '1e0', '0x1']) {
      const lookup = await call('POST', '/api/consultas', admin.headers, { modulo_id: form, input: {} });
      expect(lookup.statusCode, `${form}: ${lookup.body}`).toBe(400);
      expect(lookup.json().fields).toEqual({ modulo_id: messages.invalidId });
      const filtered = await call(
        'GET',
        `/api/consultas/admin/all?usuario_id=${encodeURIComponent(form)}`,
        admin.headers,
      );
      expect(filtered.statusCode, `${form}: ${filtered.body}`).toBe(400);
    }
  });

  it.each([
    ['PUT', '/api/admin/plans/{id}', { active: false }],
    ['DELETE', '/api/modulos/{id}', undefined],
    ['GET', '/api/consultas/{id}', undefined],
    ['GET', '/api/payments/{id}/status', undefined],
    ['GET', '/api/users/{id}/limits', undefined],
  ] as const)('%s %s refuses " 1", "+1", "1e3", "0x10" and 2^31', async (method, path, payload) => {
    for (const form of [' 1', '+1', '1e3', '0x10', '2147483648']) {
      const response = await call(
        method,
        path.replace('{id}', encodeURIComponent(form)),
        admin.headers,
        payload,
      );
      expect(response.statusCode, `${form}: ${response.body}`).toBe(400);
      expect(response.json().fields).toEqual({ id: messages.invalidId });
    }
  });
});

describe('numbers a database integer cannot hold: 400 naming the field', () => {
  it.each([
    ['GET', '/api/consultas/admin/all?usuario_id=2147483648', undefined, 'usuario_id'],
    ['GET', '/api/users/metrics?revendedorId=2147483648', undefined, 'revendedorId'],
    ['GET', '/api/users/metrics/export.csv?revendedorId=99999999999', undefined, 'revendedorId'],
    [
      'PUT',
      '/api/modulos/{module}',
      { limite_efetivo_quantidade: 2_147_483_648 },
      'limite_efetivo_quantidade',
    ],
    [
      'PUT',
      '/api/modulos/{module}',
      { limite_padrao_quantidade: 99_999_999_999 },
      'limite_padrao_quantidade',
    ],
    ['POST', '/api/users/{victim}/module-limit', { modulo_id: 1, limite: 99_999_999_999 }, 'limite'],
    ['PUT', '/api/users/{victim}', { modulos: { 1: { limite: 99_999_999_999 } } }, 'modulos.1.limite'],
    [
      'POST',
      '/api/admin/plans',
      { name: 'Eterno', price_cents: 1, duration_value: 10_000, duration_unit: 'years' },
      'duration_value',
    ],
  ] as const)('%s %s', async (method, path, payload, field) => {
    const before = await rowCounts(database.db);
    const url = path.replace('{module}', String(moduleId)).replace('{victim}', String(victim));
    const response = await call(method, url, admin.headers, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [field]: expect.any(String) },
    });
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it('the longest plan (1000 years) can be given and ends before the year 9999', async () => {
    const plan = await call('POST', '/api/admin/plans', admin.headers, {
      name: 'Milênio',
      price_cents: 1,
      duration_value: 1_000,
      duration_unit: 'years',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const target = await insertUser(database.db);
    const given = await call('POST', `/api/users/${target}/subscription`, admin.headers, {
      plan_id: plan.json().id,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().user.data_expiracao).toMatch(/^3\d{3}-/);
  });
});

describe('framework refusals are {error, code} in Portuguese', () => {
  it('a bad %-escape is 400 BAD_URL', async () => {
    const response = await call('GET', '/api/users/%zz', admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.badUrl, code: 'BAD_URL' });
  });

  it('a 600-character path parameter is 414 URI_TOO_LONG', async () => {
    const response = await call('GET', `/api/users/${'1'.repeat(600)}`, admin.headers);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: messages.uriTooLong, code: 'URI_TOO_LONG' });
  });

  describe('over a socket', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as { port: number }).port;
    });

    const rawRequest = (text: string) => rawHttp(port, text);

    it('an HTTP/1.1 request without a Host header is 400 BAD_REQUEST in Portuguese', async () => {
      const answer = await rawRequest('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: messages.badRequest, code: 'BAD_REQUEST' });
    });

    it('an HTTP/1.0 request without a Host header is served', async () => {
      const answer = await rawRequest('GET /api/health HTTP/1.0\r\n\r\n');
      expect(answer.status).toBe(200);
    });

    it('a 100 KB header is 431 HEADERS_TOO_LARGE', async () => {
      const answer = await rawRequest(
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ error: messages.headersTooLarge, code: 'HEADERS_TOO_LARGE' });
    });

    it('a 100 KB address is 414 URI_TOO_LONG', async () => {
      const answer = await rawRequest(
        `GET /api/users?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      expect(answer.status).toBe(414);
      expect(JSON.parse(answer.body)).toEqual({ error: messages.uriTooLong, code: 'URI_TOO_LONG' });
    });

    it('a request line that is not HTTP is 400 BAD_REQUEST', async () => {
      const answer = await rawRequest('ESTE NAO E HTTP\r\n\r\n');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: messages.badRequest, code: 'BAD_REQUEST' });
    });
  });
});

describe('authentication runs before validation', () => {
  it.each([
    ['POST', '/api/modulos', {}],
    ['POST', '/api/admin/plans', { duration_unit: 'séculos' }],
    ['POST', '/api/users', { email: 'x' }],
    ['POST', '/api/modulos/reorder', 'isto não é JSON'],
    ['PUT', '/api/admin/settings', { trial_limit: -1 }],
    ['POST', '/api/payments/create-pix', {}],
    ['POST', '/api/consultas', {}],
    ['GET', '/api/consultas?page=abc', undefined],
    ['DELETE', '/api/users/abc', undefined],
    ['POST', '/api/upload/module-image', { image: 'x' }],
  ] as const)('anonymous %s %s with a bad body is 401', async (method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toEqual({ error: messages.unauthenticated, code: 'UNAUTHENTICATED' });
  });

  it('every guarded route of the OpenAPI document answers 401 to an anonymous junk body', async () => {
    const document = (await call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    let guarded = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.length) continue;
        guarded += 1;
        const response = await app.inject({
          method: method.toUpperCase() as Method,
          url: path.replaceAll(/\{[^}]+\}/g, 'x'),
          headers: { 'content-type': 'application/json' },
          ...(method === 'get' || method === 'delete' ? {} : { payload: '{"junk":' }),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(401);
      }
    }
    expect(guarded).toBeGreaterThan(50);
  });

  it('a route that would authenticate after validation is refused when the app starts', async () => {
    const bare = Fastify();
    registerAuth(bare);
    expect(() => bare.post('/late', { preHandler: requireUser }, async () => ({}))).toThrow(
      'POST /late: authenticate in onRequest, not in preHandler',
    );
    await bare.close();
  });
});
