import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type ApiKeyRow, chavesApi } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/users.ts';

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

/** A key with what its use depends on: its owner's role, standing and access, read in one query. */
function buildKeyQuery(db: Database) {
  return db
    .select({
      id: chavesApi.id,
      userId: chavesApi.usuarioId,
      prefixo: chavesApi.prefixo,
      hash: chavesApi.hash,
      modulos: chavesApi.modulos,
      ips: chavesApi.ips,
      limiteDiarioCents: chavesApi.limiteDiarioCents,
      limitePorSegundo: chavesApi.limitePorSegundo,
      expiraEm: chavesApi.expiraEm,
      revogadaEm: chavesApi.revogadaEm,
      ultimoUso: chavesApi.ultimoUso,
      tipo: users.tipo,
      ativo: users.ativo,
      banido: users.banido,
      revendedorId: users.revendedorId,
      dataExpiracao: users.dataExpiracao,
      userModulos: users.modulos,
      subscriptionEndsAt: sql<
        string | null
      >`(select max(s.ends_at) from subscriptions s where s.user_id = ${users.id})`,
    })
    .from(chavesApi)
    .innerJoin(users, eq(users.id, chavesApi.usuarioId))
    .where(eq(chavesApi.prefixo, sql.placeholder('prefixo')))
    .limit(1)
    .prepare('resolve_api_key');
}

export type KeyAuthRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof buildKeyQuery>['execute']>>[number]
>;

const keyQueries = new WeakMap<Database, ReturnType<typeof buildKeyQuery>>();

export async function readKeyForAuth(db: Database, prefixo: string): Promise<KeyAuthRow | null> {
  let query = keyQueries.get(db);
  if (!query) {
    query = buildKeyQuery(db);
    keyQueries.set(db, query);
  }
  const [row] = await query.execute({ prefixo });
  return row ?? null;
}

/** Notes the key's use; the guard calls it at most once a minute per key and process. */
export async function touchApiKey(db: Executor, keyId: number): Promise<void> {
  await db.update(chavesApi).set({ ultimoUso: sql`now()` }).where(eq(chavesApi.id, keyId));
}
