import { z } from 'zod';
import { messages } from '../messages.ts';
import { canonicalIpRange } from '../rules/ip-ranges.ts';
import { idParamSchema, idValueSchema, isDateInRange, normalizedName, parseIsoInstant } from './common.ts';
import { hasCentsOnly } from './payments.ts';

/** Customers' API keys (docs/product/api-keys.md). */

export const API_KEYS_PER_USER = 10;
export const API_KEY_NAME_MAX = 60;
export const API_KEY_MODULES_MAX = 100;
export const API_KEY_RANGES_MAX = 20;
/** Requests per second a key may make when an admin set no other figure. */
export const API_KEY_DEFAULT_RATE = 10;
export const API_KEY_RATE_MAX = 1_000;
/** Every key starts so, and the panel shows its first characters (`prefixo`) to tell keys apart. */
export const API_KEY_MARK = 'pk_';

const nameSchema = z
  .string({ error: messages.apiKeyNameRequired })
  .overwrite(normalizedName)
  .min(1, messages.apiKeyNameRequired)
  .max(API_KEY_NAME_MAX, messages.tooLong(API_KEY_NAME_MAX));

/** Left out or null: every module. A list: only those (at least one, each once). */
const modulesSchema = z
  .array(idValueSchema, { error: messages.apiKeyModulesInvalid })
  .min(1, messages.apiKeyModulesEmpty)
  .max(API_KEY_MODULES_MAX, messages.tooMany(API_KEY_MODULES_MAX))
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullish();

/** Left out or null: any address. A list: addresses or CIDR ranges, stored in canonical form. */
const rangesSchema = z
  .array(z.string({ error: messages.apiKeyIpInvalid }), { error: messages.apiKeyIpInvalid })
  .min(1, messages.apiKeyIpsEmpty)
  .max(API_KEY_RANGES_MAX, messages.tooMany(API_KEY_RANGES_MAX))
  .transform((ranges, ctx) => {
    const canonical: string[] = [];
    for (const [index, range] of ranges.entries()) {
      const parsed = canonicalIpRange(range);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: messages.apiKeyIpInvalidAt(range.slice(0, 64)),
          path: [index],
        });
        return z.NEVER;
      }
      canonical.push(parsed);
    }
    return [...new Set(canonical)];
  })
  .nullish();

/** Credits the key may spend per São Paulo day; at least 0.01, two decimals at most. */
const dailyCapSchema = z
  .number({ error: messages.invalidValue })
  .min(0.01, messages.apiKeyDailyCapMin)
  .max(1_000_000, messages.invalidValue)
  .refine(hasCentsOnly, messages.priceCents)
  .nullish();

/** An instant still to come (ISO 8601); left out or null: never expires. */
const expirySchema = z
  .string({ error: messages.invalidDate })
  .refine((value) => parseIsoInstant(value) !== null, { message: messages.invalidDate, abort: true })
  .transform((value) => parseIsoInstant(value) as Date)
  .refine(isDateInRange, { message: messages.dateOutOfRange, abort: true })
  .refine((date) => date.getTime() > Date.now(), messages.apiKeyExpiryPast)
  .nullish();

/** POST /profile/api-keys. */
export const createApiKeySchema = z.object({
  nome: nameSchema,
  modulos: modulesSchema,
  ips: rangesSchema,
  limite_diario_creditos: dailyCapSchema,
  expira_em: expirySchema,
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** A key as its owner and managers see it: never the key itself, only its prefix. */
export const apiKeySchema = z.object({
  id: z.number(),
  nome: z.string(),
  /** 'pk_' and the first characters: enough to tell keys apart in lists, history and logs. */
  prefixo: z.string(),
  modulos: z.array(z.number()).nullable(),
  ips: z.array(z.string()).nullable(),
  limite_diario_creditos: z.number().nullable(),
  /** Requests per second (default 10); an admin may change it. */
  limite_por_segundo: z.number(),
  expira_em: z.string().nullable(),
  ultimo_uso: z.string().nullable(),
  criada_em: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ chaves: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the whole key, shown this once and never again. */
export const createdApiKeySchema = z.object({
  id: z.number(),
  nome: z.string(),
  prefixo: z.string(),
  chave: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyRevokedSchema = z.object({ message: z.string(), id: z.number() });

/** PUT /users/{id}/api-keys/{keyId} (admin): the key's requests per second. */
export const apiKeyRateSchema = z.object({
  limite_por_segundo: z
    .number({ error: messages.invalidValue })
    .int(messages.apiKeyRateRange(API_KEY_RATE_MAX))
    .min(1, messages.apiKeyRateRange(API_KEY_RATE_MAX))
    .max(API_KEY_RATE_MAX, messages.apiKeyRateRange(API_KEY_RATE_MAX)),
});

export const userApiKeyParamsSchema = z.object({ id: idParamSchema, keyId: idParamSchema });
