import { type QueryField, validateQueryInput } from '@painel/shared/rules/query-input';
import { z } from 'zod';

export type LookupFormValues = Record<string, string>;

/**
 * The form's schema for one module: the shared query rules (the server applies the same ones), so
 * every message is the server's; the output is what is sent, trimmed and with masked fields as
 * digits, blank optional fields left out.
 */
export function lookupFormSchema(fields: QueryField[]) {
  return z.record(z.string(), z.string()).transform((raw, context): LookupFormValues => {
    const checked = validateQueryInput(fields, raw);
    const failed = Object.entries(checked.errors);
    if (failed.length === 0) return checked.values;
    for (const [name, message] of failed) context.addIssue({ code: 'custom', path: [name], message });
    return z.NEVER;
  });
}

/** Every field starts blank, so each input is controlled from its first render. */
export function blankLookupValues(fields: QueryField[]): LookupFormValues {
  return Object.fromEntries(fields.map((field) => [field.nome, '']));
}
