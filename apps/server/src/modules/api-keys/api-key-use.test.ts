import { messages } from '@painel/shared/messages';
import type { CreatedApiKey } from '@painel/shared/schemas/api-keys';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModuleViaApi,
  createTestApp,
  registerUser,
  runLookupViaApi,
  type SignedIn,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { balanceOf, caller } from '../../../test/users-fixtures.ts';
import { chavesApi } from '../../db/schema/api-keys.ts';
import { sessions } from '../../db/schema/sessions.ts';

/**
 * docs/product/api-keys.md#use: a key works on the lookup, history, modules and profile calls, with
 * the same money rules as the panel, and is refused everywhere else; a revoked, expired or unknown
 * key, or one whose owner is banned or inactive, is 401 with its own code; an address or module
 * outside the key's, 403. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

let stub: UpstreamStub;
let creditModule: number;
let otherModule: number;
let failingModule: number;

beforeAll(async () => {
  stub = await startUpstreamStub();
  creditModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 2.5,
  });
  otherModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
  failingModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/fail/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 2.5,
  });
});
afterAll(() => stub.close());

async function keyFor(user: SignedIn, body: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/profile/api-keys', user.headers, { nome: 'Sistema', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

const withKey = (key: string) => ({ 'x-api-key': key });

const sessionCount = async (userId: number) =>
  Number(
    (await test.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n,
  );

describe('a key', () => {
  it('runs a lookup, charged as in the panel, and reads history, the lookup, modules and profile', async () => {
    const user = await payingUser(test, 1_000);
    const { chave } = await keyFor(user);
    const sessionsBefore = await sessionCount(user.userId);

    const lookup = await runLookupViaApi(test.app, withKey(chave), creditModule);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 750, ledgerSum: 750 });

    const history = await call('GET', '/api/consultas', withKey(chave));
    expect(history.json().consultas.map((c: { id: number }) => c.id)).toEqual([lookup.json().id]);
    expect((await call('GET', `/api/consultas/${lookup.json().id}`, withKey(chave))).statusCode).toBe(200);
    expect((await call('GET', '/api/modulos/ativos', withKey(chave))).statusCode).toBe(200);
    const profile = await call('GET', '/api/profile', withKey(chave));
    expect(profile.json().user).toMatchObject({ id: user.userId });

    // It never opens a session, so it never takes one of the plan's places.
    expect(await sessionCount(user.userId)).toBe(sessionsBefore);
  });

  it('is refused on every other route, before anything runs', async () => {
    const user = await payingUser(test, 0);
    const { chave } = await keyFor(user);
    for (const [method, url, body] of [
      ['GET', '/api/profile/api-keys', undefined],
      ['POST', '/api/profile/api-keys', { nome: 'Outra' }],
      ['PUT', '/api/profile', { nome: 'Trocado' }],
      ['POST', '/api/consultas/1/revelar', { justificativa: 'uma justificativa qualquer' }],
      ['GET', '/api/users', undefined],
      ['POST', '/api/auth/login', { email: 'a@b.c', senha: 'x' }],
      ['GET', '/api/planos', undefined],
    ] as const) {
      const response = await call(method, url, withKey(chave), body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: messages.apiKeyNotAllowed, code: 'API_KEY_NOT_ALLOWED' });
    }
    const profile = await call('GET', '/api/profile', user.headers);
    expect(profile.json().user.nome).not.toBe('Trocado');
  });

  it('unknown, malformed, revoked or expired: 401, each with its own code; revoking works at once', async () => {
    const user = await payingUser(test, 0);
    const key = await keyFor(user);
    const refusal = async (presented: string) => {
      const response = await call('GET', '/api/profile', withKey(presented));
      expect(response.statusCode).toBe(401);
      return response.json<{ code: string; error: string }>();
    };
    expect(await refusal('pk_nope')).toEqual({ code: 'API_KEY_INVALID', error: messages.apiKeyInvalid });
    const tampered = `${key.chave.slice(0, -1)}${key.chave.endsWith('a') ? 'b' : 'a'}`;
    expect((await refusal(tampered)).code).toBe('API_KEY_INVALID');

    expect((await call('GET', '/api/profile', withKey(key.chave))).statusCode).toBe(200);
    await call('DELETE', `/api/profile/api-keys/${key.id}`, user.headers);
    expect(await refusal(key.chave)).toEqual({ code: 'API_KEY_REVOKED', error: messages.apiKeyRevokedUse });

    const expiring = await keyFor(user);
    expect((await call('GET', '/api/profile', withKey(expiring.chave))).statusCode).toBe(200);
    await test.database.db
      .update(chavesApi)
      .set({ expiraEm: new Date(Date.now() - 1_000) })
      .where(eq(chavesApi.id, expiring.id));
    test.app.services.apiKeys.keysChanged([expiring.id]);
    expect(await refusal(expiring.chave)).toEqual({ code: 'API_KEY_EXPIRED', error: messages.apiKeyExpired });
  });

  it('of a banned or deactivated user is 401 at once', async () => {
    const banned = await payingUser(test, 0);
    const inactive = await payingUser(test, 0);
    const [bannedKey, inactiveKey] = [await keyFor(banned), await keyFor(inactive)];
    for (const key of [bannedKey, inactiveKey]) {
      expect((await call('GET', '/api/profile', withKey(key.chave))).statusCode).toBe(200);
    }
    const ban = await call('POST', `/api/users/${banned.userId}/ban`, test.admin.headers, {
      motivo: 'teste',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const off = await call('PUT', `/api/users/${inactive.userId}`, test.admin.headers, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);

    const bannedAnswer = await call('GET', '/api/profile', withKey(bannedKey.chave));
    expect(bannedAnswer.json()).toEqual({ code: 'API_KEY_USER_BANNED', error: messages.apiKeyUserBanned });
    const inactiveAnswer = await call('GET', '/api/profile', withKey(inactiveKey.chave));
    expect(inactiveAnswer.json()).toEqual({
      code: 'API_KEY_USER_INACTIVE',
      error: messages.apiKeyUserInactive,
    });
  });

  it('works only from its addresses, and reaches only its modules, charging nothing when refused', async () => {
    const user = await payingUser(test, 1_000);
    const key = await keyFor(user, { ips: ['203.0.113.0/24'], modulos: [otherModule] });
    const from = (remoteAddress: string) =>
      test.app.inject({ method: 'GET', url: '/api/profile', headers: withKey(key.chave), remoteAddress });
    expect((await from('203.0.113.77')).statusCode).toBe(200);
    const outside = await from('198.51.100.1');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 'API_KEY_IP_DENIED', error: messages.apiKeyIpDenied });

    const inside = { 'x-api-key': key.chave };
    const denied = await test.app.inject({
      method: 'POST',
      url: '/api/consultas',
      headers: inside,
      remoteAddress: '203.0.113.5',
      payload: { modulo_id: creditModule, input: { cpf: '123.456.789-09' }, finalidade_id: 1 },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 'API_KEY_MODULE_DENIED', error: messages.apiKeyModuleDenied });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });

    const allowed = await test.app.inject({
      method: 'POST',
      url: '/api/consultas',
      headers: inside,
      remoteAddress: '203.0.113.5',
      payload: { modulo_id: otherModule, input: { cpf: '123.456.789-09' }, finalidade_id: 1 },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 900, ledgerSum: 900 });
  });

  it('notes when it was last used', async () => {
    const user = await payingUser(test, 0);
    const key = await keyFor(user);
    await call('GET', '/api/profile', withKey(key.chave));
    await expect
      .poll(
        async () => (await call('GET', '/api/profile/api-keys', user.headers)).json().chaves[0].ultimo_uso,
      )
      .not.toBeNull();
  });

  it('marks its lookups with its prefix in history, the live list and the log; the panel’s carry none', async () => {
    const user = await payingUser(test, 1_000);
    const key = await keyFor(user);
    const viaKey = await runLookupViaApi(test.app, withKey(key.chave), otherModule);
    const viaPanel = await runLookupViaApi(test.app, user.headers, otherModule);
    expect([viaKey.statusCode, viaPanel.statusCode]).toEqual([200, 200]);

    const history = await call('GET', '/api/consultas', user.headers);
    const byId = new Map(
      history.json().consultas.map((c: { id: number; chave_api: string | null }) => [c.id, c]),
    );
    expect(byId.get(viaKey.json().id)).toMatchObject({ chave_api: key.prefixo });
    expect(byId.get(viaPanel.json().id)).toMatchObject({ chave_api: null });
    const live = await call('GET', `/api/consultas/admin/all?usuario_id=${user.userId}`, test.admin.headers);
    expect(live.json().consultas.map((c: { chave_api: string | null }) => c.chave_api)).toEqual([
      null,
      key.prefixo,
    ]);

    const entries = await call('GET', '/api/logs?tipo=consulta&limit=100', test.admin.headers);
    const mine = entries
      .json()
      .data.logs.filter((entry: { detalhes: { consulta_id?: number } }) =>
        [viaKey.json().id, viaPanel.json().id].includes(entry.detalhes.consulta_id ?? -1),
      );
    expect(
      mine.map((entry: { detalhes: { chave_api: string | null } }) => entry.detalhes.chave_api).sort(),
    ).toEqual([key.prefixo, null].sort());
  });
});

describe('a daily cap', () => {
  it('lets a key spend up to it and refuses the lookup that would pass it, before anything is reserved', async () => {
    const user = await payingUser(test, 1_000);
    const key = await keyFor(user, { limite_diario_creditos: 5 });
    for (let i = 0; i < 2; i++) {
      expect((await runLookupViaApi(test.app, withKey(key.chave), creditModule)).statusCode).toBe(200);
    }
    const third = await runLookupViaApi(test.app, withKey(key.chave), creditModule);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 'API_KEY_DAILY_CAP', error: messages.apiKeyDailyCap });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 500, ledgerSum: 500 });
    // The cap is the key's: the panel, and the same user's other keys, are not held by it.
    expect((await runLookupViaApi(test.app, user.headers, creditModule)).statusCode).toBe(200);
    const other = await keyFor(user);
    expect((await runLookupViaApi(test.app, withKey(other.chave), creditModule)).statusCode).toBe(200);
  });

  it('says why a trial user’s key cannot run a credit module, whatever its cap', async () => {
    const trial = await registerUser(test.app);
    const key = await keyFor(trial, { limite_diario_creditos: 0.01 });
    const refused = await runLookupViaApi(test.app, withKey(key.chave), creditModule);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
  });

  it('counts only what was charged: a failed lookup gives its price back', async () => {
    const user = await payingUser(test, 1_000);
    const key = await keyFor(user, { limite_diario_creditos: 2.5 });
    expect((await runLookupViaApi(test.app, withKey(key.chave), failingModule)).statusCode).toBe(502);
    expect((await runLookupViaApi(test.app, withKey(key.chave), creditModule)).statusCode).toBe(200);
    expect((await runLookupViaApi(test.app, withKey(key.chave), creditModule)).statusCode).toBe(429);
  });

  it('holds when 12 lookups race through one key: exactly as many as fit are charged', async () => {
    const user = await payingUser(test, 10_000);
    const key = await keyFor(user, { limite_diario_creditos: 10 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => runLookupViaApi(test.app, withKey(key.chave), creditModule)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(4).fill(200), ...Array(8).fill(429)]);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 9_000, ledgerSum: 9_000 });
  });
});

describe('headers', () => {
  it('every lookup answer says what it cost and what is left, in credits, in the panel and through a key', async () => {
    const user = await payingUser(test, 1_000);
    const key = await keyFor(user);
    const viaPanel = await runLookupViaApi(test.app, user.headers, creditModule);
    expect(viaPanel.headers['x-custo-creditos']).toBe('2.50');
    expect(viaPanel.headers['x-creditos-restantes']).toBe('7.50');
    const viaKey = await runLookupViaApi(test.app, withKey(key.chave), otherModule);
    expect([viaKey.headers['x-custo-creditos'], viaKey.headers['x-creditos-restantes']]).toEqual([
      '1.00',
      '6.50',
    ]);
    const failed = await runLookupViaApi(test.app, withKey(key.chave), failingModule);
    expect(failed.statusCode).toBe(502);
    expect([failed.headers['x-custo-creditos'], failed.headers['x-creditos-restantes']]).toEqual([
      '0.00',
      '6.50',
    ]);

    // Refused by the body's schema, before the lookup ran: nothing charged, and said so.
    const malformed = await call('POST', '/api/consultas', withKey(key.chave), { modulo_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect([malformed.headers['x-custo-creditos'], malformed.headers['x-creditos-restantes']]).toEqual([
      '0.00',
      '6.50',
    ]);
    // An answer given again for the same Idempotency-Key charged nothing this time: no cost headers.
    const once = { ...withKey(key.chave), 'idempotency-key': 'pedido-42' };
    const body = { modulo_id: otherModule, input: { cpf: '123.456.789-09' }, finalidade_id: 1 };
    expect((await call('POST', '/api/consultas', once, body)).headers['x-custo-creditos']).toBe('1.00');
    const replay = await call('POST', '/api/consultas', once, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['x-custo-creditos']).toBeUndefined();
    const mismatch = await call('POST', '/api/consultas', once, { ...body, modulo_id: creditModule });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.headers['x-custo-creditos']).toBe('0.00');
  });

  it('every call with a key says its rate allowance, and past it answers 429 with Retry-After', async () => {
    const user = await payingUser(test, 0);
    const key = await keyFor(user);
    const first = await call('GET', '/api/profile', withKey(key.chave));
    expect(first.headers['x-ratelimit-limit']).toBe('10');
    expect(Number(first.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(9);
    expect(first.headers['x-ratelimit-reset']).toBe('1');
    // The panel's own calls carry none.
    expect((await call('GET', '/api/profile', user.headers)).headers['x-ratelimit-limit']).toBeUndefined();

    const set = await call('PUT', `/api/users/${user.userId}/api-keys/${key.id}`, test.admin.headers, {
      limite_por_segundo: 2,
    });
    expect(set.statusCode, set.body).toBe(200);
    // Five at once span at most two one-second windows: one of them holds three calls.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('GET', '/api/profile', withKey(key.chave))),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused[0]?.headers['retry-after']).toBe('1');
    expect(refused[0]?.headers['x-ratelimit-limit']).toBe('2');
    expect(refused[0]?.headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('a key revoked in another process', () => {
  it('runs no lookup here, even before the notice arrives, and the read it allowed a moment ago stops too', async () => {
    // A second process on the same database, which hears no notice from the first (no Redis here).
    const other = await createTestApp(test.database);
    try {
      const user = await payingUser(test, 1_000);
      const key = await keyFor(user);
      expect(
        (await other.inject({ method: 'GET', url: '/api/profile', headers: withKey(key.chave) })).statusCode,
      ).toBe(200);
      await call('DELETE', `/api/profile/api-keys/${key.id}`, user.headers);

      const lookup = await runLookupViaApi(other, withKey(key.chave), otherModule);
      expect(lookup.statusCode).toBe(401);
      expect(lookup.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
      expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
      // The fresh read dropped what that process kept: its next read is refused as well.
      const read = await other.inject({ method: 'GET', url: '/api/profile', headers: withKey(key.chave) });
      expect(read.json()).toMatchObject({ code: 'API_KEY_REVOKED' });
    } finally {
      await other.close();
    }
  });

  it('lookups confirming their keys at the same moment each get their own key standing', async () => {
    const other = await createTestApp(test.database);
    try {
      const user = await payingUser(test, 1_000);
      const [kept, revoked] = [await keyFor(user), await keyFor(user)];
      for (const key of [kept, revoked]) {
        await other.inject({ method: 'GET', url: '/api/profile', headers: withKey(key.chave) });
      }
      await call('DELETE', `/api/profile/api-keys/${revoked.id}`, user.headers);

      const answers = await Promise.all(
        [kept, revoked, kept, revoked].map((key) => runLookupViaApi(other, withKey(key.chave), otherModule)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 401]);
      expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 800, ledgerSum: 800 });
    } finally {
      await other.close();
    }
  });
});
