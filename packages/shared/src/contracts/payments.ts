import { z } from 'zod';
import {
  adminPaymentsQuerySchema,
  batchPollQuerySchema,
  batchPollResponseSchema,
  createPixSchema,
  createTopupSchema,
  paymentIdParamsSchema,
  paymentOptionsSchema,
  paymentReceiptSchema,
  pixPaymentListSchema,
  pixPaymentResponseSchema,
  pixSettingsSchema,
  updatePixSettingsSchema,
} from '../schemas/payments.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, SIGNED_IN } from './endpoint.ts';

/**
 * PIX payments (docs/product/plans-and-payments.md): charges, their status and receipt, the live
 * events, the lists, the PIX configuration, the provider webhooks and the sandbox "bank".
 * The webhooks are public: a notification is accepted only with a valid signature, and the status
 * is always read back from the provider.
 */

const errors: ErrorStatus[] = [400, 401, 403];

/** What a webhook answers once the notification is accepted. */
export const webhookAckSchema = z.object({ received: z.literal(true) });

/** POST /sandbox/pix/{pix_id_external}/pay: the sandbox "bank" marked the charge paid. */
export const sandboxPaidSchema = z.object({ pix_id_external: z.string(), status: z.literal('paid') });
export type SandboxPaid = z.infer<typeof sandboxPaidSchema>;

export const paymentContract = {
  options: endpoint
    .route({
      method: 'GET',
      path: '/payments/options',
      tags: ['payments'],
      summary: 'Valores mínimo e máximo de recarga e se o botão "Simular pagamento" (sandbox) existe aqui',
    })
    .meta({ roles: SIGNED_IN, errors })
    .input(z.object({}))
    .output(paymentOptionsSchema),

  /** Server-Sent Events, not JSON: the handler writes the stream itself. */
  events: endpoint
    .route({
      method: 'GET',
      path: '/payments/events',
      tags: ['payments'],
      summary:
        'Eventos ao vivo (Server-Sent Events): "payment-updated" {paymentId, status} a cada mudança de um pagamento próprio. Leia com fetch + Authorization.',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [429] })
    .input(z.object({})),

  createPix: endpoint
    .route({
      method: 'POST',
      path: '/payments/create-pix',
      tags: ['payments'],
      summary: 'Cria (ou devolve, pela mesma idempotencyKey) a cobrança PIX de um plano',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 404, 409] })
    .input(z.object({ body: createPixSchema }))
    .output(pixPaymentResponseSchema),

  createTopup: endpoint
    .route({
      method: 'POST',
      path: '/payments/create-topup',
      tags: ['payments'],
      summary:
        'Cria (ou devolve) a cobrança PIX de uma recarga de créditos (mínimo e máximo nas configurações)',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 409] })
    .input(z.object({ body: createTopupSchema }))
    .output(pixPaymentResponseSchema),

  status: endpoint
    .route({
      method: 'GET',
      path: '/payments/{id}/status',
      tags: ['payments'],
      summary: 'Situação de um pagamento próprio (consulta o provedor enquanto aguarda)',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 404] })
    .input(z.object({ params: paymentIdParamsSchema }))
    .output(pixPaymentResponseSchema),

  receipt: endpoint
    .route({
      method: 'GET',
      path: '/payments/{id}/receipt',
      tags: ['payments'],
      summary: 'Recibo de um pagamento próprio (o de outro usuário é 404), sem consultar o provedor',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 404] })
    .input(z.object({ params: paymentIdParamsSchema }))
    .output(paymentReceiptSchema),

  history: endpoint
    .route({
      method: 'GET',
      path: '/payments/me/history',
      tags: ['payments'],
      summary: 'Os 20 pagamentos mais recentes do usuário',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({}))
    .output(pixPaymentListSchema),

  list: endpoint
    .route({
      method: 'GET',
      path: '/payments',
      tags: ['payments'],
      summary: 'Os pagamentos mais recentes de todos os usuários (admin)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ query: adminPaymentsQuerySchema }))
    .output(pixPaymentListSchema),

  batchPoll: endpoint
    .route({
      method: 'POST',
      path: '/payments/batch-poll',
      tags: ['payments'],
      summary: 'Consulta no provedor os pagamentos aguardando (admin)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ query: batchPollQuerySchema }))
    .output(batchPollResponseSchema),

  /** Public: accepted only with a valid x-signature (the handler reads the raw headers). */
  mercadopagoWebhook: endpoint
    .route({
      method: 'POST',
      path: '/payments/webhook/mercadopago',
      tags: ['payments'],
      summary: 'Webhook do Mercado Pago (aceito só com x-signature válida; o status é relido na API)',
    })
    .meta({ roles: 'public', errors: [401] })
    .input(z.object({ query: z.record(z.string(), z.unknown()), body: z.unknown().optional() }))
    .output(webhookAckSchema),

  pixSettings: endpoint
    .route({
      method: 'GET',
      path: '/admin/settings/pix',
      tags: ['admin'],
      summary: 'Configuração PIX (segredos mascarados)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({}))
    .output(pixSettingsSchema),

  updatePixSettings: endpoint
    .route({
      method: 'PUT',
      path: '/admin/settings/pix',
      tags: ['admin'],
      summary: 'Altera a configuração PIX; campos ausentes ou mascarados ficam como estão',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ body: updatePixSettingsSchema }))
    .output(pixSettingsSchema),

  /** Test switches only (never in production): public, like a provider's notification. */
  sandboxWebhook: endpoint
    .route({
      method: 'POST',
      path: '/payments/webhook/sandbox',
      tags: ['sandbox'],
      summary: 'Webhook do provedor sandbox (só um aviso: o status é relido no "banco" sandbox)',
    })
    .meta({ roles: 'public', errors: [401] })
    .input(z.object({ body: z.object({ pix_id_external: z.string() }) }))
    .output(webhookAckSchema),

  /** Test switches only (never in production), and only while the sandbox provider is active. */
  sandboxPay: endpoint
    .route({
      method: 'POST',
      path: '/sandbox/pix/{pix_id_external}/pay',
      tags: ['sandbox'],
      summary: 'Simula o pagamento de uma cobrança sandbox no "banco" (nunca em produção)',
    })
    .meta({ roles: SIGNED_IN, errors: [...errors, 404, 409] })
    .input(z.object({ params: z.object({ pix_id_external: z.string().max(64) }) }))
    .output(sandboxPaidSchema),
};
