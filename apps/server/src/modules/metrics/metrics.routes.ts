import { errorBodySchema } from '@painel/shared/schemas/common';
import {
  metricsExportQuerySchema,
  metricsQuerySchema,
  metricsResponseSchema,
} from '@painel/shared/schemas/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { getMetrics } from './metrics.service.ts';
import { metricsCsv } from './metrics-export.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

/** GET /users/metrics and its CSV export (issue 7), scoped as docs/product/roles.md#reseller-scope says. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  // The role check runs on request, before the query is read: an anonymous caller only learns 401.
  const managers = requireRole('admin', 'revendedor');

  app.get(
    '/users/metrics',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary:
          'Métricas de um período (padrão: últimos 30 dias; máximo 366): cartões, usuários por revendedor e série diária. revendedorId só para admin.',
        security,
        querystring: metricsQuerySchema,
        response: { 200: metricsResponseSchema, ...errors },
      },
    },
    async (request) => getMetrics(services.db, authOf(request), request.query),
  );

  app.get(
    '/users/metrics/export.csv',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary:
          'As métricas em CSV (UTF-8 com BOM, separador ;): tabela=diario (padrão) ou tabela=revendedores',
        security,
        querystring: metricsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { tabela, ...query } = request.query;
      const metrics = await getMetrics(services.db, authOf(request), query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="metricas-${tabela}-${metrics.startDate}-a-${metrics.endDate}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(metricsCsv(metrics, tabela));
    },
  );
};
