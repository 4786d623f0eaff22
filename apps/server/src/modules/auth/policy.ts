import type { Role } from '@painel/shared/schemas/user';

/**
 * Every role decision the server makes inside a handler, in one table (docs/product/roles.md), the
 * server's twin of the panel's apps/web/src/lib/authorization.ts. Which roles reach a route at all
 * is the `roles` of its contract (packages/shared/src/contracts); this table answers what a role
 * may do once inside. Code asks `can(role, action)` and never compares roles itself, so a rule
 * changes in one line.
 */
const policies = {
  /** Every user, log, lookup and figure of the panel, and the metrics of any responsible. */
  seeWholePanel: ['admin'],
  /** Reach users in the user-management screens (an admin all of them, a reseller its clients). */
  manageUsers: ['admin', 'revendedor'],
  /** Create users of any role; anyone else creates only `usuario`s. */
  createAnyRole: ['admin'],
  /** Change a role or a responsible, and delete users. */
  setUserRole: ['admin'],
  setResponsible: ['admin'],
  deleteUsers: ['admin'],
  /** Serve its own clients: users it creates are linked to it; credits it gives are its own, transferred. */
  serveOwnClients: ['revendedor'],
  /** Roles that can be some user's responsible. */
  beResponsible: ['admin', 'revendedor'],
  /** A module's upstream address and header names. */
  seeModuleUpstream: ['admin'],
  /** WhatsApp and Telegram contacts shown to one's clients. */
  haveContacts: ['revendedor'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof policies;

export function can(role: Role, action: Action): boolean {
  return (policies[action] as readonly Role[]).includes(role);
}
