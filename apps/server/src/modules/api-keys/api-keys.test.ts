import { messages } from '@painel/shared/messages';
import type { ApiKey, CreatedApiKey } from '@painel/shared/schemas/api-keys';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, type SignedIn } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { chavesApi } from '../../db/schema/api-keys.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';
import { hashOf } from './api-key-secret.ts';

/**
 * docs/product/api-keys.md: a user's API keys, made on /profile (the whole key shown once, only its
 * hash stored), listed by prefix, revoked by the owner, by an admin, or by the owner's reseller.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

const create = (user: SignedIn, body: Record<string, unknown>) =>
  call('POST', '/api/profile/api-keys', user.headers, body);

async function created(user: SignedIn, body: Record<string, unknown> = { nome: 'Integração ERP' }) {
  const response = await create(user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

async function keysOf(user: SignedIn): Promise<ApiKey[]> {
  const response = await call('GET', '/api/profile/api-keys', user.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ chaves: ApiKey[] }>().chaves;
}

const logsOf = (acao: string, userId: number) =>
  test.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.acao, acao), eq(logs.targetUserId, userId)));

describe('POST /api/profile/api-keys', () => {
  it('answers the whole key once and keeps only its hash; the list shows its prefix and rules', async () => {
    const user = await registerUser(test.app);
    const key = await created(user, {
      nome: '  Integração\u00a0ERP ',
      modulos: [3, 1, 3],
      ips: ['203.0.113.7', '198.51.100.9/24', '::ffff:203.0.113.8'],
      limite_diario_creditos: 25.5,
      expira_em: '2099-12-31T23:59:59Z',
    });
    expect(key.chave).toMatch(/^pk_[0-9A-Za-z]{40}$/);
    expect(key.prefixo).toBe(key.chave.slice(0, 12));
    expect(key.nome).toBe('Integração ERP');

    const [row] = await test.database.db.select().from(chavesApi).where(eq(chavesApi.id, key.id));
    expect(row?.hash.equals(hashOf(key.chave))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(key.chave);

    const [listed] = await keysOf(user);
    expect(listed).toEqual({
      id: key.id,
      nome: 'Integração ERP',
      prefixo: key.prefixo,
      modulos: [1, 3],
      ips: ['203.0.113.7', '198.51.100.0/24', '203.0.113.8'],
      limite_diario_creditos: 25.5,
      limite_por_segundo: 10,
      expira_em: '2099-12-31T23:59:59.000Z',
      ultimo_uso: null,
      criada_em: expect.any(String),
    });
    expect(JSON.stringify(await keysOf(user))).not.toContain(key.chave);

    const [entry] = await logsOf('chave_api_criada', user.userId);
    expect(entry).toMatchObject({ tipo: 'login', userId: user.userId });
    expect(JSON.stringify(entry?.detalhes)).toContain(key.prefixo);
    expect(JSON.stringify(entry?.detalhes)).not.toContain(key.chave);
  });

  it('makes every key different', async () => {
    const user = await registerUser(test.app);
    const [a, b] = [await created(user), await created(user)];
    expect(a.chave).not.toBe(b.chave);
    expect(a.prefixo).not.toBe(b.prefixo);
  });

  it('refuses what a key cannot be, naming each field in Portuguese, and makes none', async () => {
    const user = await registerUser(test.app);
    const response = await create(user, {
      nome: '\u200b ',
      modulos: [],
      ips: ['10.0.0.1', '010.0.0.1'],
      limite_diario_creditos: 0,
      expira_em: '2020-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        nome: messages.apiKeyNameRequired,
        modulos: messages.apiKeyModulesEmpty,
        'ips.1': messages.apiKeyIpInvalidAt('010.0.0.1'),
        limite_diario_creditos: messages.apiKeyDailyCapMin,
        expira_em: messages.apiKeyExpiryPast,
      },
    });
    const fields = (body: Record<string, unknown>) =>
      create(user, { nome: 'x', ...body }).then((r) => r.json<{ fields: Record<string, string> }>().fields);
    expect(await fields({ ips: ['300.1.1.1/8'] })).toEqual({
      'ips.0': messages.apiKeyIpInvalidAt('300.1.1.1/8'),
    });
    expect(await fields({ ips: ['10.0.0.0/33'] })).toEqual({
      'ips.0': messages.apiKeyIpInvalidAt('10.0.0.0/33'),
    });
    expect(await fields({ limite_diario_creditos: 1.234 })).toEqual({
      limite_diario_creditos: messages.priceCents,
    });
    expect(await fields({ expira_em: '2099-02-30' })).toEqual({ expira_em: messages.invalidDate });
    expect(await fields({ modulos: [0] })).toEqual({ 'modulos.0': messages.invalidId });
    expect(await keysOf(user)).toEqual([]);
  });

  it('holds at most 10 live keys, even when 14 are asked for at once; a revoked one frees a place', async () => {
    const user = await registerUser(test.app);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => create(user, { nome: `Chave ${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: messages.apiKeyLimitReached(10), code: 'API_KEY_LIMIT' });
    }
    const [first] = await keysOf(user);
    expect((await call('DELETE', `/api/profile/api-keys/${first!.id}`, user.headers)).statusCode).toBe(200);
    expect((await create(user, { nome: 'Outra' })).statusCode).toBe(201);
  });

  it('is for signed-in callers only', async () => {
    expect((await call('POST', '/api/profile/api-keys', {}, { nome: 'x' })).statusCode).toBe(401);
    expect((await call('GET', '/api/profile/api-keys')).statusCode).toBe(401);
  });
});

describe('DELETE /api/profile/api-keys/{id}', () => {
  it('revokes one of the caller’s keys, logged; someone else’s is 404', async () => {
    const [owner, other] = [await registerUser(test.app), await registerUser(test.app)];
    const key = await created(owner);
    expect((await call('DELETE', `/api/profile/api-keys/${key.id}`, other.headers)).statusCode).toBe(404);
    expect(await keysOf(owner)).toHaveLength(1);

    const revoked = await call('DELETE', `/api/profile/api-keys/${key.id}`, owner.headers);
    expect(revoked.json()).toEqual({ message: messages.apiKeyRevoked, id: key.id });
    expect(await keysOf(owner)).toEqual([]);
    const again = await call('DELETE', `/api/profile/api-keys/${key.id}`, owner.headers);
    expect(again.json()).toEqual({ error: messages.apiKeyNotFound, code: 'NOT_FOUND' });
    expect(await logsOf('chave_api_revogada', owner.userId)).toHaveLength(1);
  });
});

describe("a managed user's keys", () => {
  it("an admin lists and revokes anyone's, a reseller only its clients', others get 403 or 404", async () => {
    const reseller = await createReseller(test.app, test.database.db);
    const client = await registerUser(test.app);
    await test.database.db
      .update(users)
      .set({ revendedorId: reseller.userId })
      .where(eq(users.id, client.userId));
    const stranger = await registerUser(test.app);
    const [clientKey, strangerKey] = [await created(client), await created(stranger)];

    const listed = await call('GET', `/api/users/${client.userId}/api-keys`, reseller.headers);
    expect(listed.json<{ chaves: ApiKey[] }>().chaves.map((k) => k.prefixo)).toEqual([clientKey.prefixo]);
    expect((await call('GET', `/api/users/${stranger.userId}/api-keys`, reseller.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/users/${client.userId}/api-keys`, stranger.headers)).statusCode).toBe(
      403,
    );

    const wrongOwner = await call(
      'DELETE',
      `/api/users/${client.userId}/api-keys/${strangerKey.id}`,
      test.admin.headers,
    );
    expect(wrongOwner.statusCode).toBe(404);
    const byReseller = await call(
      'DELETE',
      `/api/users/${client.userId}/api-keys/${clientKey.id}`,
      reseller.headers,
    );
    expect(byReseller.json()).toEqual({ message: messages.apiKeyRevoked, id: clientKey.id });
    expect(await keysOf(client)).toEqual([]);
    const [entry] = await logsOf('chave_api_revogada', client.userId);
    expect(entry).toMatchObject({ tipo: 'revendedor_action', userId: reseller.userId });

    const byAdmin = await call(
      'DELETE',
      `/api/users/${stranger.userId}/api-keys/${strangerKey.id}`,
      test.admin.headers,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await keysOf(stranger)).toEqual([]);
  });

  it("only an admin sets a key's requests per second (1 to 1000), logged", async () => {
    const reseller = await createReseller(test.app, test.database.db);
    const client = await registerUser(test.app);
    await test.database.db
      .update(users)
      .set({ revendedorId: reseller.userId })
      .where(eq(users.id, client.userId));
    const key = await created(client);
    const url = `/api/users/${client.userId}/api-keys/${key.id}`;

    expect((await call('PUT', url, reseller.headers, { limite_por_segundo: 50 })).statusCode).toBe(403);
    const refused = await call('PUT', url, test.admin.headers, { limite_por_segundo: 0 });
    expect(refused.json().fields).toEqual({ limite_por_segundo: messages.apiKeyRateRange(1000) });
    const set = await call('PUT', url, test.admin.headers, { limite_por_segundo: 50 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ApiKey>().limite_por_segundo).toBe(50);
    expect((await keysOf(client))[0]?.limite_por_segundo).toBe(50);
    const [entry] = await logsOf('chave_api_limite_alterado', client.userId);
    expect(entry?.detalhes).toMatchObject({
      antes: { limite_por_segundo: 10 },
      depois: { limite_por_segundo: 50 },
    });
  });
});
