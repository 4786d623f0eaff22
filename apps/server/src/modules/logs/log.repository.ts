import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type LogType, logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';
import { counterScopeOf, type Scope, selfAndClientsWhere, WHOLE_PANEL } from '../auth/scope.ts';
import { countLogs, endOfDay, startOfDay } from '../metrics/stats-counters.repository.ts';

export interface LogEntry {
  tipo: LogType;
  acao: string;
  userId: number | null;
  targetUserId?: number | null;
  detalhes?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one entry to the audit trail; pass the transaction so it lands with what it describes. */
export async function writeLog(db: Executor, entry: LogEntry): Promise<void> {
  await db.insert(logs).values({
    tipo: entry.tipo,
    acao: entry.acao,
    userId: entry.userId,
    targetUserId: entry.targetUserId ?? null,
    detalhes: entry.detalhes ?? {},
    ip: entry.ip ?? null,
  });
}

export interface Actor {
  userId: number;
  tipo: 'usuario' | 'revendedor' | 'admin';
}

/** An admin or reseller mutation, with what changed (docs/product/admin.md#logs). */
export function writeActionLog(
  db: Executor,
  actor: Actor,
  acao: string,
  change: { targetUserId?: number | null; antes?: unknown; depois?: unknown; [key: string]: unknown },
  ip?: string | null,
): Promise<void> {
  const { targetUserId = null, ...detalhes } = change;
  return writeLog(db, {
    tipo: actor.tipo === 'admin' ? 'admin_action' : 'revendedor_action',
    acao,
    userId: actor.userId,
    targetUserId,
    detalhes,
    ip: ip ?? null,
  });
}

export interface LogFilter {
  tipo?: LogType | undefined;
  /** São Paulo calendar days (YYYY-MM-DD), both included; either may be left out. */
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/**
 * How to pick a reader's entries. 'walk': newest first along the date index, skipping other users'
 * entries (quick when the reader owns a fair share of the trail); 'by-user': every entry of the
 * reader's users through the (user_id, created_at) index, then the newest (quick when they own few).
 */
type ScopeStrategy = 'walk' | 'by-user';

function whereOf(scope: Scope, filter: LogFilter, strategy: ScopeStrategy = 'walk'): SQL | undefined {
  return and(
    selfAndClientsWhere(scope, logs.userId, strategy === 'walk' ? 'subquery' : 'array'),
    filter.tipo ? eq(logs.tipo, filter.tipo) : undefined,
    filter.startDate ? gte(logs.createdAt, sql`${startOfDay(filter.startDate)}`) : undefined,
    filter.endDate ? lt(logs.createdAt, sql`${endOfDay(filter.endDate)}`) : undefined,
  );
}

const entryColumns = { log: logs, nome: users.nome, email: users.email };

function pageOf(db: Executor, where: SQL | undefined, page: { page: number; limit: number }) {
  return db
    .select(entryColumns)
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(where)
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

/**
 * One page of the audit trail, newest first (admin: all; reseller: theirs and their clients'). Without
 * a period the total comes from the counters, and a reseller's page takes the cheaper of the two ways
 * to find their entries; with a period, entries are counted by index.
 */
export async function listLogs(
  db: Executor,
  scope: Scope,
  filter: LogFilter,
  page: { page: number; limit: number },
) {
  if (filter.startDate || filter.endDate) {
    const where = whereOf(scope, filter, 'by-user');
    const [rows, total] = await Promise.all([pageOf(db, where, page), db.$count(logs, where)]);
    return { rows, total };
  }
  if (scope === 'all') {
    const [rows, total] = await Promise.all([
      pageOf(db, whereOf(scope, filter), page),
      countLogs(db, WHOLE_PANEL, filter.tipo),
    ]);
    return { rows, total };
  }
  const [total, everyone] = await Promise.all([
    countLogs(db, counterScopeOf(scope), filter.tipo),
    countLogs(db, WHOLE_PANEL, filter.tipo),
  ]);
  // Walking reads about (entries up to this page) × everyone / total rows; by-user reads total rows.
  const walked = (page.page * page.limit * everyone) / Math.max(total, 1);
  const rows = await pageOf(db, whereOf(scope, filter, total <= walked ? 'by-user' : 'walk'), page);
  return { rows, total };
}

export type LogEntryRow = Awaited<ReturnType<typeof pageOf>>[number];

const EXPORT_BATCH = 1000;

/** Every entry the filter selects, newest first, a batch at a time (keyset, so deep pages stay cheap). */
export async function* eachLogBatch(
  db: Executor,
  scope: Scope,
  filter: LogFilter,
): AsyncGenerator<LogEntryRow[]> {
  // One pass along the date index, whatever the reader's share of the trail.
  const where = whereOf(scope, filter);
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const rows: (LogEntryRow & { cursor: string })[] = await db
      .select({ ...entryColumns, cursor: sql<string>`${logs.createdAt}::text` })
      .from(logs)
      .leftJoin(users, eq(users.id, logs.userId))
      .where(
        and(
          where,
          after
            ? sql`(${logs.createdAt}, ${logs.id}) < (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(logs.createdAt), desc(logs.id))
      .limit(EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor, id: last.log.id };
  }
}
