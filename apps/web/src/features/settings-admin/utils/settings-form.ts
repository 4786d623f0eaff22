import { messages } from '@painel/shared/messages';
import { formatReais } from '@painel/shared/rules/pix-status';
import { parseReais, reaisToCents } from '@painel/shared/schemas/payments';
import {
  type Settings,
  topupMaxSchema,
  topupMinSchema,
  topupRangeProblem,
  trialLimitSchema,
} from '@painel/shared/schemas/settings';
import { z } from 'zod';

/**
 * The settings form (docs/product/admin.md#settings): the inputs hold text as typed, amounts in
 * reais the pt-BR way ('50,00', '5.000'); the shared schemas, the same the server uses, judge them.
 */
const required = (text: string, context: z.RefinementCtx) => {
  if (text.trim() !== '') return false;
  context.addIssue({ code: 'custom', message: messages.required });
  return true;
};

const reaisInput = (schema: typeof topupMinSchema | typeof topupMaxSchema) =>
  z
    .string()
    .transform((text, context) => (required(text, context) ? z.NEVER : parseReais(text)))
    .pipe(schema);

const wholeNumberInput = z
  .string()
  .transform((text, context) =>
    required(text, context) ? z.NEVER : /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN,
  )
  .pipe(trialLimitSchema);

export const settingsFormSchema = z
  .object({
    trial_limit: wholeNumberInput,
    topup_min_reais: reaisInput(topupMinSchema),
    topup_max_reais: reaisInput(topupMaxSchema),
    exigir_finalidade: z.boolean(),
  })
  .superRefine((values, context) => {
    const problem = topupRangeProblem(
      reaisToCents(values.topup_min_reais),
      reaisToCents(values.topup_max_reais),
      'max',
    );
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['topup_max_reais'] });
  });

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** 5000 -> '5.000,00', the way the inputs show a stored amount. */
export function settingsToForm(settings: Settings): SettingsFormInput {
  return {
    trial_limit: String(settings.trial_limit),
    topup_min_reais: formatReais(reaisToCents(settings.topup_min_reais)),
    topup_max_reais: formatReais(reaisToCents(settings.topup_max_reais)),
    exigir_finalidade: settings.exigir_finalidade,
  };
}
