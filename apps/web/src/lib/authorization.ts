import type { Role } from '@painel/shared/schemas/user';

/**
 * Every role decision the panel makes, in one table (docs/product/roles.md). It only decides
 * what the panel shows and which routes it lets through: the server checks each route's roles on
 * its own (`requireRole` on the route in apps/server/src/modules), so a missing entry here hides a
 * button, never opens a door. A component asks `can(role, policy)`; it never compares roles itself.
 */
const policies = {
  openAdmin: ['admin', 'revendedor'],
  /** Users screen: role and responsible reseller are the admin's; so is delete. */
  setUserRole: ['admin'],
  setResponsible: ['admin'],
  deleteUsers: ['admin'],
  /** Plans, PIX settings and every payment; resellers only read plans. */
  managePlans: ['admin'],
  /** The module catalogue; resellers only read it. */
  manageModules: ['admin'],
  /** Whole-panel numbers and lists (every user, every log, metrics by reseller). */
  seeWholePanel: ['admin'],
  /** A reseller's own clients, paid from its own balance; its contacts are shown to them. */
  serveOwnClients: ['revendedor'],
} as const satisfies Record<string, readonly Role[]>;

export type Policy = keyof typeof policies;

export function can(role: Role, policy: Policy): boolean {
  return (policies[policy] as readonly Role[]).includes(role);
}
