/**
 * npx tsx apps/server/bench/users.bench.ts — the user list at scale, on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server). Two throw-away databases, each seeded with one
 * set-based INSERT … SELECT generate_series: ten thousand and a million users (100 resellers own
 * them all, a few admins and resellers on top). For each, p50/p95 of GET /api/users through the
 * app (auth, count, page, presentation): a name search, page 1 and the last page, as admin and as
 * a reseller. Prints figures; asserts nothing. A few minutes, mostly the million-row seed.
 */

import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from '@painel/demo-provider/names';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { hashPassword } from '../src/lib/password.ts';
import { BENCH_ADMIN, measureGet, openBenchApp, signIn } from './in-process.ts';
import { fmt } from './stats.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const SIZES = [10_000, 1_000_000];
const RESELLERS = 100;

const firstNames = [...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES];
const surnames = [...SURNAMES];
const sqlArray = (items: string[]) =>
  `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`;
/** A full name the series holds at both sizes (a last name among the first two). */
const rareName = `${firstNames[1]} ${surnames[8]} ${surnames[1]}`.toLowerCase();

/** One statement: the first 100 of the series are resellers, everyone else a client of one of them. */
function seedStatement(count: number, senhaHash: string, idBefore: number): string {
  const first = `(${sqlArray(firstNames)})[1 + i % ${firstNames.length}]`;
  const middle = `(${sqlArray(surnames)})[1 + (i / ${firstNames.length}) % ${surnames.length}]`;
  const last = `(${sqlArray(surnames)})[1 + (i / ${firstNames.length * surnames.length}) % ${surnames.length}]`;
  return `
    insert into users (nome, email, senha_hash, tipo, revendedor_id, creditos_cents, data_expiracao, data_criacao)
    select ${first} || ' ' || ${middle} || ' ' || ${last},
           lower(${first}) || '.' || lower(${last}) || i || '@' || (array['gmail.test','hotmail.test','uol.test','bol.test'])[1 + i % 4],
           '${senhaHash}',
           case when i <= ${RESELLERS} then 'revendedor' else 'usuario' end,
           case when i <= ${RESELLERS} then null else ${idBefore} + 1 + i % ${RESELLERS} end,
           (i % 500) * 100,
           now() + ((i % 60) - 20) * interval '1 day',
           now() - (i % 1000) * interval '1 hour'
    from generate_series(1, ${count}) as i`;
}

async function measure(app: FastifyInstance, token: string, url: string) {
  const { body, ...latency } = await measureGet<{ total: number; totalPages: number; users: unknown[] }>(
    app,
    token,
    url,
    SAMPLES,
  );
  return { ...latency, total: body.total, totalPages: body.totalPages, rows: body.users.length };
}

const senhaHash = await hashPassword('bench-user');
const report: string[] = [];

for (const size of SIZES) {
  const bench = await openBenchApp(adminUrl, 'painel_bench_users');
  const { app } = bench;
  try {
    const db = new pg.Client({ connectionString: bench.url });
    await db.connect();
    const seedStarted = performance.now();
    // Ids are handed out in series order, so reseller i is idBefore + i.
    const before = await db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from users');
    await db.query(seedStatement(size, senhaHash, before.rows[0]!.id));
    await db.query('vacuum analyze users');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { rows } = await db.query<{ id: number; email: string }>(
      "select id, email from users where tipo = 'revendedor' order by id limit 1",
    );
    await db.query('update users set senha_hash = $1 where id = $2', [senhaHash, rows[0]!.id]);
    const plan = await db.query<{ plan: string }>(
      `explain select count(*) from users where lower(nome) like '%${rareName}%' or email like '%${rareName}%'`,
    );
    await db.end();

    const adminToken = await signIn(app, BENCH_ADMIN.email, BENCH_ADMIN.senha);
    const resellerToken = await signIn(app, rows[0]!.email, 'bench-user');
    const search = await measure(app, adminToken, `/api/users?q=${encodeURIComponent(rareName)}`);
    const common = await measure(app, adminToken, '/api/users?q=souza');
    const byEmail = await measure(app, adminToken, '/api/users?q=hotmail.test');
    const firstPage = await measure(app, adminToken, '/api/users?page=1&limit=20');
    const lastPage = await measure(app, adminToken, `/api/users?page=${firstPage.totalPages}&limit=20`);
    const middlePage = await measure(
      app,
      adminToken,
      `/api/users?page=${Math.ceil(firstPage.totalPages / 2)}&limit=20`,
    );
    const resellerSearch = await measure(app, resellerToken, '/api/users?q=silva');
    const resellerFirst = await measure(app, resellerToken, '/api/users?page=1&limit=20');
    const resellerLast = await measure(
      app,
      resellerToken,
      `/api/users?page=${resellerFirst.totalPages}&limit=20`,
    );
    const usesTrigram = plan.rows.some((row) => Object.values(row).join(' ').includes('trgm_idx'));

    const line = (label: string, m: Awaited<ReturnType<typeof measure>>) =>
      `     ${label.padEnd(42)} ${fmt(m.p50).padStart(8)} ${fmt(m.p95).padStart(8)}   (${m.total.toLocaleString('pt-BR')} hits, ${m.rows} rows)`;
    report.push(
      `  ${size.toLocaleString('pt-BR')} users (seeded in ${fmt(seedSeconds, 1)} s; trigram index used for the name search: ${usesTrigram ? 'yes' : 'NO'})`,
      '     GET /api/users …                                p50 ms   p95 ms',
      line(`admin: name search "${rareName}"`, search),
      line('admin: common surname "souza"', common),
      line('admin: email substring "hotmail.test"', byEmail),
      line('admin: page 1', firstPage),
      line(`admin: middle page (${Math.ceil(firstPage.totalPages / 2)})`, middlePage),
      line(`admin: last page (${firstPage.totalPages})`, lastPage),
      line('reseller: search "silva" in own clients', resellerSearch),
      line('reseller: page 1', resellerFirst),
      line(`reseller: last page (${resellerFirst.totalPages})`, resellerLast),
    );
  } finally {
    await bench.close();
  }
}

console.log(`\nbench:users (PostgreSQL, in-process app, ${SAMPLES} samples per query after warm-up)`);
for (const line of report) console.log(line);
console.log('');
