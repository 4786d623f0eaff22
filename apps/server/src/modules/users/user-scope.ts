import { messages } from '@painel/shared/messages';
import { type Action, can } from '@painel/shared/rules/policy';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hasClient, scopeOf } from '../auth/scope.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import type { ModuleCatalog } from '../catalog/module-catalog.ts';
import { findUser, lockUsers } from './users.repository.ts';

export interface UsersDeps {
  db: Database;
  catalog: ModuleCatalog;
  sessions: SessionGuard;
}

/** The admin or reseller acting, and where the request came from (for the audit trail). */
export interface Caller extends Pick<AuthContext, 'userId' | 'tipo' | 'sessionId'> {
  ip?: string | null;
}

/**
 * docs/product/roles.md#reseller-scope: an admin manages everyone; a reseller only its clients (not
 * itself). Anything else is 404 for a reseller, with no hint that the user exists.
 */
export function canManage(caller: Caller, target: Pick<UserRow, 'revendedorId'>): boolean {
  return can(caller.tipo, 'manageUsers') && hasClient(scopeOf(caller), target);
}

export function requireManaged(caller: Caller, target: UserRow | undefined): UserRow {
  if (!target || !canManage(caller, target)) throw notFound(messages.userNotFound);
  return target;
}

export const emailInUse = () =>
  new AppError('EMAIL_IN_USE', messages.emailInUse, { fields: { email: messages.emailInUse } });

export function refuseSelf(caller: Caller, targetId: number): void {
  if (caller.userId === targetId) throw new AppError('FORBIDDEN', messages.cannotTargetSelf);
}

/** 403 unless the caller's role may do this (packages/shared/src/rules/policy.ts). */
export function requireCan(caller: Caller, action: Action): void {
  if (!can(caller.tipo, action)) throw new AppError('FORBIDDEN', messages.forbidden);
}

/**
 * Runs `work` in a transaction holding the target's row lock (and the reseller's, when credits
 * move between them), after the scope check. The lock makes read-then-write changes exact.
 */
export function withManagedUser<T>(
  db: Database,
  caller: Caller,
  targetId: number,
  work: (tx: Executor, target: UserRow) => Promise<T>,
  options: { lockCaller?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUsers(tx, options.lockCaller ? [targetId, caller.userId] : [targetId]);
    const target = requireManaged(caller, await findUser(tx, targetId));
    return work(tx, target);
  });
}

/** What the audit trail shows of a user: everything but the password hash. */
export function auditView(row: UserRow): Record<string, unknown> {
  return {
    nome: row.nome,
    email: row.email,
    tipo: row.tipo,
    creditos: row.creditosCents / 100,
    data_expiracao: row.dataExpiracao?.toISOString() ?? null,
    ativo: row.ativo,
    banido: row.banido,
    motivo_banimento: row.motivoBanimento,
    whatsapp_contato: row.whatsappContato,
    telegram_contato: row.telegramContato,
    revendedor_id: row.revendedorId,
    modulos: row.modulos,
  };
}

/** Only the fields that changed, before and after. */
export function changedFields(before: UserRow, after: UserRow) {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  const a = auditView(before);
  const b = auditView(after);
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      antes[key] = a[key];
      depois[key] = b[key];
    }
  }
  return { antes, depois };
}
