/**
 * npm run bench:batch — on PostgreSQL (BENCH_DATABASE_URL, default the local server), in one run:
 * a batch of BENCH_BATCH_ROWS (10 000) rows through the job engine against the local upstream, its
 * rows/s beside interactive lookups/s at the same number in flight (LOTE_ROWS_IN_FLIGHT, 4) in the
 * same run (target ≥ 0,8), and the panel process's resident memory over the batch (target: growth
 * < 50 MB). Traffic goes only to 127.0.0.1. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { FormData } from 'undici';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { users } from '../src/db/schema/users.ts';
import { adjustCredits } from '../src/lib/ledger.repository.ts';
import { hashPassword } from '../src/lib/password.ts';
import { BENCH_SERVER_ENV, panelClient } from './panel-client.ts';
import { firstLine, freePort, runTs, stop, waitForHealth } from './processes.ts';
import { fmt, runConcurrently } from './stats.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const IN_FLIGHT = 4;
const INTERACTIVE = Number(process.env.BENCH_INTERACTIVE ?? 2_000);

const dbName = `painel_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const upstreamProcess = runTs('bench/upstream-server.ts', {});
const stub = { baseUrl: await firstLine(upstreamProcess) };
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 10 });
await database.migrate();
const port = await freePort();
const serverProcess = runTs('src/server.ts', {
  ...BENCH_SERVER_ENV,
  PORT: String(port),
  DATABASE_URL: url.toString(),
  LOTES_WORKER: 'true',
  LOTE_ROWS_IN_FLIGHT: String(IN_FLIGHT),
});
const base = `http://127.0.0.1:${port}`;
await waitForHealth(base);
const client = panelClient(base, 16);
const { http, login } = client;

/** The panel's resident memory in MB, from /proc; null where /proc is missing. */
function rssMb(): number | null {
  try {
    const line = readFileSync(`/proc/${serverProcess.pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  } catch {
    return null;
  }
}

/** An 11-digit number for row i (the module's mask takes digits; the stub answers any). */
const cpfOf = (i: number) => String(10_000_000_000 + i);

try {
  const adminToken = await login('admin@painel.local', 'bench-admin');
  const { moduleId, purposeId } = await client.benchModule(adminToken, 'Bench lote', stub.baseUrl);
  const [user] = await database.db
    .insert(users)
    .values({
      nome: 'Bench lote',
      email: 'lote@bench.local',
      senhaHash: await hashPassword('bench-user'),
      dataExpiracao: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: users.id });
  await adjustCredits(database.db, {
    userId: user!.id,
    actorId: null,
    amountCents: 100_000_000,
    reason: 'bench',
  });
  const token = await login('lote@bench.local', 'bench-user');

  // Interactive lookups, IN_FLIGHT at a time: what a batch's rows are measured against.
  const lookup = (i: number) =>
    http(
      'POST',
      `${base}/api/consultas`,
      { modulo_id: moduleId, input: { cpf: cpfOf(i) }, finalidade_id: purposeId },
      token,
    ).then((r) => {
      if (r.status !== 200) throw new Error(`lookup ${r.status}`);
    });
  await runConcurrently(200, IN_FLIGHT, lookup);
  const interactive = await runConcurrently(INTERACTIVE, IN_FLIGHT, lookup);
  const interactivePerSecond = INTERACTIVE / (interactive.elapsedMs / 1000);

  // The batch: a CSV with a header and ROWS values.
  const csv = `cpf\n${Array.from({ length: ROWS }, (_, i) => cpfOf(i)).join('\n')}\n`;
  const form = new FormData();
  form.set('modulo_id', String(moduleId));
  form.set('finalidade_id', String(purposeId));
  form.set('arquivo', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const quoteStarted = performance.now();
  const quote = await http('POST', `${base}/api/lotes`, form, token);
  if (quote.status !== 201) throw new Error(`quote ${quote.status} ${quote.text}`);
  const quoteMs = performance.now() - quoteStarted;
  const loteId = quote.json().id;
  const rssBefore = rssMb();
  let rssPeak = rssBefore ?? 0;
  const started = performance.now();
  const confirmed = await http('POST', `${base}/api/lotes/${loteId}/confirmar`, undefined, token);
  if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status} ${confirmed.text}`);
  let lote = confirmed.json();
  while (lote.status === 'processando') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    rssPeak = Math.max(rssPeak, rssMb() ?? 0);
    lote = (await http('GET', `${base}/api/lotes/${loteId}`, undefined, token)).json();
  }
  const batchSeconds = (performance.now() - started) / 1000;
  const rowsPerSecond = lote.sucesso / batchSeconds;
  const rssAfter = rssMb();

  // GET /api/lotes (the header indicator's read) with the finished batch's counts as stored at its
  // end, then with them removed so its ten thousand rows are counted on every read, as before.
  const listOnce = () =>
    http('GET', `${base}/api/lotes`, undefined, token).then((r) => {
      if (r.status !== 200) throw new Error(`list ${r.status}`);
    });
  const LISTS = 200;
  await runConcurrently(20, 1, listOnce);
  const listStored = await runConcurrently(LISTS, 1, listOnce);
  const [stored] = rowsOf<{ contagem: unknown }>(
    await database.db.execute(sql`select contagem from lotes where id = ${loteId}`),
  );
  await database.db.execute(sql`update lotes set contagem = null where id = ${loteId}`);
  await runConcurrently(20, 1, listOnce);
  const listCounted = await runConcurrently(LISTS, 1, listOnce);
  await database.db.execute(
    sql`update lotes set contagem = ${JSON.stringify(stored?.contagem)}::jsonb where id = ${loteId}`,
  );

  console.log('');
  console.log('bench:batch (PostgreSQL, local upstream on 127.0.0.1)');
  console.log(
    `  ${ROWS} rows, ${IN_FLIGHT} in flight; interactive lookups ${INTERACTIVE} at ${IN_FLIGHT} in flight`,
  );
  console.log(`  quote of the file: ${fmt(quoteMs, 0)} ms`);
  console.log(
    `  batch: ${lote.status}, ${lote.sucesso} successes, ${lote.falha} failures, charged ${lote.cobrado}`,
  );
  console.log(`  batch rows/s:            ${fmt(rowsPerSecond, 0)}`);
  console.log(`  interactive lookups/s:   ${fmt(interactivePerSecond, 0)}`);
  console.log(`  ratio: ${fmt(rowsPerSecond / interactivePerSecond)} (target ≥ 0,80)`);
  console.log(
    `  GET /api/lotes with the finished batch: ${fmt(listStored.elapsedMs / LISTS)} ms with its counts stored, ${fmt(listCounted.elapsedMs / LISTS)} ms counting its rows (${fmt(listCounted.elapsedMs / listStored.elapsedMs)}×)`,
  );
  if (rssBefore !== null && rssAfter !== null) {
    console.log(
      `  panel RSS: ${fmt(rssBefore, 0)} MB before, peak ${fmt(rssPeak, 0)} MB, ${fmt(rssAfter, 0)} MB after; growth ${fmt(rssPeak - rssBefore, 0)} MB (target < 50)`,
    );
  }
  console.log('');
} finally {
  await stop(serverProcess);
  await stop(upstreamProcess);
  await client.close();
  await database.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
