import { z } from 'zod';
import { metricsExportQuerySchema, metricsQuerySchema, metricsResponseSchema } from '../schemas/metrics.ts';
import { endpoint, MANAGERS } from './endpoint.ts';

/**
 * The metrics of a period and their CSV export (docs/product/admin.md#metrics): an admin sees
 * everything, or one responsible with revendedorId; a reseller its clients and its own lookups.
 */

export const metricsContract = {
  get: endpoint
    .route({
      method: 'GET',
      path: '/users/metrics',
      tags: ['admin'],
      summary:
        'Métricas de um período (padrão: últimos 30 dias; máximo 366): cartões, usuários por revendedor e série diária. revendedorId só para admin.',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [400, 401, 403] })
    .input(z.object({ query: metricsQuerySchema }))
    .output(metricsResponseSchema),

  /** A CSV file, not JSON: the handler sends it. */
  exportCsv: endpoint
    .route({
      method: 'GET',
      path: '/users/metrics/export.csv',
      tags: ['admin'],
      summary:
        'As métricas em CSV (UTF-8 com BOM, separador ;): tabela=diario (padrão) ou tabela=revendedores',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [] })
    .input(z.object({ query: metricsExportQuerySchema })),
};
