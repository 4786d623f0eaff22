import { messages } from '@painel/shared/messages';
import { DURATION_UNITS } from '@painel/shared/rules/plan-duration';
import {
  benefitsFromLines,
  type CreatePlanInput,
  createPlanSchema,
  type Plan,
  type UpdatePlanInput,
  updatePlanSchema,
} from '@painel/shared/schemas/plans';
import { z } from 'zod';

import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { centsToPriceInput, parsePriceToCents } from '@/features/plans-admin/utils/price';

/**
 * The create form and the inline edit share one shape: the server's own field rules
 * (createPlanSchema / updatePlanSchema), except the price, typed in reais ('29,90') and turned
 * into cents, and the benefits, typed one per line (docs/product/plans-and-payments.md#plans).
 */
export const planFormSchema = z.object({
  name: createPlanSchema.shape.name,
  description: updatePlanSchema.shape.description.unwrap(),
  price: z
    .string()
    .trim()
    .min(1, plansAdminMessages.priceRequired)
    .refine((text) => text === '' || parsePriceToCents(text) !== null, plansAdminMessages.priceInvalid)
    .transform((text) => parsePriceToCents(text) as number),
  duration_value: updatePlanSchema.shape.duration_value.unwrap(),
  duration_unit: z.enum(DURATION_UNITS),
  allowed_concurrent_ips: updatePlanSchema.shape.allowed_concurrent_ips.unwrap(),
  benefits: z
    .string()
    .max(5_000, messages.tooLong(5_000))
    .transform((text) => benefitsFromLines(text)),
  active: z.boolean(),
});

export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormOutput = z.output<typeof planFormSchema>;

export const durationUnitLabels: Record<(typeof DURATION_UNITS)[number], string> = {
  days: 'Dias',
  months: 'Meses',
  years: 'Anos',
};

export function emptyPlanForm(): PlanFormInput {
  return {
    name: '',
    description: '',
    price: '',
    duration_value: 30,
    duration_unit: 'days',
    allowed_concurrent_ips: 1,
    benefits: '',
    active: true,
  };
}

export function planToForm(plan: Plan): PlanFormInput {
  return {
    name: plan.name,
    description: plan.description,
    price: centsToPriceInput(plan.price_cents),
    duration_value: plan.duration_value,
    duration_unit: plan.duration_unit,
    allowed_concurrent_ips: plan.allowed_concurrent_ips,
    benefits: plan.metadata.benefits.join('\n'),
    active: plan.active,
  };
}

/** POST /admin/plans. */
export function formToCreateBody(values: PlanFormOutput): CreatePlanInput {
  return {
    name: values.name,
    description: values.description,
    price_cents: values.price,
    duration_value: values.duration_value,
    duration_unit: values.duration_unit,
    allowed_concurrent_ips: values.allowed_concurrent_ips,
    active: values.active,
    metadata: { benefits: values.benefits },
  };
}

/** PUT /admin/plans/{id} with only what the inline edit changed (the active flag has its own switch). */
export function formToChanges(plan: Plan, values: PlanFormOutput): UpdatePlanInput {
  const changes: UpdatePlanInput = {};
  if (values.name !== plan.name) changes.name = values.name;
  if (values.description !== plan.description) changes.description = values.description;
  if (values.price !== plan.price_cents) changes.price_cents = values.price;
  if (values.duration_value !== plan.duration_value) changes.duration_value = values.duration_value;
  if (values.duration_unit !== plan.duration_unit) changes.duration_unit = values.duration_unit;
  if (values.allowed_concurrent_ips !== plan.allowed_concurrent_ips) {
    changes.allowed_concurrent_ips = values.allowed_concurrent_ips;
  }
  if (values.benefits.join('\n') !== plan.metadata.benefits.join('\n')) {
    changes.metadata = { benefits: values.benefits };
  }
  return changes;
}
