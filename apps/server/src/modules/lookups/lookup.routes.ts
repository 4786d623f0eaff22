import { messages } from '@painel/shared/messages';
import { errorBodySchema, idParamsSchema, idQueryValueSchema } from '@painel/shared/schemas/common';
import { businessToday } from '@painel/shared/schemas/metrics';
import { createLookupSchema, lookupResponseSchema, trialUsageSchema } from '@painel/shared/schemas/modules';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultas } from '../../db/schema/consultas.ts';
import { notFound } from '../../lib/app-error.ts';
import { authOf, requireRole, requireUser } from '../../plugins/auth.ts';
import { readableLookupsWhere, scopeOf, selfAndClientsWhere } from '../auth/scope.ts';
import { countLookups, statsScopeOf } from '../metrics/stats-counters.ts';
import {
  countLookupsWhere,
  findLookupPage,
  findLookupWithResult,
  type LookupListRow,
  trialLimit,
  trialUsed,
} from './lookup.repository.ts';
import { runLookup } from './lookup.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
  504: errorBodySchema,
};
const security = [{ bearer: [] }];

const lookupListItem = z.object({
  id: z.number(),
  status: z.string(),
  usuario_id: z.number(),
  trial: z.boolean(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  Modulo: z.object({ id: z.number().nullable(), nome: z.string(), descricao: z.string() }),
  input: z.record(z.string(), z.string()),
  erro: z.string().nullable(),
  data: z.string(),
  createdAt: z.string(),
});
const lookupPage = z.object({
  consultas: z.array(lookupListItem),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

function toListItem(row: LookupListRow) {
  return {
    id: row.id,
    status: row.status,
    usuario_id: row.usuarioId,
    trial: row.trial,
    User: row.userNome === null ? null : { nome: row.userNome, email: row.userEmail ?? '' },
    Modulo: { id: row.moduloId, nome: row.moduloNome, descricao: row.moduloDescricao },
    input: row.input,
    erro: row.erroCodigo,
    data: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  /** One page and the total; `counted` gives the total from the maintained counters when it can. */
  async function page(where: SQL | undefined, query: z.infer<typeof pageQuery>, counted?: Promise<number>) {
    const [rows, total] = await Promise.all([
      findLookupPage(services.db, where, query.limit, (query.page - 1) * query.limit),
      counted ?? countLookupsWhere(services.db, where),
    ]);
    return {
      consultas: rows.map(toListItem),
      total,
      page: query.page,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    };
  }

  app.post(
    '/consultas',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consultas'],
        summary: 'Executa uma consulta; cobra só se der certo',
        security,
        body: createLookupSchema,
        response: { 200: lookupResponseSchema, ...errors },
      },
    },
    async (request) => runLookup(services.lookups, authOf(request), request.body),
  );

  app.get(
    '/consultas',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consultas'],
        summary: 'Histórico do próprio usuário (10 por página)',
        security,
        querystring: pageQuery,
        response: { 200: lookupPage, ...errors },
      },
    },
    async (request) => page(eq(consultas.usuarioId, authOf(request).userId), request.query),
  );

  app.get(
    '/consultas/admin/all',
    {
      onRequest: requireRole('admin', 'revendedor'),
      schema: {
        tags: ['consultas'],
        summary: 'Consultas recentes (admin: todas; revendedor: as suas e dos seus clientes)',
        security,
        querystring: pageQuery.extend({ usuario_id: idQueryValueSchema.optional() }),
        response: { 200: lookupPage, ...errors },
      },
    },
    async (request) => {
      const { usuario_id: userId, ...query } = request.query;
      const auth = authOf(request);
      if (userId !== undefined)
        return page(
          and(selfAndClientsWhere(scopeOf(auth), consultas.usuarioId), eq(consultas.usuarioId, userId)),
          query,
        );
      // The whole scope: counting a million rows per page would not scale, the counters do.
      const total = countLookups(services.db, statsScopeOf(auth), businessToday()).then((n) => n.total);
      return page(selfAndClientsWhere(scopeOf(auth), consultas.usuarioId), query, total);
    },
  );

  app.get(
    '/consultas/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consultas'],
        summary: 'Uma consulta com o resultado, enquanto não expirar',
        security,
        params: idParamsSchema,
        response: {
          200: lookupListItem.extend({
            retorno: z.unknown().nullable(),
            resultado_expira_em: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const visible = readableLookupsWhere(auth, consultas.usuarioId);
      const row = await findLookupWithResult(services.db, request.params.id, visible);
      if (!row) throw notFound(messages.lookupNotFound);
      const expired = row.expira !== null && row.expira.getTime() <= Date.now();
      return {
        ...toListItem(row),
        retorno: expired ? null : (row.resultado ?? null),
        // Set at reservation; it means something only for a lookup that brought a result.
        resultado_expira_em: row.status === 'sucesso' ? (row.expira?.toISOString() ?? null) : null,
      };
    },
  );

  app.get(
    '/profile/trial-usage',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Testes gratuitos usados e restantes',
        security,
        response: { 200: trialUsageSchema, ...errors },
      },
    },
    async (request) => {
      const [used, limit] = await Promise.all([
        trialUsed(services.db, authOf(request).userId),
        trialLimit(services.db),
      ]);
      return { trial_used: used, trial_limit: limit, trial_remaining: Math.max(0, limit - used) };
    },
  );
};
