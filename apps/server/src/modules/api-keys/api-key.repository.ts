import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ApiKeyRow, chavesApi } from '../../db/schema/api-keys.ts';

export type NewApiKeyRow = typeof chavesApi.$inferInsert;

const notRevoked = isNull(chavesApi.revogadaEm);

/** How many keys the user holds that were not revoked (expired ones count until revoked). */
export async function liveKeyCount(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(chavesApi)
    .where(and(eq(chavesApi.usuarioId, userId), notRevoked));
  return Number(row?.n ?? 0);
}

export async function insertApiKey(tx: Executor, values: NewApiKeyRow): Promise<ApiKeyRow> {
  const [row] = await tx.insert(chavesApi).values(values).returning();
  return row!;
}

/** The user's keys not revoked, oldest first (the order they were made in). */
export async function liveKeysOf(db: Executor, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(chavesApi)
    .where(and(eq(chavesApi.usuarioId, userId), notRevoked))
    .orderBy(asc(chavesApi.criadaEm), asc(chavesApi.id));
}

/** Revokes one of the user's keys; undefined when it is not theirs or already revoked. */
export async function revokeApiKey(
  tx: Executor,
  userId: number,
  keyId: number,
): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .update(chavesApi)
    .set({ revogadaEm: new Date() })
    .where(and(eq(chavesApi.id, keyId), eq(chavesApi.usuarioId, userId), notRevoked))
    .returning();
  return row;
}

/** Sets one of the user's live keys' requests per second; undefined when there is no such key. */
export async function setApiKeyRate(
  tx: Executor,
  userId: number,
  keyId: number,
  perSecond: number,
): Promise<{ before: number; row: ApiKeyRow } | undefined> {
  const [current] = await tx
    .select({ rate: chavesApi.limitePorSegundo })
    .from(chavesApi)
    .where(and(eq(chavesApi.id, keyId), eq(chavesApi.usuarioId, userId), notRevoked))
    .for('update');
  if (!current) return undefined;
  const [row] = await tx
    .update(chavesApi)
    .set({ limitePorSegundo: perSecond })
    .where(eq(chavesApi.id, keyId))
    .returning();
  return { before: current.rate, row: row! };
}
