import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import {
  counterScopeOf,
  hasClient,
  hasSelfOrClient,
  reachOf,
  resellerIdOf,
  scopeOf,
  WHOLE_PANEL,
} from './scope.ts';

const reseller = { tipo: 'revendedor', userId: 7 } as const;
const admin = { tipo: 'admin', userId: 1 } as const;
const itself = { id: 7, revendedorId: null };
const client = { id: 20, revendedorId: 7 };
const othersClient = { id: 21, revendedorId: 8 };

describe('reseller scope', () => {
  it('an admin sees the whole panel; a reseller is limited to its own id', () => {
    expect(scopeOf(admin)).toBe('all');
    expect(resellerIdOf(scopeOf(admin))).toBeNull();
    expect(scopeOf(reseller)).toEqual({ resellerId: 7 });
  });

  it('user management reaches a reseller’s clients but not the reseller itself nor others’ clients', () => {
    const scope = scopeOf(reseller);
    expect(hasClient(scope, client)).toBe(true);
    expect(hasClient(scope, itself)).toBe(false);
    expect(hasClient(scope, othersClient)).toBe(false);
    expect(hasClient('all', othersClient)).toBe(true);
  });

  it('logs, lookups and events hold the reseller itself and its clients, nobody else', () => {
    const scope = scopeOf(reseller);
    expect(hasSelfOrClient(scope, itself)).toBe(true);
    expect(hasSelfOrClient(scope, client)).toBe(true);
    expect(hasSelfOrClient(scope, othersClient)).toBe(false);
  });

  it('only the whole panel may read another responsible’s counters', () => {
    expect(counterScopeOf('all')).toEqual(WHOLE_PANEL);
    expect(counterScopeOf('all', 8)).toEqual({ scopeId: 8, ownerId: 8 });
    expect(counterScopeOf(scopeOf(reseller))).toEqual({ scopeId: 7, ownerId: 7 });
    expect(counterScopeOf(scopeOf(reseller), 7)).toEqual({ scopeId: 7, ownerId: 7 });
    expect(() => counterScopeOf(scopeOf(reseller), 8)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});

describe('reach declared by a contract', () => {
  const usuario = { tipo: 'usuario', userId: 7 } as const;

  it("'self' is the caller's own rows, whatever its role", () => {
    for (const caller of [admin, reseller, usuario]) {
      const reach = reachOf('self', caller);
      expect(reach.has({ id: caller.userId, revendedorId: null })).toBe(true);
      expect(reach.has(client)).toBe(false);
      expect(reach.where(users.id)).toBeDefined();
    }
  });

  it("'clients' is every user for an admin and a reseller's clients, not itself", () => {
    expect(reachOf('clients', admin).where(users.id)).toBeUndefined();
    expect(reachOf('clients', admin).has(othersClient)).toBe(true);
    const reach = reachOf('clients', reseller);
    expect([reach.has(client), reach.has(itself), reach.has(othersClient)]).toEqual([true, false, false]);
  });

  it("'selfAndClients' adds a reseller's own rows; a usuario named as responsible still reaches only itself", () => {
    const reach = reachOf('selfAndClients', reseller);
    expect([reach.has(client), reach.has(itself), reach.has(othersClient)]).toEqual([true, true, false]);
    expect(reachOf('selfAndClients', admin).where(users.id)).toBeUndefined();
    const former = reachOf('selfAndClients', usuario);
    expect([former.has(itself), former.has(client)]).toEqual([true, false]);
  });
});
