import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import { type ApiKeyRow, chavesApi, chavesApiGasto } from '../../db/schema/api-keys.ts';
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

/** What decides whether a key may be used at all, as the database has it now. */
export interface KeyStanding {
  prefixo: string;
  revogada: boolean;
  expirada: boolean;
  banido: boolean;
  ativo: boolean;
}

/**
 * The standing of several keys in one prepared statement: the guard's fresh read before a lookup,
 * shared by the lookups that ask at the same moment (group read, lib/batcher.ts).
 */
export async function readKeyStandings(db: Executor, prefixes: string[]): Promise<KeyStanding[]> {
  return executePrepared<KeyStanding>(
    db,
    'api_key_standings',
    sql`
    select k.prefixo, k.revogada_em is not null as revogada,
           coalesce(k.expira_em <= now(), false) as expirada, u.banido, u.ativo
    from ${chavesApi} k join ${users} u on u.id = k.usuario_id
    where k.prefixo in (select jsonb_array_elements_text(${JSON.stringify(prefixes)}::jsonb))`,
  );
}

/** Notes the key's use; the guard calls it at most once a minute per key and process. */
export async function touchApiKey(db: Executor, keyId: number): Promise<void> {
  await db.update(chavesApi).set({ ultimoUso: sql`now()` }).where(eq(chavesApi.id, keyId));
}

/**
 * Adds a lookup's price to what a capped key spent on a São Paulo day, unless that would pass the
 * cap: one conditional statement, so racing lookups through one key cannot pass it together.
 * True when the price now counts; false (nothing written) when it does not fit.
 */
export async function holdDailySpend(
  db: Executor,
  keyId: number,
  day: string,
  cents: number,
  capCents: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${chavesApiGasto} (chave_id, dia, cents)
    select ${keyId}::int, ${day}::date, ${cents}::bigint where ${cents}::bigint <= ${capCents}::bigint
    on conflict (chave_id, dia) do update set cents = ${chavesApiGasto.cents} + excluded.cents
      where ${chavesApiGasto.cents} + excluded.cents <= ${capCents}::bigint
    returning cents`);
  return rowsOf(result).length > 0;
}

/** Gives back a held price when the lookup was not charged after all. */
export async function releaseDailySpend(
  db: Executor,
  keyId: number,
  day: string,
  cents: number,
): Promise<void> {
  await db.execute(sql`
    update ${chavesApiGasto} set cents = greatest(0, ${chavesApiGasto.cents} - ${cents}::bigint)
    where chave_id = ${keyId}::int and dia = ${day}::date`);
}
