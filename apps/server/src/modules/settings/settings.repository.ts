import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChanges = Partial<Omit<SettingsRow, 'id' | 'updatedAt'>>;

export async function readSettings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).limit(1);
  return row!;
}

/** Inside a transaction: the row locked until commit, so two edits at once log what each changed. */
export async function lockSettings(tx: Executor): Promise<SettingsRow> {
  const [row] = await tx.select().from(settings).for('update');
  return row!;
}

/** Fields left undefined keep their value. */
export async function updateSettings(db: Executor, changes: SettingsChanges): Promise<SettingsRow> {
  const [row] = await db
    .update(settings)
    .set({ ...changes, updatedAt: new Date() })
    .returning();
  return row!;
}
