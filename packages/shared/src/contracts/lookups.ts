import { z } from 'zod';
import { idParamsSchema, idQueryValueSchema, searchText } from '../schemas/common.ts';
import { lookupPurposeSchema } from '../schemas/finalidades.ts';
import { idempotencyHeadersSchema } from '../schemas/idempotency.ts';
import {
  createLookupSchema,
  lookupResponseSchema,
  resultViewFields,
  revealLookupSchema,
  trialUsageSchema,
} from '../schemas/modules.ts';
import { type ErrorStatus, endpoint, MANAGERS, SIGNED_IN } from './endpoint.ts';

/** Lookups: run one, the history, one with its result, the live list, trial usage (docs/product/lookups.md). */

const errors: ErrorStatus[] = [400, 401, 402, 403, 404, 502, 503, 504];

export const lookupListItemSchema = z.object({
  id: z.number(),
  status: z.string(),
  usuario_id: z.number(),
  trial: z.boolean(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  Modulo: z.object({ id: z.number().nullable(), nome: z.string(), descricao: z.string() }),
  input: z.record(z.string(), z.string()),
  /** The identifier type (cpf, cnpj, placa…) of each typed input field when the lookup ran. */
  tipos_entrada: z.record(z.string(), z.string()),
  /** Why the lookup was run and under which LGPD basis; null for lookups run before purposes. */
  finalidade: lookupPurposeSchema.nullable(),
  erro: z.string().nullable(),
  data: z.string(),
  createdAt: z.string(),
  /**
   * When the stored result is (or was) erased: null for a lookup that brought no result. Past this
   * instant the result reads 'Resultado expirado' (docs/product/lookups.md#results-and-retention).
   */
  resultado_expira_em: z.string().nullable(),
  /** The prefix of the API key it was run with ('pk_…'); null for a lookup run in the panel. */
  chave_api: z.string().nullable(),
  /** The batch it was run for (docs/product/lotes.md); null for a lookup run on its own. */
  lote_id: z.number().nullable(),
});
export type LookupListItem = z.infer<typeof lookupListItemSchema>;

export const lookupPageSchema = z.object({
  consultas: z.array(lookupListItemSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** How many days a result is kept (RESULT_RETENTION_DAYS): 'retenção de N dias'. */
  retencao_dias: z.number(),
});
export type LookupPage = z.infer<typeof lookupPageSchema>;

/**
 * One lookup with its stored result; `retorno` is null once the result has expired, and masked as
 * `mascarado` says (docs/product/reveal-and-minors.md).
 */
export const lookupDetailSchema = lookupListItemSchema.extend({
  /** What the user wrote about why this lookup (up to 500 characters), or null. */
  justificativa: z.string().nullable(),
  retorno: z.unknown().nullable(),
  ...resultViewFields,
  /** How many days a result is kept: an expired one reads 'Resultado expirado (retenção de N dias)'. */
  retencao_dias: z.number(),
});
export type LookupDetail = z.infer<typeof lookupDetailSchema>;

export const LOOKUP_SEARCH_MAX = 100;

export const lookupPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A document, plate, phone or name typed into a lookup (with or without punctuation, in either
   * case), or part of the module's name (docs/product/lookups.md#history).
   */
  busca: searchText(LOOKUP_SEARCH_MAX).optional(),
});

export const lookupContract = {
  run: endpoint
    .route({
      method: 'POST',
      path: '/consultas',
      tags: ['consultas'],
      summary: 'Executa uma consulta; cobra só se der certo',
    })
    // 409: an Idempotency-Key reused with another body, or while its first request runs (decision 0020).
    .meta({ roles: SIGNED_IN, apiKey: true, reach: 'self', errors: [...errors, 409] })
    .input(z.object({ body: createLookupSchema, headers: idempotencyHeadersSchema }))
    .output(lookupResponseSchema),

  history: endpoint
    .route({
      method: 'GET',
      path: '/consultas',
      tags: ['consultas'],
      summary: 'Histórico do próprio usuário (10 por página)',
    })
    .meta({ roles: SIGNED_IN, apiKey: true, reach: 'self', errors })
    .input(z.object({ query: lookupPageQuerySchema }))
    .output(lookupPageSchema),

  recent: endpoint
    .route({
      method: 'GET',
      path: '/consultas/admin/all',
      tags: ['consultas'],
      summary: 'Consultas recentes (admin: todas; revendedor: as suas e dos seus clientes)',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors })
    .input(z.object({ query: lookupPageQuerySchema.extend({ usuario_id: idQueryValueSchema.optional() }) }))
    .output(lookupPageSchema),

  detail: endpoint
    .route({
      method: 'GET',
      path: '/consultas/{id}',
      tags: ['consultas'],
      summary: 'Uma consulta com o resultado, enquanto não expirar',
    })
    .meta({ roles: SIGNED_IN, apiKey: true, reach: 'selfAndClients', errors })
    .input(z.object({ params: idParamsSchema }))
    .output(lookupDetailSchema),

  /** 'Revelar': the whole result, for a justification written to the audit trail. */
  reveal: endpoint
    .route({
      method: 'POST',
      path: '/consultas/{id}/revelar',
      tags: ['consultas'],
      summary:
        'Mostra o resultado completo de uma consulta mascarada, com a justificativa registrada (nunca o de teste nem dados de menor sem finalidade que permita)',
    })
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', errors: [400, 401, 403, 404] })
    .input(z.object({ params: idParamsSchema, body: revealLookupSchema }))
    .output(lookupDetailSchema),

  trialUsage: endpoint
    .route({
      method: 'GET',
      path: '/profile/trial-usage',
      tags: ['profile'],
      summary: 'Testes gratuitos usados e restantes',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({}))
    .output(trialUsageSchema),
};
