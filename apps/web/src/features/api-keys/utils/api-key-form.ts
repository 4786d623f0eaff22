import { type CreateApiKeyInput, createApiKeySchema } from '@painel/shared/schemas/api-keys';
import { parseReais } from '@painel/shared/schemas/payments';
import { z } from 'zod';

import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';

/** What the dialog's fields hold: text as typed, module ids as checked. */
export interface ApiKeyFormValues {
  nome: string;
  modulos: number[];
  /** One address or range per line, or separated by commas. */
  ips: string;
  /** Credits, '25,50' or '25.50'. */
  limite_diario_creditos: string;
  /** YYYY-MM-DD from the date input. */
  expira_em: string;
}

export const emptyApiKeyForm: ApiKeyFormValues = {
  nome: '',
  modulos: [],
  ips: '',
  limite_diario_creditos: '',
  expira_em: '',
};

const shape = createApiKeySchema.shape;

/** The shared rule's first message, on the field itself (an address's index is not a field here). */
function checked<T>(rule: z.ZodType, value: T, context: z.RefinementCtx): T {
  const result = rule.safeParse(value);
  if (result.success) return value;
  context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' });
  return z.NEVER;
}

/** '10.0.0.1\n10.0.0.2, 192.168.0.0/24' → the list; nothing typed: any address (null). */
export function splitAddresses(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length === 0 ? null : parts;
}

/** The dialog's fields to the body of POST /profile/api-keys, each checked by the shared rule. */
export const apiKeyFormSchema = z.object({
  nome: z.string().transform((nome, context) => checked(shape.nome, nome, context)),
  modulos: z
    .array(z.number())
    .transform((ids, context) => checked(shape.modulos, ids.length === 0 ? null : ids, context)),
  ips: z.string().transform((text, context) => checked(shape.ips, splitAddresses(text), context)),
  limite_diario_creditos: z.string().transform((text, context) => {
    if (text.trim() === '') return null;
    const credits = parseReais(text);
    if (Number.isNaN(credits)) {
      context.addIssue({ code: 'custom', message: apiKeysMessages.capInvalid });
      return z.NEVER;
    }
    return checked(shape.limite_diario_creditos, credits, context);
  }),
  expira_em: z.string().transform((day, context) => {
    if (day === '') return null;
    // A day picked in the form: the key works until that day ends, where the user is.
    const instant = new Date(`${day}T23:59:59.999`);
    if (Number.isNaN(instant.getTime())) return checked(shape.expira_em, day, context);
    return checked(shape.expira_em, instant.toISOString(), context);
  }),
}) satisfies z.ZodType<CreateApiKeyInput, ApiKeyFormValues>;

/** A server refusal on `ips.3` belongs under the addresses field. */
export function formFieldOf(apiField: string): string {
  return apiField.split('.')[0] ?? apiField;
}
