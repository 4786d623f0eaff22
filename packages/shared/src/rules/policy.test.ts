import { describe, expect, it } from 'vitest';
import type { Role } from '../schemas/user.ts';
import { type Action, can } from './policy.ts';

const ROLES: Role[] = ['admin', 'revendedor', 'usuario'];
const who = (action: Action) => ROLES.filter((role) => can(role, action));

/** docs/product/roles.md: each decision, and who holds it. */
describe('role policy', () => {
  it('keeps role, responsible, delete and any-role creation with the admin', () => {
    for (const action of ['setUserRole', 'setResponsible', 'deleteUsers', 'createAnyRole'] as const) {
      expect(who(action)).toEqual(['admin']);
    }
  });

  it('gives the whole panel, plans, the module catalogue, purposes and upstream addresses to the admin only', () => {
    for (const action of [
      'seeWholePanel',
      'managePlans',
      'manageModules',
      'managePurposes',
      'seeModuleUpstream',
    ] as const) {
      expect(who(action)).toEqual(['admin']);
    }
  });

  it('opens the admin area and user management to admins and resellers, never to a usuario', () => {
    for (const action of ['openAdmin', 'manageUsers', 'beResponsible'] as const) {
      expect(who(action)).toEqual(['admin', 'revendedor']);
    }
  });

  it('lets only a reseller serve its own clients and show them its contacts', () => {
    expect(who('serveOwnClients')).toEqual(['revendedor']);
    expect(who('haveContacts')).toEqual(['revendedor']);
  });
});
