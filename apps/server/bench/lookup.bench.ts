/**
 * npm run bench:lookup — on PostgreSQL (BENCH_DATABASE_URL, default the local server), in one run:
 *  1. latency of a lookup through the panel vs calling the same local upstream directly (low concurrency);
 *  2. lookups/s with full accounting at high concurrency vs the database's own ceiling: the same number of
 *     concurrent single-statement conditional debits through the same driver;
 *  3. the calls every signed-in page polls every 5 s: calls/s and the panel's CPU per call (from /proc),
 *     beside a health check that does no work;
 *  4. the same through customers' API keys (X-Api-Key): lookups/s beside the session's, run right after
 *     it, and the panel's CPU per GET /api/profile with a key beside the same call with a session;
 *  5. lookups/s and the panel's CPU per lookup with metrics on (GET /metrics scraped every 5 s) and off
 *     (METRICS_ENABLED=false): two fresh servers on the same database, loaded at the same time with half
 *     the concurrency each, so both meet the same machine.
 * Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { consultas } from '../src/db/schema/consultas.ts';
import { users } from '../src/db/schema/users.ts';
import { adjustCredits } from '../src/lib/ledger.repository.ts';
import { hashPassword } from '../src/lib/password.ts';
import { BENCH_SERVER_ENV, type Credential, panelClient } from './panel-client.ts';
import { cpuMsOf, firstLine, freePort, runTs, stop, waitForHealth } from './processes.ts';
import { fmt, runConcurrently, summarize } from './stats.ts';

/** Runs `task` with `concurrency` in flight for `ms`; returns how many finished and the elapsed ms. */
async function runFor(ms: number, concurrency: number, task: (index: number) => Promise<void>) {
  const started = performance.now();
  let next = 0;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - started < ms) {
        await task(next++);
        count += 1;
      }
    }),
  );
  return { count, elapsedMs: performance.now() - started };
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 1000);
const LOAD_TOTAL = Number(process.env.BENCH_LOAD_TOTAL ?? 6000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const POLL_TOTAL = Number(process.env.BENCH_POLL_TOTAL ?? 4000);
const METRICS_ROUNDS = 3;
const METRICS_ROUND_MS = 10_000;
/** Lookups each part-5 server runs before it is measured (its JIT and caches warm: 500 were not enough). */
const METRICS_WARMUP = 2_000;
const SCRAPE_EVERY_MS = 5_000;
const USERS = 64;
const POOL = 20;

const dbName = `painel_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

// The panel and the upstream each run in a process of their own, as they would in production.
const upstreamProcess = runTs('bench/upstream-server.ts', {});
const stub = { baseUrl: await firstLine(upstreamProcess) };
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: POOL });
await database.migrate();
const port = await freePort();
const serverEnv = {
  ...BENCH_SERVER_ENV,
  PORT: String(port),
  DATABASE_URL: url.toString(),
  DATABASE_POOL_SIZE: String(POOL),
};
const serverProcess = runTs('src/server.ts', { ...serverEnv, PORT: String(port) });
/** The two servers of part 5, metrics on and off, started once the other parts are done. */
const metricsProcesses: ChildProcess[] = [];
const base = `http://127.0.0.1:${port}`;
await waitForHealth(base);
const client = panelClient(base, CONCURRENCY);
const { http, login } = client;

try {
  const adminToken = await login('admin@painel.local', 'bench-admin');
  const { moduleId, purposeId } = await client.benchModule(adminToken, 'Bench CPF', stub.baseUrl);

  // Users with access and credits for everything this run asks of them.
  const senhaHash = await hashPassword('bench-user');
  const tokens: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const [row] = await database.db
      .insert(users)
      .values({
        nome: `Bench ${i}`,
        email: `bench${i}@bench.local`,
        senhaHash,
        dataExpiracao: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: users.id });
    await adjustCredits(database.db, {
      userId: row!.id,
      actorId: null,
      amountCents: 10_000_000,
      reason: 'bench',
    });
    userIds.push(row!.id);
    tokens.push(await login(`bench${i}@bench.local`, 'bench-user'));
  }

  // One API key per user, allowed far more than the run asks of it (the default is 10 a second).
  const keys: { key: string }[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const made = await http('POST', `${base}/api/profile/api-keys`, { nome: 'bench' }, tokens[i]);
    if (made.status !== 201) throw new Error(`key ${made.status}`);
    const { id, chave } = made.json();
    const rate = await http(
      'PUT',
      `${base}/api/users/${userIds[i]}/api-keys/${id}`,
      { limite_por_segundo: 1000 },
      adminToken,
    );
    if (rate.status !== 200) throw new Error(`key rate ${rate.status}`);
    keys.push({ key: chave });
  }

  const lookupAs =
    (credentials: Credential[], at = base) =>
    (i: number) =>
      http(
        'POST',
        `${at}/api/consultas`,
        { modulo_id: moduleId, input: { cpf: '123.456.789-09' }, finalidade_id: purposeId },
        credentials[i % credentials.length],
      ).then((r) => {
        if (r.status !== 200) throw new Error(`lookup ${r.status}`);
      });
  const lookup = lookupAs(tokens);
  const lookupWithKey = lookupAs(keys);
  const direct = () => http('GET', `${stub.baseUrl}/ok/12345678909`).then(() => undefined);

  // Warm both paths (connections, JIT, caches).
  await runConcurrently(200, 4, lookup);
  await runConcurrently(200, 4, direct);

  // 1. Latency, one request at a time.
  const directLatency = summarize((await runConcurrently(LATENCY_SAMPLES, 1, direct)).latencies);
  const panelLatency = summarize((await runConcurrently(LATENCY_SAMPLES, 1, lookup)).latencies);

  // 2. Throughput at high concurrency vs the database's ceiling through the same driver.
  const lastBefore = await database.db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(consultas);
  const load = await runConcurrently(LOAD_TOTAL, CONCURRENCY, lookup);
  // 4a. The same load through keys, right after, so both meet the same machine.
  await runConcurrently(200, 4, lookupWithKey);
  const keyLoad = await runConcurrently(LOAD_TOTAL, CONCURRENCY, lookupWithKey);
  // Group commit: how many transactions the load's reservations (ledger rows) and completions (the
  // lookups' last writer) took.
  const since = lastBefore[0]?.id ?? 0;
  const [commits] = rowsOf<{ reservations: number; completions: number; lookups: number }>(
    await database.db.execute(sql`
      select (select count(distinct l.xmin::text) from credit_ledger l
              where l.reason = 'consulta' and l.reference in (select 'consulta:' || id from consultas where id > ${since}))::int
               as reservations,
             count(distinct xmin::text)::int as completions, count(*)::int as lookups
      from consultas where id > ${since}`),
  );
  const ceilingPool = new pg.Pool({ connectionString: url.toString(), max: POOL });
  const debit = (i: number) =>
    ceilingPool
      .query(
        'update users set creditos_cents = creditos_cents - 100 where id = $1 and creditos_cents >= 100 returning creditos_cents',
        [userIds[i % USERS]],
      )
      .then(() => undefined);
  await runConcurrently(500, CONCURRENCY, debit);
  const ceiling = await runConcurrently(LOAD_TOTAL, CONCURRENCY, debit);
  await ceilingPool.end();

  // 3. The calls a signed-in page polls, and the panel's HTTP floor.
  const polled: { path: string; perSecond: number; cpuMs: number | null }[] = [];
  const polledCalls: [string, Credential[]][] = [
    ['/api/health', tokens],
    ['/api/profile', tokens],
    // 4b. The key's check: the same call right after, with a key instead of a session.
    ['/api/profile (X-Api-Key)', keys],
    ['/api/modulos/ativos', tokens],
    ['/api/profile/trial-usage', tokens],
  ];
  for (const [label, credentials] of polledCalls) {
    const path = label.split(' ')[0]!;
    const call = (i: number) =>
      http('GET', `${base}${path}`, undefined, credentials[i % USERS]).then((r) => {
        if (r.status !== 200) throw new Error(`${path} ${r.status}`);
      });
    await runConcurrently(500, CONCURRENCY, call);
    const cpuBefore = cpuMsOf(serverProcess);
    const run = await runConcurrently(POLL_TOTAL, CONCURRENCY, call);
    const cpuAfter = cpuMsOf(serverProcess);
    polled.push({
      path: label,
      perSecond: (POLL_TOTAL / run.elapsedMs) * 1000,
      cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / POLL_TOTAL,
    });
  }

  // 5. Metrics on and off: two fresh servers on the same database, alike but for METRICS_ENABLED (the
  // first one, which served parts 1-4, is stopped so it neither differs from them nor takes a core).
  await stop(serverProcess);
  // Each with users of its own: two processes debiting the same users at once would wait on each
  // other's row locks, which no single panel does (its group commit never puts a user twice in a batch).
  const startSide = async (enabled: boolean, users: string[]) => {
    const sidePort = await freePort();
    const child = runTs('src/server.ts', {
      ...serverEnv,
      PORT: String(sidePort),
      METRICS_ENABLED: String(enabled),
    });
    metricsProcesses.push(child);
    const sideBase = `http://127.0.0.1:${sidePort}`;
    await waitForHealth(sideBase);
    const expected = enabled ? 200 : 404;
    if ((await http('GET', `${sideBase}/metrics`)).status !== expected)
      throw new Error('METRICS_ENABLED ignored');
    return { child, base: sideBase, lookup: lookupAs(users, sideBase) };
  };
  const sides = {
    on: await startSide(true, tokens.slice(0, USERS / 2)),
    off: await startSide(false, tokens.slice(USERS / 2)),
  };
  await runConcurrently(METRICS_WARMUP, CONCURRENCY, sides.on.lookup);
  await runConcurrently(METRICS_WARMUP, CONCURRENCY, sides.off.lookup);
  // Both at once, half the load each, for the same seconds: whatever else the machine is doing
  // meets both alike (run one after the other, the rounds differed by more than what is measured).
  const scrapeMs: number[] = [];
  const scraper = setInterval(() => {
    const started = performance.now();
    void http('GET', `${sides.on.base}/metrics`).then((r) => {
      if (r.status !== 200) throw new Error(`/metrics ${r.status}`);
      scrapeMs.push(performance.now() - started);
    });
  }, SCRAPE_EVERY_MS);
  const metricsRounds: Record<'on' | 'off', { perSecond: number; cpuMs: number | null }>[] = [];
  for (let round = 0; round < METRICS_ROUNDS; round += 1) {
    const measure = async (side: 'on' | 'off') => {
      const cpuBefore = cpuMsOf(sides[side].child);
      const run = await runFor(METRICS_ROUND_MS, CONCURRENCY / 2, sides[side].lookup);
      const cpuAfter = cpuMsOf(sides[side].child);
      return {
        perSecond: (run.count / run.elapsedMs) * 1000,
        cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / run.count,
      };
    };
    const [on, off] = await Promise.all([measure('on'), measure('off')]);
    metricsRounds.push({ on, off });
  }
  clearInterval(scraper);
  if (scrapeMs.length === 0) throw new Error('/metrics was never scraped');
  const totalOf = (side: 'on' | 'off', figure: 'perSecond' | 'cpuMs') =>
    metricsRounds.reduce((sum, round) => sum + (round[side][figure] ?? Number.NaN), 0);

  const lookupsPerSecond = (LOAD_TOTAL / load.elapsedMs) * 1000;
  const keyLookupsPerSecond = (LOAD_TOTAL / keyLoad.elapsedMs) * 1000;
  const debitsPerSecond = (LOAD_TOTAL / ceiling.elapsedMs) * 1000;
  const [{ count } = { count: 0 }] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.tipo, 'usuario'));

  console.log('\nbench:lookup (PostgreSQL, local upstream on 127.0.0.1)');
  console.log(`  users ${count}, pool ${POOL}, concurrency ${CONCURRENCY}`);
  console.log('  1) latency, one at a time (ms)            p50      p95      p99');
  console.log(
    `     upstream called directly         ${fmt(directLatency.p50).padStart(8)} ${fmt(directLatency.p95).padStart(8)} ${fmt(directLatency.p99).padStart(8)}`,
  );
  console.log(
    `     lookup through the panel         ${fmt(panelLatency.p50).padStart(8)} ${fmt(panelLatency.p95).padStart(8)} ${fmt(panelLatency.p99).padStart(8)}`,
  );
  console.log(
    `     added by the panel at p50: ${fmt(panelLatency.p50 - directLatency.p50)} ms (target < 2 ms)`,
  );
  console.log('  2) throughput');
  console.log(`     lookups/s with full accounting:  ${fmt(lookupsPerSecond, 0)}`);
  console.log(`     conditional debits/s (ceiling):  ${fmt(debitsPerSecond, 0)}`);
  console.log(`     ratio: ${fmt(lookupsPerSecond / debitsPerSecond)} (target ≥ 0,50)`);
  if (commits) {
    console.log(
      `     lookups per commit (group commit): reservations ${fmt(commits.lookups / commits.reservations, 1)}, completions ${fmt(commits.lookups / commits.completions, 1)}`,
    );
  }
  console.log(
    `  3) polled every 5 s by a signed-in page, ${CONCURRENCY} in flight   calls/s   panel CPU ms/call`,
  );
  for (const { path, perSecond, cpuMs } of polled) {
    console.log(
      `     GET ${path.padEnd(28)} ${fmt(perSecond, 0).padStart(8)} ${(cpuMs === null ? '—' : fmt(cpuMs, 3)).padStart(12)}`,
    );
  }
  const cpuOf = (label: string) => polled.find((entry) => entry.path === label)?.cpuMs ?? null;
  const sessionCpu = cpuOf('/api/profile');
  const keyCpu = cpuOf('/api/profile (X-Api-Key)');
  console.log('  4) through API keys (X-Api-Key), one per user');
  console.log(`     lookups/s with a key:            ${fmt(keyLookupsPerSecond, 0)}`);
  console.log(
    `     ratio to the session's (same run): ${fmt(keyLookupsPerSecond / lookupsPerSecond)} (target ≥ 0,90)`,
  );
  if (sessionCpu !== null && keyCpu !== null) {
    console.log(
      `     key check, panel CPU per call beyond a session's: ${fmt(keyCpu - sessionCpu, 3)} ms (target ≤ 0,100)`,
    );
  }
  console.log(
    `  5) metrics on (GET /metrics every ${SCRAPE_EVERY_MS / 1000} s) and off, two servers at once, ${CONCURRENCY / 2} in flight each, ${METRICS_ROUNDS} × ${METRICS_ROUND_MS / 1000} s`,
  );
  for (const [index, { on, off }] of metricsRounds.entries()) {
    const cpu = on.cpuMs === null || off.cpuMs === null ? '—' : `${fmt(on.cpuMs, 3)} / ${fmt(off.cpuMs, 3)}`;
    console.log(
      `     round ${index + 1}: lookups/s on ${fmt(on.perSecond, 0)}, off ${fmt(off.perSecond, 0)}; panel CPU ms/lookup on / off ${cpu}`,
    );
  }
  console.log(
    `     on/off: lookups/s ${fmt(totalOf('on', 'perSecond') / totalOf('off', 'perSecond'))} (target ≥ 0,95), CPU per lookup ${fmt(totalOf('on', 'cpuMs') / totalOf('off', 'cpuMs'))}`,
  );
  console.log(
    `     GET /metrics under load: p50 ${fmt(summarize(scrapeMs).p50)} ms, max ${fmt(Math.max(...scrapeMs))} ms, ${scrapeMs.length} scrapes`,
  );
  console.log('');
} finally {
  for (const child of metricsProcesses) await stop(child);
  await stop(serverProcess);
  await stop(upstreamProcess);
  await client.close();
  await database.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
