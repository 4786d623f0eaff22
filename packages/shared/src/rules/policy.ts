import type { Role } from '../schemas/user.ts';

/**
 * Every role decision of the panel and the server, in one table (docs/product/roles.md). Which
 * roles reach an endpoint at all is the `roles` of its contract (packages/shared/src/contracts);
 * this table answers what a role may do once inside, on the server (a handler's rules) and in the
 * panel (what it shows and which pages it lets through; a missing entry there hides a button, never
 * opens a door). Code asks `can(role, action)` and never compares roles itself, so a rule changes
 * in one line.
 */
const policies = {
  /** The Administração area of the panel. */
  openAdmin: ['admin', 'revendedor'],
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
  /** Plans, PIX settings and every payment; resellers only read plans. */
  managePlans: ['admin'],
  /** The module catalogue; resellers only read it. */
  manageModules: ['admin'],
  /** The purposes lookups are run for (docs/product/purposes.md); everyone reads the active ones. */
  managePurposes: ['admin'],
  /** A module's upstream address and header names. */
  seeModuleUpstream: ['admin'],
  /** WhatsApp and Telegram contacts shown to one's clients. */
  haveContacts: ['revendedor'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof policies;

export function can(role: Role, action: Action): boolean {
  return (policies[action] as readonly Role[]).includes(role);
}
