import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { hasSelfOrClient, type Scope } from '../auth/scope.ts';

/**
 * Whether a user's activity belongs in the scope's live events (itself and its clients). Only
 * another user's event needs a read, to learn who that user's responsible is.
 */
export async function seesUserActivity(db: Executor, scope: Scope, userId: number): Promise<boolean> {
  if (scope === 'all' || userId === scope.resellerId) return true;
  const [row] = await db
    .select({ id: users.id, revendedorId: users.revendedorId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined && hasSelfOrClient(scope, row);
}
