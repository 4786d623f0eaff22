import { messages } from '@painel/shared/messages';
import { errorBodySchema } from '@painel/shared/schemas/common';
import {
  adminPaymentsQuerySchema,
  batchPollQuerySchema,
  batchPollResponseSchema,
  createPixSchema,
  createTopupSchema,
  PAYMENT_HISTORY_LIMIT,
  paymentIdParamsSchema,
  paymentOptionsSchema,
  paymentReceiptSchema,
  pixPaymentListSchema,
  pixPaymentResponseSchema,
  pixSettingsSchema,
  updatePixSettingsSchema,
} from '@painel/shared/schemas/payments';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pixPayments } from '../../db/schema/payments.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { authOf, requireRole, requireUser } from '../../plugins/auth.ts';
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

const webhookAck = z.object({ received: z.literal(true) });

/** PIX payments (issue 8): /payments/*, the provider webhooks and the sandbox switch (docs/product/plans-and-payments.md#providers). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env, sessions, notices } = app.services;
  const deps: PaymentDeps = { db, env, sessions, notices, log: app.log, provider: providerFactory(db, env) };
  const poller = startPaymentPoller(deps, env.PIX_POLL_INTERVAL_MS);
  app.addHook('onClose', () => poller.stop());

  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  const security = [{ bearer: [] }];
  const testSwitches = env.NODE_ENV !== 'production';
  // Open event streams, ended before the server closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });

  app.get(
    '/payments/options',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Valor mínimo de recarga e se o botão "Simular pagamento" (sandbox) existe aqui',
        security,
        response: { 200: paymentOptionsSchema, ...errors },
      },
    },
    async () => {
      const row = await readSettings(db);
      return {
        topup_min_reais: row.topupMinCents / 100,
        sandbox_switch: testSwitches && row.pixProvider === 'sandbox',
      };
    },
  );

  app.get(
    '/payments/events',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Eventos ao vivo (Server-Sent Events): "payment-updated" {paymentId, status} a cada mudança de um pagamento próprio. Leia com fetch + Authorization.',
        security,
      },
    },
    async (request, reply) => streamPaymentEvents(notices, streams, authOf(request).userId, request, reply),
  );

  app.post(
    '/payments/create-pix',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Cria (ou devolve, pela mesma idempotencyKey) a cobrança PIX de um plano',
        security,
        body: createPixSchema,
        response: { 200: pixPaymentResponseSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => ({
      pixPayment: await createPlanPayment(
        deps,
        authOf(request).userId,
        request.body.planId,
        request.body.idempotencyKey,
      ),
    }),
  );

  app.post(
    '/payments/create-topup',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Cria (ou devolve) a cobrança PIX de uma recarga de créditos (mínimo nas configurações)',
        security,
        body: createTopupSchema,
        response: { 200: pixPaymentResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => ({
      pixPayment: await createTopupPayment(
        deps,
        authOf(request).userId,
        request.body.amount_reais,
        request.body.idempotencyKey,
      ),
    }),
  );

  app.get(
    '/payments/:id/status',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Situação de um pagamento próprio (consulta o provedor enquanto aguarda)',
        security,
        params: paymentIdParamsSchema,
        response: { 200: pixPaymentResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => ({ pixPayment: await paymentStatus(deps, authOf(request).userId, request.params.id) }),
  );

  app.get(
    '/payments/:id/receipt',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Recibo de um pagamento próprio (o de outro usuário é 404), sem consultar o provedor',
        security,
        params: paymentIdParamsSchema,
        response: { 200: paymentReceiptSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => paymentReceipt(db, authOf(request).userId, request.params.id),
  );

  app.get(
    '/payments/me/history',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Os 20 pagamentos mais recentes do usuário',
        security,
        response: { 200: pixPaymentListSchema, ...errors },
      },
    },
    async (request) => ({
      payments: await listPaymentViews(
        db,
        and(eq(pixPayments.userId, authOf(request).userId), isNotNull(pixPayments.pixCode)),
        PAYMENT_HISTORY_LIMIT,
      ),
    }),
  );

  app.get(
    '/payments',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Os pagamentos mais recentes de todos os usuários (admin)',
        security,
        querystring: adminPaymentsQuerySchema,
        response: { 200: pixPaymentListSchema, ...errors },
      },
    },
    async (request) => ({ payments: await listPaymentViews(db, undefined, request.query.limit) }),
  );

  app.post(
    '/payments/batch-poll',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Consulta no provedor os pagamentos aguardando (admin)',
        security,
        querystring: batchPollQuerySchema,
        response: { 200: batchPollResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await batchPoll(deps, request.query.limit, 'batch-poll');
      await writeActionLog(
        db,
        authOf(request),
        'pix_batch_poll',
        { limite: request.query.limit, ...result },
        request.ip,
      );
      return result;
    },
  );

  app.post(
    '/payments/webhook/mercadopago',
    {
      schema: {
        tags: ['payments'],
        summary: 'Webhook do Mercado Pago (aceito só com x-signature válida; o status é relido na API)',
        querystring: z.record(z.string(), z.unknown()),
        body: z.unknown().optional(),
        response: { 200: webhookAck, 401: errorBodySchema },
      },
    },
    async (request) => {
      const accepted = await handleWebhook(deps, 'mercadopago', {
        headers: request.headers,
        query: request.query,
        body: request.body,
      });
      if (!accepted) throw new AppError('WEBHOOK_INVALID', messages.webhookInvalid);
      return { received: true as const };
    },
  );

  app.get(
    '/admin/settings/pix',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Configuração PIX (segredos mascarados)',
        security,
        response: { 200: pixSettingsSchema, ...errors },
      },
    },
    async () => toPixSettings(await readSettings(db), testSwitches),
  );

  app.put(
    '/admin/settings/pix',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Altera a configuração PIX; campos ausentes ou mascarados ficam como estão',
        security,
        body: updatePixSettingsSchema,
        response: { 200: pixSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return updatePixSettings(
        db,
        { userId: auth.userId, tipo: auth.tipo, ip: request.ip },
        request.body,
        testSwitches,
      );
    },
  );

  if (!testSwitches) return;

  app.post(
    '/payments/webhook/sandbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Webhook do provedor sandbox (só um aviso: o status é relido no "banco" sandbox)',
        body: z.object({ pix_id_external: z.string() }),
        response: { 200: webhookAck, 401: errorBodySchema },
      },
    },
    async (request) => {
      const accepted = await handleWebhook(deps, 'sandbox', {
        headers: request.headers,
        query: {},
        body: request.body,
      });
      if (!accepted) throw new AppError('WEBHOOK_INVALID', messages.webhookInvalid);
      return { received: true as const };
    },
  );

  app.post(
    '/sandbox/pix/:pix_id_external/pay',
    {
      onRequest: requireUser,
      schema: {
        tags: ['sandbox'],
        summary: 'Simula o pagamento de uma cobrança sandbox no "banco" (nunca em produção)',
        security,
        params: z.object({ pix_id_external: z.string().max(64) }),
        response: {
          200: z.object({ pix_id_external: z.string(), status: z.literal('paid') }),
          404: errorBodySchema,
          409: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const externalId = request.params.pix_id_external;
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
    },
  );
};
