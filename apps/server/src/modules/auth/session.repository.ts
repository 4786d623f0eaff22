import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type SessionEndReason, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

/** Locks the user's row: serialises logins of one account, so two at once cannot both keep their place. */
export async function lockUserForLogin(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function insertSession(
  db: Executor,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** Ids of the user's open sessions, newest first. */
export async function openSessionIds(db: Executor, userId: number): Promise<string[]> {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return open.map((s) => s.id);
}

/** Ends these sessions as evicted (a newer login took their place). */
export async function evictSessions(db: Executor, ids: string[]): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: 'evicted' })
    .where(inArray(sessions.id, ids));
}

export async function endSession(db: Executor, sessionId: string, reason: SessionEndReason): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (ban, delete), or every other one (password change). */
export async function endUserSessions(
  db: Executor,
  userId: number,
  reason: SessionEndReason,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.endedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(...conditions));
}

function buildSessionQuery(db: Database) {
  return db
    .select({
      endedAt: sessions.endedAt,
      endReason: sessions.endReason,
      expiresAt: sessions.expiresAt,
      tipo: users.tipo,
      ativo: users.ativo,
      banido: users.banido,
      revendedorId: users.revendedorId,
      dataExpiracao: users.dataExpiracao,
      modulos: users.modulos,
      subscriptionEndsAt: sql<
        string | null
      >`(select max(s.ends_at) from subscriptions s where s.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('resolve_session');
}

export type SessionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof buildSessionQuery>['execute']>>[number]
>;

// Every request reads this: prepared once per database, so PostgreSQL parses and plans it once.
const sessionQueries = new WeakMap<Database, ReturnType<typeof buildSessionQuery>>();

export async function readSession(
  db: Database,
  userId: number,
  sessionId: string,
): Promise<SessionRow | null> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId, userId });
  return row ?? null;
}
