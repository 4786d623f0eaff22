import { z } from 'zod';
import { messages } from '../messages.ts';
import { DURATION_UNITS } from '../rules/plan-duration.ts';
import { idParamsSchema, isStorableText, plainText } from './common.ts';

export const PLAN_PAGE_SIZES = [10, 20, 50, 100] as const;
export const PLAN_DEFAULT_PAGE_SIZE = 20;
/** /plans/active: 50 on /planos, 100 in the assign dialog (docs/product/plans-and-payments.md#plans-administration). */
export const ACTIVE_PLANS_DEFAULT_LIMIT = 50;
export const ACTIVE_PLANS_MAX_LIMIT = 100;
const MAX_PRICE_CENTS = 100_000_000;

/** The form's price in reais to cents, by rounding price*100 (docs/product/plans-and-payments.md#plans). */
export function priceToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Benefits one per line: trimmed, blanks dropped (docs/product/plans-and-payments.md#plans). A list is cleaned the same way. */
export function benefitsFromLines(value: string | readonly string[]): string[] {
  const lines = typeof value === 'string' ? value.split(/\r?\n/) : value;
  return lines.map((line) => line.trim()).filter((line) => line.length > 0);
}

export const benefitsSchema = z
  .union([
    z.string().max(5_000, messages.tooLong(5_000)).refine(isStorableText, messages.invalidCharacters),
    z
      .array(z.string().max(300, messages.tooLong(300)).refine(isStorableText, messages.invalidCharacters))
      .max(50),
  ])
  .transform((value) => benefitsFromLines(value));

export const planMetadataSchema = z.object({ benefits: benefitsSchema.default([]) });

const planFields = {
  name: z
    .string({ error: messages.planNameRequired })
    .trim()
    .min(1, messages.planNameRequired)
    .max(100, messages.tooLong(100))
    .refine(isStorableText, messages.invalidCharacters),
  description: plainText(1_000),
  price_cents: z
    .number({ error: messages.planPriceInvalid })
    .int(messages.planPriceInvalid)
    .min(0, messages.planPriceInvalid)
    .max(MAX_PRICE_CENTS, messages.planPriceInvalid),
  duration_value: z
    .number({ error: messages.planDurationInvalid })
    .int(messages.planDurationInvalid)
    .min(1, messages.planDurationInvalid)
    // A thousand years still ends before 9999, the last year a date may hold.
    .max(1_000, messages.planDurationMax),
  duration_unit: z.enum(DURATION_UNITS, { error: messages.planDurationUnitInvalid }),
  active: z.boolean({ error: messages.invalidValue }),
  allowed_concurrent_ips: z
    .number({ error: messages.planConcurrentIpsMin })
    .int(messages.planConcurrentIpsMin)
    .min(1, messages.planConcurrentIpsMin)
    .max(100, messages.invalidValue),
  metadata: planMetadataSchema,
};

/** POST /admin/plans (docs/product/plans-and-payments.md#plans). */
export const createPlanSchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  active: planFields.active.default(true),
  allowed_concurrent_ips: planFields.allowed_concurrent_ips.default(1),
  metadata: planFields.metadata.default({ benefits: [] }),
});
export type CreatePlanInput = z.input<typeof createPlanSchema>;
export type CreatePlan = z.infer<typeof createPlanSchema>;

/** PUT /admin/plans/{id}: any subset of the fields (inline edit, active toggle). */
export const updatePlanSchema = z.object(planFields).partial();
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  duration_value: z.number(),
  duration_unit: z.enum(DURATION_UNITS),
  active: z.boolean(),
  allowed_concurrent_ips: z.number(),
  metadata: z.object({ benefits: z.array(z.string()) }),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const planIdParamsSchema = idParamsSchema;

export const activePlansQuerySchema = z.object({
  limit: z.coerce
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .min(1, messages.invalidValue)
    .max(ACTIVE_PLANS_MAX_LIMIT, messages.invalidValue)
    .default(ACTIVE_PLANS_DEFAULT_LIMIT),
});

export const activePlansResponseSchema = z.object({ plans: z.array(planSchema) });

export const planListQuerySchema = z.object({
  page: z.coerce.number({ error: messages.invalidValue }).int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .min(1, messages.invalidValue)
    .max(100, messages.invalidValue)
    .default(PLAN_DEFAULT_PAGE_SIZE),
});

export const planListResponseSchema = z.object({
  plans: z.array(planSchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type PlanListResponse = z.infer<typeof planListResponseSchema>;

export const planDeletedSchema = z.object({ message: z.string(), id: z.number() });
