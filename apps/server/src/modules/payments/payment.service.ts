import { createHash } from 'node:crypto';
import { messages } from '@painel/shared/messages';
import { PIX_EXPIRY_MINUTES, pixExpiresAt } from '@painel/shared/rules/pix-status';
import { addPlanDuration, planStart } from '@painel/shared/rules/plan-duration';
import {
  type BatchPollResult,
  type PixPayment,
  type PixProviderName,
  reaisToCents,
  topupLimitProblem,
} from '@painel/shared/schemas/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { PixPaymentRow } from '../../db/schema/payments.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { adjustCredits } from '../../lib/ledger.repository.ts';
import type { NoticeBus } from '../../lib/notice-bus.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { createMercadoPagoProvider } from './mercadopago.provider.ts';
import {
  claimPayment,
  closeWaitingPayment,
  countOpenCharges,
  deleteAbandonedClaims,
  deleteUnchargedClaim,
  findDuePayments,
  findPayerEmail,
  findPayment,
  findPaymentByExternal,
  findPaymentByKey,
  findPlan,
  latestSubscriptionEnd,
  lockPayment,
  lockUserAccessEnd,
  markChecked,
  markVerifiedOnce,
  paymentView,
  recordEvent,
  recordPlanPurchase,
  setCharge,
} from './payment.repository.ts';
import type { PixProvider, RemoteStatus } from './pix-provider.ts';
import { createSandboxProvider } from './sandbox.provider.ts';

export const PAYMENT_UPDATED = 'payment-updated';
/**
 * A claimed row still without its charge this long after creation belongs to a request that died
 * mid-way (the provider call has a 10 s timeout): it is dropped, and the same key may try again.
 */
const ABANDONED_CLAIM_MS = 60_000;
const MAX_OPEN_CHARGES = 10;
/** A charge whose provider cannot be reached is expired anyway this long after its deadline. */
const UNREACHABLE_GRACE_MS = 24 * 3_600_000;

/** What changed a payment, kept with each transition. */
export type PaymentSource = 'create' | 'status' | 'batch-poll' | 'poller' | 'webhook';

export interface PaymentDeps {
  db: Database;
  env: Env;
  sessions: SessionGuard;
  notices: NoticeBus;
  log: FastifyBaseLogger;
  /** The provider by name, configured from the current settings. */
  provider(name: PixProviderName): Promise<PixProvider>;
  /** Told each status a payment reaches: waiting once its charge exists, then verified, expired or failed (the metrics). */
  onStatus?: (provider: PixProviderName, status: PixPaymentRow['status']) => void;
}

/** Providers configured from the settings at the moment of each call (the admin may change them). */
export function providerFactory(db: Database, env: Env) {
  const sandbox = createSandboxProvider(db);
  return async (name: PixProviderName): Promise<PixProvider> => {
    if (name === 'sandbox') {
      // Its charges can never be paid in production (the switch is refused there): offer none.
      if (env.NODE_ENV === 'production') throw new AppError('PIX_NOT_CONFIGURED', messages.pixNotConfigured);
      return sandbox;
    }
    const row = await readSettings(db);
    if (!row.pixApiKey) throw new AppError('PIX_NOT_CONFIGURED', messages.pixNotConfigured);
    return createMercadoPagoProvider({
      baseUrl: env.MERCADOPAGO_API_URL,
      accessToken: row.pixApiKey,
      webhookSecret: row.pixWebhookSecret,
      toleranceSeconds: env.PIX_WEBHOOK_TOLERANCE_SECONDS,
    });
  };
}

interface NewPayment {
  userId: number;
  purpose: 'credit' | 'plan';
  planId: number | null;
  amountCents: number;
  idempotencyKey: string;
  description: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key the provider sees: stable for one (user, idempotencyKey), so retries never charge twice. */
function providerIdempotencyKey(userId: number, key: string): string {
  return `painel-${createHash('sha256').update(`${userId}:${key}`).digest('hex').slice(0, 40)}`;
}

async function requireView(deps: PaymentDeps, id: number): Promise<PixPayment> {
  const view = await paymentView(deps.db, id);
  if (!view) throw notFound(messages.paymentNotFound);
  return view;
}

/**
 * Opens a charge once per (user, idempotencyKey): the row is claimed first (unique index), then the
 * provider is called; a concurrent request with the same key waits for that charge and returns it.
 * A provider failure removes the claim, so the same key may be retried.
 */
async function openPayment(deps: PaymentDeps, request: NewPayment): Promise<PixPayment> {
  const { db } = deps;
  const { pixProvider } = await readSettings(db);
  const replay = await findPaymentByKey(db, request.userId, request.idempotencyKey);
  if (!replay) await refuseTooManyOpen(db, request.userId);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const now = new Date();
    const claimed = await claimPayment(db, {
      userId: request.userId,
      purpose: request.purpose,
      planId: request.planId,
      amountCents: request.amountCents,
      provider: pixProvider,
      idempotencyKey: request.idempotencyKey,
      createdAt: now,
      expiresAt: pixExpiresAt(now),
    });
    if (claimed) return createCharge(deps, claimed, request);

    const existing = await findPaymentByKey(db, request.userId, request.idempotencyKey);
    if (!existing) continue;
    if (
      existing.purpose !== request.purpose ||
      existing.planId !== request.planId ||
      existing.amountCents !== request.amountCents
    ) {
      throw new AppError('IDEMPOTENCY_CONFLICT', messages.idempotencyConflict);
    }
    if (existing.pixCode) return requireView(deps, existing.id);
    if (Date.now() - existing.createdAt.getTime() > ABANDONED_CLAIM_MS) {
      await deleteAbandonedClaims(db, new Date(Date.now() - ABANDONED_CLAIM_MS));
      continue;
    }
    await sleep(50);
  }
  throw new AppError('PIX_PROVIDER_ERROR', messages.pixFailed);
}

/** A user may hold a few unpaid charges at once, not an unbounded number at the provider. */
async function refuseTooManyOpen(db: Database, userId: number): Promise<void> {
  const open = await countOpenCharges(db, userId, new Date());
  if (open >= MAX_OPEN_CHARGES) {
    throw new AppError('RATE_LIMITED', messages.tooManyOpenCharges, { retryAfterSeconds: 60 });
  }
}

async function createCharge(
  deps: PaymentDeps,
  claimed: PixPaymentRow,
  request: NewPayment,
): Promise<PixPayment> {
  const { db } = deps;
  try {
    const provider = await deps.provider(claimed.provider);
    const payerEmail = await findPayerEmail(db, request.userId);
    const charge = await provider.createCharge({
      paymentId: claimed.id,
      amountCents: claimed.amountCents,
      description: request.description,
      payerEmail: payerEmail ?? '',
      idempotencyKey: providerIdempotencyKey(request.userId, request.idempotencyKey),
      expiresAt: claimed.expiresAt,
    });
    await db.transaction(async (tx) => {
      await setCharge(tx, claimed.id, charge);
      await recordEvent(tx, {
        paymentId: claimed.id,
        fromStatus: null,
        toStatus: 'waiting',
        source: 'create',
        actorId: request.userId,
        detalhes: {
          provider: claimed.provider,
          pix_id_external: charge.externalId,
          valor_cents: claimed.amountCents,
        },
      });
    });
  } catch (error) {
    // Claims whose creation never finished: nothing was shown to anyone, so nothing can be paid.
    await deleteUnchargedClaim(db, claimed.id);
    if (error instanceof AppError && error.code === 'PIX_NOT_CONFIGURED') throw error;
    deps.log.error({ err: error, paymentId: claimed.id }, 'PIX charge creation failed');
    throw new AppError('PIX_PROVIDER_ERROR', messages.pixFailed);
  }
  deps.onStatus?.(claimed.provider, 'waiting');
  return requireView(deps, claimed.id);
}

/** A key already used for this very request answers its payment, whatever changed since (price, minimum). */
async function replayed(
  deps: PaymentDeps,
  userId: number,
  idempotencyKey: string,
  same: (payment: PixPaymentRow) => boolean,
): Promise<PixPayment | null> {
  const existing = await findPaymentByKey(deps.db, userId, idempotencyKey);
  return existing?.pixCode && same(existing) ? requireView(deps, existing.id) : null;
}

/** POST /payments/create-pix: a charge of the plan's price. */
export async function createPlanPayment(
  deps: PaymentDeps,
  userId: number,
  planId: number,
  idempotencyKey: string,
): Promise<PixPayment> {
  const replay = await replayed(
    deps,
    userId,
    idempotencyKey,
    (p) => p.purpose === 'plan' && p.planId === planId,
  );
  if (replay) return replay;
  const plan = await findPlan(deps.db, planId);
  if (!plan) throw notFound(messages.planNotFound);
  if (!plan.active || plan.priceCents <= 0) throw new AppError('PLAN_UNAVAILABLE', messages.planUnavailable);
  return openPayment(deps, {
    userId,
    purpose: 'plan',
    planId: plan.id,
    amountCents: plan.priceCents,
    idempotencyKey,
    description: `Plano ${plan.name} - Painel Consulta`,
  });
}

/** POST /payments/create-topup: within the configured minimum and maximum; 1 credit = R$ 1,00. */
export async function createTopupPayment(
  deps: PaymentDeps,
  userId: number,
  amountReais: number,
  idempotencyKey: string,
): Promise<PixPayment> {
  const amountCents = reaisToCents(amountReais);
  const replay = await replayed(
    deps,
    userId,
    idempotencyKey,
    (p) => p.purpose === 'credit' && p.amountCents === amountCents,
  );
  if (replay) return replay;
  const { topupMinCents, topupMaxCents } = await readSettings(deps.db);
  const problem = topupLimitProblem(amountCents, { minCents: topupMinCents, maxCents: topupMaxCents });
  if (problem) throw validationError({ amount_reais: problem });
  return openPayment(deps, {
    userId,
    purpose: 'credit',
    planId: null,
    amountCents,
    idempotencyKey,
    description: 'Recarga de créditos - Painel Consulta',
  });
}

function announce(
  deps: PaymentDeps,
  payment: Pick<PixPaymentRow, 'id' | 'userId' | 'provider'>,
  status: PixPaymentRow['status'],
): void {
  deps.onStatus?.(payment.provider, status);
  deps.notices.publish(PAYMENT_UPDATED, { paymentId: payment.id, userId: payment.userId, status });
}

/**
 * Applies a verified payment exactly once, across requests and processes: the row is locked, and
 * the statement that makes it verified only matches while applied_at is null, in the same
 * transaction as the subscription or the credits.
 */
export async function applyVerified(
  deps: PaymentDeps,
  paymentId: number,
  source: PaymentSource,
  remote: RemoteStatus,
): Promise<boolean> {
  const applied = await deps.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || locked.appliedAt || (locked.status !== 'waiting' && locked.status !== 'expired'))
      return null;
    if (remote.amountCents !== undefined && remote.amountCents !== locked.amountCents) {
      deps.log.error(
        { paymentId, expected: locked.amountCents, paid: remote.amountCents },
        'PIX paid amount differs from the charge; not applied',
      );
      return null;
    }
    const now = new Date();
    const payment = await markVerifiedOnce(tx, paymentId, now);
    if (!payment) return null;

    const effect: Record<string, unknown> = {};
    if (payment.purpose === 'plan' && payment.planId !== null) {
      const plan = await findPlan(tx, payment.planId);
      const user = await lockUserAccessEnd(tx, payment.userId);
      const latestEnd = await latestSubscriptionEnd(tx, payment.userId);
      const startsAt = planStart(now, latestEnd, user?.dataExpiracao);
      const endsAt = addPlanDuration(startsAt, plan!.durationValue, plan!.durationUnit);
      const subscriptionId = await recordPlanPurchase(tx, {
        paymentId: payment.id,
        userId: payment.userId,
        planId: plan!.id,
        startsAt,
        endsAt,
        now,
      });
      Object.assign(effect, {
        assinatura: {
          id: subscriptionId,
          plano: plan!.name,
          inicio: startsAt.toISOString(),
          fim: endsAt.toISOString(),
        },
        antes: { data_expiracao: user?.dataExpiracao?.toISOString() ?? null },
        depois: { data_expiracao: endsAt.toISOString() },
      });
    } else {
      const balance = await adjustCredits(tx, {
        userId: payment.userId,
        actorId: null,
        amountCents: payment.amountCents,
        reason: 'recarga_pix',
        reference: `pix:${payment.id}`,
      });
      Object.assign(effect, {
        creditos: payment.amountCents / 100,
        antes: { creditos: (balance - payment.amountCents) / 100 },
        depois: { creditos: balance / 100 },
      });
    }
    await recordEvent(tx, {
      paymentId: payment.id,
      fromStatus: locked.status,
      toStatus: 'verified',
      source,
      detalhes: effect,
    });
    return payment;
  });
  if (!applied) return false;
  deps.sessions.userChanged(applied.userId);
  announce(deps, applied, 'verified');
  deps.log.info(
    { paymentId: applied.id, userId: applied.userId, source },
    'PIX payment verified and applied',
  );
  return true;
}

/** waiting -> expired | failed, once. */
async function closeWaiting(
  deps: PaymentDeps,
  payment: PixPaymentRow,
  status: 'expired' | 'failed',
  source: PaymentSource,
  detalhes: Record<string, unknown>,
): Promise<boolean> {
  const closed = await deps.db.transaction(async (tx) => {
    const row = await closeWaitingPayment(tx, payment.id, status);
    if (row)
      await recordEvent(tx, { paymentId: row.id, fromStatus: 'waiting', toStatus: status, source, detalhes });
    return row;
  });
  if (!closed) return false;
  announce(deps, closed, status);
  deps.log.info({ paymentId: closed.id, status, source }, 'PIX payment closed');
  return true;
}

/**
 * Asks the provider about a waiting charge (or an expired one, when a webhook says it was paid late)
 * and records what it says; a charge still waiting past its PIX_EXPIRY_MINUTES is expired.
 */
export async function refreshPayment(
  deps: PaymentDeps,
  payment: PixPaymentRow,
  source: PaymentSource,
  options: { includeExpired?: boolean } = {},
): Promise<void> {
  const checkable = payment.status === 'waiting' || (options.includeExpired && payment.status === 'expired');
  if (!checkable || payment.appliedAt || !payment.pixIdExternal) return;
  const now = new Date();
  let remote: RemoteStatus | null = null;
  try {
    remote = await (await deps.provider(payment.provider)).fetchStatus(payment.pixIdExternal);
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'PIX status check failed');
  }
  await markChecked(deps.db, payment.id, now);
  if (remote?.status === 'verified') {
    await applyVerified(deps, payment.id, source, remote);
  } else if (payment.status !== 'waiting') {
    return;
  } else if (remote?.status === 'failed' || remote?.status === 'expired') {
    await closeWaiting(deps, payment, remote.status, source, { provedor: remote.status });
  } else if (remote && now >= payment.expiresAt) {
    await closeWaiting(deps, payment, 'expired', source, {
      motivo: `prazo de ${PIX_EXPIRY_MINUTES} minutos`,
    });
  } else if (!remote && now.getTime() >= payment.expiresAt.getTime() + UNREACHABLE_GRACE_MS) {
    await closeWaiting(deps, payment, 'expired', source, { motivo: 'provedor sem resposta após o prazo' });
  }
}

/** GET /payments/{id}/status: the caller's own payment (another user's is 404), refreshed while waiting. */
export async function paymentStatus(deps: PaymentDeps, userId: number, id: number): Promise<PixPayment> {
  const payment = await findPayment(deps.db, id);
  if (!payment || payment.userId !== userId) throw notFound(messages.paymentNotFound);
  await refreshPayment(deps, payment, 'status');
  return requireView(deps, id);
}

/** Checks the waiting charges least recently checked first (POST /payments/batch-poll and the poller). */
export async function batchPoll(
  deps: PaymentDeps,
  limit: number,
  source: PaymentSource,
): Promise<BatchPollResult> {
  const due = await findDuePayments(deps.db, limit);
  const result: BatchPollResult = { checked: 0, verified: 0, expired: 0, failed: 0, waiting: 0 };
  for (const payment of due) {
    await refreshPayment(deps, payment, source);
    const after = await findPayment(deps.db, payment.id);
    result.checked += 1;
    result[after?.status ?? 'failed'] += 1;
  }
  return result;
}

/** A provider's webhook: only a hint naming a charge, whose status is then fetched from the provider. */
export async function handleWebhook(
  deps: PaymentDeps,
  providerName: PixProviderName,
  delivery: Parameters<PixProvider['verifyWebhook']>[0],
): Promise<boolean> {
  let provider: PixProvider;
  try {
    provider = await deps.provider(providerName);
  } catch {
    return false;
  }
  const externalId = provider.verifyWebhook(delivery);
  if (!externalId) return false;
  const payment = await findPaymentByExternal(deps.db, providerName, externalId);
  if (payment) await refreshPayment(deps, payment, 'webhook', { includeExpired: true });
  return true;
}
