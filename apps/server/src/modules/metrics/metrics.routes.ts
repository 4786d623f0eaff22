import { metricsContract } from '@painel/shared/contracts/metrics';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { getMetrics } from './metrics.service.ts';
import { metricsCsv } from './metrics-export.ts';

/** GET /users/metrics and its CSV export (issue 7), scoped as docs/product/roles.md#reseller-scope says. */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  // The role check runs on request, before the query is read: an anonymous caller only learns 401.
  serve(app, metricsContract.get, ({ reach, query }) => getMetrics(services.db, reach.scope, query));

  serve(app, metricsContract.exportCsv, async ({ reach, query: { tabela, ...query }, reply }) => {
    const metrics = await getMetrics(services.db, reach.scope, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="metricas-${tabela}-${metrics.startDate}-a-${metrics.endDate}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(metricsCsv(metrics, tabela));
  });
};
