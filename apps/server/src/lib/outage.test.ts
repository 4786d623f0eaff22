import { messages } from '@painel/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GatedUpstream, startGatedUpstream } from '../../test/gated-upstream.ts';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  login,
  newCaptchaId,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
  TEST_CAPTCHA,
  testEnv,
  usingPostgres,
} from '../../test/harness.ts';
import { createNamedDatabase } from '../../test/named-database.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { consultas } from '../db/schema/consultas.ts';
import { users } from '../db/schema/users.ts';
import { adjustCredits } from './ledger.repository.ts';
import { createNoticeBus } from './notice-bus.ts';
import { isOutage } from './outage.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe('what counts as an outage', () => {
  const withCode = (message: string, code: string, severity?: string) =>
    Object.assign(new Error(message), { code, ...(severity ? { severity } : {}) });

  it('a server that cannot be reached, or went away, is an outage however deeply it is wrapped', () => {
    expect(isOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isOutage(
        new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true);
    expect(isOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isOutage(withCode('terminating connection due to administrator command', '57P01', 'FATAL'))).toBe(
      true,
    );
    expect(isOutage(withCode('sorry, too many clients already', '53300', 'FATAL'))).toBe(true);
    expect(isOutage(new AggregateError([withCode('connect ECONNREFUSED ::1:6379', 'ECONNREFUSED')]))).toBe(
      true,
    );
    expect(isOutage(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isOutage(new Error('Command timed out'))).toBe(true);
  });

  it('a statement the database refused, or a bug, is not', () => {
    expect(isOutage(withCode('syntax error at or near "selec"', '42601', 'ERROR'))).toBe(false);
    expect(isOutage(withCode('duplicate key value', '23505', 'ERROR'))).toBe(false);
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isOutage('Connection terminated')).toBe(false);
  });
});

function expectServiceUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: messages.serviceUnavailable });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

async function until(condition: () => Promise<boolean>, deadlineMs = 30_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!usingPostgres)('PostgreSQL unreachable (needs TEST_DATABASE_URL)', () => {
  let created: Awaited<ReturnType<typeof createNamedDatabase>>;
  let direct: DatabaseHandle;
  let proxied: DatabaseHandle;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let gate: GatedUpstream;
  let user: SignedIn;
  let moduleId: number;

  beforeAll(async () => {
    created = await createNamedDatabase();
    direct = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', poolSize: 2 });
    proxy = await startTcpProxy(created.url);
    proxied = await openDatabase({
      databaseUrl: proxy.url,
      dataDir: 'unused',
      poolSize: 5,
      connectTimeoutMs: 1_000,
    });
    // Polled answers kept in memory would answer /profile for up to 10 s without the database
    // (decision 0018); here every call must reach it.
    app = await createTestApp(proxied, { POLLED_ANSWER_TTL_MS: '0' });
    gate = await startGatedUpstream();
    const admin = await signIn(app, ADMIN.email, ADMIN.senha);
    moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 3,
      timeout_segundos: 60,
      api_url: `${gate.baseUrl}/hold/{cpf}`,
    });
    user = await registerUser(app);
    await direct.db
      .update(users)
      .set({ dataExpiracao: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, user.userId));
    await adjustCredits(direct.db, { userId: user.userId, actorId: null, amountCents: 300, reason: 'teste' });
  });
  // A failed test must not leave the next one cut off.
  afterEach(() => proxy?.restore());
  afterAll(async () => {
    await app?.close();
    await gate?.close();
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
    await created?.drop();
  });

  const everyKindOfRoute = async () => {
    const captchaId = '00000000-0000-4000-8000-000000000000';
    return {
      profile: await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers }),
      captcha: await app.inject({ method: 'GET', url: '/api/captcha' }),
      login: await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          email: ADMIN.email,
          senha: ADMIN.senha,
          captcha_id: captchaId,
          captcha_answer: TEST_CAPTCHA,
        },
      }),
      lookup: await runLookupViaApi(app, user.headers, moduleId),
      health: await app.inject({ method: 'GET', url: '/api/health' }),
    };
  };

  const recovered = async () =>
    (await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers })).statusCode === 200;

  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`cut (${mode}): every route answers 503 SERVICE_UNAVAILABLE with Retry-After at once, and it recovers by itself`, async () => {
      proxy.cut(mode);
      const answers = await everyKindOfRoute();
      for (const name of ['profile', 'captcha', 'login', 'lookup'] as const)
        expectServiceUnavailable(answers[name]);
      expect(answers.health.statusCode).toBe(503);
      expect(answers.health.json()).toMatchObject({ status: 'unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect(answers.health.headers['retry-after']).toBeDefined();
      expect(gate.received()).toBe(0);

      proxy.restore();
      await until(recovered);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  }

  it('a lookup whose completion the database missed is answered 503, then failed and refunded once it is back', async () => {
    const pending = runLookupViaApi(app, user.headers, moduleId);
    await until(async () => gate.received() === 1);
    proxy.cut('refuse');
    gate.openAll();
    expectServiceUnavailable(await pending);

    proxy.restore();
    const lookupRow = async () => {
      const [row] = await direct.db
        .select({ status: consultas.status, erro: consultas.erroCodigo })
        .from(consultas)
        .where(eq(consultas.usuarioId, user.userId));
      return row;
    };
    await until(async () => (await lookupRow())?.status === 'falha');
    expect(await lookupRow()).toEqual({ status: 'falha', erro: 'INTERRUPTED' });
    const [balance] = await direct.db
      .select({ cents: users.creditosCents })
      .from(users)
      .where(eq(users.id, user.userId));
    expect(balance?.cents).toBe(300);
  });
});

describe.skipIf(!redisUrl)('Redis unreachable (needs TEST_REDIS_URL)', () => {
  let database: DatabaseHandle;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  const namespace = `outage-${Date.now()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(redisUrl as string);
    app = await buildApp({
      env: testEnv({ REDIS_URL: proxy.url, REDIS_TIMEOUT_MS: '300', AUTH_RATE_LIMIT_PER_IP: '3' }),
      database,
      rateLimitNamespace: namespace,
    });
  });
  // A failed test must not leave the next one cut off.
  afterEach(() => proxy?.restore());
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close();
  });

  const wrongLogin = async (ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: {
        email: ADMIN.email,
        senha: 'senha-errada',
        captcha_id: await newCaptchaId(app, ip),
        captcha_answer: TEST_CAPTCHA,
      },
    });

  for (const mode of ['refuse', 'blackhole'] as const) {
    it(`cut (${mode}): captcha and login work, rate limits hold in the process, health stays up; then Redis is used again`, async () => {
      proxy.cut(mode);
      const ip = mode === 'refuse' ? '10.0.0.1' : '10.0.0.2';
      expect((await app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip })).statusCode).toBe(
        200,
      );
      expect((await login(app, ADMIN.email, ADMIN.senha, ip)).statusCode).toBe(200);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', redis: 'unavailable' });
      // The allowance is 3 attempts per IP; the successful login above was the first.
      expect((await wrongLogin(ip)).statusCode).toBe(401);
      expect((await wrongLogin(ip)).statusCode).toBe(401);
      const limited = await wrongLogin(ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');

      proxy.restore();
      await until(
        async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().redis === undefined,
      );
      // The shared counters are back: a fresh IP's attempt is counted in Redis.
      const freshIp = mode === 'refuse' ? '10.0.1.1' : '10.0.1.2';
      expect((await login(app, ADMIN.email, ADMIN.senha, freshIp)).statusCode).toBe(200);
      const direct = new Redis(redisUrl as string);
      try {
        expect(await direct.exists(`${namespace}:rl:auth-ip:${freshIp}`)).toBe(1);
      } finally {
        direct.disconnect();
      }
    });
  }

  it('notices still reach their own process while Redis is down, and other processes once it is back', async () => {
    const proxiedRedis = new Redis(proxy.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const directRedis = new Redis(redisUrl as string);
    proxiedRedis.on('error', () => {});
    await until(async () => proxiedRedis.status === 'ready');
    const here = createNoticeBus(proxiedRedis);
    const there = createNoticeBus(directRedis);
    try {
      const seenHere: unknown[] = [];
      const seenThere: unknown[] = [];
      here.subscribe('teste', (payload) => seenHere.push(payload));
      there.subscribe('teste', (payload) => seenThere.push(payload));

      proxy.cut('refuse');
      here.publish('teste', 'durante');
      expect(seenHere).toEqual(['durante']);

      proxy.restore();
      await until(async () => {
        here.publish('teste', 'depois');
        there.publish('teste', 'de lá');
        await new Promise((resolve) => setTimeout(resolve, 100));
        return seenThere.includes('depois') && seenHere.includes('de lá');
      });
    } finally {
      await here.close();
      await there.close();
      proxiedRedis.disconnect();
      directRedis.disconnect();
    }
  });
});
