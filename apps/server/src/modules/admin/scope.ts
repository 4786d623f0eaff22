import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Caller, scopeOf, selfAndClientsWhere } from '../auth/scope.ts';

/**
 * Rows about the caller and its clients (everything for an admin). Kept for the lookup routes until
 * they call auth/scope.ts themselves; new code uses selfAndClientsWhere(scopeOf(caller), column).
 */
export function ownScope(auth: Caller, userColumn: AnyPgColumn): SQL | undefined {
  return selfAndClientsWhere(scopeOf(auth), userColumn);
}
