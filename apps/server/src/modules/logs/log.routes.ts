import { errorBodySchema } from '@painel/shared/schemas/common';
import { withOptionalPeriod } from '@painel/shared/schemas/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOG_TYPES } from '../../db/schema/logs.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { type LogEntryRow, listLogs } from './log.repository.ts';
import { exportLogsCsv } from './log-export.ts';

const logEntrySchema = z.object({
  id: z.number(),
  data: z.string(),
  createdAt: z.string(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  usuario_id: z.number().nullable(),
  tipo: z.enum(LOG_TYPES),
  acao: z.string(),
  detalhes: z.record(z.string(), z.unknown()),
});

const tipoFilter = z.preprocess((value) => (value === '' ? undefined : value), z.enum(LOG_TYPES).optional());

function toEntry({ log, nome, email }: LogEntryRow) {
  return {
    id: log.id,
    data: log.createdAt.toISOString(),
    createdAt: log.createdAt.toISOString(),
    User: nome === null ? null : { nome, email: email ?? '' },
    usuario_id: log.userId,
    tipo: log.tipo,
    acao: log.acao,
    detalhes: log.detalhes,
  };
}

/** The audit trail, read-only: there is no route that changes or deletes an entry. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = requireRole('admin', 'revendedor');

  app.get(
    '/logs',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary:
          'Trilha de auditoria (admin: tudo; revendedor: a sua e a dos seus clientes), por tipo e período (startDate, endDate)',
        security: [{ bearer: [] }],
        querystring: withOptionalPeriod({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          limit: z.coerce
            .number()
            .int()
            .refine((value) => [10, 20, 50, 100].includes(value), 'Use 10, 20, 50 ou 100 por página')
            .default(10),
          tipo: tipoFilter,
        }),
        response: {
          200: z.object({
            data: z.object({
              logs: z.array(logEntrySchema),
              total: z.number(),
              page: z.number(),
              totalPages: z.number(),
            }),
          }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { rows, total } = await listLogs(app.services.db, authOf(request), filter, { page, limit });
      return {
        data: {
          logs: rows.map(toEntry),
          total,
          page,
          totalPages: Math.max(1, Math.ceil(total / limit)),
        },
      };
    },
  );

  app.get(
    '/logs/export.csv',
    {
      onRequest: managers,
      schema: {
        tags: ['admin'],
        summary: 'A trilha filtrada (tipo, startDate, endDate) em CSV: UTF-8 com BOM, separador ;',
        security: [{ bearer: [] }],
        querystring: withOptionalPeriod({ tipo: tipoFilter }),
      },
    },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      const period = startDate || endDate ? `-${startDate ?? 'inicio'}-a-${endDate ?? 'hoje'}` : '';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="logs${period}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportLogsCsv(app.services.db, authOf(request), request.query));
    },
  );
};
