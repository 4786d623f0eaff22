import type { LegalBasis } from '@painel/shared/rules/legal-bases';
import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { finalidades } from '../../db/schema/finalidades.ts';
import { consultaDocumentos, consultaDocumentosEstado } from '../../db/schema/titulares.ts';
import { users } from '../../db/schema/users.ts';
import type { Reach } from '../auth/scope.ts';

export interface TitularLookupRow {
  id: number;
  createdAt: Date;
  status: string;
  userNome: string;
  userEmail: string;
  moduloNome: string;
  finalidadeNome: string | null;
  finalidadeBaseLegal: LegalBasis | null;
  expira: Date | null;
}

/**
 * The lookups that carried a document and the caller reaches, through the index: the hash finds
 * their ids in consulta_documentos' key, each lookup is read by its own key, and only then is the
 * caller's reach applied, so no other row of consultas is read.
 */
const carrying = (hash: Buffer, reach: Reach) =>
  and(eq(consultaDocumentos.hash, hash), reach.where(consultas.usuarioId));

/** One page of them, newest first. */
export function findTitularLookupPage(
  db: Executor,
  hash: Buffer,
  reach: Reach,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: consultas.id,
      createdAt: consultas.createdAt,
      status: consultas.status,
      userNome: users.nome,
      userEmail: users.email,
      moduloNome: consultas.moduloNome,
      finalidadeNome: finalidades.nome,
      finalidadeBaseLegal: finalidades.baseLegal,
      expira: consultas.resultadoExpiraEm,
    })
    .from(consultaDocumentos)
    .innerJoin(consultas, eq(consultas.id, consultaDocumentos.consultaId))
    .innerJoin(users, eq(users.id, consultas.usuarioId))
    .leftJoin(finalidades, eq(finalidades.id, consultas.finalidadeId))
    .where(carrying(hash, reach))
    .orderBy(desc(consultas.createdAt), desc(consultas.id))
    .limit(limit)
    .offset(offset);
}

export function titularLookupCount(db: Executor, hash: Buffer, reach: Reach) {
  return db
    .select({ total: count() })
    .from(consultaDocumentos)
    .innerJoin(consultas, eq(consultas.id, consultaDocumentos.consultaId))
    .where(carrying(hash, reach));
}

export async function countTitularLookups(db: Executor, hash: Buffer, reach: Reach): Promise<number> {
  const [row] = await titularLookupCount(db, hash, reach);
  return Number(row?.total ?? 0);
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
