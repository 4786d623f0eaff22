import { messages } from '@painel/shared/messages';
import { type QueryField, validateQueryInput } from '@painel/shared/rules/query-input';
import { justificationSchema, lookupPurposeIdSchema } from '@painel/shared/schemas/finalidades';
import { z } from 'zod';

/** What the query form holds: the typed input, the chosen purpose ('' for none) and the justification. */
export interface LookupFormValues {
  /** Field name → text as typed. */
  input: Record<string, string>;
  /** The chosen purpose's id as its select holds it; '' is none. */
  finalidade_id: string;
  justificativa: string;
}

/** What the form sends: masked fields as digits, blank optional fields left out; null for none. */
export interface LookupRequest {
  input: Record<string, string>;
  finalidade_id: number | null;
  justificativa: string | null;
}

/**
 * The typed input of one module under the shared query rules (the server applies the same ones), so
 * every message is the server's.
 */
function queryInputSchema(fields: QueryField[]) {
  return z.record(z.string(), z.string()).transform((raw, context) => {
    const checked = validateQueryInput(fields, raw);
    const failed = Object.entries(checked.errors);
    if (failed.length === 0) return checked.values;
    for (const [name, message] of failed) context.addIssue({ code: 'custom', path: [name], message });
    return z.NEVER;
  });
}

/**
 * The form's schema for one module: its input, and the purpose under the server's rules
 * (docs/product/purposes.md#a-purpose-on-every-lookup): required while `exigir_finalidade` is on,
 * with the server's message; the justification trimmed, blank is none, at most 500 characters.
 */
export function lookupFormSchema(fields: QueryField[], { purposeRequired }: { purposeRequired: boolean }) {
  return z.object({
    input: queryInputSchema(fields),
    finalidade_id: z
      .string()
      // Typed as all the server's schema takes (it reads digits too), so it can be piped into it.
      .transform((value): string | number | null | undefined => (value === '' ? null : Number(value)))
      .pipe(lookupPurposeIdSchema)
      .refine((id) => !purposeRequired || typeof id === 'number', messages.purposeRequired)
      .transform((id) => id ?? null),
    justificativa: z
      .string()
      .transform((text): string | null | undefined => text)
      .pipe(justificationSchema),
  });
}

/** Every field starts blank, so each input is controlled from its first render; the purpose given, if any. */
export function blankLookupValues(fields: QueryField[], purposeId: number | null = null): LookupFormValues {
  return {
    input: Object.fromEntries(fields.map((field) => [field.nome, ''])),
    finalidade_id: purposeId === null ? '' : String(purposeId),
    justificativa: '',
  };
}
