import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { finalidades } from '../../db/schema/finalidades.ts';

/** Whether a purpose, active or not, lets its lookups show the data of a person under 18. */
export async function purposePermitsMinors(db: Executor, purposeId: number): Promise<boolean> {
  const [row] = await db
    .select({ permits: finalidades.permiteMenores })
    .from(finalidades)
    .where(eq(finalidades.id, purposeId))
    .limit(1);
  return row?.permits ?? false;
}
