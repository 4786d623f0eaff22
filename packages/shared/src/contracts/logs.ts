import { z } from 'zod';
import { withOptionalPeriod } from '../schemas/metrics.ts';
import { endpoint, MANAGERS } from './endpoint.ts';

/** The audit trail, read-only: there is no endpoint that changes or deletes an entry (docs/product/admin.md#logs). */

export const LOG_TYPES = ['admin_action', 'revendedor_action', 'consulta', 'login'] as const;
export type LogType = (typeof LOG_TYPES)[number];
/** Entries per page the list accepts. */
export const LOG_PAGE_SIZES = [10, 20, 50, 100] as const;

export const logEntrySchema = z.object({
  id: z.number(),
  data: z.string(),
  createdAt: z.string(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  usuario_id: z.number().nullable(),
  tipo: z.enum(LOG_TYPES),
  acao: z.string(),
  detalhes: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logPageSchema = z.object({
  data: z.object({
    logs: z.array(logEntrySchema),
    total: z.number(),
    page: z.number(),
    totalPages: z.number(),
  }),
});
export type LogPage = z.infer<typeof logPageSchema>;

/** '' (the select's "every type") counts as no filter. */
const tipoFilter = z.preprocess((value) => (value === '' ? undefined : value), z.enum(LOG_TYPES).optional());

export const logPageQuerySchema = withOptionalPeriod({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine(
      (value) => (LOG_PAGE_SIZES as readonly number[]).includes(value),
      'Use 10, 20, 50 ou 100 por página',
    )
    .default(10),
  tipo: tipoFilter,
});

export const logExportQuerySchema = withOptionalPeriod({ tipo: tipoFilter });

export const logContract = {
  list: endpoint
    .route({
      method: 'GET',
      path: '/logs',
      tags: ['admin'],
      summary:
        'Trilha de auditoria (admin: tudo; revendedor: a sua e a dos seus clientes), por tipo e período (startDate, endDate)',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [400, 401, 403] })
    .input(z.object({ query: logPageQuerySchema }))
    .output(logPageSchema),

  /** A CSV file, not JSON: the handler streams it. */
  exportCsv: endpoint
    .route({
      method: 'GET',
      path: '/logs/export.csv',
      tags: ['admin'],
      summary: 'A trilha filtrada (tipo, startDate, endDate) em CSV: UTF-8 com BOM, separador ;',
    })
    .meta({ roles: MANAGERS, reach: 'selfAndClients', errors: [] })
    .input(z.object({ query: logExportQuerySchema })),
};
