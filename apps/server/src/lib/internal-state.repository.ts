import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { internalState } from '../db/schema/settings.ts';

export type InternalStateRow = typeof internalState.$inferSelect;

/**
 * The internal_state row named `name`, holding `candidate` when none was kept yet, otherwise the
 * value kept first, so processes starting at once agree. Undefined only if the row could not be read.
 */
export async function keepFirstValue(
  db: Executor,
  name: string,
  candidate: string,
): Promise<InternalStateRow | undefined> {
  await db.insert(internalState).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(internalState).where(eq(internalState.name, name)).limit(1);
  return row;
}
