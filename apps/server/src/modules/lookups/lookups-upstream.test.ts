import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  runLookupViaApi,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser as fundedUser } from '../../../test/use-test-app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { modules } from '../../db/schema/modules.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let stub: UpstreamStub;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await app.close();
  await stub.close();
  await database.close();
});

const textField = (nome: string) => ({ nome, tipo: 'text', obrigatorio: true });

const payingUser = (cents: number) => fundedUser({ app, database }, cents);

async function accountOf(userId: number) {
  const [row] = await database.db
    .select({ cents: users.creditosCents })
    .from(users)
    .where(eq(users.id, userId));
  const [ledger] = await database.db
    .select({
      sum: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)`,
      rows: sql<number>`count(*)::int`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const lookups = await database.db
    .select({ status: consultas.status })
    .from(consultas)
    .where(eq(consultas.usuarioId, userId));
  return {
    cents: row!.cents,
    ledgerSum: Number(ledger!.sum),
    ledgerRows: Number(ledger!.rows),
    statuses: lookups.map((lookup) => lookup.status).sort(),
  };
}

describe('a placeholder value never leaves its path segment', () => {
  it.each([['..'], ['.']])(
    '%j in a path placeholder is refused with 400 naming the field, before anything is reserved or called',
    async (value) => {
      const moduleId = await createModuleViaApi(app, admin.headers, {
        tipo_limite: 'creditos',
        preco_por_consulta: 1,
        api_url: `${stub.baseUrl}/ok/v1/cpf/{q}?token=X`,
        campos_entrada: [textField('q')],
        headers: { 'X-Token': 'segredo' },
      });
      const user = await payingUser(300);
      const calls = stub.received.length;
      const response = await runLookupViaApi(app, user.headers, moduleId, { q: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { 'input.q': expect.any(String) },
      });
      expect(stub.received.length).toBe(calls);
      expect(await accountOf(user.userId)).toEqual({
        cents: 300,
        ledgerSum: 300,
        ledgerRows: 1,
        statuses: [],
      });
    },
  );

  it('two placeholders that together make a dot segment are refused, naming both fields', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/v1/{a}{b}/x`,
      campos_entrada: [textField('a'), textField('b')],
    });
    const user = await payingUser(0);
    const response = await runLookupViaApi(app, user.headers, moduleId, { a: '.', b: '.' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['input.a', 'input.b']);
    expect((await accountOf(user.userId)).statuses).toEqual([]);
  });

  it.each([
    ['%2e%2e', '/ok/v1/cpf/%252e%252e?token=X'],
    ['...', '/ok/v1/cpf/...?token=X'],
    ['a..b', '/ok/v1/cpf/a..b?token=X'],
    ['../../admin', '/ok/v1/cpf/..%2F..%2Fadmin?token=X'],
    ['..\\..', '/ok/v1/cpf/..%5C..?token=X'],
  ])('%j stays one segment: the provider receives %s', async (value, expected) => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/v1/cpf/{q}?token=X`,
      campos_entrada: [textField('q')],
    });
    const user = await payingUser(0);
    const response = await runLookupViaApi(app, user.headers, moduleId, { q: value });
    expect(response.statusCode).toBe(200);
    expect(stub.received.at(-1)!.url).toBe(expected);
  });

  it('a placeholder in the query string is a query value: dots, & and # stay inside it', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/busca?q={q}&token=X`,
      campos_entrada: [textField('q')],
    });
    const user = await payingUser(0);
    expect((await runLookupViaApi(app, user.headers, moduleId, { q: '..' })).statusCode).toBe(200);
    expect(stub.received.at(-1)!.url).toBe('/ok/busca?q=..&token=X');
    expect((await runLookupViaApi(app, user.headers, moduleId, { q: 'a&token=Y#z' })).statusCode).toBe(200);
    expect(stub.received.at(-1)!.url).toBe('/ok/busca?q=a%26token%3DY%23z&token=X');
  });

  it('the demo provider refuses a dot segment value the same way', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: '/demo-api/nome/{nome}',
      campos_entrada: [textField('nome')],
    });
    const user = await payingUser(0);
    const response = await runLookupViaApi(app, user.headers, moduleId, { nome: '..' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(['input.nome']);
    expect((await accountOf(user.userId)).statuses).toEqual([]);
  });
});

describe('an internal /demo-api/ URL stays under /demo-api/', () => {
  it.each([
    ['/demo-api/../api/captcha?{x}'],
    ['/demo-api/%2e%2e/api/captcha'],
    ['/demo-api/.%2E/api/captcha'],
    ['/demo-api/..\\api/captcha'],
    ['/demo-api/cpf/../../api/captcha'],
  ])('%s is refused on save with a message on api_url', async (apiUrl) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/modulos',
      headers: admin.headers,
      payload: { nome: 'M', descricao: 'D', api_url: apiUrl, campos_entrada: [textField('x')] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { api_url: 'O caminho precisa ficar dentro de /demo-api/' },
    });
  });

  it('a module stored before the check is refused by Testar (400 on api_url) and by a lookup (nothing charged)', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
      api_url: '/demo-api/cpf/{cpf}',
    });
    await database.db
      .update(modules)
      .set({ apiUrl: '/demo-api/../api/captcha?{cpf}' })
      .where(eq(modules.id, moduleId));
    app.services.catalog.invalidate();

    const tested = await app.inject({
      method: 'POST',
      url: `/api/modulos/${moduleId}/testar`,
      headers: admin.headers,
      payload: { input: { cpf: '123.456.789-09' } },
    });
    expect(tested.statusCode).toBe(400);
    expect(tested.json().fields).toHaveProperty('api_url');

    const user = await payingUser(100);
    const response = await runLookupViaApi(app, user.headers, moduleId);
    expect(response.json().code).toBe('UPSTREAM_BLOCKED');
    expect(response.json()).not.toHaveProperty('retorno');
    expect(await accountOf(user.userId)).toMatchObject({ cents: 100, ledgerSum: 100, statuses: ['falha'] });
  });

  it('a placeholder in the host of an absolute URL is refused on save', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/modulos',
      headers: admin.headers,
      payload: { nome: 'M', descricao: 'D', api_url: 'https://{host}.provedor.test/cpf/{cpf}' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.api_url).toMatch(/endereço/);
  });
});

describe('an upstream answer holding U+0000 or lone surrogates', () => {
  it('is cleaned and stored: a credit lookup succeeds, is charged exactly once and reads back', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2,
      api_url: `${stub.baseUrl}/nul/{cpf}`,
    });
    const user = await payingUser(500);
    const response = await runLookupViaApi(app, user.headers, moduleId);
    expect(response.statusCode).toBe(200);
    const expected = {
      nome: 'Fulano de Tal',
      apelido: '\uFFFDx',
      lista: ['ab', { chave: '\uFFFD' }],
      par: '😀',
    };
    expect(response.json().retorno).toEqual(expected);
    expect(await accountOf(user.userId)).toEqual({
      cents: 300,
      ledgerSum: 300,
      ledgerRows: 2,
      statuses: ['sucesso'],
    });
    const stored = await app.inject({
      method: 'GET',
      url: `/api/consultas/${response.json().id}`,
      headers: user.headers,
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ status: 'sucesso', retorno: expected });
  });

  it('is cleaned and stored for a quantity module: the slot is used exactly once', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/nul/{cpf}`,
      limite_padrao_quantidade: 1,
    });
    const user = await payingUser(0);
    const first = await runLookupViaApi(app, user.headers, moduleId);
    expect(first.statusCode).toBe(200);
    expect(first.json().retorno.nome).toBe('Fulano de Tal');
    expect((await runLookupViaApi(app, user.headers, moduleId)).json().code).toBe('QUOTA_EXCEEDED');
    expect((await accountOf(user.userId)).statuses).toEqual(['sucesso']);
    const stored = await app.inject({
      method: 'GET',
      url: `/api/consultas/${first.json().id}`,
      headers: user.headers,
    });
    expect(stored.json()).toMatchObject({ status: 'sucesso', retorno: { nome: 'Fulano de Tal' } });
  });

  it('an answer nested too deep to store is a failed lookup: 502, nothing charged, nothing held', async () => {
    const creditModule = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2,
      api_url: `${stub.baseUrl}/deep/{cpf}`,
    });
    const quotaModule = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/deep/{cpf}`,
      limite_padrao_quantidade: 1,
    });
    const user = await payingUser(500);
    const credit = await runLookupViaApi(app, user.headers, creditModule);
    expect(credit.statusCode).toBe(502);
    expect(credit.json().code).toBe('UPSTREAM_ERROR');
    expect((await runLookupViaApi(app, user.headers, quotaModule)).json().code).toBe('UPSTREAM_ERROR');
    expect((await runLookupViaApi(app, user.headers, quotaModule)).json().code).toBe('UPSTREAM_ERROR');
    expect(await accountOf(user.userId)).toEqual({
      cents: 500,
      ledgerSum: 500,
      ledgerRows: 3,
      statuses: ['falha', 'falha', 'falha'],
    });
  });
});
