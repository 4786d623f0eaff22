import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { type LoteCounts, type LoteRow, loteLinhas, lotes } from '../../db/schema/lotes.ts';
import { users } from '../../db/schema/users.ts';
import { leaseHeld } from '../lookups/lookup.repository.ts';

export type NewLote = typeof lotes.$inferInsert;

/**
 * A batch with what its rows have come to, as the API shows it (lote.service.ts toLote); its
 * invalid rows only when one batch is read (findLote), never in a list.
 */
export interface LoteWithProgress extends Omit<LoteRow, 'invalidas'> {
  invalidas?: LoteRow['invalidas'];
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

/** What a batch's successes were charged in credits, in cents (quota rows cost none). */
const chargedCentsOf = (id: SQL | number) => sql`(
  select coalesce(sum(c.valor_cents), 0) from ${consultas} c
  where c.lote_id = ${id} and c.status = 'sucesso' and c.cobranca = 'creditos')`;

/**
 * A batch's rows counted by outcome, in the shape of `contagem` (LoteCounts): what a batch came to,
 * counted once when it ends.
 */
const countsOf = (id: SQL | number) => sql`(
  select jsonb_build_object(
    'sucesso', count(*) filter (where l.status = 'sucesso'),
    'falha', count(*) filter (where l.status = 'falha'),
    'canceladas', count(*) filter (where l.status = 'cancelada'),
    'cobradoCents', ${chargedCentsOf(id)})
  from ${loteLinhas} l where l.lote_id = ${id})`;

/** A json(b) column as node-postgres (an object) or PGlite's raw rows (its text) give it. */

const frozen = (key: keyof LoteCounts) => sql`(${lotes.contagem} ->> ${sql.raw(`'${key}'`)})::bigint`;

/**
 * Batches with their progress. A batch that has ended with no row in flight reads its stored
 * `contagem`; only the others count their rows (the lateral count is skipped for them), so listing
 * a hundred finished batches of ten thousand rows costs what listing their own rows does. The
 * invalid rows (up to 10 000 a batch) are read only `withInvalid`.
 */
function selectLotes(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  withInvalid: boolean,
): Promise<LoteWithProgress[]> {
  const rows = db
    .select({
      pendentes: sql<number>`count(*) filter (where ${loteLinhas.status} = 'pendente')`.as('pendentes'),
      emAndamento: sql<number>`count(*) filter (where ${loteLinhas.status} = 'em_andamento')`.as(
        'em_andamento',
      ),
      sucesso: sql<number>`count(*) filter (where ${loteLinhas.status} = 'sucesso')`.as('sucesso'),
      falha: sql<number>`count(*) filter (where ${loteLinhas.status} = 'falha')`.as('falha'),
      canceladas: sql<number>`count(*) filter (where ${loteLinhas.status} = 'cancelada')`.as('canceladas'),
      // Rows finished in the last minute and the seconds they took: the pace behind the ETA.
      recentes: sql<number>`count(*) filter (where ${loteLinhas.status} in ('sucesso', 'falha')
        and ${loteLinhas.atualizadoEm} > now() - interval '1 minute')`.as('recentes'),
      recentesSegundos: sql<number>`extract(epoch from now() - min(${loteLinhas.atualizadoEm}) filter (
        where ${loteLinhas.status} in ('sucesso', 'falha')
          and ${loteLinhas.atualizadoEm} > now() - interval '1 minute'))`.as('recentes_segundos'),
    })
    .from(loteLinhas)
    .where(sql`${loteLinhas.loteId} = ${lotes.id} and ${lotes.contagem} is null`)
    .as('p');
  const count = (live: SQL.Aliased<number>, key?: keyof LoteCounts) =>
    (key ? sql`coalesce(${frozen(key)}, ${live}, 0)` : sql`coalesce(${live}, 0)`).mapWith(Number);
  const { invalidas, ...columns } = getTableColumns(lotes);
  return db
    .select({
      ...columns,
      ...(withInvalid ? { invalidas } : {}),
      usuarioNome: users.nome,
      pendentes: count(rows.pendentes),
      emAndamento: count(rows.emAndamento),
      sucesso: count(rows.sucesso, 'sucesso'),
      falha: count(rows.falha, 'falha'),
      canceladas: count(rows.canceladas, 'canceladas'),
      recentes: count(rows.recentes),
      recentesSegundos: count(rows.recentesSegundos),
      cobradoCents: sql`case when ${lotes.contagem} is null
        then ${chargedCentsOf(sql`${lotes.id}`)} else ${frozen('cobradoCents')} end`.mapWith(Number),
    })
    .from(lotes)
    .innerJoin(users, eq(users.id, lotes.usuarioId))
    .leftJoinLateral(rows, sql`true`)
    .where(where)
    .orderBy(desc(lotes.criadoEm), desc(lotes.id))
    .limit(limit);
}

/** One batch; with its invalid rows unless `withInvalid` is false. */
export async function findLote(
  db: Executor,
  id: number,
  where?: SQL,
  withInvalid = true,
): Promise<LoteWithProgress | null> {
  const [row] = await selectLotes(db, and(eq(lotes.id, id), where), 1, withInvalid);
  return row ?? null;
}

/** The latest batches, newest first, without their invalid rows. */
export function listLotes(db: Executor, where: SQL | undefined, limit = 100): Promise<LoteWithProgress[]> {
  return selectLotes(db, where, limit, false);
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
 * Stops a quoted or running batch (or only one in `from`): its pending rows are cancelled; rows in
 * flight finish. False when it had already ended. A quote that never started has no lookup: what it
 * came to (every valid row cancelled) is stored at once, and its rows and its list of invalid rows
 * are deleted, so a discarded quote keeps only its record (docs/product/lotes.md#quotes).
 */
export async function markCancelled(
  tx: Executor,
  id: number,
  from: readonly ('cotado' | 'processando')[] = ['cotado', 'processando'],
): Promise<boolean> {
  const rows = await tx
    .update(lotes)
    .set({
      status: 'cancelado',
      concluidoEm: sql`now()`,
      // iniciado_em is set with 'processando' (markRunning), and only a running batch claims rows.
      contagem: sql`case when ${lotes.iniciadoEm} is null
        then jsonb_build_object('sucesso', 0, 'falha', 0, 'canceladas', ${lotes.validas}, 'cobradoCents', 0)
        else ${lotes.contagem} end`,
      // Nor is its list of invalid rows kept (up to 10 000 of them): nothing will be run from it.
      invalidas: sql`case when ${lotes.iniciadoEm} is null then '[]'::jsonb else ${lotes.invalidas} end`,
    })
    .where(and(eq(lotes.id, id), inArray(lotes.status, [...from])))
    .returning({ iniciadoEm: lotes.iniciadoEm });
  const [row] = rows;
  if (!row) return false;
  if (row.iniciadoEm === null) {
    await tx.delete(loteLinhas).where(eq(loteLinhas.loteId, id));
    return true;
  }
  await tx
    .update(loteLinhas)
    .set({ status: 'cancelada', atualizadoEm: sql`now()` })
    .where(and(eq(loteLinhas.loteId, id), eq(loteLinhas.status, 'pendente')));
  await freezeCounts(tx, id);
  return true;
}

/** Advisory lock class of a user's quotes (the key's second half is the user's id). */
const QUOTE_LOCK_CLASS = 7_279_002;

/**
 * Serialises one user's quotes until the transaction ends, so two at once cannot both keep a full
 * set of open quotes. Not the user's row lock: that would hold up the user's lookups, which debit
 * the row, while a quote of 10 000 rows is stored.
 */
export async function lockQuotes(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(QUOTE_LOCK_CLASS))}, ${userId}::int)`);
}

/**
 * The user's open quotes to discard before a new one is stored: all but the newest `keep`, and any
 * older than `ttlHours`, oldest first.
 */
export async function quotesToDiscard(
  db: Executor,
  userId: number,
  keep: number,
  ttlHours: number,
): Promise<{ id: number; moduloId: number | null; expired: boolean }[]> {
  const result = await db.execute(sql`
    select id, modulo_id, criado_em < now() - make_interval(hours => ${ttlHours}::int) as expired from (
      select id, modulo_id, criado_em, row_number() over (order by criado_em desc, id desc) as n
      from ${lotes} where usuario_id = ${userId}::int and status = 'cotado') q
    where n > ${keep}::int or criado_em < now() - make_interval(hours => ${ttlHours}::int)
    order by criado_em, id`);
  return rowsOf<{ id: number; modulo_id: number | null; expired: boolean }>(result).map((row) => ({
    id: Number(row.id),
    moduloId: row.modulo_id === null ? null : Number(row.modulo_id),
    expired: row.expired === true,
  }));
}

/** Quotes of any user older than `ttlHours`, oldest first, at most `limit` (the runner's sweep). */
export async function expiredQuotes(db: Executor, ttlHours: number, limit = 100) {
  const result = await db.execute(sql`
    select id, usuario_id, modulo_id from ${lotes}
    where status = 'cotado' and criado_em < now() - make_interval(hours => ${ttlHours}::int)
    order by criado_em, id limit ${limit}::int`);
  return rowsOf<{ id: number; usuario_id: number; modulo_id: number | null }>(result).map((row) => ({
    id: Number(row.id),
    usuarioId: Number(row.usuario_id),
    moduloId: row.modulo_id === null ? null : Number(row.modulo_id),
  }));
}

/**
 * Stores what an ended batch came to once no row of it is left in flight (rows in flight when it
 * was cancelled finish first); false while one is, or when it was stored already.
 */
export async function freezeCounts(db: Executor, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    update ${lotes} set contagem = ${countsOf(id)}
    where id = ${id} and status in ('concluido', 'cancelado', 'falhou') and contagem is null
      and not exists (select 1 from ${loteLinhas} where lote_id = ${id} and status in ('pendente', 'em_andamento'))
    returning id`);
  return rowsOf(result).length > 0;
}

/** Ended batches whose counts are not stored yet and that no living process runs: rows left in flight by a dead runner. */
export async function unsettledLotes(db: Executor): Promise<number[]> {
  const result = await db.execute(sql`
    select id from ${lotes}
    where status in ('concluido', 'cancelado', 'falhou') and contagem is null
      and (processo_id is null or not ${leaseHeld(sql`lotes.processo_id`)})
    order by id limit 100`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
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
 * row of the batch in flight when it takes the batch again): a row it claimed whose lookup never
 * opened runs again (the upstream was never called: the reservation comes first), or is cancelled
 * when the batch has stopped meanwhile; a row whose lookup exists takes the lookup's outcome once it
 * has one (a pending lookup of a dead process is failed as INTERRUPTED by the crash release, never
 * run again).
 */
export async function settleRows(db: Executor, id: number, owner: number): Promise<void> {
  await db.execute(sql`
    update ${loteLinhas} l
    set status = c.status, consulta_id = c.id, erro_codigo = c.erro_codigo, atualizado_em = coalesce(c.finished_at, now())
    from ${consultas} c
    where l.lote_id = ${id} and l.status = 'em_andamento' and c.lote_id = l.lote_id and c.lote_ordem = l.ordem
      and c.status in ('sucesso', 'falha')`);
  await db.execute(sql`
    update ${loteLinhas} l
    set status = case when (select status from ${lotes} where id = ${id}) = 'processando'
                      then 'pendente' else 'cancelada' end,
        processo_id = null
    where l.lote_id = ${id} and l.status = 'em_andamento'
      and (l.processo_id is null or l.processo_id = ${owner}::int or not ${leaseHeld(sql`l.processo_id`)})
      and not exists (select 1 from ${consultas} c where c.lote_id = l.lote_id and c.lote_ordem = l.ordem)`);
}

export interface ClaimedRow {
  ordem: number;
  entrada: Record<string, string>;
}

/** The statement that claims up to `count` pending rows of a running batch for `owner`, in input order. */
const claimSql = (id: number, owner: number, count: number) => sql`
  update ${loteLinhas} l set status = 'em_andamento', processo_id = ${owner}::int, atualizado_em = now()
  where (l.lote_id, l.ordem) in (
    select lote_id, ordem from ${loteLinhas}
    where lote_id = ${id} and status = 'pendente'
    order by ordem limit ${count}
    for update skip locked)
    and exists (select 1 from ${lotes} where id = ${id} and status = 'processando')
  returning l.ordem, l.entrada`;

const claimedRows = (result: unknown): ClaimedRow[] =>
  rowsOf<{ ordem: number; entrada: Record<string, string> | string }>(result).map((row) => ({
    ordem: Number(row.ordem),
    entrada: jsonOf<Record<string, string>>(row.entrada),
  }));

/** Claims up to `count` pending rows for this process, in input order. */
export async function claimRows(
  db: Executor,
  id: number,
  owner: number,
  count: number,
): Promise<ClaimedRow[]> {
  return claimedRows(await db.execute(claimSql(id, owner, count)));
}

/**
 * A row's outcome: its lookup (null when refused before one opened) and the error code of a
 * failure. With `next`, the same statement claims the batch's next pending row for that runner (if
 * the batch still runs), so a row slot goes on with one round trip between its lookups.
 */
export async function finishRow(
  db: Executor,
  id: number,
  ordem: number,
  outcome: { status: 'sucesso' | 'falha'; consultaId: number | null; erroCodigo: string | null },
  next?: { owner: number },
): Promise<ClaimedRow[]> {
  const finish = sql`
    update ${loteLinhas} set status = ${outcome.status}, consulta_id = ${outcome.consultaId},
      erro_codigo = ${outcome.erroCodigo}, atualizado_em = now()
    where lote_id = ${id} and ordem = ${ordem} and status = 'em_andamento'`;
  if (!next) {
    await db.execute(finish);
    return [];
  }
  // Both run on one snapshot: the finished row is in flight, the claimed one pending, never the same.
  return claimedRows(
    await db.execute(sql`with finished as (${finish} returning 1), claimed as (${claimSql(id, next.owner, 1)})
      select ordem, entrada from claimed`),
  );
}

/**
 * Hands a claimed row back (it never opened a lookup), to be claimed again later; 'cancelada' when
 * the batch has stopped meanwhile (a cancel turns only pending rows, and this one was in flight).
 * The batch's row is read under a share lock, so a cancel under way is waited for, never missed.
 */
export async function unclaimRow(db: Executor, id: number, ordem: number): Promise<void> {
  await db.execute(sql`
    update ${loteLinhas}
    set status = coalesce((select case when status = 'processando' then 'pendente' end
                           from ${lotes} where id = ${id} for share), 'cancelada'),
        processo_id = null
    where lote_id = ${id} and ordem = ${ordem} and status = 'em_andamento'`);
}

/** 'processando' → 'concluido' once no row is left, with what it came to; null otherwise. */
export async function markDone(db: Executor, id: number): Promise<LoteCounts | null> {
  const result = await db.execute(sql`
    update ${lotes} set status = 'concluido', concluido_em = now(), processo_id = null, contagem = ${countsOf(id)}
    where id = ${id} and status = 'processando'
      and not exists (select 1 from ${loteLinhas} where lote_id = ${id} and status in ('pendente', 'em_andamento'))
    returning contagem`);
  const [row] = rowsOf<{ contagem: unknown }>(result);
  return row ? jsonOf<LoteCounts>(row.contagem) : null;
}

/** What a runner needs of its batch, read on each round (no counting of its rows). */
export async function loteToRun(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: lotes.id,
      status: lotes.status,
      usuarioId: lotes.usuarioId,
      moduloId: lotes.moduloId,
      cobranca: lotes.cobranca,
      precoCents: lotes.precoCents,
      finalidadeId: lotes.finalidadeId,
      justificativa: lotes.justificativa,
      chaveApiPrefixo: lotes.chaveApiPrefixo,
    })
    .from(lotes)
    .where(eq(lotes.id, id));
  return row ?? null;
}

/** Lets go of a batch this process ran (stopped, or the process is closing). */
export async function releaseLote(db: Executor, id: number, owner: number): Promise<void> {
  await db
    .update(lotes)
    .set({ processoId: null })
    .where(and(eq(lotes.id, id), eq(lotes.processoId, owner)));
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

/** One row of a batch's result files, read a page at a time (resultRowsPage). */
export interface ResultRow {
  ordem: number;
  linha: number;
  entrada: Record<string, string>;
  status: string;
  erroCodigo: string | null;
  resultado: unknown;
  resultadoExpiraEm: Date | null;
}

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The next rows of a batch's result files after `afterOrdem`, in input order (keyset on `ordem`):
 * at most `maxRows`, and no more than `maxBytes` of input and result JSON, past the first row (a
 * single row larger than that comes alone). What a page weighs is measured here, so the caller
 * never holds more than about one page of results whatever their size.
 */
export async function resultRowsPage(
  db: Executor,
  id: number,
  afterOrdem: number,
  maxRows: number,
  maxBytes: number,
): Promise<ResultRow[]> {
  const result = await db.execute(sql`
    select p.ordem, p.linha, p.entrada, p.status, p.erro_codigo, p.resultado, p.resultado_expira_em from (
      select l.ordem, l.linha, l.entrada, l.status, l.erro_codigo, c.resultado, c.resultado_expira_em,
        sum(s.bytes) over (order by l.ordem) - s.bytes as before_bytes
      from ${loteLinhas} l
      left join ${consultas} c on c.id = l.consulta_id
      cross join lateral (select pg_column_size(l.entrada)
        + coalesce(pg_column_size(c.resultado), 0) as bytes) s
      where l.lote_id = ${id} and l.ordem > ${afterOrdem}
      order by l.ordem
      limit ${maxRows}) p
    where p.before_bytes < ${maxBytes}
    order by p.ordem`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ordem: Number(row.ordem),
    linha: Number(row.linha),
    entrada: jsonOf<Record<string, string>>(row.entrada),
    status: String(row.status),
    erroCodigo: (row.erro_codigo as string | null) ?? null,
    resultado: row.resultado === null || row.resultado === undefined ? null : jsonOf<unknown>(row.resultado),
    resultadoExpiraEm:
      row.resultado_expira_em === null || row.resultado_expira_em === undefined
        ? null
        : new Date(row.resultado_expira_em as string | Date),
  }));
}

/**
 * The columns of a batch's result files: the input's field names, and the result's first-level
 * scalar field names (not objects, arrays or null), each in the order it first appears in input
 * order. Read by the database, so no result is loaded to name the columns.
 */
export async function resultColumns(
  db: Executor,
  id: number,
): Promise<{ entrada: string[]; resultado: string[] }> {
  const inputs = await db.execute(sql`
    select k.key from ${loteLinhas} l cross join lateral jsonb_each(l.entrada) with ordinality k(key, value, n)
    where l.lote_id = ${id}
    group by k.key order by min(array[l.ordem::bigint, k.n])`);
  const results = await db.execute(sql`
    select k.key from ${loteLinhas} l
    join ${consultas} c on c.id = l.consulta_id and jsonb_typeof(c.resultado) = 'object'
    cross join lateral jsonb_each(c.resultado) with ordinality k(key, value, n)
    where l.lote_id = ${id} and jsonb_typeof(k.value) not in ('object', 'array', 'null')
    group by k.key order by min(array[l.ordem::bigint, k.n])`);
  const keys = (rows: unknown) => rowsOf<{ key: string }>(rows).map((row) => String(row.key));
  return { entrada: keys(inputs), resultado: keys(results) };
}

/** What a batch's input and result JSON weigh in bytes, for whether a result file may be built whole. */
export async function resultBytes(db: Executor, id: number): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(octet_length(l.entrada::text) + coalesce(octet_length(c.resultado::text), 0)), 0) as bytes
    from ${loteLinhas} l left join ${consultas} c on c.id = l.consulta_id
    where l.lote_id = ${id}`);
  return Number(rowsOf<{ bytes: string | number }>(result)[0]?.bytes ?? 0);
}
