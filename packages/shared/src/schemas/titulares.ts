import { z } from 'zod';
import { messages } from '../messages.ts';
import { canonicalDocument } from '../rules/titular-documents.ts';
import { legalBasisSchema } from './finalidades.ts';

/** Who looked a titular up (docs/product/titulares.md). */

/** Longer than any CPF or CNPJ written with generous punctuation. */
export const TITULAR_DOCUMENT_MAX = 40;

/**
 * A CPF or CNPJ (numeric or alphanumeric) written any way: with or without punctuation, spaces, in
 * either case. Read as its canonical form; anything else is 'Informe um CPF ou CNPJ válido'.
 */
export const titularDocumentSchema = z
  .string({ error: messages.titularDocumentInvalid })
  .max(TITULAR_DOCUMENT_MAX, messages.titularDocumentInvalid)
  .transform((text, context) => {
    const document = canonicalDocument(text);
    if (document) return document;
    context.addIssue({ code: 'custom', message: messages.titularDocumentInvalid });
    return z.NEVER;
  });

/** GET /admin/titulares/consultas: the document, and the page as the other lists take it. */
export const titularLookupsQuerySchema = z.object({
  documento: titularDocumentSchema,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TitularLookupsQuery = z.input<typeof titularLookupsQuerySchema>;

/** One lookup whose input carried the document. */
export const titularLookupSchema = z.object({
  id: z.number(),
  /** When it was run (ISO 8601, UTC). */
  data: z.string(),
  /** 'sucesso', 'falha' or 'pendente': a failed lookup still sent the document to the provider. */
  status: z.string(),
  /** Who ran it. */
  User: z.object({ nome: z.string(), email: z.string() }),
  /** The module's name as it was when the lookup ran. */
  Modulo: z.object({ nome: z.string() }),
  /** Why it was run and under which LGPD basis; null for lookups run before purposes. */
  finalidade: z.object({ nome: z.string(), base_legal: legalBasisSchema }).nullable(),
  /** When its result is (or was) erased; null when it brought no result. */
  resultado_expira_em: z.string().nullable(),
});
export type TitularLookup = z.infer<typeof titularLookupSchema>;

export const titularLookupsSchema = z.object({
  consultas: z.array(titularLookupSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** How long results are kept (RESULT_RETENTION_DAYS), for the report to the titular. */
  retencao_dias: z.number(),
});
export type TitularLookups = z.infer<typeof titularLookupsSchema>;
