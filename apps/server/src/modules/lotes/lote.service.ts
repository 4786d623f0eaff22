import { messages } from '@painel/shared/messages';
import { validateQueryInput } from '@painel/shared/rules/query-input';
import {
  LOTE_QUOTE_TTL_HOURS,
  LOTES_OPEN_QUOTES_PER_USER,
  LOTES_RUNNING_PER_USER,
  type Lote,
} from '@painel/shared/schemas/lotes';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { ModuleRow } from '../../db/schema/modules.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { placeholderErrors } from '../../lib/upstream.ts';
import type { Reach } from '../auth/scope.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { writeLog } from '../logs/log.repository.ts';
import { quotaUsed } from '../lookups/lookup.repository.ts';
import {
  callerHasAccess,
  type LookupDeps,
  quantityLimitFor,
  quoteBroken,
} from '../lookups/lookup.service.ts';
import { purposeProblem } from '../purposes/purpose-catalog.ts';
import {
  balanceCentsOf,
  findLote,
  insertLote,
  type LoteWithProgress,
  listLotes,
  lockQuotes,
  lockUser,
  loteUserColumn,
  markCancelled,
  markRunning,
  quotesToDiscard,
  runningLotesOf,
} from './lote.repository.ts';
import { readBatchFile } from './lote-file.ts';

export interface LoteDeps {
  db: Database;
  lookups: LookupDeps;
  /** Hands a confirmed batch to the job engine (lote-runner.ts). */
  dispatch(id: number): Promise<void>;
}

export interface QuoteRequest {
  moduloId: number;
  finalidadeId: number | null;
  justificativa: string | null;
  arquivo: string;
  data: Buffer;
}

const credits = (cents: number) => Math.round(cents) / 100;

/** Whether the balance (credit module) or the 24 h quota left (quantity module) covers every valid row. */
async function covers(deps: LoteDeps, lote: LoteWithProgress, caller: Pick<AuthContext, 'access'>) {
  if (lote.cobranca === 'creditos') {
    return (await balanceCentsOf(deps.db, lote.usuarioId)) >= lote.validas * lote.precoCents;
  }
  const module = lote.moduloId === null ? undefined : await deps.lookups.catalog.get(lote.moduloId);
  if (!module) return false;
  const limit = quantityLimitFor(module, caller.access);
  if (limit === null) return true;
  return limit - (await quotaUsed(deps.db, lote.usuarioId, module.id)) >= lote.validas;
}

/**
 * A batch as the API shows it (docs/product/lotes.md#answer); its invalid rows only when they were
 * read (one batch answered, never a list or a live event).
 */
export function toLote(row: LoteWithProgress, saldoSuficiente: boolean): Lote {
  const done = row.sucesso + row.falha;
  const left = row.pendentes + row.emAndamento;
  const pace = row.recentes > 0 && row.recentesSegundos > 0 ? row.recentes / row.recentesSegundos : null;
  return {
    id: row.id,
    status: row.status,
    modulo: { id: row.moduloId, nome: row.moduloNome },
    cobranca: row.cobranca,
    finalidade_id: row.finalidadeId,
    arquivo: row.arquivo,
    linhas: row.linhas,
    validas: row.validas,
    ...(row.invalidas ? { invalidas: row.invalidas } : {}),
    custo_maximo: row.cobranca === 'creditos' ? credits(row.validas * row.precoCents) : 0,
    cotas: row.cobranca === 'quantidade' ? row.validas : 0,
    saldo_suficiente: saldoSuficiente,
    total: row.validas,
    processadas: done,
    canceladas: row.canceladas,
    sucesso: row.sucesso,
    falha: row.falha,
    cobrado: credits(row.cobradoCents),
    eta_segundos: row.status === 'processando' && pace ? Math.ceil(left / pace) : null,
    usuario: { id: row.usuarioId, nome: row.usuarioNome },
    chave_api: row.chaveApiPrefixo,
    criado_em: row.criadoEm.toISOString(),
    iniciado_em: row.iniciadoEm?.toISOString() ?? null,
    concluido_em: row.concluidoEm?.toISOString() ?? null,
  };
}

async function present(
  deps: LoteDeps,
  row: LoteWithProgress,
  caller: Pick<AuthContext, 'access' | 'userId'>,
) {
  // Only a quote asks whether the money is there; the owner's own access decides a quota.
  const enough =
    row.status === 'cotado' && row.usuarioId === caller.userId ? await covers(deps, row, caller) : true;
  return toLote(row, enough);
}

function usableModule(module: ModuleRow | undefined, caller: Pick<AuthContext, 'apiKey'>): ModuleRow {
  if (!module?.ativo) throw notFound(messages.moduleNotFound);
  const keyModules = caller.apiKey?.modulos;
  if (keyModules && !keyModules.includes(module.id)) {
    throw new AppError('API_KEY_MODULE_DENIED', messages.apiKeyModuleDenied);
  }
  if (module.manutencao) throw new AppError('MODULE_MAINTENANCE', messages.moduleMaintenance);
  return module;
}

/** The trial does not run batches (docs/product/lotes.md#who). */
function refuseTrial(caller: Pick<AuthContext, 'access'>) {
  if (!callerHasAccess(caller.access)) throw new AppError('TRIAL_NOT_ALLOWED', messages.loteTrialNotAllowed);
}

/**
 * Why the panel itself stopped a batch: a quote past the open quotes a user keeps or too old, or a
 * running batch whose module now costs more than its quote.
 */
export type StopReason = 'cotacoes_em_aberto' | 'cotacao_expirada' | 'preco_alterado';

/**
 * Cancels a batch the panel stops on its own (markCancelled: a quote loses its rows and keeps its
 * counts; a running batch's rows in flight finish) and logs why, as the owner's; false when it was
 * no longer `from` (confirmed, cancelled or ended meanwhile).
 */
export async function stopLote(
  tx: Executor,
  lote: { id: number; usuarioId: number; moduloId: number | null },
  from: 'cotado' | 'processando',
  motivo: StopReason,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  if (!(await markCancelled(tx, lote.id, [from]))) return false;
  await writeLog(tx, {
    tipo: 'consulta',
    acao: 'lote_cancelado',
    userId: lote.usuarioId,
    targetUserId: lote.usuarioId,
    detalhes: { lote_id: lote.id, modulo_id: lote.moduloId, status_anterior: from, motivo, ...details },
  });
  return true;
}

/**
 * Checks every row with the module's fields and stores the quote; nothing is reserved or charged.
 * A user keeps at most LOTES_OPEN_QUOTES_PER_USER quotes open, none older than LOTE_QUOTE_TTL_HOURS:
 * the oldest past that are discarded as this one is stored (docs/product/lotes.md#quotes).
 */
export async function quoteLote(deps: LoteDeps, caller: AuthContext, request: QuoteRequest): Promise<Lote> {
  refuseTrial(caller);
  const module = usableModule(await deps.lookups.catalog.get(request.moduloId), caller);
  const purposeError = purposeProblem(await deps.lookups.purposes.rules(), request.finalidadeId);
  if (purposeError) throw validationError({ finalidade_id: purposeError });

  const rows = await readBatchFile(request.data, module.camposEntrada, caller.userId);
  const invalid: { linha: number; erro: string }[] = [];
  const valid: { linha: number; entrada: Record<string, string> }[] = [];
  for (const row of rows) {
    if (row.erro) {
      invalid.push({ linha: row.linha, erro: row.erro });
      continue;
    }
    const { values, errors } = validateQueryInput(module.camposEntrada, row.entrada);
    const problems = { ...placeholderErrors(module.apiUrl, values), ...errors };
    const first = Object.entries(problems)[0];
    if (first) invalid.push({ linha: row.linha, erro: `${first[0]}: ${first[1]}` });
    else valid.push({ linha: row.linha, entrada: values });
  }

  const id = await deps.db.transaction(async (tx) => {
    await lockQuotes(tx, caller.userId);
    const stale = await quotesToDiscard(
      tx,
      caller.userId,
      LOTES_OPEN_QUOTES_PER_USER - 1,
      LOTE_QUOTE_TTL_HOURS,
    );
    for (const quote of stale) {
      await stopLote(
        tx,
        { id: quote.id, usuarioId: caller.userId, moduloId: quote.moduloId },
        'cotado',
        quote.expired ? 'cotacao_expirada' : 'cotacoes_em_aberto',
      );
    }
    const loteId = await insertLote(
      tx,
      {
        usuarioId: caller.userId,
        moduloId: module.id,
        moduloNome: module.nome,
        cobranca: module.tipoLimite === 'creditos' ? 'creditos' : 'quantidade',
        precoCents: module.tipoLimite === 'creditos' ? module.precoCents : 0,
        finalidadeId: request.finalidadeId,
        justificativa: request.justificativa,
        chaveApiPrefixo: caller.apiKey?.prefixo ?? null,
        arquivo: request.arquivo,
        linhas: rows.length,
        validas: valid.length,
        invalidas: invalid,
      },
      valid,
    );
    await writeLog(tx, {
      tipo: 'consulta',
      acao: 'lote_cotado',
      userId: caller.userId,
      targetUserId: caller.userId,
      detalhes: {
        lote_id: loteId,
        modulo_id: module.id,
        modulo: module.nome,
        linhas: rows.length,
        validas: valid.length,
        chave_api: caller.apiKey?.prefixo ?? null,
      },
    });
    return loteId;
  });
  const stored = await findLote(deps.db, id);
  return present(deps, stored!, caller);
}

export async function getLote(deps: LoteDeps, caller: AuthContext, reach: Reach, id: number): Promise<Lote> {
  const row = await findLote(deps.db, id, reach.where(loteUserColumn));
  if (!row) throw notFound(messages.loteNotFound);
  return present(deps, row, caller);
}

const RECENTLY_ENDED_MS = 120_000;

/**
 * The caller's own batches that changed since the last call (GET /lotes/eventos): the running ones
 * and those that just ended. The first call also gives what ended in the last two minutes, so a
 * batch that ended while the reader was connecting (or reconnecting) is seen ending.
 */
export function watchLotes(deps: LoteDeps, caller: Pick<AuthContext, 'userId'>): () => Promise<Lote[]> {
  const sent = new Map<number, string>();
  const own = eq(loteUserColumn, caller.userId);
  let since = Date.now() - RECENTLY_ENDED_MS;
  return async () => {
    const changed: Lote[] = [];
    for (const row of await listLotes(deps.db, own, 20)) {
      const endedLately = row.concluidoEm !== null && row.concluidoEm.getTime() >= since;
      if (row.status !== 'processando' && !sent.has(row.id) && !endedLately) continue;
      const lote = toLote(row, true);
      const text = JSON.stringify(lote);
      if (sent.get(row.id) === text) continue;
      changed.push(lote);
      if (row.status === 'processando') sent.set(row.id, text);
      else sent.delete(row.id);
    }
    since = Number.POSITIVE_INFINITY;
    return changed;
  };
}

export async function listLotesOf(deps: LoteDeps, caller: AuthContext, reach: Reach): Promise<Lote[]> {
  const rows = await listLotes(deps.db, reach.where(loteUserColumn));
  return Promise.all(rows.map((row) => present(deps, row, caller)));
}

/** Starts a quoted batch of the caller's own: at most LOTES_RUNNING_PER_USER at once, money checked now. */
export async function confirmLote(
  deps: LoteDeps,
  caller: AuthContext,
  reach: Reach,
  id: number,
): Promise<Lote> {
  const where = reach.where(loteUserColumn);
  const quoted = await findLote(deps.db, id, where, false);
  if (!quoted) throw notFound(messages.loteNotFound);
  refuseTrial(caller);
  // Confirmed through a key, the batch is the key's: its modules now, its cap and standing as it runs.
  const keyModules = caller.apiKey?.modulos;
  if (keyModules && (quoted.moduloId === null || !keyModules.includes(quoted.moduloId))) {
    throw new AppError('API_KEY_MODULE_DENIED', messages.apiKeyModuleDenied);
  }
  // What the user agreed to is the quote: a module that now costs more (or charges in another way)
  // is quoted again, never run at the new price (docs/product/lotes.md#running).
  const module = quoted.moduloId === null ? undefined : await deps.lookups.catalog.get(quoted.moduloId);
  if (
    quoted.status === 'cotado' &&
    module &&
    quoteBroken(module, { priceCents: quoted.precoCents, cobranca: quoted.cobranca })
  ) {
    throw new AppError('LOTE_PRICE_CHANGED', messages.lotePriceChanged);
  }
  // The money is checked now as a courtesy: each row is still reserved on its own, exactly, as it runs.
  if (quoted.status === 'cotado' && quoted.validas > 0 && !(await covers(deps, quoted, caller))) {
    throw quoted.cobranca === 'creditos'
      ? new AppError('INSUFFICIENT_CREDITS', messages.loteInsufficientCredits)
      : new AppError('QUOTA_EXCEEDED', messages.loteQuotaShort);
  }
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, caller.userId);
    const row = await findLote(tx, id, where, false);
    if (!row) throw notFound(messages.loteNotFound);
    if (row.status !== 'cotado') throw new AppError('LOTE_NOT_QUOTED', messages.loteNotQuoted);
    if (row.validas === 0) throw new AppError('LOTE_NO_VALID_ROWS', messages.loteNoValidRows);
    if ((await runningLotesOf(tx, caller.userId)) >= LOTES_RUNNING_PER_USER) {
      throw new AppError('LOTE_RUNNING_LIMIT', messages.loteRunningLimit(LOTES_RUNNING_PER_USER));
    }
    // A cancel that won the race since the read above leaves nothing to start.
    if (!(await markRunning(tx, id, caller.apiKey?.prefixo ?? null))) {
      throw new AppError('LOTE_NOT_QUOTED', messages.loteNotQuoted);
    }
    await writeLog(tx, {
      tipo: 'consulta',
      acao: 'lote_iniciado',
      userId: caller.userId,
      targetUserId: caller.userId,
      detalhes: { lote_id: id, modulo_id: row.moduloId, validas: row.validas },
    });
  });
  await deps.dispatch(id);
  return getLote(deps, caller, reach, id);
}

/** Stops a quoted or running batch within reach: rows in flight finish, nothing more is reserved. */
export async function cancelLote(
  deps: LoteDeps,
  caller: AuthContext,
  reach: Reach,
  id: number,
): Promise<Lote> {
  await deps.db.transaction(async (tx) => {
    const row = await findLote(tx, id, reach.where(loteUserColumn), false);
    if (!row) throw notFound(messages.loteNotFound);
    if (!(await markCancelled(tx, id))) throw new AppError('LOTE_NOT_RUNNING', messages.loteNotRunning);
    await writeLog(tx, {
      tipo:
        row.usuarioId === caller.userId
          ? 'consulta'
          : caller.tipo === 'admin'
            ? 'admin_action'
            : 'revendedor_action',
      acao: 'lote_cancelado',
      userId: caller.userId,
      targetUserId: row.usuarioId,
      detalhes: { lote_id: id, modulo_id: row.moduloId, status_anterior: row.status },
    });
  });
  return getLote(deps, caller, reach, id);
}
