import { z } from 'zod';
import { processingRecordsSchema, recordsPeriodSchema } from '../schemas/records.ts';
import { ADMIN_ONLY, endpoint } from './endpoint.ts';

/**
 * The record of processing operations (LGPD art. 37, docs/product/records.md): per module and
 * purpose of a period, its lookups, users, resellers, legal basis and retention. Admin only; every
 * reading is logged.
 */
export const recordsContract = {
  get: endpoint
    .route({
      method: 'GET',
      path: '/admin/registros-tratamento',
      tags: ['admin'],
      summary:
        'Registro das operações de tratamento (LGPD, art. 37) de um período (de/ate, dias de São Paulo, máximo 366): por módulo e finalidade, consultas, usuários, revendedores, base legal e retenção',
    })
    .meta({ roles: ADMIN_ONLY, errors: [400, 401, 403] })
    .input(z.object({ query: recordsPeriodSchema }))
    .output(processingRecordsSchema),

  /** A CSV file, not JSON: the handler sends it. */
  exportCsv: endpoint
    .route({
      method: 'GET',
      path: '/admin/registros-tratamento.csv',
      tags: ['admin'],
      summary: 'O registro das operações de tratamento em CSV (UTF-8 com BOM, separador ;)',
    })
    .meta({ roles: ADMIN_ONLY, errors: [400, 401, 403] })
    .input(z.object({ query: recordsPeriodSchema })),
};
