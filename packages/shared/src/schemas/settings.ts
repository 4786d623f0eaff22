import { z } from 'zod';
import { messages } from '../messages.ts';
import { formatReais } from '../rules/pix-status.ts';
import { plainText } from './common.ts';
import { hasCentsOnly, reaisToCents, TOPUP_CEILING_REAIS } from './payments.ts';

/** The panel's settings and their bounds (docs/product/admin.md#settings). */
export const TRIAL_LIMIT_MAX = 1000;
export const SETTINGS_DEFAULTS = {
  trial_limit: 10,
  topup_min_reais: 50,
  topup_max_reais: 5000,
  exigir_finalidade: true,
} as const;

export const settingsSchema = z.object({
  easy_pix_api_key: z.string().nullable(),
  topup_min_reais: z.number(),
  topup_max_reais: z.number(),
  trial_limit: z.number(),
  /** Every lookup must name an active purpose (docs/product/purposes.md). */
  exigir_finalidade: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

const ceilingMessage = messages.topupSettingCeiling(formatReais(TOPUP_CEILING_REAIS * 100));

export const trialLimitSchema = z
  .number({ error: messages.trialLimitRange })
  .int(messages.trialLimitRange)
  .min(0, messages.trialLimitRange)
  .max(TRIAL_LIMIT_MAX, messages.trialLimitRange);

/** The least a top-up may be, in reais: 0 (no minimum) up to the ceiling, whole cents. */
export const topupMinSchema = z
  .number({ error: messages.topupSettingCents })
  .min(0, messages.topupMinNonNegative)
  .max(TOPUP_CEILING_REAIS, ceilingMessage)
  .refine(hasCentsOnly, messages.topupSettingCents);

/** The most a top-up may be, in reais: above 0 up to the ceiling, whole cents. */
export const topupMaxSchema = z
  .number({ error: messages.topupSettingCents })
  .positive(messages.topupMaxPositive)
  .max(TOPUP_CEILING_REAIS, ceilingMessage)
  .refine(hasCentsOnly, messages.topupSettingCents);

/**
 * The minimum may not pass the maximum. Either may be sent alone, so the server compares what is
 * sent with what is stored; the form, which sends both, names the maximum.
 */
export function topupRangeProblem(minCents: number, maxCents: number, sent: 'min' | 'max'): string | null {
  if (minCents <= maxCents) return null;
  return sent === 'max'
    ? messages.topupMaxBelowMin(formatReais(minCents))
    : messages.topupMinAboveMax(formatReais(maxCents));
}

/** PUT /admin/settings: fields left out stay as they are. */
export const updateSettingsSchema = z
  .object({
    easy_pix_api_key: plainText(500).nullable().optional(),
    topup_min_reais: topupMinSchema.optional(),
    topup_max_reais: topupMaxSchema.optional(),
    trial_limit: trialLimitSchema.optional(),
    exigir_finalidade: z.boolean({ error: messages.invalidValue }).optional(),
  })
  .superRefine((body, context) => {
    if (body.topup_min_reais === undefined || body.topup_max_reais === undefined) return;
    const problem = topupRangeProblem(
      reaisToCents(body.topup_min_reais),
      reaisToCents(body.topup_max_reais),
      'max',
    );
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['topup_max_reais'] });
  });
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;
