import { randomUUID } from 'node:crypto';
import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveSubscription } from '../users/public-user.repository.ts';
import {
  evictSessions,
  insertSession,
  lockUserForLogin,
  openSessionIds,
  type SessionRow,
} from './session.repository.ts';

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
  await lockUserForLogin(db, userId);
  const subscription = await findActiveSubscription(db, userId);
  const allowed = subscription?.allowedConcurrentIps ?? 1;

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(db, {
    id: sessionId,
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });

  const open = await openSessionIds(db, userId);
  // The new session is the newest; ties in created_at (same transaction time) keep it first.
  const keep = new Set([sessionId, ...open.filter((id) => id !== sessionId).slice(0, allowed - 1)]);
  const evicted = open.filter((id) => !keep.has(id));
  if (evicted.length > 0) await evictSessions(db, evicted);
  return { sessionId, expiresAt, evicted };
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
  /** Set when the call came with an API key instead of a session (docs/product/api-keys.md#use). */
  apiKey?: ApiKeyUse;
}

/** What a key allows, as the calls made with it need it. */
export interface ApiKeyUse {
  id: number;
  prefixo: string;
  /** null: every module. */
  modulos: number[] | null;
  /** null: no daily cap. */
  limiteDiarioCents: number | null;
  limitePorSegundo: number;
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
