import { paymentContract } from '@painel/shared/contracts/payments';
import { messages } from '@painel/shared/messages';
import { PAYMENT_HISTORY_LIMIT } from '@painel/shared/schemas/payments';
import { and, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { pixPayments } from '../../db/schema/payments.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { serve } from '../../plugins/serve.ts';
import { writeActionLog } from '../logs/log.repository.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { startPaymentPoller } from './payment.poller.ts';
import { listPaymentViews } from './payment.repository.ts';
import {
  batchPoll,
  createPlanPayment,
  createTopupPayment,
  handleWebhook,
  type PaymentDeps,
  paymentStatus,
  providerFactory,
} from './payment.service.ts';
import { streamPaymentEvents } from './payment-events.ts';
import { paymentReceipt } from './payment-receipt.ts';
import { toPixSettings, updatePixSettings } from './pix-settings.ts';
import { paySandboxCharge } from './sandbox.provider.ts';

/**
 * PIX payments (issue 8), as packages/shared/src/contracts/payments.ts declares them: /payments/*,
 * the provider webhooks and the sandbox switch (docs/product/plans-and-payments.md#providers).
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { db, env, sessions, notices, metrics } = app.services;
  const deps: PaymentDeps = {
    db,
    env,
    sessions,
    notices,
    log: app.log,
    provider: providerFactory(db, env),
    onStatus: metrics.pixPayment,
  };
  const poller = startPaymentPoller(deps, env.PIX_POLL_INTERVAL_MS);
  app.addHook('onClose', () => poller.stop());

  const testSwitches = env.NODE_ENV !== 'production';
  // Open event streams, ended before the server closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });

  serve(app, paymentContract.options, async () => {
    const row = await readSettings(db);
    return {
      topup_min_reais: row.topupMinCents / 100,
      topup_max_reais: row.topupMaxCents / 100,
      sandbox_switch: testSwitches && row.pixProvider === 'sandbox',
    };
  });

  serve(app, paymentContract.events, ({ auth, request, reply }) =>
    streamPaymentEvents(notices, streams, auth.userId, request, reply),
  );

  serve(app, paymentContract.createPix, async ({ auth, body }) => ({
    pixPayment: await createPlanPayment(deps, auth.userId, body.planId, body.idempotencyKey),
  }));

  serve(app, paymentContract.createTopup, async ({ auth, body }) => ({
    pixPayment: await createTopupPayment(deps, auth.userId, body.amount_reais, body.idempotencyKey),
  }));

  serve(app, paymentContract.status, async ({ auth, params }) => ({
    pixPayment: await paymentStatus(deps, auth.userId, params.id),
  }));

  serve(app, paymentContract.receipt, ({ auth, params }) => paymentReceipt(db, auth.userId, params.id));

  serve(app, paymentContract.history, async ({ reach }) => ({
    payments: await listPaymentViews(
      db,
      and(reach.where(pixPayments.userId), isNotNull(pixPayments.pixCode)),
      PAYMENT_HISTORY_LIMIT,
    ),
  }));

  serve(app, paymentContract.list, async ({ query }) => ({
    payments: await listPaymentViews(db, undefined, query.limit),
  }));

  serve(app, paymentContract.batchPoll, async ({ auth, query, request }) => {
    const result = await batchPoll(deps, query.limit, 'batch-poll');
    await writeActionLog(db, auth, 'pix_batch_poll', { limite: query.limit, ...result }, request.ip);
    return result;
  });

  // Public: the signature in the raw headers is what admits a notification.
  serve(app, paymentContract.mercadopagoWebhook, async ({ query, body, request }) => {
    const accepted = await handleWebhook(deps, 'mercadopago', { headers: request.headers, query, body });
    if (!accepted) throw new AppError('WEBHOOK_INVALID', messages.webhookInvalid);
    return { received: true as const };
  });

  serve(app, paymentContract.pixSettings, async () => toPixSettings(await readSettings(db), testSwitches));

  serve(app, paymentContract.updatePixSettings, ({ auth, body, request }) =>
    updatePixSettings(db, { userId: auth.userId, tipo: auth.tipo, ip: request.ip }, body, testSwitches),
  );

  if (!testSwitches) return;

  serve(app, paymentContract.sandboxWebhook, async ({ body, request }) => {
    const accepted = await handleWebhook(deps, 'sandbox', { headers: request.headers, query: {}, body });
    if (!accepted) throw new AppError('WEBHOOK_INVALID', messages.webhookInvalid);
    return { received: true as const };
  });

  serve(app, paymentContract.sandboxPay, async ({ params }) => {
    const externalId = params.pix_id_external;
    if ((await readSettings(db)).pixProvider !== 'sandbox') throw notFound(messages.paymentNotFound);
    const outcome = await paySandboxCharge(db, externalId);
    if (outcome === 'not_found') throw notFound(messages.paymentNotFound);
    if (outcome === 'expired') throw new AppError('PIX_CHARGE_EXPIRED', messages.sandboxChargeExpired);
    // The bank notifies the panel, as a real provider would; the panel then asks the bank.
    setImmediate(() => {
      void handleWebhook(deps, 'sandbox', {
        headers: {},
        query: {},
        body: { pix_id_external: externalId },
      }).catch((error: unknown) => app.log.warn({ err: error }, 'sandbox webhook failed'));
    });
    return { pix_id_external: externalId, status: 'paid' as const };
  });
};
