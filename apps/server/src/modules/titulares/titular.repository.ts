import type { LegalBasis } from '@painel/shared/rules/legal-bases';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { finalidades } from '../../db/schema/finalidades.ts';
import { consultaDocumentos, consultaDocumentosEstado } from '../../db/schema/titulares.ts';
import { users } from '../../db/schema/users.ts';
import type { Reach } from '../auth/scope.ts';

export interface TitularLookupRow {
  id: number;
  /** When it was run, ISO 8601 in UTC. */
  data: string;
  status: string;
  userNome: string;
  userEmail: string;
  moduloNome: string;
  finalidadeNome: string | null;
  finalidadeBaseLegal: LegalBasis | null;
  /** When its result is erased, ISO 8601 in UTC; null when it has no expiry. */
  expira: string | null;
}

/**
 * The lookups that carried a document and the caller reaches, always found from the index: the
 * hash gives their ids in consulta_documentos' key, and each lookup is then read by its own key
 * (a lateral subquery the planner may not turn around, fenced by its OFFSET 0) and kept if the
 * caller reaches it. Left to itself, the planner would rather, when asked for the ten newest, walk
 * every lookup back from the newest until ten carry the document, or, for a reseller, read every
 * lookup of its clients: for a document looked up often, or long ago, that reads most of the table
 * (a second at a million lookups in bench:admin, against milliseconds this way).
 */
const found = (hash: Buffer, reach: Reach) => sql`(
  select lookup.id, lookup.created_at
  from ${consultaDocumentos}
  cross join lateral (
    select ${consultas.id} as id, ${consultas.createdAt} as created_at from ${consultas}
    where ${and(eq(consultas.id, consultaDocumentos.consultaId), reach.where(consultas.usuarioId))}
    offset 0
  ) as lookup
  where ${eq(consultaDocumentos.hash, hash)}
)`;

/** An instant as Date.prototype.toISOString writes it. */
const isoUtc = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One page of them, newest first; only the page's lookups are joined to their user and purpose. */
export function titularLookupPageSql(hash: Buffer, reach: Reach, limit: number, offset: number): SQL {
  return sql`
    with page as (
      select id, created_at from ${found(hash, reach)} as found
      order by created_at desc, id desc limit ${limit} offset ${offset}
    )
    select ${consultas.id} as id, ${isoUtc(consultas.createdAt)} as data, ${consultas.status} as status,
           ${users.nome} as user_nome, ${users.email} as user_email, ${consultas.moduloNome} as modulo_nome,
           ${finalidades.nome} as finalidade_nome, ${finalidades.baseLegal} as finalidade_base_legal,
           ${isoUtc(consultas.resultadoExpiraEm)} as expira
    from page
    join ${consultas} on ${consultas.id} = page.id
    join ${users} on ${users.id} = ${consultas.usuarioId}
    left join ${finalidades} on ${finalidades.id} = ${consultas.finalidadeId}
    order by page.created_at desc, page.id desc`;
}

export async function findTitularLookupPage(
  db: Executor,
  hash: Buffer,
  reach: Reach,
  limit: number,
  offset: number,
): Promise<TitularLookupRow[]> {
  const result = await db.execute(titularLookupPageSql(hash, reach, limit, offset));
  return rowsOf<Record<string, string | number | null>>(result).map((row) => ({
    id: Number(row.id),
    data: String(row.data),
    status: String(row.status),
    userNome: String(row.user_nome),
    userEmail: String(row.user_email),
    moduloNome: String(row.modulo_nome),
    finalidadeNome: row.finalidade_nome === null ? null : String(row.finalidade_nome),
    finalidadeBaseLegal: row.finalidade_base_legal as LegalBasis | null,
    expira: row.expira === null ? null : String(row.expira),
  }));
}

export const titularLookupCountSql = (hash: Buffer, reach: Reach): SQL =>
  sql`select count(*)::int as total from ${found(hash, reach)} as found`;

export async function countTitularLookups(db: Executor, hash: Buffer, reach: Reach): Promise<number> {
  const result = await db.execute(titularLookupCountSql(hash, reach));
  return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
}

// The index of the lookups written before it (index-old-lookups.ts).

export type IndexState = typeof consultaDocumentosEstado.$inferSelect;

export async function readIndexState(db: Executor): Promise<IndexState | undefined> {
  const [row] = await db.select().from(consultaDocumentosEstado).limit(1);
  return row;
}

export async function nameIndexKey(db: Executor, keyId: Buffer): Promise<void> {
  await db.update(consultaDocumentosEstado).set({ chave: keyId });
}

/**
 * Forgets every row made with another key and makes every lookup written so far old again, to be
 * indexed anew with this key; lookups written from now on are indexed with it as they are written.
 */
export async function restartIndex(db: Executor, keyId: Buffer): Promise<IndexState> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`truncate consulta_documentos`);
    const [state] = await tx
      .update(consultaDocumentosEstado)
      .set({
        chave: keyId,
        indexadoAte: 0,
        indexarAte: sql`(select greatest(coalesce(max(id), 0), (select last_value from consultas_id_seq)) from consultas)`,
      })
      .returning();
    if (!state) throw new Error('consulta_documentos_estado has no row');
    return state;
  });
}

export interface LookupToIndex {
  id: number;
  input: Record<string, unknown>;
  tiposEntrada: Record<string, string> | null;
}

/** The next lookups after `after`, up to `through`, in id order. */
export function lookupsToIndex(
  db: Executor,
  after: number,
  through: number,
  limit: number,
): Promise<LookupToIndex[]> {
  return db
    .select({ id: consultas.id, input: consultas.input, tiposEntrada: consultas.tiposEntrada })
    .from(consultas)
    .where(and(gt(consultas.id, after), lte(consultas.id, through)))
    .orderBy(consultas.id)
    .limit(limit);
}

/**
 * Writes one batch's rows and how far the index now reaches, in one transaction, so a start that
 * stops halfway goes on from there. A row already there (the batch was written before the crash
 * that lost its progress) is kept.
 */
export async function saveIndexBatch(
  db: Executor,
  rows: { hash: Buffer; consultaId: number }[],
  through: number,
): Promise<void> {
  const pairs = JSON.stringify(rows.map((row) => [row.hash.toString('hex'), row.consultaId]));
  await db.transaction(async (tx) => {
    if (rows.length > 0)
      await tx.execute(sql`
        insert into consulta_documentos (hash, consulta_id)
        select decode(pair->>0, 'hex'), (pair->>1)::bigint from jsonb_array_elements(${pairs}::jsonb) as pair
        on conflict do nothing`);
    await tx.update(consultaDocumentosEstado).set({ indexadoAte: through });
  });
}
