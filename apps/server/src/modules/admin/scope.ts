import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/session.service.ts';

/**
 * What an admin-area reader may see (docs/product/roles.md#reseller-scope): everything for an admin; for a reseller,
 * rows about themselves and their own clients. Undefined means no restriction.
 */
export function ownScope(
  auth: Pick<AuthContext, 'tipo' | 'userId'>,
  userColumn: AnyPgColumn,
): SQL | undefined {
  if (auth.tipo === 'admin') return undefined;
  return or(
    eq(userColumn, auth.userId),
    inArray(userColumn, sql`(select id from users where revendedor_id = ${auth.userId})`),
  );
}
