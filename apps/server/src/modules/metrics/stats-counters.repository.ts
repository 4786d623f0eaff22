import { BUSINESS_TIME_ZONE } from '@painel/shared/schemas/metrics';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type CounterScope, WHOLE_PANEL } from '../auth/scope.ts';

/**
 * Reads of the counters that triggers keep exact (migration 0005, docs/decisions/0004): every figure
 * here costs the same at a thousand rows and at a million. A counter scope (auth/scope.ts) is the
 * whole panel or one responsible's clients plus its own activity, read live from the indexes on
 * consultas(usuario_id, …) and logs(user_id, …), since one user's rows are few.
 */
export type StatsScope = CounterScope;
export { WHOLE_PANEL };

/** First instant of a São Paulo calendar day (YYYY-MM-DD). */
export const startOfDay = (date: string): SQL =>
  sql`(${date}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
/** First instant after a São Paulo calendar day. */
export const endOfDay = (date: string): SQL =>
  sql`((${date}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

export type TotalMetric = 'users' | 'resellers' | 'lookups' | `logs:${string}`;

/** Sums of the counters of one scope, by metric (0 when absent). */
export async function readTotals<M extends TotalMetric>(
  db: Executor,
  scopeId: number,
  metrics: readonly M[],
): Promise<Record<M, number>> {
  const result = await db.execute(sql`
    select metric, coalesce(sum(n), 0)::bigint as n from stats_totals
    where scope_id = ${scopeId} and metric in (${sql.join(
      metrics.map((metric) => sql`${metric}`),
      sql`, `,
    )})
    group by metric`);
  const totals = Object.fromEntries(metrics.map((metric) => [metric, 0])) as Record<M, number>;
  for (const row of rowsOf<{ metric: M; n: string | number }>(result)) totals[row.metric] = Number(row.n);
  return totals;
}

/** Every audit entry of a scope, or those of one tipo, whatever their date. */
export async function countLogs(db: Executor, scope: StatsScope, tipo?: string): Promise<number> {
  const prefix = tipo ? `logs:${tipo}` : 'logs:%';
  const [counted, own] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(n), 0)::bigint as n from stats_totals
      where scope_id = ${scope.scopeId} and metric like ${prefix}`),
    scope.ownerId === null
      ? Promise.resolve(0)
      : db
          .execute(sql`
            select count(*)::bigint as n from logs
            where user_id = ${scope.ownerId} ${tipo ? sql`and tipo = ${tipo}` : sql``}`)
          .then((result) => Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0)),
  ]);
  return Number(rowsOf<{ n: string | number }>(counted)[0]?.n ?? 0) + own;
}

/** Every lookup of a scope, and those made today (São Paulo). */
export async function countLookups(
  db: Executor,
  scope: StatsScope,
  today: string,
): Promise<{ total: number; today: number }> {
  const [totals, todays, own] = await Promise.all([
    readTotals(db, scope.scopeId, ['lookups']),
    db.execute(sql`
      select coalesce(sum(n), 0)::bigint as n from stats_daily
      where scope_id = ${scope.scopeId} and metric = 'lookups' and day = ${today}::date`),
    ownLookups(db, scope.ownerId, today),
  ]);
  return {
    total: totals.lookups + own.total,
    today: Number(rowsOf<{ n: string | number }>(todays)[0]?.n ?? 0) + own.today,
  };
}

async function ownLookups(db: Executor, ownerId: number | null, today: string) {
  if (ownerId === null) return { total: 0, today: 0 };
  const result = await db.execute(sql`
    select count(*)::bigint as total,
           count(*) filter (where created_at >= ${startOfDay(today)})::bigint as today
    from consultas where usuario_id = ${ownerId}`);
  const row = rowsOf<{ total: string | number; today: string | number }>(result)[0];
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}

/**
 * Users of a scope with access now (a future data_expiracao, or an active subscription): the SQL
 * twin of hasAccess (packages/shared/src/rules/access.ts), change both. An index-only count of expiries, plus the few users whose subscription outlasts their
 * expiry (stats_access_gaps), instead of a pass over every user and subscription.
 */
export async function countActiveUsers(db: Executor, scope: StatsScope): Promise<number> {
  const clients = scope.scopeId === 0 ? sql`` : sql`and u.revendedor_id = ${scope.scopeId}`;
  const result = await db.execute(sql`
    select (select count(*) from users u where u.data_expiracao > now() ${clients})
         + (select count(*) from stats_access_gaps g join users u on u.id = g.user_id
            where g.ends_at > now() and (u.data_expiracao is null or u.data_expiracao <= now()) ${clients})
           as n`);
  return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
}

export interface DailyFigures {
  date: string;
  signups: number;
  lookups: number;
}

/** Sign-ups and lookups of a scope for every day of a period, zeros included, oldest first. */
export async function readDailySeries(
  db: Executor,
  scope: StatsScope,
  startDate: string,
  endDate: string,
): Promise<DailyFigures[]> {
  const [counted, own] = await Promise.all([
    db.execute(sql`
      select day::text as day, metric, sum(n)::bigint as n from stats_daily
      where scope_id = ${scope.scopeId} and metric in ('users', 'lookups')
        and day between ${startDate}::date and ${endDate}::date
      group by day, metric`),
    scope.ownerId === null
      ? Promise.resolve(null)
      : db.execute(sql`
          select stats_day(created_at)::text as day, 'lookups' as metric, count(*)::bigint as n from consultas
          where usuario_id = ${scope.ownerId}
            and created_at >= ${startOfDay(startDate)} and created_at < ${endOfDay(endDate)}
          group by 1`),
  ]);
  const byDay = new Map<string, DailyFigures>();
  for (let day = startDate; day <= endDate; day = nextDay(day))
    byDay.set(day, { date: day, signups: 0, lookups: 0 });
  const rows = [...rowsOf<CounterRow>(counted), ...(own ? rowsOf<CounterRow>(own) : [])];
  for (const row of rows) {
    const figures = byDay.get(row.day);
    if (!figures) continue;
    if (row.metric === 'users') figures.signups += Number(row.n);
    else figures.lookups += Number(row.n);
  }
  return [...byDay.values()];
}

interface CounterRow {
  day: string;
  metric: string;
  n: string | number;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export interface ResponsibleRow {
  /** null: users without a responsible. */
  revendedorId: number | null;
  nome: string | null;
  email: string | null;
  totalUsers: number;
  recentDays: { date: string; total_users: number }[];
}

/**
 * Every responsible in a scope with their current number of clients and the last days of the
 * period with sign-ups: every reseller, every other user with clients, and the users without one.
 */
export async function readResponsibles(
  db: Executor,
  scope: StatsScope,
  startDate: string,
  endDate: string,
  recentDays: number,
): Promise<ResponsibleRow[]> {
  const listed =
    scope.scopeId === 0
      ? sql`
          select scope_id from stats_totals where metric = 'users' and scope_id <> 0
          group by scope_id having sum(n) > 0
          union
          select id from users where tipo = 'revendedor'`
      : sql`select ${scope.scopeId}::int as scope_id`;
  const result = await db.execute(sql`
    with listed as (${listed})
    select l.scope_id, u.nome, u.email,
           (select coalesce(sum(n), 0) from stats_totals t
            where t.scope_id = l.scope_id and t.metric = 'users')::bigint as total,
           (select coalesce(jsonb_agg(jsonb_build_object('date', r.day::text, 'total_users', r.n) order by r.day desc), '[]')
            from (
              select d.day, sum(d.n)::bigint as n from stats_daily d
              where d.scope_id = l.scope_id and d.metric = 'users'
                and d.day between ${startDate}::date and ${endDate}::date
              group by d.day having sum(d.n) > 0
              order by d.day desc limit ${recentDays}
            ) r) as recent
    from listed l left join users u on u.id = l.scope_id`);
  return rowsOf<{
    scope_id: number;
    nome: string | null;
    email: string | null;
    total: string | number;
    recent: { date: string; total_users: number }[] | string;
  }>(result).map((row) => ({
    revendedorId: row.scope_id === -1 ? null : row.scope_id,
    nome: row.nome,
    email: row.email,
    totalUsers: Number(row.total),
    recentDays: (typeof row.recent === 'string' ? JSON.parse(row.recent) : row.recent).map(
      (day: { date: string; total_users: number | string }) => ({
        date: day.date,
        total_users: Number(day.total_users),
      }),
    ),
  }));
}
