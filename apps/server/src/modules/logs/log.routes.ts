import { logContract } from '@painel/shared/contracts/logs';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { type LogEntryRow, listLogs } from './log.repository.ts';
import { exportLogsCsv } from './log-export.ts';

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
export const logRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  serve(app, logContract.list, async ({ reach, query: { page, limit, ...filter } }) => {
    const { rows, total } = await listLogs(services.db, reach.scope, filter, { page, limit });
    return {
      data: {
        logs: rows.map(toEntry),
        total,
        page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
      },
    };
  });

  serve(app, logContract.exportCsv, ({ reach, query, reply }) => {
    const { startDate, endDate } = query;
    const period = startDate || endDate ? `-${startDate ?? 'inicio'}-a-${endDate ?? 'hoje'}` : '';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="logs${period}.csv"`)
      .header('cache-control', 'no-store')
      .send(exportLogsCsv(services.db, reach.scope, query));
  });
};
