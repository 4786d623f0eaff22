import { randomUUID } from 'node:crypto';
import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type SessionEndReason, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveSubscription } from '../users/user.presenter.ts';

export interface OpenedSession {
  sessionId: string;
  expiresAt: Date;
  evicted: string[];
}

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Opens a session and ends the oldest ones beyond what the user may hold at once: the active
 * plan's allowed_concurrent_ips, or 1 without a plan (docs/product/sessions.md#sessions).
 */
export async function openSession(
  db: Executor,
  userId: number,
  ttlHours: number,
  meta: SessionMeta,
): Promise<OpenedSession> {
  // Serialises logins of one account, so two at once cannot both keep their place.
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const subscription = await findActiveSubscription(db, userId);
  const allowed = subscription?.allowedConcurrentIps ?? 1;

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });

  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  // The new session is the newest; ties in created_at (same transaction time) keep it first.
  const keep = new Set([
    sessionId,
    ...open
      .map((s) => s.id)
      .filter((id) => id !== sessionId)
      .slice(0, allowed - 1),
  ]);
  const evicted = open.map((s) => s.id).filter((id) => !keep.has(id));
  if (evicted.length > 0) {
    await db
      .update(sessions)
      .set({ endedAt: new Date(), endReason: 'evicted' })
      .where(inArray(sessions.id, evicted));
  }
  return { sessionId, expiresAt, evicted };
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

export interface AuthContext {
  userId: number;
  sessionId: string;
  tipo: Role;
  revendedorId: number | null;
  /** What access depends on (docs/product/lookups.md#access), read with the session so a lookup needs no extra query. */
  access: {
    dataExpiracao: Date | null;
    /** End of the subscription that ends last, if any; compared with the clock on every use. */
    subscriptionEndsAt: Date | null;
    modulos: Record<string, { limite: number | null }>;
  };
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

/** The signed-in caller, or the reason the session no longer holds; judged against the clock now. */
export function authContextFrom(row: SessionRow | null, userId: number, sessionId: string): AuthContext {
  if (!row) throw new AppError('SESSION_ENDED', messages.sessionEnded);
  if (row.endReason === 'evicted') throw new AppError('SESSION_EVICTED', messages.sessionEvicted);
  if (row.endedAt || row.expiresAt.getTime() <= Date.now() || row.banido || !row.ativo) {
    throw new AppError('SESSION_ENDED', messages.sessionEnded);
  }
  return {
    userId,
    sessionId,
    tipo: row.tipo,
    revendedorId: row.revendedorId,
    access: {
      dataExpiracao: row.dataExpiracao,
      subscriptionEndsAt: row.subscriptionEndsAt ? new Date(row.subscriptionEndsAt) : null,
      modulos: row.modulos,
    },
  };
}
