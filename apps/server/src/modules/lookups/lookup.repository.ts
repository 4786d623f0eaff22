import type { LegalBasis } from '@painel/shared/rules/legal-bases';
import { QUOTA_WINDOW_HOURS } from '@painel/shared/rules/quota';
import { ACCENTED, searchKey, UNACCENTED } from '@painel/shared/rules/search-key';
import { and, desc, eq, gt, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { substringPattern } from '../../db/like-pattern.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { finalidades } from '../../db/schema/finalidades.ts';
import { settings } from '../../db/schema/settings.ts';
import { consultaDocumentos } from '../../db/schema/titulares.ts';
import { users } from '../../db/schema/users.ts';

export interface Reservation {
  moduloId: number;
  moduloNome: string;
  moduloDescricao: string;
  input: Record<string, string>;
  /** The identifier type of each typed input field (consultas.tipos_entrada); null when none is typed. */
  inputTypes?: Record<string, string> | null;
  /** The lookup's purpose (consultas.finalidade_id) and the user's justification; null when none. */
  purposeId?: number | null;
  justification?: string | null;
  /** The prefix of the API key it is run with (consultas.chave_api_prefixo); null in the panel. */
  apiKeyPrefix?: string | null;
  /** The batch and row it is run for (consultas.lote_id, lote_ordem); none for a single lookup. */
  batch?: { id: number; ordem: number } | null;
  /** The result's retention: its expiry is set now, so completing the lookup is a HOT update. */
  retentionDays: number;
  /**
   * The titulares index's hashes of the documents the input carries (modules/titulares), written
   * with the lookup in the same statement or transaction, so no lookup is ever left out of it.
   */
  documentHashes?: Buffer[];
}

const hexOf = (lookup: Reservation) => (lookup.documentHashes ?? []).map((hash) => hash.toString('hex'));

const expiryOf = (lookup: Reservation) => sql`now() + make_interval(days => ${lookup.retentionDays}::int)`;

// Inlined as a literal, as it always was, so the statements' text does not change.
const QUOTA_WINDOW = sql`now() - ${sql.raw(`interval '${QUOTA_WINDOW_HOURS} hours'`)}`;

export interface CreditReservation {
  userId: number;
  priceCents: number;
  lookup: Reservation;
}

/**
 * Debits the price and opens the lookup, for one user or many (group commit, lookup-writes.ts), in
 * one statement and one commit: one lookup id, or null where the credits do not cover the price,
 * per item, in order. At most one item per user (the batcher sees to it): a user's row is debited
 * once per statement. The users are locked in id order first, so two batches, or a batch and a
 * single debit, never wait on each other in a circle; with the lock an UPDATE takes (`no key
 * update`), which leaves foreign-key checks on those users free to go on.
 */
export async function reserveCredits(
  db: Executor,
  items: CreditReservation[],
  owner: number | null,
): Promise<(number | null)[]> {
  const requests = items.map((item, ord) => ({
    ord,
    user_id: item.userId,
    price_cents: item.priceCents,
    modulo_id: item.lookup.moduloId,
    modulo_nome: item.lookup.moduloNome,
    modulo_descricao: item.lookup.moduloDescricao,
    input: item.lookup.input,
    input_types: item.lookup.inputTypes ?? null,
    finalidade_id: item.lookup.purposeId ?? null,
    justificativa: item.lookup.justification ?? null,
    chave_api_prefixo: item.lookup.apiKeyPrefix ?? null,
    lote_id: item.lookup.batch?.id ?? null,
    lote_ordem: item.lookup.batch?.ordem ?? null,
    retention_days: item.lookup.retentionDays,
    documentos: hexOf(item.lookup),
  }));
  const rows = await executePrepared<{ ord: number; id: string | number }>(
    db,
    'lookup_reserve_credits',
    sql`
    with req as (
      select * from jsonb_to_recordset(${JSON.stringify(requests)}::jsonb)
        as r(ord int, user_id int, price_cents int, modulo_id int, modulo_nome text, modulo_descricao text,
             input jsonb, input_types jsonb, finalidade_id int, justificativa text, chave_api_prefixo text,
             lote_id int, lote_ordem int, retention_days int, documentos jsonb)
    ), locked as materialized (
      select id from users where id in (select user_id from req) order by id for no key update
    ), debit as (
      update users set creditos_cents = users.creditos_cents - req.price_cents
      from req join locked on locked.id = req.user_id
      where users.id = req.user_id and users.creditos_cents >= req.price_cents
      returning req.ord, users.id as user_id, users.creditos_cents, req.price_cents
    ), lookup as (
      insert into consultas (usuario_id, modulo_id, modulo_nome, modulo_descricao, status, input, tipos_entrada, cobranca,
                             valor_cents, resultado_expira_em, processo_id, finalidade_id, justificativa,
                             chave_api_prefixo, lote_id, lote_ordem)
      select req.user_id, req.modulo_id, req.modulo_nome, req.modulo_descricao, 'pendente', req.input, req.input_types,
             'creditos',
             req.price_cents, now() + make_interval(days => req.retention_days), ${owner}::int,
             req.finalidade_id, req.justificativa, req.chave_api_prefixo, req.lote_id, req.lote_ordem
      from debit join req on req.ord = debit.ord
      order by req.user_id
      returning id, usuario_id
    ), ledger as (
      insert into credit_ledger (user_id, actor_id, amount_cents, balance_after_cents, reason, reference)
      select debit.user_id, debit.user_id, -debit.price_cents, debit.creditos_cents, 'consulta', 'consulta:' || lookup.id
      from debit join lookup on lookup.usuario_id = debit.user_id
      where debit.price_cents > 0
    ), indexed as (
      insert into consulta_documentos (hash, consulta_id)
      select decode(documento.hash, 'hex'), lookup.id
      from lookup join req on req.user_id = lookup.usuario_id,
           jsonb_array_elements_text(req.documentos) as documento(hash)
    )
    select debit.ord, lookup.id from debit join lookup on lookup.usuario_id = debit.user_id`,
  );
  const ids = new Map(rows.map((row) => [Number(row.ord), Number(row.id)]));
  return items.map((_, ord) => ids.get(ord) ?? null);
}

/** Takes one trial slot and opens the lookup in one statement; null when the trial is used up. */
export async function reserveTrialSlot(
  db: Executor,
  userId: number,
  trialLimit: number,
  lookup: Reservation,
  owner: number | null,
): Promise<number | null> {
  const result = await db.execute(sql`
    with slot as (
      update users set trial_used = trial_used + 1
      where id = ${userId} and trial_used < ${trialLimit}
      returning id
    ), lookup as (
      insert into consultas (usuario_id, modulo_id, modulo_nome, modulo_descricao, status, input, tipos_entrada,
                             cobranca, trial, resultado_expira_em, processo_id, finalidade_id, justificativa,
                             chave_api_prefixo, lote_id, lote_ordem)
      select ${userId}, ${lookup.moduloId}, ${lookup.moduloNome}, ${lookup.moduloDescricao}, 'pendente',
             ${JSON.stringify(lookup.input)}::jsonb, ${lookup.inputTypes ? JSON.stringify(lookup.inputTypes) : null}::jsonb,
             'trial', true, ${expiryOf(lookup)}, ${owner}::int, ${lookup.purposeId ?? null}::int,
             ${lookup.justification ?? null}::text, ${lookup.apiKeyPrefix ?? null}::text,
             ${lookup.batch?.id ?? null}::int, ${lookup.batch?.ordem ?? null}::int
      from slot
      returning id
    ), indexed as (
      insert into consulta_documentos (hash, consulta_id)
      select decode(documento.hash, 'hex'), lookup.id
      from lookup, jsonb_array_elements_text(${JSON.stringify(hexOf(lookup))}::jsonb) as documento(hash)
    )
    select id from lookup`);
  return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id))[0] ?? null;
}

/**
 * The one rule of the 24 h quota (docs/product/limits.md): a user's lookup holds a slot while it is
 * counted, has not failed (a pending one holds its slot) and is younger than the window.
 */
function holdsQuotaSlot(userId: number): SQL {
  return and(
    eq(consultas.usuarioId, userId),
    eq(consultas.contaCota, true),
    ne(consultas.status, 'falha'),
    gt(consultas.createdAt, QUOTA_WINDOW),
  ) as SQL;
}

/** Lookups of a module that count towards a user's 24 h quota. */
export async function quotaUsed(db: Executor, userId: number, moduleId: number): Promise<number> {
  return db.$count(consultas, and(holdsQuotaSlot(userId), eq(consultas.moduloId, moduleId)));
}

/** 24 h usage per module for one user. */
export async function quotaUsageByModule(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ moduloId: consultas.moduloId, used: sql<number>`count(*)::int` })
    .from(consultas)
    .where(holdsQuotaSlot(userId))
    .groupBy(consultas.moduloId);
  return new Map(
    rows.filter((row) => row.moduloId !== null).map((row) => [row.moduloId as number, Number(row.used)]),
  );
}

/**
 * Takes a quota slot: the user's row lock serialises their lookups, so the count that follows
 * sees every slot already taken. Must run inside a transaction.
 */
export async function reserveQuotaSlot(
  tx: Executor,
  userId: number,
  limit: number | null,
  lookup: Reservation,
  owner: number | null,
): Promise<number | null> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  if (limit !== null && (await quotaUsed(tx, userId, lookup.moduloId)) >= limit) return null;
  const [row] = await tx
    .insert(consultas)
    .values({
      usuarioId: userId,
      moduloId: lookup.moduloId,
      moduloNome: lookup.moduloNome,
      moduloDescricao: lookup.moduloDescricao,
      status: 'pendente',
      input: lookup.input,
      tiposEntrada: lookup.inputTypes ?? null,
      cobranca: 'quantidade',
      resultadoExpiraEm: expiryOf(lookup),
      processoId: owner,
      finalidadeId: lookup.purposeId ?? null,
      justificativa: lookup.justification ?? null,
      chaveApiPrefixo: lookup.apiKeyPrefix ?? null,
      loteId: lookup.batch?.id ?? null,
      loteOrdem: lookup.batch?.ordem ?? null,
    })
    .returning({ id: consultas.id });
  if (row && lookup.documentHashes?.length)
    await tx
      .insert(consultaDocumentos)
      .values(lookup.documentHashes.map((hash) => ({ hash, consultaId: row.id })));
  return row?.id ?? null;
}

/**
 * A lookup's log entry names its purpose and legal basis as they were when it ended, and the
 * justification (docs/product/purposes.md); `lookup` is the statement's updated rows.
 */
const withPurpose = sql.raw('left join finalidades on finalidades.id = lookup.finalidade_id');
const purposeLogFields = sql.raw(
  `'finalidade_id', lookup.finalidade_id, 'finalidade', finalidades.nome, 'base_legal', finalidades.base_legal,
   'justificativa', lookup.justificativa, 'chave_api', lookup.chave_api_prefixo`,
);

export interface Completion {
  id: number;
  /** The result as JSON text (already masked for trials). */
  resultJson: string;
  latencyMs: number;
  retentionDays: number;
}

/** What a completed lookup cost (credits taken; 0 for a quota or trial slot) and the user's balance then. */
export interface Charge {
  costCents: number;
  balanceCents: number;
}

/**
 * Marks pending lookups successful, stores their (already masked, for trials) results and logs
 * them, one or many in one statement and one commit: per item, what it cost and the balance read in
 * the same statement (the answer's cost headers, with no read of their own), or null where the
 * lookup was no longer pending.
 */
export async function completeLookups(db: Executor, items: Completion[]): Promise<(Charge | null)[]> {
  const requests = `[${items
    .map(
      (item) =>
        // The result first: in jsonb a repeated key keeps its last value, so the id is always ours.
        `{"resultado":${item.resultJson},"id":${Number(item.id)},"latencia_ms":${Math.round(item.latencyMs)},"retention_days":${Number(item.retentionDays)}}`,
    )
    .join(',')}]`;
  const rows = await executePrepared<{
    id: string | number;
    cost: string | number;
    balance: string | number;
  }>(
    db,
    'lookup_complete',
    sql`
    with req as (
      select * from jsonb_to_recordset(${requests}::jsonb)
        as r(id bigint, latencia_ms int, retention_days int, resultado jsonb)
    ), lookup as (
      update consultas
      set status = 'sucesso', resultado = req.resultado, latencia_ms = req.latencia_ms, finished_at = now(),
          -- Already set at reservation (so this stays a HOT update); kept for lookups reserved before that.
      resultado_expira_em = coalesce(consultas.resultado_expira_em,
                                         now() + make_interval(days => req.retention_days))
      from req
      where consultas.id = req.id and consultas.status = 'pendente'
      returning consultas.id, usuario_id, modulo_id, modulo_nome, input, cobranca, valor_cents, req.latencia_ms,
                finalidade_id, justificativa, chave_api_prefixo
    ), logged as (
      insert into logs (tipo, acao, user_id, target_user_id, detalhes)
      select 'consulta', 'consulta_sucesso', usuario_id, usuario_id,
             jsonb_build_object('consulta_id', lookup.id, 'modulo_id', modulo_id, 'modulo', modulo_nome, 'input', input,
                                'status', 'sucesso', 'cobranca', cobranca, 'valor_cents', valor_cents,
                                'latencia_ms', latencia_ms, ${purposeLogFields})
      from lookup ${withPurpose}
      order by lookup.id
    )
    select lookup.id, case when lookup.cobranca = 'creditos' then lookup.valor_cents else 0 end as cost,
           users.creditos_cents as balance
    from lookup join users on users.id = lookup.usuario_id`,
  );
  const done = new Map(
    rows.map((row) => [Number(row.id), { costCents: Number(row.cost), balanceCents: Number(row.balance) }]),
  );
  return items.map((item) => done.get(Number(item.id)) ?? null);
}

/**
 * Marks a pending lookup failed and gives back what it reserved (credits with a ledger entry, the
 * trial slot; a quota slot frees itself by no longer counting). Safe to call twice.
 */
export async function failLookup(db: Executor, id: number, errorCode: string, latencyMs: number | null) {
  await db.execute(sql`
    with lookup as (
      update consultas
      set status = 'falha', erro_codigo = ${errorCode}::text, latencia_ms = ${latencyMs}::int, finished_at = now()
      where id = ${id} and status = 'pendente'
      returning id, usuario_id, modulo_id, modulo_nome, input, cobranca, valor_cents, finalidade_id, justificativa,
                chave_api_prefixo
    ), refund as (
      update users set creditos_cents = users.creditos_cents + lookup.valor_cents
      from lookup
      where users.id = lookup.usuario_id and lookup.cobranca = 'creditos' and lookup.valor_cents > 0
      returning users.creditos_cents
    ), untrial as (
      update users set trial_used = greatest(users.trial_used - 1, 0)
      from lookup
      where users.id = lookup.usuario_id and lookup.cobranca = 'trial'
      returning users.id
    ), ledger as (
      insert into credit_ledger (user_id, actor_id, amount_cents, balance_after_cents, reason, reference)
      select lookup.usuario_id, lookup.usuario_id, lookup.valor_cents, refund.creditos_cents, 'consulta_estorno',
             'consulta:' || lookup.id
      from lookup, refund
    )
    insert into logs (tipo, acao, user_id, target_user_id, detalhes)
    select 'consulta', 'consulta_falha', usuario_id, usuario_id,
           jsonb_build_object('consulta_id', lookup.id, 'modulo_id', modulo_id, 'modulo', modulo_nome, 'input', input,
                              'status', 'falha', 'erro', ${errorCode}::text, ${purposeLogFields})
    from lookup ${withPurpose}`);
}

/** A pending lookup failed as INTERRUPTED by a release, and its module (null once deleted). */
export interface ReleasedLookup {
  id: number;
  moduloId: number | null;
}

/** Stale lookups released by one sweep at most; a sweep that met this many left some for the next. */
export const STALE_RELEASED_AT_ONCE = 500;

/**
 * Pending lookups older than this were cut off (a crash, a kill): release what they hold. `since`
 * bounds the search to lookups opened from then on (through the index on created_at; status has
 * none): a sweep needs to look only past what the previous one covered, not at every lookup ever
 * made. Without it, the whole history is searched (once, when a process starts).
 */
export async function releaseStaleReservations(
  db: Executor,
  olderThanSeconds: number,
  since: Date | null = null,
): Promise<ReleasedLookup[]> {
  const stale = await db
    .select({ id: consultas.id, moduloId: consultas.moduloId })
    .from(consultas)
    .where(
      and(
        eq(consultas.status, 'pendente'),
        sql`${consultas.createdAt} < now() - make_interval(secs => ${olderThanSeconds}::int)`,
        since ? gte(consultas.createdAt, since) : undefined,
      ),
    )
    .limit(STALE_RELEASED_AT_ONCE);
  for (const row of stale) await failLookup(db, row.id, 'INTERRUPTED', null);
  return stale;
}

/**
 * Pending lookups opened by these (dead) processes: failed, and what they hold given back. Only the
 * last hour is searched, through the index on created_at (older ones the stale sweep above has
 * released), so consultas.processo_id needs no index of its own.
 */
export async function releaseReservationsOf(db: Executor, processIds: number[]): Promise<ReleasedLookup[]> {
  if (processIds.length === 0) return [];
  const orphans = await db
    .select({ id: consultas.id, moduloId: consultas.moduloId })
    .from(consultas)
    .where(
      and(
        eq(consultas.status, 'pendente'),
        inArray(consultas.processoId, processIds),
        sql`${consultas.createdAt} > now() - interval '1 hour'`,
      ),
    );
  for (const row of orphans) await failLookup(db, row.id, 'INTERRUPTED', null);
  return orphans;
}

/**
 * Process leases (process-lease.ts): a process is alive while the session-level advisory lock
 * (LEASE_LOCK_CLASS, its id) is held; PostgreSQL frees the lock when the process's connection
 * ends. A class of its own: the migration lock, the seed and the stats triggers use others.
 */
export const LEASE_LOCK_CLASS = 7_279_001;
const leaseClass = sql.raw(String(LEASE_LOCK_CLASS));
/** SQL: the process with this id holds its lease now (is alive). */
export const leaseHeld = (processId: SQL) => sql`exists (
  select 1 from pg_locks
  where locktype = 'advisory' and granted and objsubid = 2 and classid = ${leaseClass}
    and objid = ${processId} and database = (select oid from pg_database where datname = current_database()))`;

/** Registers a process and takes its lock in one statement, so no one sees the row unlocked. */
export async function registerProcess(session: Executor): Promise<number> {
  const result = await session.execute(sql`
    with registered as (insert into processos default values returning id)
    select id, pg_try_advisory_lock(${leaseClass}, id) as held from registered`);
  const [row] = rowsOf<{ id: number; held: boolean }>(result);
  if (!row?.held) throw new Error('could not take the lock of a new process');
  return Number(row.id);
}

/** Takes a living process's lock again after its session was lost; false when it was judged dead meanwhile. */
export async function retakeProcess(session: Executor, processId: number): Promise<boolean> {
  const result = await session.execute(sql`
    select pg_try_advisory_lock(${leaseClass}, id) as held from processos where id = ${processId}`);
  return rowsOf<{ held: boolean }>(result)[0]?.held === true;
}

export async function dropProcessLock(session: Executor, processId: number): Promise<void> {
  await session.execute(sql`select pg_advisory_unlock(${leaseClass}, ${processId}::int)`);
}

/** Registered processes whose lock no session holds. */
export async function deadProcesses(db: Executor): Promise<number[]> {
  const result = await db.execute(sql`
    select id from processos where not ${leaseHeld(sql`processos.id`)} order by id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Forgets dead processes once their lookups are released (unless one took its lock back meanwhile). */
export async function forgetProcesses(db: Executor, processIds: number[]): Promise<void> {
  if (processIds.length === 0) return;
  await db.execute(sql`
    delete from processos
    where id in (${sql.join(
      processIds.map((id) => sql`${id}::int`),
      sql`, `,
    )}) and not ${leaseHeld(sql`processos.id`)}`);
}

/** Personal data does not outlive its retention: expired results are erased, history stays. */
export async function eraseExpiredResults(db: Executor, since: Date | null = null): Promise<number> {
  // The expiry stays (the history says a result expired); `since` keeps a later pass from
  // visiting every result that ever expired, as the retention job's stale sweep does.
  const erased = await db
    .update(consultas)
    .set({ resultado: null })
    .where(
      and(
        sql`${consultas.resultadoExpiraEm} <= now()`,
        since ? gte(consultas.resultadoExpiraEm, since) : undefined,
        sql`${consultas.resultado} is not null`,
      ),
    )
    .returning({ id: consultas.id });
  return erased.length;
}

export async function trialLimit(db: Executor): Promise<number> {
  const [row] = await db.select({ trialLimit: settings.trialLimit }).from(settings).limit(1);
  return row?.trialLimit ?? 10;
}

export async function resetQuotaUsage(db: Executor, userId: number, moduleId?: number): Promise<number> {
  const conditions = [
    eq(consultas.usuarioId, userId),
    eq(consultas.contaCota, true),
    gt(consultas.createdAt, QUOTA_WINDOW),
  ];
  if (moduleId !== undefined) conditions.push(inArray(consultas.moduloId, [moduleId]));
  const reset = await db
    .update(consultas)
    .set({ contaCota: false })
    .where(and(...conditions))
    .returning({ id: consultas.id });
  return reset.length;
}

const listColumns = {
  id: consultas.id,
  status: consultas.status,
  usuarioId: consultas.usuarioId,
  trial: consultas.trial,
  moduloId: consultas.moduloId,
  moduloNome: consultas.moduloNome,
  moduloDescricao: consultas.moduloDescricao,
  input: consultas.input,
  tiposEntrada: consultas.tiposEntrada,
  erroCodigo: consultas.erroCodigo,
  createdAt: consultas.createdAt,
  expira: consultas.resultadoExpiraEm,
  chaveApi: consultas.chaveApiPrefixo,
  loteId: consultas.loteId,
  userNome: users.nome,
  userEmail: users.email,
  finalidadeId: finalidades.id,
  finalidadeNome: finalidades.nome,
  finalidadeBaseLegal: finalidades.baseLegal,
};

export interface LookupListRow {
  id: number;
  status: string;
  usuarioId: number;
  trial: boolean;
  moduloId: number | null;
  moduloNome: string;
  moduloDescricao: string;
  input: Record<string, string>;
  tiposEntrada: Record<string, string> | null;
  erroCodigo: string | null;
  createdAt: Date;
  /** When the result is erased (set at reservation; meaningful only for a success). */
  expira: Date | null;
  /** The prefix of the API key it was run with; null for the panel's. */
  chaveApi: string | null;
  loteId: number | null;
  userNome: string | null;
  userEmail: string | null;
  /** The lookup's purpose; null for lookups run before purposes (or without one while not required). */
  finalidadeId: number | null;
  finalidadeNome: string | null;
  finalidadeBaseLegal: LegalBasis | null;
}

/**
 * Lookups whose input holds the searched text (a document, plate, phone, name…) with or without
 * punctuation, in either case, with or without accents, or whose module name contains it
 * (docs/product/lookups.md#history). Each stored value is reduced to its search key in SQL the way
 * searchKey() reduces the text (packages/shared/src/rules/search-key.ts); the key holds only A–Z and
 * 0–9, so it needs no escaping in the pattern. No index serves it: a user's history is read through
 * consultas_usuario_created_idx; the admin's search over every lookup scans the table.
 */
export const searchKeySql = (value: SQL) =>
  sql`upper(regexp_replace(translate(${value}, ${ACCENTED}, ${UNACCENTED}), '[^0-9A-Za-z]', '', 'g'))`;

export function lookupSearch(text: string | undefined): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const key = searchKey(trimmed);
  const inName = sql`${consultas.moduloNome} ilike ${substringPattern(trimmed)}`;
  if (key === '') return inName;
  const inInput = sql`exists (
    select 1 from jsonb_each_text(${consultas.input}) as campo(chave, valor)
    where ${searchKeySql(sql`campo.valor`)} like ${`%${key}%`})`;
  return sql`(${inInput} or ${inName})`;
}

/** One page of lookups, newest first, with the user who ran each (null once the user is gone). */
export async function findLookupPage(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<LookupListRow[]> {
  return db
    .select(listColumns)
    .from(consultas)
    .leftJoin(users, eq(users.id, consultas.usuarioId))
    .leftJoin(finalidades, eq(finalidades.id, consultas.finalidadeId))
    .where(where)
    .orderBy(desc(consultas.createdAt), desc(consultas.id))
    .limit(limit)
    .offset(offset);
}

export async function countLookupsWhere(db: Executor, where: SQL | undefined): Promise<number> {
  return db.$count(consultas, where);
}

export async function findLookupWithResult(db: Executor, id: number, visible: SQL | undefined) {
  const [row] = await db
    .select({
      ...listColumns,
      justificativa: consultas.justificativa,
      resultado: consultas.resultado,
    })
    .from(consultas)
    .leftJoin(users, eq(users.id, consultas.usuarioId))
    .leftJoin(finalidades, eq(finalidades.id, consultas.finalidadeId))
    .where(and(eq(consultas.id, id), visible))
    .limit(1);
  return row;
}

export async function trialUsed(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ used: users.trialUsed }).from(users).where(eq(users.id, userId));
  return row?.used ?? 0;
}

/**
 * What a lookup cost and what the user has left, for the answer's X-Custo-Creditos and
 * X-Creditos-Restantes: the credits its ledger entry took (0 for quota, trial, a failure or none),
 * and the balance now, read in one statement.
 */
export async function costAndBalance(
  db: Executor,
  userId: number,
  lookupId: number | null,
): Promise<{ costCents: number; balanceCents: number }> {
  const result = await db.execute(sql`
    select u.creditos_cents as balance,
           coalesce((select c.valor_cents from ${consultas} c
                     where c.id = ${lookupId ?? 0}::bigint and c.usuario_id = u.id
                       and c.cobranca = 'creditos' and c.status = 'sucesso'), 0) as cost
    from ${users} u where u.id = ${userId}::int`);
  const [row] = rowsOf<{ balance: string | number; cost: string | number }>(result);
  return { costCents: Number(row?.cost ?? 0), balanceCents: Number(row?.balance ?? 0) };
}
