import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { finalidades, type PurposeRow } from '../../db/schema/finalidades.ts';
import { settings } from '../../db/schema/settings.ts';

export type NewPurposeRow = typeof finalidades.$inferInsert;

/** Names in the order a pt-BR reader expects, accents and case aside, the same on every database. */
const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });
const inNameOrder = (rows: PurposeRow[]) =>
  rows.sort((a, b) => byName.compare(a.nome, b.nome) || a.id - b.id);

/** Every purpose, active or not, by name. */
export async function allPurposeRows(db: Executor): Promise<PurposeRow[]> {
  return inNameOrder(await db.select().from(finalidades));
}

/** What a lookup's purpose is checked against: the active purposes by name, and whether one is required. */
export async function purposeRules(db: Executor): Promise<{ required: boolean; active: PurposeRow[] }> {
  const [active, [setting]] = await Promise.all([
    db.select().from(finalidades).where(eq(finalidades.ativo, true)),
    db.select({ required: settings.exigirFinalidade }).from(settings).limit(1),
  ]);
  return { required: setting?.required ?? true, active: inNameOrder(active) };
}

export async function insertPurpose(tx: Executor, values: NewPurposeRow): Promise<PurposeRow | undefined> {
  const [row] = await tx.insert(finalidades).values(values).returning();
  return row;
}

/** The purpose's row, locked until the transaction ends. */
export async function lockPurpose(tx: Executor, id: number): Promise<PurposeRow | undefined> {
  const [row] = await tx.select().from(finalidades).where(eq(finalidades.id, id)).for('update');
  return row;
}

export async function updatePurposeRow(
  tx: Executor,
  id: number,
  changes: Partial<NewPurposeRow>,
): Promise<PurposeRow | undefined> {
  const [row] = await tx
    .update(finalidades)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(finalidades.id, id))
    .returning();
  return row;
}

/**
 * Whether any lookup names the purpose. Asked under lockPurpose's row lock, the answer holds until
 * the transaction ends: a lookup naming the purpose takes a key-share lock on its row, which waits.
 */
export async function purposeUsed(tx: Executor, id: number): Promise<boolean> {
  const [row] = await tx
    .select({
      used: sql<boolean>`exists (select 1 from ${consultas} where ${consultas.finalidadeId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return row?.used === true;
}

/**
 * Deletes a purpose no lookup names; false, with nothing deleted, when one does. The database's
 * foreign key decides, so a lookup that takes the purpose meanwhile is never left pointing at nothing.
 */
export async function deletePurposeRow(tx: Executor, id: number): Promise<boolean> {
  try {
    // A savepoint: the refused delete must not end the caller's transaction.
    await tx.transaction((savepoint) => savepoint.delete(finalidades).where(eq(finalidades.id, id)));
    return true;
  } catch (error) {
    if (hasDatabaseCode(error, FOREIGN_KEY_VIOLATION)) return false;
    throw error;
  }
}

export const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** Whether a database error (drizzle wraps the driver's) carries this SQLSTATE. */
export function hasDatabaseCode(error: unknown, code: string): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
