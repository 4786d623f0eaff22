/**
 * npm run bench:admin — the admin screens at scale, on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server). Two throw-away databases, each seeded set-based (INSERT … SELECT generate_series, the
 * counter triggers on, as in production): a small one (300 users, 10k lookups, 10k log entries) and a
 * large one (100k users, 1M lookups, 1M log entries), spread over the last year. Each lookup carries
 * the CPF of one of lookups/10 people (one in a thousand a CPF many were after), indexed for the
 * titulares search by the start's own data migration, timed, as if the lookups predated the index.
 * For each, p50/p95 through the app (auth, queries, serialization) of what the admin dashboard,
 * metrics, logs and titulares screens call, and the large/small ratio. Then, on the large database,
 * what the counter triggers add to one
 * lookup insert and one log insert (alone, and with 16 writers at once). Prints figures; asserts
 * nothing. A few minutes, mostly the million-row seeds. Traffic only to 127.0.0.1.
 */
import { cpfCheckDigits } from '@painel/shared/rules/documents';
import { addDays, businessToday } from '@painel/shared/schemas/metrics';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { hashPassword } from '../src/lib/password.ts';
import { indexOldLookups } from '../src/modules/titulares/index-old-lookups.ts';
import { BENCH_ADMIN, measureGet, openBenchApp, signIn } from './in-process.ts';
import { fmt, runConcurrently, summarize } from './stats.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const INSERT_SAMPLES = Number(process.env.BENCH_INSERT_SAMPLES ?? 1000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 1000);

interface Size {
  label: string;
  users: number;
  resellers: number;
  lookups: number;
  logs: number;
}
const SIZES: Size[] = [
  { label: 'small', users: 300, resellers: 10, lookups: 10_000, logs: 10_000 },
  { label: 'large', users: 100_000, resellers: 100, lookups: 1_000_000, logs: 1_000_000 },
];
const YEAR_SECONDS = 365 * 86_400;
/** Big rows are inserted in slices, so no single statement holds a million-row transition table. */
const SLICE = 250_000;
/** How many lookups each person's CPF is in, on average. */
const LOOKUPS_PER_PERSON = 10;
/** One lookup in this many is of the same much-sought CPF. */
const SOUGHT_EVERY = 1_000;
const SOUGHT_CPF = '52998224725';

/** The CPF of person n (0, 1, 2…): a valid one, different for each n. */
function personCpf(n: number): string {
  const base = String(100_000_001 + n);
  return base + cpfCheckDigits(base);
}

/**
 * The first `resellers` of the series are resellers; 90% of the rest are their clients. A quarter have
 * access until a future date; one in twenty bought a plan, which (as in the panel) set their expiry to
 * its end, except one in ten of those whose expiry an admin cut short later. Sign-ups spread over the
 * last year.
 */
function usersStatement(size: Size, senhaHash: string, idBefore: number): string {
  return `
    insert into users (nome, email, senha_hash, tipo, revendedor_id, data_expiracao, data_criacao)
    select 'Usuário ' || i, 'bench' || i || '@bench.test', '${senhaHash}',
           case when i <= ${size.resellers} then 'revendedor' else 'usuario' end,
           case when i <= ${size.resellers} or (i / 100) % 10 = 0 then null else ${idBefore} + 1 + i % ${size.resellers} end,
           case when i % 4 = 0 then now() + (1 + i % 90) * interval '1 day'
                when i % 4 = 1 then now() - (i % 200) * interval '1 day' end,
           now() - ((i::bigint * 7919) % ${YEAR_SECONDS}) * interval '1 second'
    from generate_series(1, ${size.users}) as i`;
}

/**
 * Fills the titulares index for lookups seeded straight into the table, with the start's own data
 * migration (modules/titulares/index-old-lookups.ts), as if they predated it; how long it took.
 */
async function indexSeeded(db: pg.Client, app: FastifyInstance) {
  await db.query(`update consulta_documentos_estado
                  set indexar_ate = (select max(id) from consultas), indexado_ate = 0`);
  const started = performance.now();
  const report = await indexOldLookups(app.services.db, app.services.documents);
  const seconds = (performance.now() - started) / 1000;
  const rows = await db.query<{ n: number }>('select count(*)::int as n from consulta_documentos');
  return { seconds, lookups: report.indexed, rows: rows.rows[0]!.n };
}

async function seed(db: pg.Client, size: Size, senhaHash: string, app: FastifyInstance) {
  const before = await db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from users');
  const idBefore = before.rows[0]!.id;
  await db.query(usersStatement(size, senhaHash, idBefore));
  const first = idBefore + 1;
  // One transaction, as the panel activates a plan: the subscription and the expiry it sets.
  await db.query('begin');
  await db.query(`
    insert into subscriptions (user_id, plan_id, starts_at, ends_at, source)
    select ${idBefore} + i, (select min(id) from plans), now() - interval '10 days', now() + (i % 60) * interval '1 day', 'manual'
    from generate_series(1, ${size.users}) as i where i % 20 = 3`);
  await db.query(`
    update users u set data_expiracao = case when (u.id / 20) % 10 = 0 then now() - interval '1 day' else s.ends_at end
    from subscriptions s where s.user_id = u.id`);
  await db.query('commit');
  const people = size.lookups / LOOKUPS_PER_PERSON;
  await db.query('create table bench_cpfs (n int primary key, cpf text not null)');
  await db.query(
    `insert into bench_cpfs select ordinality - 1, value from jsonb_array_elements_text($1::jsonb) with ordinality`,
    [JSON.stringify(Array.from({ length: people }, (_, n) => personCpf(n)))],
  );
  for (let from = 1; from <= size.lookups; from += SLICE) {
    const to = Math.min(size.lookups, from + SLICE - 1);
    await db.query(`
      insert into consultas (usuario_id, modulo_nome, modulo_descricao, status, input, tipos_entrada, cobranca,
                             created_at, finished_at)
      select ${first} + (i::bigint * 7919) % ${size.users}, 'CPF', 'Consulta por CPF',
             case when i % 10 = 0 then 'falha' else 'sucesso' end,
             jsonb_build_object('cpf', case when i % ${SOUGHT_EVERY} = 0 then '${SOUGHT_CPF}' else p.cpf end),
             '{"cpf":"cpf"}'::jsonb, 'quantidade',
             now() - ((i::bigint * 104729) % ${YEAR_SECONDS}) * interval '1 second',
             now() - ((i::bigint * 104729) % ${YEAR_SECONDS}) * interval '1 second' + interval '1 second'
      from generate_series(${from}, ${to}) as i join bench_cpfs p on p.n = i % ${people}`);
  }
  await db.query('drop table bench_cpfs');
  const indexed = await indexSeeded(db, app);
  for (let from = 1; from <= size.logs; from += SLICE) {
    const to = Math.min(size.logs, from + SLICE - 1);
    await db.query(`
      insert into logs (tipo, acao, user_id, target_user_id, detalhes, created_at)
      select (array['consulta','login','consulta','admin_action','revendedor_action'])[1 + i % 5],
             'bench_' || i % 7, ${first} + (i::bigint * 31) % ${size.users}, null, '{"bench":true}'::jsonb,
             now() - ((i::bigint * 15485863) % ${YEAR_SECONDS}) * interval '1 second'
      from generate_series(${from}, ${to}) as i`);
  }
  await db.query('vacuum analyze');
  return { firstReseller: first, indexed };
}

async function measure(app: FastifyInstance, token: string, url: string) {
  const { body: _body, ...latency } = await measureGet(app, token, url, SAMPLES);
  return latency;
}

/** p50/p95 of single-row inserts (each its own transaction), and the rate with 16 writers at once. */
async function insertCost(url: string, statement: string, firstUser: number, users: number) {
  const one = new pg.Client({ connectionString: url });
  await one.connect();
  const samples: number[] = [];
  for (let i = 0; i < INSERT_SAMPLES; i += 1) {
    const t0 = performance.now();
    await one.query(statement, [firstUser + ((i * 7919) % users)]);
    samples.push(performance.now() - t0);
  }
  await one.end();
  const writers = new pg.Pool({ connectionString: url, max: 16 });
  const total = INSERT_SAMPLES * 4;
  const run = await runConcurrently(total, 16, async (index) => {
    await writers.query(statement, [firstUser + ((index * 7919) % users)]);
  });
  await writers.end();
  return { ...summarize(samples), perSecond: (total / run.elapsedMs) * 1000 };
}

const INSERT_LOOKUP = `
  insert into consultas (usuario_id, modulo_nome, status, input, cobranca)
  values ($1, 'CPF', 'pendente', '{"cpf":"52998224725"}'::jsonb, 'quantidade')`;
const INSERT_LOG = `insert into logs (tipo, acao, user_id, detalhes) values ('consulta', 'consulta_sucesso', $1, '{}'::jsonb)`;

const senhaHash = await hashPassword('bench-user');
const today = businessToday();
const endpoints = [
  ['GET /admin/stats', '/api/admin/stats'],
  ['GET /users/metrics (90 days)', `/api/users/metrics?startDate=${addDays(today, -89)}&endDate=${today}`],
  ['GET /consultas/admin/all?limit=10', '/api/consultas/admin/all?limit=10'],
  ['GET /logs (page 1)', '/api/logs?page=1&limit=10'],
  // Person 7: ten lookups. The much-sought CPF: one lookup in a thousand.
  ['GET /admin/titulares/consultas (a CPF)', `/api/admin/titulares/consultas?documento=${personCpf(7)}`],
  [
    'GET /admin/titulares/consultas (sought CPF)',
    `/api/admin/titulares/consultas?documento=${SOUGHT_CPF.replace(/^(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-')}`,
  ],
] as const;
const results: Record<string, Record<string, ReturnType<typeof summarize>>> = {};
const seedSeconds: Record<string, number> = {};
const indexed: Record<string, Awaited<ReturnType<typeof indexSeeded>>> = {};
let triggerCost: string[] = [];

for (const size of SIZES) {
  const bench = await openBenchApp(adminUrl, 'painel_bench_admin');
  const { app, url } = bench;
  try {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const started = performance.now();
    const seeded = await seed(db, size, senhaHash, app);
    const { firstReseller } = seeded;
    seedSeconds[size.label] = (performance.now() - started) / 1000;
    indexed[size.label] = seeded.indexed;
    const reseller = await db.query<{ email: string }>('select email from users where id = $1', [
      firstReseller,
    ]);

    const adminToken = await signIn(app, BENCH_ADMIN.email, BENCH_ADMIN.senha);
    const resellerToken = await signIn(app, reseller.rows[0]!.email, 'bench-user');
    const figures: Record<string, ReturnType<typeof summarize>> = {};
    for (const [label, target] of endpoints)
      figures[`admin: ${label}`] = await measure(app, adminToken, target);
    for (const [label, target] of endpoints)
      figures[`reseller: ${label}`] = await measure(app, resellerToken, target);
    results[size.label] = figures;

    if (size.label === 'large') {
      const lines: string[] = [];
      for (const [label, statement, trigger, table] of [
        ['lookup insert', INSERT_LOOKUP, 'stats_consultas_insert', 'consultas'],
        ['log insert', INSERT_LOG, 'stats_logs_insert', 'logs'],
      ] as const) {
        const withTrigger = await insertCost(url, statement, firstReseller, size.users);
        await db.query(`alter table ${table} disable trigger ${trigger}`);
        const without = await insertCost(url, statement, firstReseller, size.users);
        await db.query(`alter table ${table} enable trigger ${trigger}`);
        lines.push(
          `     ${label.padEnd(14)} alone p50 ${fmt(without.p50, 3)} → ${fmt(withTrigger.p50, 3)} ms (+${fmt(
            withTrigger.p50 - without.p50,
            3,
          )}), p95 ${fmt(without.p95, 3)} → ${fmt(withTrigger.p95, 3)} ms; 16 writers ${Math.round(
            without.perSecond,
          )} → ${Math.round(withTrigger.perSecond)} inserts/s`,
        );
      }
      // Whole lookups through the app (reserve, demo upstream, complete with its log entry), 16 at once
      // by 64 users (the demo module allows 100 a day each).
      const module = await db.query<{ id: number }>(
        "select id from modulos where api_url = '/demo-api/cpf/{cpf}' order by id limit 1",
      );
      const buyers = await db.query<{ email: string }>(
        `select email from users where tipo = 'usuario' and data_expiracao > now() + interval '1 day'
         order by id limit 64`,
      );
      const tokens = await Promise.all(buyers.rows.map((row) => signIn(app, row.email, 'bench-user')));
      // Every lookup names a purpose, as the panel requires by default.
      const purpose = await db.query<{ id: number }>(
        'select id from finalidades where ativo order by id limit 1',
      );
      const lookupRun = async (total = LOOKUPS) => {
        const run = await runConcurrently(total, 16, async (index) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/consultas',
            headers: { authorization: `Bearer ${tokens[index % tokens.length]}` },
            payload: {
              modulo_id: module.rows[0]!.id,
              input: { cpf: '52998224725' },
              finalidade_id: purpose.rows[0]!.id,
            },
          });
          if (response.statusCode !== 200) throw new Error(`lookup: ${response.statusCode} ${response.body}`);
        });
        return { ...summarize(run.latencies), perSecond: (total / run.elapsedMs) * 1000 };
      };
      const triggers = async (state: 'enable' | 'disable') => {
        await db.query(`alter table consultas ${state} trigger stats_consultas_insert`);
        await db.query(`alter table logs ${state} trigger stats_logs_insert`);
      };
      await lookupRun(200);
      // Alternating rounds, so load from elsewhere on the machine weighs on both sides alike.
      const rounds: Record<'with' | 'without', { p50: number; perSecond: number }[]> = {
        with: [],
        without: [],
      };
      for (let round = 0; round < 2; round += 1) {
        await triggers('disable');
        rounds.without.push(await lookupRun(LOOKUPS / 2));
        await triggers('enable');
        rounds.with.push(await lookupRun(LOOKUPS / 2));
      }
      const mean = (runs: { p50: number; perSecond: number }[]) => ({
        p50: runs.reduce((sum, run) => sum + run.p50, 0) / runs.length,
        perSecond: runs.reduce((sum, run) => sum + run.perSecond, 0) / runs.length,
      });
      const withTriggers = mean(rounds.with);
      const withoutTriggers = mean(rounds.without);
      lines.push(
        `     whole lookup (POST /api/consultas through the app, 16 at once) p50 ${fmt(withoutTriggers.p50)} → ${fmt(
          withTriggers.p50,
        )} ms, ${Math.round(withoutTriggers.perSecond)} → ${Math.round(withTriggers.perSecond)} lookups/s`,
      );
      triggerCost = lines;
    }
    await db.end();
  } finally {
    await bench.close();
  }
}

console.log(`\nbench:admin (PostgreSQL, in-process app, ${SAMPLES} samples per call after warm-up)`);
for (const size of SIZES)
  console.log(
    `  ${size.label}: ${size.users.toLocaleString('pt-BR')} users, ${size.lookups.toLocaleString('pt-BR')} lookups, ${size.logs.toLocaleString('pt-BR')} log entries (seeded in ${fmt(seedSeconds[size.label]!, 1)} s; titulares index of the ${indexed[size.label]!.lookups.toLocaleString('pt-BR')} lookups: ${indexed[size.label]!.rows.toLocaleString('pt-BR')} rows in ${fmt(indexed[size.label]!.seconds, 1)} s)`,
  );
console.log(
  `     ${''.padEnd(54)} ${'small p50/p95 ms'.padStart(18)} ${'large p50/p95 ms'.padStart(18)}   large/small`,
);
for (const label of Object.keys(results.small ?? {})) {
  const small = results.small![label]!;
  const large = results.large![label]!;
  console.log(
    `     ${label.padEnd(54)} ${`${fmt(small.p50)} / ${fmt(small.p95)}`.padStart(18)} ${`${fmt(large.p50)} / ${fmt(large.p95)}`.padStart(18)}   ${fmt(large.p50 / small.p50, 1)}× / ${fmt(large.p95 / small.p95, 1)}×`,
  );
}
console.log(
  `  Counter triggers, on the large database (${INSERT_SAMPLES} single-row inserts; without → with):`,
);
for (const line of triggerCost) console.log(line);
console.log('');
