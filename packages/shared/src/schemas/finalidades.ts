import { z } from 'zod';
import { messages } from '../messages.ts';
import { LEGAL_BASES } from '../rules/legal-bases.ts';
import {
  idParamSchema,
  idParamsSchema,
  isStorableText,
  MAX_ID,
  normalizedName,
  normalizedText,
} from './common.ts';

/** Purposes of lookups and their LGPD legal bases (docs/product/purposes.md). */

export const PURPOSE_NAME_MAX = 100;
export const JUSTIFICATION_MAX = 500;

export const legalBasisSchema = z.enum(LEGAL_BASES, { error: messages.legalBasisInvalid });

const sameName = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'accent' }) === 0;

const purposeFields = {
  nome: z
    .string({ error: messages.purposeNameRequired })
    .overwrite(normalizedName)
    .min(1, messages.purposeNameRequired)
    .max(PURPOSE_NAME_MAX, messages.tooLong(PURPOSE_NAME_MAX))
    .refine(isStorableText, messages.invalidCharacters)
    // The records of processing call a lookup without a purpose 'Sem finalidade': no purpose may.
    .refine((nome) => !sameName(nome, messages.recordsNoPurpose), { message: messages.purposeNameReserved }),
  base_legal: legalBasisSchema,
  ativo: z.boolean({ error: messages.invalidValue }),
  permite_menores: z.boolean({ error: messages.invalidValue }),
};

/** POST /admin/finalidades. */
export const createPurposeSchema = z.object({
  ...purposeFields,
  ativo: purposeFields.ativo.default(true),
  permite_menores: purposeFields.permite_menores.default(false),
});
export type CreatePurposeInput = z.input<typeof createPurposeSchema>;
export type CreatePurpose = z.infer<typeof createPurposeSchema>;

/** PUT /admin/finalidades/{id}: any subset of the fields (the form, the active toggle). */
export const updatePurposeSchema = z.object(purposeFields).partial();
export type UpdatePurposeInput = z.input<typeof updatePurposeSchema>;
export type UpdatePurpose = z.infer<typeof updatePurposeSchema>;

export const purposeSchema = z.object({
  id: z.number(),
  nome: z.string(),
  base_legal: legalBasisSchema,
  ativo: z.boolean(),
  /** Whether a lookup for this purpose may show the data of a person under 18 (issue 18, minors). */
  permite_menores: z.boolean(),
});
export type Purpose = z.infer<typeof purposeSchema>;

export const purposeListSchema = z.object({ finalidades: z.array(purposeSchema) });
export type PurposeList = z.infer<typeof purposeListSchema>;

/** GET /finalidades: the active purposes, by name, and whether a lookup must name one of them. */
export const activePurposesSchema = purposeListSchema.extend({ exigir_finalidade: z.boolean() });
export type ActivePurposes = z.infer<typeof activePurposesSchema>;

export const purposeIdParamsSchema = idParamsSchema;

export const purposeDeletedSchema = z.object({ message: z.string(), id: z.number() });

/** A lookup's purpose as its history, detail and admin lists show it. */
export const lookupPurposeSchema = z.object({
  id: z.number(),
  nome: z.string(),
  base_legal: legalBasisSchema,
});
export type LookupPurpose = z.infer<typeof lookupPurposeSchema>;

/**
 * POST /consultas `finalidade_id`: an active purpose's id. Null or left out is "none" (refused while
 * `exigir_finalidade` is on); a value that is no id reads as a purpose still to choose.
 */
export const lookupPurposeIdSchema = z
  .union(
    [
      z
        .number({ error: messages.purposeRequired })
        .int(messages.purposeRequired)
        .min(1, messages.purposeRequired)
        .max(MAX_ID, messages.purposeRequired),
      // Its digits as a string, as modulo_id takes them (a form's select gives one).
      idParamSchema,
    ],
    { error: messages.purposeRequired },
  )
  .nullish();

/** POST /consultas `justificativa`: why this lookup, in the user's words; blank is none. */
export const justificationSchema = z
  .string({ error: messages.invalidValue })
  .overwrite(normalizedText)
  .trim()
  .max(JUSTIFICATION_MAX, messages.tooLong(JUSTIFICATION_MAX))
  .refine(isStorableText, messages.invalidCharacters)
  .nullish()
  .transform((text) => text || null);
