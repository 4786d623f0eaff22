import { z } from 'zod';
import { messages } from '../messages.ts';
import { formatReais, PIX_STATUSES } from '../rules/pix-status.ts';
import { idParamsSchema, isStorableText, MAX_ID, plainText } from './common.ts';

export const PIX_PURPOSES = ['credit', 'plan'] as const;
export const PIX_PROVIDERS = ['sandbox', 'mercadopago'] as const;
export type PixProviderName = (typeof PIX_PROVIDERS)[number];
/** Own history 20, admin list 50, batch poll 25 (docs/product/plans-and-payments.md#payment-lists). */
export const PAYMENT_HISTORY_LIMIT = 20;
export const PAYMENT_ADMIN_LIMIT = 50;
export const BATCH_POLL_DEFAULT_LIMIT = 25;
/** No top-up, and so no top-up setting, goes above R$ 100.000,00. */
export const TOPUP_CEILING_REAIS = 100_000;

/** PIX payment as docs/product/plans-and-payments.md#pix-charge lists it, plus the provider (the panel shows 'Simular pagamento' for sandbox). */
export const pixPaymentSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  purpose: z.enum(PIX_PURPOSES),
  plan_id: z.number().nullable(),
  Plan: z.object({ name: z.string() }).nullable(),
  status: z.enum(PIX_STATUSES),
  amount_cents: z.number(),
  provider: z.enum(PIX_PROVIDERS),
  pix_id_external: z.string().nullable(),
  pix_code: z.string().nullable(),
  createdAt: z.string(),
  expires_at: z.string(),
  verified_at: z.string().nullable(),
});
export type PixPayment = z.infer<typeof pixPaymentSchema>;

export const pixPaymentResponseSchema = z.object({ pixPayment: pixPaymentSchema });
export const pixPaymentListSchema = z.object({ payments: z.array(pixPaymentSchema) });

const idempotencyKeySchema = z
  .string({ error: messages.idempotencyKeyRequired })
  .trim()
  .min(1, messages.idempotencyKeyRequired)
  .max(200, messages.tooLong(200))
  .refine(isStorableText, messages.invalidCharacters);

/** POST /payments/create-pix; the web builds the key from user id, plan id and a timestamp. */
export const createPixSchema = z.object({
  planId: z
    .number({ error: messages.planNotFound })
    .int(messages.planNotFound)
    .positive(messages.planNotFound)
    .max(MAX_ID, messages.planNotFound),
  idempotencyKey: idempotencyKeySchema,
});
export type CreatePixInput = z.input<typeof createPixSchema>;

/** What a top-up may be, in cents: the settings' topup_min_reais and topup_max_reais. */
export interface TopupLimits {
  minCents: number;
  maxCents: number;
}

/** 'Valor mínimo para recarga é R$ 50,00' */
export function topupMinimumMessage(minCents: number): string {
  return messages.topupMin(formatReais(minCents));
}

/** 'Valor máximo para recarga é R$ 5.000,00' */
export function topupMaximumMessage(maxCents: number): string {
  return messages.topupMax(formatReais(maxCents));
}

/** Whole cents, the amount stored for a top-up of `reais`. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** At most two decimals: a whole number of cents. */
export const hasCentsOnly = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Why an amount is outside the configured limits, or null (docs/product/plans-and-payments.md#top-up). */
export function topupLimitProblem(amountCents: number, limits: TopupLimits): string | null {
  if (amountCents < limits.minCents) return topupMinimumMessage(limits.minCents);
  if (amountCents > limits.maxCents) return topupMaximumMessage(limits.maxCents);
  return null;
}

/**
 * Reais as people type them: '50', '50,5', '1.234,56', 'R$ 5.000' (dots group thousands), '50.5'
 * (a decimal point). Anything else is NaN.
 */
export function parseReais(text: string): number {
  const clean = text.replace(/R\$|\s/gi, '');
  if (clean.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$/.test(clean) && !/^\d+(,\d*)?$/.test(clean)) return Number.NaN;
    return Number(clean.replace(/\./g, '').replace(',', '.'));
  }
  if (/^\d{1,3}(\.\d{3})+$/.test(clean)) return Number(clean.replace(/\./g, ''));
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/**
 * The top-up form's amount as typed, to reais, each problem with its own message: empty, not a
 * number, more than two decimals, below the minimum, above the maximum.
 */
export function topupAmountText(limits: TopupLimits) {
  return z.string().transform((text, context) => {
    const reais = parseReais(text);
    const problem =
      text.trim() === ''
        ? messages.topupAmountRequired
        : Number.isNaN(reais)
          ? messages.topupAmountNotNumber
          : !hasCentsOnly(reais)
            ? messages.topupInvalid
            : (topupLimitProblem(reaisToCents(reais), limits) ??
              (reais > 0 ? null : messages.topupAmountNotNumber));
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return reais;
  });
}

/** The configured limits are checked by the server with the settings (topupLimitProblem). */
const amountReaisSchema = z
  .number({ error: messages.topupInvalid })
  .positive(messages.topupInvalid)
  .refine(hasCentsOnly, messages.topupInvalid);

/** POST /payments/create-topup. */
export const createTopupSchema = z.object({
  amount_reais: amountReaisSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type CreateTopupInput = z.input<typeof createTopupSchema>;

export const paymentIdParamsSchema = idParamsSchema;

/** GET /payments (admin): the latest payments, 50 by default. */
export const adminPaymentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .min(1, messages.invalidValue)
    .max(200, messages.invalidValue)
    .default(PAYMENT_ADMIN_LIMIT),
});

export const batchPollQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .min(1, messages.invalidValue)
    .max(100, messages.invalidValue)
    .default(BATCH_POLL_DEFAULT_LIMIT),
});

export const batchPollResponseSchema = z.object({
  checked: z.number(),
  verified: z.number(),
  expired: z.number(),
  failed: z.number(),
  waiting: z.number(),
});
export type BatchPollResult = z.infer<typeof batchPollResponseSchema>;

/** GET /admin/settings/pix: the PIX configuration card; secrets are write-only (masked). */
export const pixSettingsSchema = z.object({
  pix_provider: z.enum(PIX_PROVIDERS),
  easy_pix_api_key: z.string().nullable(),
  pix_webhook_secret: z.string().nullable(),
  /** Where the provider must send its notifications (path under the panel's address). */
  webhook_path: z.string(),
  /** Whether the sandbox switch exists here (never in production). */
  sandbox_switch: z.boolean(),
});
export type PixSettings = z.infer<typeof pixSettingsSchema>;

const secretSchema = plainText(500).nullable().optional();

/** PUT /admin/settings/pix: absent fields stay; a masked secret sent back keeps the stored one. */
export const updatePixSettingsSchema = z.object({
  pix_provider: z.enum(PIX_PROVIDERS, { error: messages.pixProviderInvalid }).optional(),
  easy_pix_api_key: secretSchema,
  pix_webhook_secret: secretSchema,
});
export type UpdatePixSettingsInput = z.input<typeof updatePixSettingsSchema>;

/** GET /payments/options: what /planos needs before opening a charge (any signed-in user). */
export const paymentOptionsSchema = z.object({
  topup_min_reais: z.number(),
  topup_max_reais: z.number(),
  /** The sandbox provider is active and its switch exists here: the panel offers 'Simular pagamento'. */
  sandbox_switch: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** GET /payments/{id}/receipt: one's own payment and, for a plan, the period it bought. */
export const paymentReceiptSchema = z.object({
  pixPayment: pixPaymentSchema,
  subscription: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** GET /payments/events (Server-Sent Events): 'payment-updated' for each status change of the reader's payments. */
export const PAYMENT_UPDATED_EVENT = 'payment-updated';
export const paymentUpdatedEventSchema = z.object({ paymentId: z.number(), status: z.enum(PIX_STATUSES) });
export type PaymentUpdatedEvent = z.infer<typeof paymentUpdatedEventSchema>;
