import { MODULE_DEFAULTS } from '@painel/shared/schemas/modules';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ModuleRow, modules } from '../../db/schema/modules.ts';

export type NewModuleRow = typeof modules.$inferInsert;
export type ModuleChanges = Partial<NewModuleRow>;

/** Every module, in catalogue order. */
export function listModules(db: Executor): Promise<ModuleRow[]> {
  return db.select().from(modules).orderBy(asc(modules.ordem), asc(modules.id));
}

export async function findModule(db: Executor, id: number): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
  return row;
}

/** The module's row, locked until the transaction ends. */
export async function lockModule(tx: Executor, id: number): Promise<ModuleRow | undefined> {
  const [row] = await tx.select().from(modules).where(eq(modules.id, id)).for('update');
  return row;
}

/** The `ordem` that puts a new module at the end of the catalogue. */
export async function nextModuleOrdem(tx: Executor): Promise<number> {
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${modules.ordem}), 0) + ${MODULE_DEFAULTS.reorderStep}` })
    .from(modules);
  return Number(next);
}

export async function insertModule(tx: Executor, values: NewModuleRow): Promise<ModuleRow | undefined> {
  const [row] = await tx.insert(modules).values(values).returning();
  return row;
}

export async function updateModuleRow(
  tx: Executor,
  id: number,
  changes: ModuleChanges,
): Promise<ModuleRow | undefined> {
  const [row] = await tx.update(modules).set(changes).where(eq(modules.id, id)).returning();
  return row;
}

/** Every module's id and current place in the catalogue. */
export function moduleOrders(tx: Executor): Promise<{ id: number; ordem: number }[]> {
  return tx.select({ id: modules.id, ordem: modules.ordem }).from(modules);
}

export async function setModuleOrdem(tx: Executor, id: number, ordem: number): Promise<void> {
  await tx.update(modules).set({ ordem }).where(eq(modules.id, id));
}

export async function deleteModuleRow(tx: Executor, id: number): Promise<ModuleRow | undefined> {
  const [row] = await tx.delete(modules).where(eq(modules.id, id)).returning();
  return row;
}
