import type { Role } from '@painel/shared/schemas/user';

/**
 * What each role may open in the panel (docs/product/roles.md#in-the-panel). The server enforces the same table
 * (docs/product/roles.md#role-table); this only decides what the panel shows and which routes it lets through.
 */
const policies = {
  openAdmin: ['admin', 'revendedor'],
  /** Users screen (docs/product/roles.md#role-table): role and responsible reseller are the admin's; so is delete. */
  setUserRole: ['admin'],
  setResponsible: ['admin'],
  deleteUsers: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Policy = keyof typeof policies;

export function can(role: Role, policy: Policy): boolean {
  return (policies[policy] as readonly Role[]).includes(role);
}
