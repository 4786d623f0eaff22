import type { Database, Executor } from '../../db/client.ts';
import type { SessionEndReason } from '../../db/schema/sessions.ts';
import { type NoticeBus, POLLED_ANSWERS_RESET, USER_CHANGED } from '../../lib/notice-bus.ts';
import { endSession, endUserSessions, readSession, type SessionRow } from './session.repository.ts';
import { type AuthContext, authContextFrom } from './session.service.ts';

const SESSIONS_ENDED = 'sessions-ended';
const MAX_ENTRIES = 50_000;

/**
 * Every request checks its session. The row is kept for a few seconds per process, and dropped at
 * once, in every process, when a session ends or its user changes — so an eviction, a ban or a
 * role change is seen on the very next call. Whoever changes a user (role, ban, expiry, limits,
 * subscription, credits, profile, usage) calls userChanged after the change is committed; the same
 * notice drops the user's polled answers (lib/polled-answers.ts).
 */
export interface SessionGuard {
  resolve(userId: number, sessionId: string): Promise<AuthContext>;
  sessionsEnded(sessionIds: string[]): void;
  userChanged(userId: number): void;
  /**
   * Something many users' answers show changed (the settings, a reseller's name or contacts, which
   * its clients see): every process drops the polled answers it keeps (lib/polled-answers.ts).
   */
  sharedDataChanged(): void;
  endSession(db: Executor, sessionId: string, reason: SessionEndReason): Promise<void>;
  endUserSessions(
    db: Executor,
    userId: number,
    reason: SessionEndReason,
    exceptSessionId?: string,
  ): Promise<void>;
  close(): void;
}

interface Entry {
  row: SessionRow;
  userId: number;
  at: number;
}

export function createSessionGuard(db: Database, bus: NoticeBus, ttlMs: number): SessionGuard {
  const cache = new Map<string, Entry>();

  const dropSessions = (ids: unknown) => {
    if (Array.isArray(ids)) for (const id of ids) cache.delete(String(id));
  };
  const dropUser = (userId: unknown) => {
    for (const [id, entry] of cache) if (entry.userId === userId) cache.delete(id);
  };
  const unsubscribe = [bus.subscribe(SESSIONS_ENDED, dropSessions), bus.subscribe(USER_CHANGED, dropUser)];

  const guard: SessionGuard = {
    async resolve(userId, sessionId) {
      const cached = cache.get(sessionId);
      if (cached && cached.userId === userId && Date.now() - cached.at < ttlMs) {
        return authContextFrom(cached.row, userId, sessionId);
      }
      const row = await readSession(db, userId, sessionId);
      const context = authContextFrom(row, userId, sessionId);
      if (row && ttlMs > 0) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(sessionId, { row, userId, at: Date.now() });
      }
      return context;
    },
    sessionsEnded(sessionIds) {
      if (sessionIds.length > 0) bus.publish(SESSIONS_ENDED, sessionIds);
    },
    userChanged(userId) {
      bus.publish(USER_CHANGED, userId);
    },
    sharedDataChanged() {
      bus.publish(POLLED_ANSWERS_RESET, null);
    },
    async endSession(executor, sessionId, reason) {
      await endSession(executor, sessionId, reason);
      guard.sessionsEnded([sessionId]);
    },
    async endUserSessions(executor, userId, reason, exceptSessionId) {
      await endUserSessions(executor, userId, reason, exceptSessionId);
      guard.userChanged(userId);
    },
    close() {
      for (const stop of unsubscribe) stop();
      cache.clear();
    },
  };
  return guard;
}
