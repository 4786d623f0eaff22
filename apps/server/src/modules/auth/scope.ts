import { can } from '@painel/shared/rules/policy';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { forbidden } from '../../lib/app-error.ts';
import type { AuthContext } from './session.service.ts';

/**
 * What one caller may see (docs/product/roles.md#reseller-scope), settled once from who calls:
 * 'all' for an admin, otherwise the caller as a responsible. A responsible's **clients** are the
 * users whose revendedor_id is it. Two sets come out of a scope, and each caller names the one it
 * means:
 * - clients: user management (list, read, edit, export, bulk time) reaches only the clients;
 * - self and clients: logs, lookups, live events and figures also hold the reseller's own rows.
 * Route guards keep anyone but an admin or a reseller out before a scope is used.
 */
export type Scope = 'all' | { resellerId: number };

export type Caller = Pick<AuthContext, 'tipo' | 'userId'>;

export function scopeOf(caller: Caller): Scope {
  return can(caller.tipo, 'seeWholePanel') ? 'all' : { resellerId: caller.userId };
}

/** The responsible whose clients the scope is limited to; null for the whole panel. */
export function resellerIdOf(scope: Scope): number | null {
  return scope === 'all' ? null : scope.resellerId;
}

/** JS: is this user one of the scope's clients (user management)? */
export function hasClient(scope: Scope, user: { revendedorId: number | null }): boolean {
  return scope === 'all' || user.revendedorId === scope.resellerId;
}

/** JS: is this user the reseller itself or one of its clients (logs, lookups, events)? */
export function hasSelfOrClient(scope: Scope, user: { id: number; revendedorId: number | null }): boolean {
  return scope === 'all' || user.id === scope.resellerId || user.revendedorId === scope.resellerId;
}

/**
 * SQL: rows whose user column holds the reseller or one of its clients; undefined = no restriction.
 * 'subquery' (`in (select …)`) suits a walk along another index that skips other users' rows;
 * 'array' (`= any(array(…))`) lets the planner go through an index on the user column instead.
 */
export function selfAndClientsWhere(
  scope: Scope,
  userColumn: AnyPgColumn,
  plan: 'subquery' | 'array' = 'subquery',
): SQL | undefined {
  if (scope === 'all') return undefined;
  const { resellerId } = scope;
  if (plan === 'array') {
    return sql`${userColumn} = any(array(select id from users where revendedor_id = ${resellerId} union all select ${resellerId}::int))`;
  }
  return or(
    eq(userColumn, resellerId),
    inArray(userColumn, sql`(select id from users where revendedor_id = ${resellerId})`),
  );
}

/**
 * Counter scopes (docs/decisions/0004): the whole panel is scope 0; a responsible's scope holds its
 * clients' counters plus its own activity, read live.
 */
export interface CounterScope {
  /** 0 for the whole panel, otherwise the responsible user's id. */
  scopeId: number;
  /** The responsible whose own lookups and log entries are added live; null for the whole panel. */
  ownerId: number | null;
}

export const WHOLE_PANEL: CounterScope = { scopeId: 0, ownerId: null };

/**
 * The counters a scope reads. Whole panel: everything, or one responsible picked with revendedorId.
 * A reseller: itself; asking for another responsible's figures is refused (the reseller filter is
 * the admin's, docs/product/admin.md#metrics).
 */
export function counterScopeOf(scope: Scope, revendedorId?: number): CounterScope {
  if (scope === 'all')
    return revendedorId === undefined ? WHOLE_PANEL : { scopeId: revendedorId, ownerId: revendedorId };
  if (revendedorId !== undefined && revendedorId !== scope.resellerId) throw forbidden();
  return { scopeId: scope.resellerId, ownerId: scope.resellerId };
}

/**
 * The rows one endpoint's caller reaches, from the `reach` its contract declares
 * (packages/shared/src/contracts/endpoint.ts): the route registrar builds it once per request, and
 * handlers and repositories ask it instead of comparing roles.
 */
export interface Reach {
  kind: ReachKind;
  /** The caller's scope: 'all' for an admin, otherwise the caller as a responsible. */
  scope: Scope;
  /** SQL: rows whose user column is within reach; undefined = no restriction. */
  where(userColumn: AnyPgColumn, plan?: 'subquery' | 'array'): SQL | undefined;
  /** JS: is this user within reach? */
  has(user: { id: number; revendedorId: number | null }): boolean;
}

export type ReachKind = 'self' | 'clients' | 'selfAndClients';

export function reachOf(kind: ReachKind, caller: Caller): Reach {
  const scope = scopeOf(caller);
  // A usuario has no clients, even when users still name it as responsible (a reseller turned
  // usuario keeps no view of its former clients): its 'selfAndClients' is itself.
  const hasNoClients = !can(caller.tipo, 'serveOwnClients') && !can(caller.tipo, 'seeWholePanel');
  if (kind === 'self' || (kind === 'selfAndClients' && hasNoClients)) {
    return {
      kind,
      scope,
      where: (userColumn) => eq(userColumn, caller.userId),
      has: (user) => user.id === caller.userId,
    };
  }
  if (kind === 'clients') {
    return {
      kind,
      scope,
      where: (userColumn) =>
        scope === 'all'
          ? undefined
          : inArray(userColumn, sql`(select id from users where revendedor_id = ${scope.resellerId})`),
      has: (user) => hasClient(scope, user),
    };
  }
  return {
    kind,
    scope,
    where: (userColumn, plan) => selfAndClientsWhere(scope, userColumn, plan),
    has: (user) => hasSelfOrClient(scope, user),
  };
}
