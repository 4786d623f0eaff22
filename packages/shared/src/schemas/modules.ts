import { z } from 'zod';
import { messages } from '../messages.ts';
import { apiUrlProblem } from '../rules/api-url.ts';
import { IDENTIFIER_RULES, IDENTIFIER_TYPES, type IdentifierType } from '../rules/identifiers.ts';
import {
  idParamSchema,
  idValueSchema,
  isStorableText,
  MAX_ID,
  normalizedText,
  plainText,
  requiredText,
  secretText,
  withoutUnstorableCharacters,
} from './common.ts';
import { JUSTIFICATION_MAX, justificationSchema, lookupPurposeIdSchema } from './finalidades.ts';

export const LIMIT_TYPES = ['quantidade', 'creditos'] as const;
/** A field is free text, an e-mail, a number, or one of the Brazilian identifiers (rules/identifiers.ts). */
export const FIELD_TYPES = ['string', 'text', 'email', 'number', ...IDENTIFIER_TYPES] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const fieldTypeLabels: Record<FieldType, string> = {
  string: 'Texto',
  text: 'Texto',
  email: 'Email',
  number: 'Número',
  ...(Object.fromEntries(IDENTIFIER_TYPES.map((type) => [type, IDENTIFIER_RULES[type].label])) as Record<
    IdentifierType,
    string
  >),
};

/** Module defaults (docs/product/modules.md#module-fields). */
export const MODULE_DEFAULTS = {
  timeoutSegundos: 30,
  precoPorConsulta: 1,
  limitePadraoQuantidade: 1000,
  reorderStep: 10,
} as const;

/** An absolute http(s) URL, or a path of the built-in demo provider. */
export const apiUrlSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(2000, messages.tooLong(2000))
  .refine(isStorableText, { message: messages.invalidCharacters, abort: true })
  .superRefine((value, ctx) => {
    const problem = apiUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Credits with at most two decimals (cents), never negative. */
export const creditPriceSchema = z
  .number({ error: messages.invalidValue })
  .min(0, messages.priceNonNegative)
  .max(1_000_000, messages.invalidValue)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, messages.priceCents);

export const inputFieldSchema = z.object({
  nome: z
    .string({ error: messages.required })
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(60, messages.tooLong(60))
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, messages.fieldNameInvalid),
  tipo: z.enum(FIELD_TYPES).default('string'),
  obrigatorio: z.boolean().default(false),
  mascara: z
    .string()
    .trim()
    .max(60, messages.tooLong(60))
    .refine(isStorableText, messages.invalidCharacters)
    .nullish()
    .transform((mask) => mask || null),
});
export type InputFieldInput = z.input<typeof inputFieldSchema>;

const camposEntradaSchema = z
  .array(inputFieldSchema)
  .max(20)
  // Two fields still without a name are two missing names ('Campo obrigatório' on each), not a repeat.
  .refine((fields) => {
    const named = fields.map((field) => field.nome).filter((nome) => nome !== '');
    return new Set(named).size === named.length;
  }, messages.fieldNamesRepeated);

const headerNameSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
/** Secret headers: a value sets it, null or '' removes it, an absent name keeps it. */
const headersSchema = z.record(headerNameSchema, secretText(4000).nullable());

const timeoutSchema = z
  .number({ error: messages.invalidValue })
  .int(messages.timeoutRange)
  .min(5, messages.timeoutRange)
  .max(300, messages.timeoutRange);
const defaultLimitSchema = z
  .number({ error: messages.invalidValue })
  .int(messages.limitMin1)
  .min(1, messages.limitMin1)
  .max(MAX_ID, messages.invalidValue);
const effectiveLimitSchema = z
  .number({ error: messages.invalidValue })
  .int(messages.limitNonNegative)
  .min(0, messages.limitNonNegative)
  .max(MAX_ID, messages.invalidValue)
  .nullable();
const imageUrlSchema = plainText(2000).nullable();

export const createModuleSchema = z.object({
  nome: requiredText(120),
  descricao: requiredText(500),
  api_url: apiUrlSchema,
  tipo_limite: z.enum(LIMIT_TYPES).default('quantidade'),
  preco_por_consulta: creditPriceSchema.default(MODULE_DEFAULTS.precoPorConsulta),
  timeout_segundos: timeoutSchema.default(MODULE_DEFAULTS.timeoutSegundos),
  limite_padrao_quantidade: defaultLimitSchema.default(MODULE_DEFAULTS.limitePadraoQuantidade),
  limite_efetivo_quantidade: effectiveLimitSchema.optional(),
  ativo: z.boolean().default(true),
  manutencao: z.boolean().default(false),
  imagem_url: imageUrlSchema.optional(),
  campos_entrada: camposEntradaSchema.default([]),
  headers: headersSchema.default({}),
  /** Results shown masked, revealed one at a time with a justification (docs/product/reveal-and-minors.md). */
  mascarar_por_padrao: z.boolean({ error: messages.invalidValue }).default(false),
});
export type CreateModuleInput = z.input<typeof createModuleSchema>;

/** Edit: nome and api_url required when sent, descricao optional (docs/product/modules.md#module-fields). */
export const updateModuleSchema = z.object({
  nome: requiredText(120).optional(),
  descricao: plainText(500).optional(),
  api_url: apiUrlSchema.optional(),
  tipo_limite: z.enum(LIMIT_TYPES).optional(),
  preco_por_consulta: creditPriceSchema.optional(),
  timeout_segundos: timeoutSchema.optional(),
  limite_padrao_quantidade: defaultLimitSchema.optional(),
  limite_efetivo_quantidade: effectiveLimitSchema.optional(),
  ativo: z.boolean().optional(),
  manutencao: z.boolean().optional(),
  imagem_url: imageUrlSchema.optional(),
  campos_entrada: camposEntradaSchema.optional(),
  headers: headersSchema.optional(),
  mascarar_por_padrao: z.boolean({ error: messages.invalidValue }).optional(),
});

export const timeoutUpdateSchema = z.object({ timeout_segundos: timeoutSchema });

/** PUT /modulos/{id}/status flips exactly one flag. */
export const statusUpdateSchema = z
  .object({ ativo: z.boolean().optional(), manutencao: z.boolean().optional() })
  .refine(
    (body) => (body.ativo === undefined) !== (body.manutencao === undefined),
    messages.statusFlagRequired,
  );

const orderItemSchema = z.object({
  id: z.number().int().positive().max(MAX_ID),
  ordem: z.number().int().min(0).max(MAX_ID),
});
/** Both shapes docs/product/modules.md#module-api accepts: a list of {id, ordem}, or {order: [...]} (items or ids in order). */
export const reorderSchema = z.union([
  z.array(orderItemSchema).min(1, messages.reorderInvalid),
  z.object({
    order: z
      .array(z.union([orderItemSchema, z.number().int().positive().max(MAX_ID)]))
      .min(1, messages.reorderInvalid),
  }),
]);

export const moduleStatusValues = ['inativo', 'manutencao', 'online'] as const;

export const moduleSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string(),
  imagem_url: z.string().nullable(),
  image: z.string().nullable(),
  tipo_limite: z.enum(LIMIT_TYPES),
  preco_por_consulta: z.number(),
  price_por_consulta: z.number(),
  timeout_segundos: z.number(),
  ativo: z.boolean(),
  manutencao: z.boolean(),
  status: z.enum(moduleStatusValues),
  limite_padrao_quantidade: z.number(),
  limite_efetivo_quantidade: z.number().nullable(),
  ordem: z.number(),
  order: z.number(),
  campos_entrada: z.array(
    z.object({
      nome: z.string(),
      tipo: z.enum(FIELD_TYPES),
      obrigatorio: z.boolean(),
      mascara: z.string().nullable(),
    }),
  ),
  /**
   * Whether its results are shown masked until revealed with a justification. Always sent; optional
   * so answers of servers from before it still read.
   */
  mascarar_por_padrao: z.boolean().optional(),
  /** Admin only: where the module calls and which secret headers are set (never their values). */
  api_url: z.string().optional(),
  headers_definidos: z.array(z.string()).optional(),
  /** For the signed-in user: 24 h usage and limit (null = unlimited) of quantity modules. */
  usado: z.number().optional(),
  limite: z.number().nullable().optional(),
});
export type ModuleView = z.infer<typeof moduleSchema>;

export const modulesListSchema = z.object({ modulos: z.array(moduleSchema) });

export const createLookupSchema = z.object({
  /** A number, or its digits as a string (' 1', '+1' and '1e0' are not ids). */
  modulo_id: z.union([idValueSchema, idParamSchema], { error: messages.invalidId }),
  /** Pasted text may carry characters no database stores: they are dropped, as other control characters are. */
  input: z
    .record(z.string(), z.union([z.string(), z.number()]).transform(String))
    .default({})
    .transform((input) =>
      Object.fromEntries(
        Object.entries(input).map(([key, value]) => [
          withoutUnstorableCharacters(key),
          withoutUnstorableCharacters(value),
        ]),
      ),
    ),
  /** The purpose of the lookup (docs/product/purposes.md): required while `exigir_finalidade` is on. */
  finalidade_id: lookupPurposeIdSchema,
  justificativa: justificationSchema,
});

/**
 * How a lookup's result is shown (docs/product/reveal-and-minors.md), in the answer of the lookup and
 * of every read of it. Always sent; optional so answers of servers from before them still read.
 */
export const resultViewFields = {
  /** `retorno` is masked: a trial's result, a module that masks by default, a minor's data. */
  mascarado: z.boolean().optional(),
  /** The result shows a person under 18 on the day of the lookup ('Menor de idade'). */
  menor_de_idade: z.boolean().optional(),
  /** POST /consultas/{id}/revelar would show it whole ('Revelar'): masked by its module's default only. */
  revelavel: z.boolean().optional(),
};

export const lookupResponseSchema = z.object({
  id: z.number(),
  status: z.literal('sucesso'),
  retorno: z.unknown(),
  trial: z.boolean(),
  aviso: z.string().optional(),
  ...resultViewFields,
});

export const REVEAL_JUSTIFICATION_MIN = 10;

/** POST /consultas/{id}/revelar: why the whole result is needed, 10 to 500 characters once trimmed. */
export const revealLookupSchema = z.object({
  justificativa: z
    .string({ error: messages.revealJustificationShort })
    .overwrite(normalizedText)
    .trim()
    .min(REVEAL_JUSTIFICATION_MIN, messages.revealJustificationShort)
    .max(JUSTIFICATION_MAX, messages.tooLong(JUSTIFICATION_MAX))
    .refine(isStorableText, messages.invalidCharacters),
});
export type RevealLookupInput = z.input<typeof revealLookupSchema>;

export const trialUsageSchema = z.object({
  trial_used: z.number(),
  trial_limit: z.number(),
  trial_remaining: z.number(),
});
