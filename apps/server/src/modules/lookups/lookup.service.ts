import { messages } from '@painel/shared/messages';
import { hasAccess } from '@painel/shared/rules/access';
import { isIdentifierType } from '@painel/shared/rules/identifiers';
import { type QueryField, validateQueryInput } from '@painel/shared/rules/query-input';
import { effectiveQuantityLimit } from '@painel/shared/rules/quota';
import type { Database } from '../../db/client.ts';
import type { ModuleRow } from '../../db/schema/modules.ts';
import { AppError, type ErrorCode, notFound, validationError } from '../../lib/app-error.ts';
import { placeholderErrors, type UpstreamGateway } from '../../lib/upstream.ts';
import type { UpstreamHealth } from '../../lib/upstream-health.ts';
import { holdKeyCap } from '../api-keys/daily-cap.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { ModuleCatalog } from '../catalog/module-catalog.ts';
import { type PurposeCatalog, purposeProblem } from '../purposes/purpose-catalog.ts';
import { type Charge, type Reservation, trialLimit } from './lookup.repository.ts';
import type { LookupWrites } from './lookup-writes.ts';
import { type ResultView, viewResult } from './result-view.ts';
import { maskTrialResult } from './trial-mask.ts';

export interface LookupDeps {
  db: Database;
  catalog: ModuleCatalog;
  /** The active purposes and whether a lookup must name one (docs/product/purposes.md). */
  purposes: PurposeCatalog;
  upstream: UpstreamGateway;
  health: UpstreamHealth;
  /** Every write that opens or closes a lookup (lookup-writes.ts). */
  writes: LookupWrites;
  retentionDays: number;
  /** Told of every finished lookup (live dashboards, metrics). */
  onFinished?: (event: FinishedLookupEvent) => void;
}

export interface FinishedLookupEvent {
  id: number;
  userId: number;
  moduleId: number;
  status: 'sucesso' | 'falha';
  /** A failure's code, as written on the lookup. */
  errorCode?: ErrorCode;
  /** What a success charged, in cents (0 for quota and trial lookups). */
  costCents?: number;
}

export interface LookupOutcome extends ResultView {
  id: number;
  status: 'sucesso';
  trial: boolean;
  aviso?: string;
}

/** What access depends on; the session check reads it (AuthContext.access). */
type Caller = AuthContext['access'];

export function callerHasAccess(caller: Caller, now = Date.now()): boolean {
  return hasAccess(
    {
      data_expiracao: caller.dataExpiracao,
      active_subscription: caller.subscriptionEndsAt && { ends_at: caller.subscriptionEndsAt },
    },
    new Date(now),
  );
}

export function quantityLimitFor(module: ModuleRow, caller: Pick<Caller, 'modulos'>): number | null {
  return effectiveQuantityLimit(
    {
      limite_efetivo_quantidade: module.limiteEfetivoQuantidade,
      limite_padrao_quantidade: module.limitePadraoQuantidade,
    },
    caller.modulos[String(module.id)],
  );
}

/** Reserves what the lookup costs (docs/product/lookups.md#charging) and returns the pending lookup's id. */
async function reserve(
  deps: LookupDeps,
  userId: number,
  module: ModuleRow,
  caller: Caller,
  lookup: Reservation,
) {
  const access = callerHasAccess(caller);
  if (module.tipoLimite === 'creditos') {
    if (!access) throw new AppError('TRIAL_NOT_ALLOWED', messages.trialNotForCreditModules);
    const id = await deps.writes.reserveCredits({ userId, priceCents: module.precoCents, lookup });
    if (id === null) throw new AppError('INSUFFICIENT_CREDITS', messages.insufficientCredits);
    return { id, trial: false };
  }
  if (!access) {
    const limit = await trialLimit(deps.db);
    const id = limit > 0 ? await deps.writes.reserveTrial(userId, limit, lookup) : null;
    if (id === null) throw new AppError('TRIAL_EXHAUSTED', messages.trialExhausted);
    return { id, trial: true };
  }
  const limit = quantityLimitFor(module, caller);
  if (limit === 0) throw new AppError('NO_QUOTA', messages.noQuota);
  const id = await deps.writes.reserveQuota(userId, limit, lookup);
  if (id === null) throw new AppError('QUOTA_EXCEEDED', messages.quotaExceeded);
  return { id, trial: false };
}

/**
 * Whether the module would now charge a batch row more than its batch was quoted at (`priceCents`),
 * or in another way (credits where slots were quoted, or the reverse).
 */
export function quoteBroken(
  module: Pick<ModuleRow, 'tipoLimite' | 'precoCents'>,
  quoted: { priceCents: number; cobranca: 'creditos' | 'quantidade' },
): boolean {
  const cobranca = module.tipoLimite === 'creditos' ? 'creditos' : 'quantidade';
  if (cobranca !== quoted.cobranca) return true;
  return cobranca === 'creditos' && module.precoCents > quoted.priceCents;
}

/** The identifier type of each typed field, kept with the lookup so its history reads as it was typed. */
function identifierTypesOf(fields: QueryField[]): Record<string, string> | null {
  const typed = fields.filter((field) => isIdentifierType(field.tipo));
  return typed.length === 0 ? null : Object.fromEntries(typed.map((field) => [field.nome, field.tipo]));
}

export interface LookupRequest {
  modulo_id: number;
  input: Record<string, string>;
  /** Why the lookup is run: an active purpose, required while `exigir_finalidade` is on. */
  finalidade_id?: number | null | undefined;
  justificativa?: string | null | undefined;
}

export interface LookupHooks {
  /** Told what a successful lookup cost and the balance then, read as it was completed. */
  onCharged?: (charge: Charge) => void;
  /**
   * The batch row it is run for (modules/lotes): stamped on the lookup, which is then its only one.
   * `priceCents` and `cobranca` are what the batch was quoted at: a row is never charged more, nor
   * in another way (refused LOTE_PRICE_CHANGED before anything is reserved).
   */
  batch?: { id: number; ordem: number; priceCents: number; cobranca: 'creditos' | 'quantidade' };
  /** Told the lookup's id as soon as it is reserved (a batch row records it). */
  onReserved?: (id: number) => void;
}

export async function runLookup(
  deps: LookupDeps,
  caller: Pick<AuthContext, 'userId' | 'access' | 'apiKey'>,
  request: LookupRequest,
  hooks: LookupHooks = {},
): Promise<LookupOutcome> {
  const module = await deps.catalog.get(request.modulo_id);
  if (!module?.ativo) throw notFound(messages.moduleNotFound);
  // A key limited to some modules reaches no other (docs/product/api-keys.md#use).
  const keyModules = caller.apiKey?.modulos;
  if (keyModules && !keyModules.includes(module.id)) {
    throw new AppError('API_KEY_MODULE_DENIED', messages.apiKeyModuleDenied);
  }
  if (module.manutencao) throw new AppError('MODULE_MAINTENANCE', messages.moduleMaintenance);
  // A batch row costs at most what its batch was quoted at: a price raised since (or another way of
  // charging) refuses it before anything is reserved; a lower price is simply what it is charged.
  if (hooks.batch && quoteBroken(module, hooks.batch)) {
    throw new AppError('LOTE_PRICE_CHANGED', messages.lotePriceChanged);
  }

  const { values, errors: inputErrors } = validateQueryInput(module.camposEntrada, request.input);
  // A value that would leave its path segment is refused before anything is reserved.
  const errors = { ...placeholderErrors(module.apiUrl, values), ...inputErrors };
  const fields = Object.fromEntries(Object.entries(errors).map(([field, text]) => [`input.${field}`, text]));
  // So is a lookup without the purpose the panel requires (docs/product/purposes.md).
  const purposeError = purposeProblem(await deps.purposes.rules(), request.finalidade_id);
  if (purposeError) fields.finalidade_id = purposeError;
  if (Object.keys(fields).length > 0) throw validationError(fields);

  // A provider that keeps failing is not called (nor anything reserved) until it has had a rest.
  if (deps.health.isOpen(module.id)) throw new AppError('UPSTREAM_UNAVAILABLE', messages.upstreamUnavailable);
  const { userId } = caller;
  // A capped key holds the price against its day before anything is reserved, given back unless
  // the lookup is charged (docs/product/api-keys.md#daily-cap).
  const capHold =
    // Only a lookup that could be charged (a trial caller is refused credit modules anyway).
    module.tipoLimite === 'creditos' && callerHasAccess(caller.access)
      ? await holdKeyCap(deps.db, caller.apiKey, module.precoCents)
      : null;
  let charged = false;
  try {
    const reservedAt = new Date();
    const reservation = await reserve(deps, userId, module, caller.access, {
      moduloId: module.id,
      moduloNome: module.nome,
      moduloDescricao: module.descricao,
      input: values,
      inputTypes: identifierTypesOf(module.camposEntrada),
      purposeId: request.finalidade_id ?? null,
      justification: request.justificativa ?? null,
      apiKeyPrefix: caller.apiKey?.prefixo ?? null,
      ...(hooks.batch ? { batch: { id: hooks.batch.id, ordem: hooks.batch.ordem } } : {}),
      retentionDays: deps.retentionDays,
    });
    hooks.onReserved?.(reservation.id);

    if (!deps.health.allow(module.id)) {
      // Another lookup is probing the resting provider right now.
      await deps.writes.fail(reservation.id, 'UPSTREAM_UNAVAILABLE');
      deps.onFinished?.({
        id: reservation.id,
        userId,
        moduleId: module.id,
        status: 'falha',
        errorCode: 'UPSTREAM_UNAVAILABLE',
      });
      throw new AppError('UPSTREAM_UNAVAILABLE', messages.upstreamUnavailable);
    }
    let outcome: Awaited<ReturnType<UpstreamGateway['call']>>;
    try {
      outcome = await deps.upstream.call({
        apiUrl: module.apiUrl,
        input: values,
        headers: module.headers,
        timeoutMs: module.timeoutSegundos * 1000,
      });
      deps.health.record(module.id, true, outcome.latencyMs);
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'UPSTREAM_ERROR';
      // 'No result' is a healthy answer; a blocked address is a configuration problem, not an outage.
      deps.health.record(module.id, code === 'NOT_FOUND' || code === 'UPSTREAM_BLOCKED', null);
      await deps.writes.fail(reservation.id, code);
      deps.onFinished?.({
        id: reservation.id,
        userId,
        moduleId: module.id,
        status: 'falha',
        errorCode: code,
      });
      throw error instanceof AppError ? error : new AppError('UPSTREAM_ERROR', messages.upstreamError);
    }

    const retorno = reservation.trial ? maskTrialResult(outcome.body) : outcome.body;
    const completed = await deps.writes.complete({
      id: reservation.id,
      resultJson: JSON.stringify(retorno),
      latencyMs: outcome.latencyMs,
      retentionDays: deps.retentionDays,
    });
    if (!completed) throw new AppError('UPSTREAM_TIMEOUT', messages.upstreamTimeout);
    hooks.onCharged?.(completed);
    deps.onFinished?.({
      id: reservation.id,
      userId,
      moduleId: module.id,
      status: 'sucesso',
      costCents: completed.costCents,
    });
    // Stored whole (a trial's masked); masked here as every read of it is (result-view.ts).
    const view = await viewResult(deps, {
      resultado: retorno,
      trial: reservation.trial,
      moduloId: module.id,
      finalidadeId: request.finalidade_id ?? null,
      createdAt: reservedAt,
    });
    charged = true;
    return {
      id: reservation.id,
      status: 'sucesso',
      ...view,
      trial: reservation.trial,
      ...(reservation.trial ? { aviso: messages.trialResultNote } : {}),
    };
  } finally {
    if (capHold && !charged) await capHold.release();
  }
}
