import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { type LoteRow, loteLinhas, lotes } from '../../db/schema/lotes.ts';
import { users } from '../../db/schema/users.ts';
import { leaseHeld } from '../lookups/lookup.repository.ts';

export type NewLote = typeof lotes.$inferInsert;

/** A batch with what its rows have come to, as the API shows it (lote.presenter.ts). */
export interface LoteWithProgress extends LoteRow {
  usuarioNome: string;
  pendentes: number;
  emAndamento: number;
  sucesso: number;
  falha: number;
  canceladas: number;
  cobradoCents: number;
  /** Rows finished in the last minute and the seconds that took, for the ETA. */
  recentes: number;
  recentesSegundos: number;
}

const INSERT_CHUNK = 1_000;

/** Stores a quoted batch and its valid rows (in input order), in the caller's transaction. */
export async function insertLote(
  tx: Executor,
  values: NewLote,
  rows: { linha: number; entrada: Record<string, string> }[],
): Promise<number> {
  const [lote] = await tx.insert(lotes).values(values).returning({ id: lotes.id });
  const id = lote!.id;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(loteLinhas).values(
      rows.slice(start, start + INSERT_CHUNK).map((row, index) => ({
        loteId: id,
        ordem: start + index,
        linha: row.linha,
        entrada: row.entrada,
      })),
    );
  }
  return id;
}

const progressColumns = sql`
  (select nome from ${users} where ${users.id} = ${lotes.usuarioId}) as "usuarioNome",
  coalesce(p.pendentes, 0)::int as "pendentes", coalesce(p.em_andamento, 0)::int as "emAndamento",
  coalesce(p.sucesso, 0)::int as "sucesso", coalesce(p.falha, 0)::int as "falha",
  coalesce(p.canceladas, 0)::int as "canceladas", coalesce(p.recentes, 0)::int as "recentes",
  coalesce(p.recentes_segundos, 0)::float8 as "recentesSegundos",
  coalesce((select sum(c.valor_cents) from ${consultas} c
            where c.lote_id = ${lotes.id} and c.status = 'sucesso' and c.cobranca = 'creditos'), 0)::int
    as "cobradoCents"`;

const progressJoin = sql`
  left join lateral (
    select count(*) filter (where l.status = 'pendente') as pendentes,
           count(*) filter (where l.status = 'em_andamento') as em_andamento,
           count(*) filter (where l.status = 'sucesso') as sucesso,
           count(*) filter (where l.status = 'falha') as falha,
           count(*) filter (where l.status = 'cancelada') as canceladas,
           count(*) filter (where l.status in ('sucesso', 'falha')
                             and l.atualizado_em > now() - interval '1 minute') as recentes,
           extract(epoch from now() - min(l.atualizado_em) filter (
             where l.status in ('sucesso', 'falha') and l.atualizado_em > now() - interval '1 minute'))
             as recentes_segundos
    from ${loteLinhas} l where l.lote_id = ${lotes.id}) p on true`;

function camel(row: Record<string, unknown>): LoteWithProgress {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  for (const key of ['criadoEm', 'iniciadoEm', 'concluidoEm'] as const) {
    const value = out[key];
    if (value !== null && value !== undefined && !(value instanceof Date)) out[key] = new Date(String(value));
  }
  return out as unknown as LoteWithProgress;
}

async function selectLotes(db: Executor, where: SQL | undefined, limit: number): Promise<LoteWithProgress[]> {
  const result = await db.execute(sql`
    select ${lotes}.*, ${progressColumns}
    from ${lotes} ${progressJoin}
    ${where ? sql`where ${where}` : sql``}
    order by ${lotes.criadoEm} desc, ${lotes.id} desc
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map(camel);
}

export async function findLote(db: Executor, id: number, where?: SQL): Promise<LoteWithProgress | null> {
  const [row] = await selectLotes(db, and(eq(lotes.id, id), where), 1);
  return row ?? null;
}

export function listLotes(db: Executor, where: SQL | undefined, limit = 100): Promise<LoteWithProgress[]> {
  return selectLotes(db, where, limit);
}

/** The user's row lock serialises their confirmations, so two cannot both pass the running limit. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

export async function runningLotesOf(db: Executor, userId: number): Promise<number> {
  return db.$count(lotes, and(eq(lotes.usuarioId, userId), eq(lotes.status, 'processando')));
}

/**
 * 'cotado' → 'processando'; false when it was no longer quoted. Started through an API key, the
 * batch names that key from then on (its lookups carry it; its limits apply).
 */
export async function markRunning(tx: Executor, id: number, keyPrefix: string | null): Promise<boolean> {
  const rows = await tx
    .update(lotes)
    .set({
      status: 'processando',
      iniciadoEm: sql`now()`,
      ...(keyPrefix ? { chaveApiPrefixo: keyPrefix } : {}),
    })
    .where(and(eq(lotes.id, id), eq(lotes.status, 'cotado')))
    .returning({ id: lotes.id });
  return rows.length > 0;
}

export async function setJob(db: Executor, id: number, jobId: string): Promise<void> {
  await db.update(lotes).set({ jobId }).where(eq(lotes.id, id));
}

/**
 * Stops a quoted or running batch: its pending rows are cancelled; rows in flight finish. False
 * when it had already ended.
 */
export async function markCancelled(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(lotes)
    .set({ status: 'cancelado', concluidoEm: sql`now()` })
    .where(and(eq(lotes.id, id), inArray(lotes.status, ['cotado', 'processando'])))
    .returning({ id: lotes.id });
  if (rows.length === 0) return false;
  await tx
    .update(loteLinhas)
    .set({ status: 'cancelada', atualizadoEm: sql`now()` })
    .where(and(eq(loteLinhas.loteId, id), eq(loteLinhas.status, 'pendente')));
  return true;
}

/**
 * Makes this process the batch's runner, unless a living process already is: true when it is now
 * ours (docs/decisions/0023-batch-jobs.md).
 */
export async function takeLote(db: Executor, id: number, owner: number): Promise<boolean> {
  const result = await db.execute(sql`
    update ${lotes} set processo_id = ${owner}::int
    where id = ${id} and status = 'processando'
      and (processo_id is null or processo_id = ${owner}::int or not ${leaseHeld(sql`lotes.processo_id`)})
    returning id`);
  return rowsOf(result).length > 0;
}

/** Running batches whose runner is gone (none yet, or a process that died): to be dispatched again. */
export async function orphanLotes(db: Executor): Promise<number[]> {
  const result = await db.execute(sql`
    select id from ${lotes}
    where status = 'processando' and (processo_id is null or not ${leaseHeld(sql`lotes.processo_id`)})
    order by id limit 100`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * Puts right what a dead runner left (or this process's own earlier run, `owner`, which has no
 * row of the batch in flight when it takes the batch again): a row it claimed whose lookup never opened runs again (the
 * upstream was never called: the reservation comes first); a row whose lookup exists takes the
 * lookup's outcome once it has one (a pending lookup of a dead process is failed as INTERRUPTED
 * by the crash release, never run again).
 */
export async function settleRows(db: Executor, id: number, owner: number): Promise<void> {
  await db.execute(sql`
    update ${loteLinhas} l
    set status = c.status, consulta_id = c.id, erro_codigo = c.erro_codigo, atualizado_em = coalesce(c.finished_at, now())
    from ${consultas} c
    where l.lote_id = ${id} and l.status = 'em_andamento' and c.lote_id = l.lote_id and c.lote_ordem = l.ordem
      and c.status in ('sucesso', 'falha')`);
  await db.execute(sql`
    update ${loteLinhas} l set status = 'pendente', processo_id = null
    where l.lote_id = ${id} and l.status = 'em_andamento'
      and (l.processo_id is null or l.processo_id = ${owner}::int or not ${leaseHeld(sql`l.processo_id`)})
      and not exists (select 1 from ${consultas} c where c.lote_id = l.lote_id and c.lote_ordem = l.ordem)`);
}

/** Claims up to `count` pending rows for this process, in input order. */
export async function claimRows(
  db: Executor,
  id: number,
  owner: number,
  count: number,
): Promise<{ ordem: number; entrada: Record<string, string> }[]> {
  const result = await db.execute(sql`
    update ${loteLinhas} l set status = 'em_andamento', processo_id = ${owner}::int, atualizado_em = now()
    where (l.lote_id, l.ordem) in (
      select lote_id, ordem from ${loteLinhas}
      where lote_id = ${id} and status = 'pendente'
      order by ordem limit ${count}
      for update skip locked)
      and exists (select 1 from ${lotes} where id = ${id} and status = 'processando')
    returning l.ordem, l.entrada`);
  return rowsOf<{ ordem: number; entrada: Record<string, string> }>(result).map((row) => ({
    ordem: Number(row.ordem),
    entrada: typeof row.entrada === 'string' ? JSON.parse(row.entrada) : row.entrada,
  }));
}

/** A row's outcome: its lookup (null when refused before one opened) and the error code of a failure. */
export async function finishRow(
  db: Executor,
  id: number,
  ordem: number,
  outcome: { status: 'sucesso' | 'falha'; consultaId: number | null; erroCodigo: string | null },
): Promise<void> {
  await db
    .update(loteLinhas)
    .set({
      status: outcome.status,
      consultaId: outcome.consultaId,
      erroCodigo: outcome.erroCodigo,
      atualizadoEm: sql`now()`,
    })
    .where(
      and(eq(loteLinhas.loteId, id), eq(loteLinhas.ordem, ordem), eq(loteLinhas.status, 'em_andamento')),
    );
}

/** Rows not yet finished (pending or in flight). */
export async function unfinishedRows(db: Executor, id: number): Promise<number> {
  return db.$count(
    loteLinhas,
    and(eq(loteLinhas.loteId, id), inArray(loteLinhas.status, ['pendente', 'em_andamento'])),
  );
}

/** 'processando' → 'concluido' once no row is left; false otherwise. */
export async function markDone(db: Executor, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    update ${lotes} set status = 'concluido', concluido_em = now(), processo_id = null
    where id = ${id} and status = 'processando'
      and not exists (select 1 from ${loteLinhas} where lote_id = ${id} and status in ('pendente', 'em_andamento'))
    returning id`);
  return rowsOf(result).length > 0;
}

/** Lets go of a batch this process ran (stopped, or the process is closing). */
export async function releaseLote(db: Executor, id: number, owner: number): Promise<void> {
  await db
    .update(lotes)
    .set({ processoId: null })
    .where(and(eq(lotes.id, id), eq(lotes.processoId, owner)));
}

/** Every row of a batch in input order with its lookup's outcome and result, for the result files. */
export async function resultRows(db: Executor, id: number) {
  return db
    .select({
      linha: loteLinhas.linha,
      entrada: loteLinhas.entrada,
      status: loteLinhas.status,
      erroCodigo: loteLinhas.erroCodigo,
      consultaId: loteLinhas.consultaId,
      resultado: consultas.resultado,
      resultadoExpiraEm: consultas.resultadoExpiraEm,
    })
    .from(loteLinhas)
    .leftJoin(consultas, eq(consultas.id, loteLinhas.consultaId))
    .where(eq(loteLinhas.loteId, id))
    .orderBy(loteLinhas.ordem);
}

export const loteUserColumn = lotes.usuarioId;
export const loteIdColumn = lotes.id;

/** What a batch's lookups are run as: its owner's standing and access, read afresh. */
export async function ownerOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      tipo: users.tipo,
      ativo: users.ativo,
      banido: users.banido,
      revendedorId: users.revendedorId,
      dataExpiracao: users.dataExpiracao,
      modulos: users.modulos,
      subscriptionEndsAt: sql<
        string | null
      >`(select max(s.ends_at) from subscriptions s where s.user_id = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The owner's credit balance in cents, for whether a quote is covered. */
export async function balanceCentsOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ cents: users.creditosCents }).from(users).where(eq(users.id, userId));
  return row?.cents ?? 0;
}
