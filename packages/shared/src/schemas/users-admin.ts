import { z } from 'zod';
import { messages } from '../messages.ts';
import { telegramLink, whatsappLink } from '../rules/contact-links.ts';
import {
  emailSchema,
  isDateInRange,
  isStorableText,
  MAX_ID,
  parseIsoInstant,
  plainText,
  requiredText,
  searchText,
} from './common.ts';
import { publicUserSchema, ROLES } from './user.ts';

/** User list page sizes and the create defaults (docs/product/users.md#users-screen, #create-user). */
export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const USER_DEFAULT_PAGE_SIZE = 20;
export const CREATE_USER_DEFAULTS = { tipo: 'usuario', creditos: 0, dias_ativos: 30 } as const;
/** Above any real top-up; keeps sums of cents far inside 64-bit integers. */
export const MAX_CREDITS = 10_000_000;
const MAX_DAYS = 36_500;
const MAX_HOURS = 876_000;

const emptyToNull = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Role with the product's message ('Role inválido'). */
export const roleFieldSchema = z.enum(ROLES, { error: messages.invalidRole });

/** A whole number greater than 0: credits, days (docs/product/users.md#credits). */
export const positiveIntSchema = (max: number) =>
  z
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .positive(messages.invalidValue)
    .max(max, messages.invalidValue);

/** A balance in credits (cents allowed), never negative. */
export const creditBalanceSchema = z
  .number({ error: messages.invalidValue })
  .min(0, messages.invalidValue)
  .max(MAX_CREDITS, messages.invalidValue)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, messages.creditsCents);

/**
 * A reseller's contact as a form holds it ('' when none): a WhatsApp with DDD or a Telegram
 * username or t.me link, whatever gives the link its clients see (rules/contact-links.ts).
 */
export const whatsappContactText = plainText(100).refine(
  (contact) => contact === '' || whatsappLink(contact) !== null,
  messages.whatsappInvalid,
);
export const telegramContactText = plainText(100).refine(
  (contact) => contact === '' || telegramLink(contact) !== null,
  messages.telegramInvalid,
);
/** The API's contact: blank or null clears it. */
const contactSchema = (text: typeof whatsappContactText) => z.preprocess(emptyToNull, text.nullable());
const whatsappContactSchema = contactSchema(whatsappContactText);
const telegramContactSchema = contactSchema(telegramContactText);

/** An ISO date-time or a plain date, years 1900 to 9999; '' and null clear it. */
const expirySchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: messages.invalidDate })
    .refine((value) => parseIsoInstant(value) !== null, { message: messages.invalidDate, abort: true })
    .transform((value) => parseIsoInstant(value) as Date)
    .refine(isDateInRange, messages.dateOutOfRange)
    .nullable(),
);

const userIdSchema = z
  .number({ error: messages.invalidValue })
  .int(messages.invalidValue)
  .positive()
  .max(MAX_ID, messages.invalidValue);

/** modulos: module id -> { limite } (null = unlimited); a JSON string is parsed as the edit form types it. */
export const userModulesSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return undefined;
    }
  },
  z.record(
    z.string().regex(/^\d+$/, messages.invalidModulesJson),
    z.object(
      {
        limite: z
          .number({ error: messages.invalidModulesJson })
          .int(messages.invalidModulesJson)
          .min(0, messages.limitNonNegative)
          .max(MAX_ID, messages.invalidModulesJson)
          .nullable(),
      },
      { error: messages.invalidModulesJson },
    ),
    { error: messages.invalidModulesJson },
  ),
);

/** GET /users */
/** page and limit of a paged list: 10, 20 (default), 50 or 100 per page. */
const pageFields = {
  page: z.coerce.number({ error: messages.invalidValue }).int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: messages.invalidValue })
    .int()
    .refine((value) => (USER_PAGE_SIZES as readonly number[]).includes(value), messages.invalidValue)
    .default(USER_DEFAULT_PAGE_SIZE),
};

export const userListQuerySchema = z.object({
  ...pageFields,
  q: searchText(200).optional(),
  tipo: z.preprocess(emptyToNull, roleFieldSchema.nullable()).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({
  users: z.array(publicUserSchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** POST /users (docs/product/users.md#create-user). */
export const createUserSchema = z.object({
  nome: requiredText(120),
  email: emailSchema,
  senha: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .min(4, messages.passwordMin4)
    .max(200, messages.tooLong(200)),
  tipo: roleFieldSchema.default(CREATE_USER_DEFAULTS.tipo),
  creditos: creditBalanceSchema.default(CREATE_USER_DEFAULTS.creditos),
  dias_ativos: positiveIntSchema(MAX_DAYS).default(CREATE_USER_DEFAULTS.dias_ativos),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/**
 * PUT /users/{id} (docs/product/users.md#edit-user): every field optional; empty expiry, contacts and
 * reseller become null; a password is changed only when one is sent (at least 4 characters).
 */
export const updateUserSchema = z
  .object({
    nome: requiredText(120).optional(),
    email: emailSchema.optional(),
    tipo: roleFieldSchema.optional(),
    ativo: z.boolean().optional(),
    banido: z.boolean().optional(),
    motivo_banimento: z.preprocess(emptyToNull, plainText(500).nullable()).optional(),
    creditos: creditBalanceSchema.optional(),
    dias_ativos: z
      .number({ error: messages.invalidValue })
      .int(messages.invalidValue)
      .min(0, messages.invalidValue)
      .max(MAX_DAYS, messages.invalidValue)
      .optional(),
    data_expiracao: expirySchema.optional(),
    whatsapp_contato: whatsappContactSchema.optional(),
    telegram_contato: telegramContactSchema.optional(),
    revendedor_id: z.preprocess(emptyToNull, userIdSchema.nullable()).optional(),
    modulos: userModulesSchema.optional(),
    senha: z
      .preprocess(
        emptyToNull,
        z.string().min(4, messages.passwordMin4).max(200, messages.tooLong(200)).nullable(),
      )
      .optional(),
  })
  .refine((body) => body.banido !== true || body.motivo_banimento !== null, {
    message: messages.banReasonRequired,
    path: ['motivo_banimento'],
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const banUserSchema = z.object({
  motivo: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string({ error: messages.banReasonRequired })
      .trim()
      .min(1, messages.banReasonRequired)
      .max(500, messages.tooLong(500))
      .refine(isStorableText, messages.invalidCharacters),
  ),
});

export const creditAmountSchema = z.object({ amount: positiveIntSchema(MAX_CREDITS) });
export const daysAmountSchema = z.object({ days: positiveIntSchema(MAX_DAYS) });

export const activatePlanSchema = z.object({ plan_id: userIdSchema });

export const changeRoleSchema = z.object({ tipo: roleFieldSchema });

export const moduleLimitSchema = z.object({
  modulo_id: userIdSchema,
  limite: z
    .number({ error: messages.invalidValue })
    .int(messages.invalidValue)
    .min(0, messages.limitNonNegative)
    .max(MAX_ID, messages.invalidValue)
    .nullable(),
});

export const resetUsageSchema = z
  .object({ modulo_id: z.preprocess(emptyToNull, userIdSchema.nullable()).optional() })
  .default({});

/** POST /users/bulk/add-time: days > 0 or hours > 0; user_ids narrows the set. */
export const bulkAddTimeSchema = z
  .object({
    days: z
      .number({ error: messages.invalidValue })
      .int(messages.invalidValue)
      .min(0, messages.invalidValue)
      .max(MAX_DAYS, messages.invalidValue)
      .default(0),
    hours: z
      .number({ error: messages.invalidValue })
      .int(messages.invalidValue)
      .min(0, messages.invalidValue)
      .max(MAX_HOURS, messages.invalidValue)
      .default(0),
    user_ids: z
      .array(userIdSchema, { error: messages.invalidValue })
      .min(1, messages.bulkUsersEmpty)
      .max(10_000, messages.bulkUsersTooMany)
      .optional(),
  })
  .refine((body) => body.days > 0 || body.hours > 0, { message: messages.bulkTimeRequired, path: ['days'] });

export const userLimitsResponseSchema = z.object({
  creditos: z.number(),
  tempo: z.object({ data_expiracao: z.string().nullable() }),
  modulos: z.record(
    z.string(),
    z.object({ nome: z.string(), usado: z.number(), limite: z.number().nullable() }),
  ),
});
export type UserLimits = z.infer<typeof userLimitsResponseSchema>;

/** Answer of a change to one user: the user as it is now, and the success text when the spec names one. */
export const userMutationResponseSchema = z.object({ user: publicUserSchema, message: z.string() });

export const messageResponseSchema = z.object({ message: z.string() });

export const bulkAddTimeResponseSchema = z.object({ message: z.string(), atualizados: z.number() });

export const resetUsageResponseSchema = z.object({ message: z.string(), resetados: z.number() });

/** PUT /profile: contacts are kept only for resellers (docs/product/users.md#profile). */
export const updateProfileSchema = z.object({
  nome: requiredText(120),
  email: emailSchema,
  whatsapp_contato: whatsappContactSchema.optional(),
  telegram_contato: telegramContactSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  senhaAtual: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(200, messages.tooLong(200)),
  novaSenha: z
    .string({ error: messages.passwordMin6 })
    .min(6, messages.passwordMin6)
    .max(200, messages.tooLong(200)),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The profile form adds the confirmation, checked on the client only. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmarSenha: z.string({ error: messages.required }).min(1, messages.required) })
  .refine((form) => form.novaSenha === form.confirmarSenha, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmarSenha'],
  });

/** GET /profile/credits and GET /users/{id}/credits: the credit statement, newest first. */
export const creditStatementQuerySchema = z.object(pageFields);

export const creditStatementEntrySchema = z.object({
  id: z.number(),
  data: z.string(),
  /** Credits with cents: positive in, negative out. */
  valor: z.number(),
  saldo_apos: z.number(),
  motivo: z.string(),
  referencia: z.string().nullable(),
  /** The other account's name when the reference is one ('usuario:7'); null otherwise or once it is gone. */
  referencia_nome: z.string().nullable(),
  autor_id: z.number().nullable(),
});

export const creditStatementResponseSchema = z.object({
  creditos: z.number(),
  lancamentos: z.array(creditStatementEntrySchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type CreditStatement = z.infer<typeof creditStatementResponseSchema>;

export const USER_STATUS_LABELS = ['Banido', 'Ativo', 'Inativo'] as const;
export type UserStatusLabel = (typeof USER_STATUS_LABELS)[number];

/** The status badge of the user list, in the product's priority: Banido, then Ativo, then Inativo. */
export function userStatusLabel(user: { banido: boolean; ativo: boolean }): UserStatusLabel {
  if (user.banido) return 'Banido';
  return user.ativo ? 'Ativo' : 'Inativo';
}

/** GET /users/export.csv: the filtered list (same q and tipo as the screen), every page. */
export const userExportQuerySchema = userListQuerySchema.pick({ q: true, tipo: true });
