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
  usingPostgres,
} from '../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../test/upstream-stub.ts';
import { payingUser } from '../../test/use-test-app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { eventually, paymentCalls } from '../modules/payments/payments.test-helpers.ts';

const TOKEN = 'token-de-metricas-de-teste';
const LOOPBACK = '127.0.0.1';
const OUTSIDE = '203.0.113.7';

let database: DatabaseHandle;
let app: FastifyInstance;
let withToken: FastifyInstance;
let switchedOff: FastifyInstance;
let admin: SignedIn;
let stub: UpstreamStub;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0' });
  withToken = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0', METRICS_TOKEN: TOKEN });
  switchedOff = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0', METRICS_ENABLED: 'false' });
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await app.close();
  await withToken.close();
  await switchedOff.close();
  await stub.close();
  await database.close();
});

const get = (
  target: FastifyInstance,
  url: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => target.inject({ method: 'GET', url, remoteAddress, headers });

/** What a refused caller must see: exactly what the same caller gets from a route that does not exist. */
async function expectUnknownRoute(
  target: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const refused = await get(target, '/metrics', remoteAddress, headers);
  const unknown = await get(target, '/nada-aqui', remoteAddress, headers);
  expect(refused.statusCode).toBe(404);
  // Every header but the request's own id and the time.
  const comparable = ({ headers: { 'x-request-id': _id, date: _date, ...rest } }: typeof refused) => rest;
  expect([refused.statusCode, comparable(refused), refused.body]).toEqual([
    unknown.statusCode,
    comparable(unknown),
    unknown.body,
  ]);
  expect(refused.json()).toEqual({ error: expect.any(String), code: 'ROUTE_NOT_FOUND' });
}

/** The value of the one series `name` whose labels include `labels`; undefined when there is none. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) found.push(Number(match[3]));
  }
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} series`);
  return found[0];
}

async function scrape(target = app): Promise<string> {
  const response = await get(target, '/metrics', LOOPBACK);
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('who may read GET /metrics', () => {
  it('without METRICS_TOKEN, a caller on this machine, in the Prometheus text format', async () => {
    for (const address of [LOOPBACK, '::1', '::ffff:127.0.0.1']) {
      const response = await get(app, '/metrics', address);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });

  it('without METRICS_TOKEN, anyone else, or a request a proxy forwarded, gets what an unknown route gets', async () => {
    await expectUnknownRoute(app, OUTSIDE);
    await expectUnknownRoute(app, LOOPBACK, { 'x-forwarded-for': OUTSIDE });
    await expectUnknownRoute(app, LOOPBACK, { forwarded: `for=${OUTSIDE}` });
    await expectUnknownRoute(app, LOOPBACK, { 'x-real-ip': OUTSIDE });
  });

  it('behind a trusted proxy (TRUST_PROXY), a request it forwarded from outside is not a local one', async () => {
    const proxied = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0', TRUST_PROXY: 'true' });
    try {
      await expectUnknownRoute(proxied, LOOPBACK, { 'x-forwarded-for': OUTSIDE });
      await expectUnknownRoute(proxied, LOOPBACK, { 'x-forwarded-for': LOOPBACK });
      await expectUnknownRoute(proxied, OUTSIDE, { 'x-forwarded-for': LOOPBACK });
      expect((await get(proxied, '/metrics', LOOPBACK)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('with METRICS_TOKEN, only `Authorization: Bearer <token>`, from any address', async () => {
    expect((await get(withToken, '/metrics', OUTSIDE, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(
      200,
    );
    expect(
      (await get(withToken, '/metrics', LOOPBACK, { authorization: `bearer ${TOKEN}` })).statusCode,
    ).toBe(200);
    await expectUnknownRoute(withToken, LOOPBACK);
    await expectUnknownRoute(withToken, LOOPBACK, { authorization: `Bearer ${TOKEN}x` });
    await expectUnknownRoute(withToken, OUTSIDE, { authorization: `Basic ${TOKEN}` });
    await expectUnknownRoute(withToken, OUTSIDE, { authorization: 'Bearer' });
    await expectUnknownRoute(withToken, OUTSIDE, { authorization: `Bearer ${TOKEN} ${TOKEN}` });
    await expectUnknownRoute(withToken, OUTSIDE, { authorization: `Bearer ${TOKEN.slice(0, -1)}` });
  });

  it('with METRICS_ENABLED=false, there is no such route', async () => {
    await expectUnknownRoute(switchedOff, LOOPBACK);
  });

  it("has Node's process series, once, and no series of another app built in the same process", async () => {
    const text = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_user_seconds_total',
    ]) {
      expect(
        text
          .split('\n')
          .filter((line) => line === `# TYPE ${name} ${name.endsWith('_total') ? 'counter' : 'gauge'}`),
      ).toHaveLength(1);
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const before = seriesValue(await scrape(), 'http_request_duration_seconds_count', health) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await get(app, '/api/health', LOOPBACK)).statusCode).toBe(200);
    expect(seriesValue(await scrape(), 'http_request_duration_seconds_count', health)).toBe(before + 3);
    const other = await get(withToken, '/metrics', LOOPBACK, { authorization: `Bearer ${TOKEN}` });
    expect(seriesValue(other.body, 'http_request_duration_seconds_count', health)).toBeUndefined();
  });

  it('does not time the scrape itself; a refused one is timed as the unknown route it looks like', async () => {
    const unknown = { method: 'GET', route: 'nao_encontrada', status_class: '4xx' };
    const before = seriesValue(await scrape(), 'http_request_duration_seconds_count', unknown) ?? 0;
    await get(app, '/metrics', OUTSIDE);
    const text = await scrape();
    expect(seriesValue(text, 'http_request_duration_seconds_count', unknown)).toBe(before + 1);
    expect(text).not.toContain('route="/metrics"');
  });
});

describe('the series after real lookups and payments', () => {
  let okModule: number;
  let failingModule: number;
  let failureCode: string;

  beforeAll(async () => {
    okModule = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2,
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    failingModule = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
      api_url: `${stub.baseUrl}/fail/{cpf}`,
    });
    const user = await payingUser({ app, database }, 1_000);
    for (let i = 0; i < 2; i += 1)
      expect((await runLookupViaApi(app, user.headers, okModule)).statusCode).toBe(200);
    const failed = await runLookupViaApi(app, user.headers, failingModule);
    expect(failed.statusCode).toBe(502);
    failureCode = failed.json().code;
    // Refused before anything is reserved: not a lookup (nothing in the history), not counted.
    const broke = await payingUser({ app, database }, 0);
    expect((await runLookupViaApi(app, broke.headers, okModule)).json().code).toBe('INSUFFICIENT_CREDITS');
    expect((await get(app, '/api/nao-existe/123', LOOPBACK)).statusCode).toBe(404);
    for (const method of ['DELETE', 'PROPFIND', 'SEARCH'] as const)
      expect((await app.inject({ method, url: '/api/consultas', remoteAddress: LOOPBACK })).statusCode).toBe(
        404,
      );
  });

  it('counts lookups by module, outcome and error code, and the credits charged', async () => {
    const text = await scrape();
    const ok = String(okModule);
    const failing = String(failingModule);
    expect(failureCode).toBe('UPSTREAM_ERROR');
    expect(seriesValue(text, 'painel_lookups_total', { modulo_id: ok, status: 'sucesso' })).toBe(2);
    expect(
      seriesValue(text, 'painel_lookups_total', {
        modulo_id: failing,
        status: 'falha',
        error_code: failureCode,
      }),
    ).toBe(1);
    expect(
      seriesValue(text, 'painel_lookups_total', { modulo_id: failing, status: 'sucesso' }),
    ).toBeUndefined();
    expect(text).not.toContain('INSUFFICIENT_CREDITS');
    expect(seriesValue(text, 'painel_lookup_charged_credits_total', { modulo_id: ok })).toBe(4);
    expect(seriesValue(text, 'painel_lookup_charged_credits_total', { modulo_id: failing })).toBeUndefined();
  });

  it('times requests by route pattern and status class, an unknown route as one value, never its address', async () => {
    const text = await scrape();
    const lookups = { method: 'POST', route: '/api/consultas' };
    expect(
      seriesValue(text, 'http_request_duration_seconds_count', { ...lookups, status_class: '2xx' }),
    ).toBe(2);
    expect(
      seriesValue(text, 'http_request_duration_seconds_count', { ...lookups, status_class: '5xx' }),
    ).toBe(1);
    expect(
      seriesValue(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'nao_encontrada',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/api/nao-existe');
    expect(text).not.toMatch(/route="[^"]*\d/);
    // A method no route answers is the unknown route; one the panel never uses is 'outro'.
    expect(
      seriesValue(text, 'http_request_duration_seconds_count', { method: 'DELETE', route: 'nao_encontrada' }),
    ).toBe(1);
    expect(
      seriesValue(text, 'http_request_duration_seconds_count', { method: 'outro', route: 'nao_encontrada' }),
    ).toBe(2);
    expect(text).not.toMatch(/PROPFIND|SEARCH/);
  });

  it("times the provider's answers by module, and shows each module's breaker", async () => {
    const text = await scrape();
    const ok = String(okModule);
    expect(seriesValue(text, 'painel_upstream_duration_seconds_count', { modulo_id: ok })).toBe(2);
    expect(seriesValue(text, 'painel_upstream_duration_seconds_bucket', { modulo_id: ok, le: '+Inf' })).toBe(
      2,
    );
    expect(seriesValue(text, 'painel_upstream_breaker_open', { modulo_id: ok })).toBe(0);
    expect(seriesValue(text, 'painel_upstream_breaker_open', { modulo_id: String(failingModule) })).toBe(0);
  });

  it('shows the group-commit batch sizes and no reservation left pending', async () => {
    const text = await scrape();
    // Four attempts to reserve credits (two kept, one given back, one without the credits) and
    // two completions.
    expect(seriesValue(text, 'painel_group_commit_batch_size_sum', { batcher: 'reserva' })).toBe(4);
    expect(seriesValue(text, 'painel_group_commit_batch_size_sum', { batcher: 'conclusao' })).toBe(2);
    expect(seriesValue(text, 'painel_lookup_reservations_pending')).toBe(0);
    expect(seriesValue(text, 'painel_lookup_oldest_reservation_age_seconds')).toBe(0);
    expect(seriesValue(text, 'painel_lookup_orphaned_reservations')).toBe(0);
    expect(seriesValue(text, 'painel_lookup_oldest_orphaned_reservation_age_seconds')).toBe(0);
  });

  it('shows a lookup in flight as a reservation this process holds, until it ends', async () => {
    const slowModule = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
      api_url: `${stub.baseUrl}/slow/1500/{cpf}`,
    });
    const user = await payingUser({ app, database }, 1_000);
    const running = runLookupViaApi(app, user.headers, slowModule);
    const inFlight = await eventually(
      async () => seriesValue(await scrape(), 'painel_lookup_reservations_pending'),
      (pending) => pending === 1,
    );
    expect(inFlight).toBe(1);
    expect((await running).statusCode).toBe(200);
    const text = await scrape();
    expect(seriesValue(text, 'painel_lookup_reservations_pending')).toBe(0);
    expect(seriesValue(text, 'painel_lookup_oldest_reservation_age_seconds')).toBe(0);
  });

  it('shows the pool on PostgreSQL only (PGlite has one connection and no pool)', async () => {
    const text = await scrape();
    if (usingPostgres) {
      expect(seriesValue(text, 'painel_db_pool_size')).toBe(20);
      expect(seriesValue(text, 'painel_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, 'painel_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('painel_db_pool');
    }
  });

  it('counts PIX payments by provider and status, and shows the oldest waiting one', async () => {
    const api = paymentCalls(app);
    const user = await payingUser({ app, database }, 0);
    const paid = (await api.createTopup(user.headers, 50, 'metricas-paga')).json().pixPayment;
    const waiting = (await api.createTopup(user.headers, 60, 'metricas-espera')).json().pixPayment;
    expect(waiting.status).toBe('waiting');
    expect((await api.sandboxPay(user.headers, paid.pix_id_external)).statusCode).toBe(200);
    await eventually(
      async () => (await api.status(user.headers, paid.id)).json().pixPayment.status,
      (status) => status === 'verified',
    );
    const text = await scrape();
    expect(seriesValue(text, 'painel_pix_payments_total', { provider: 'sandbox', status: 'waiting' })).toBe(
      2,
    );
    expect(seriesValue(text, 'painel_pix_payments_total', { provider: 'sandbox', status: 'verified' })).toBe(
      1,
    );
    expect(seriesValue(text, 'painel_pix_waiting_payments')).toBe(1);
    const age = seriesValue(text, 'painel_pix_oldest_waiting_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('a provider that keeps failing opens its breaker, and the series says so', async () => {
    const user = await payingUser({ app, database }, 1_000);
    // Ten calls in the window, all failed (one already): the breaker opens on the tenth.
    for (let i = 0; i < 9; i += 1) await runLookupViaApi(app, user.headers, failingModule);
    const refused = await runLookupViaApi(app, user.headers, failingModule);
    expect(refused.json().code).toBe('UPSTREAM_UNAVAILABLE');
    const text = await scrape();
    const failing = String(failingModule);
    expect(seriesValue(text, 'painel_upstream_breaker_open', { modulo_id: failing })).toBe(1);
    // Refused by the open breaker before anything was reserved: not a lookup, not counted.
    expect(text).not.toContain('UPSTREAM_UNAVAILABLE');
    expect(
      seriesValue(text, 'painel_lookups_total', {
        modulo_id: failing,
        status: 'falha',
        error_code: 'UPSTREAM_ERROR',
      }),
    ).toBe(10);
  });
});
