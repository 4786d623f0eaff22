import { recordsContract } from '@painel/shared/contracts/records';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { type RecordsCaller, type RecordsDeps, readProcessingRecords } from './records.service.ts';
import { recordsCsv } from './records-export.ts';

const callerOf = ({ auth, request }: { auth: AuthContext; request: { ip: string } }): RecordsCaller => ({
  userId: auth.userId,
  tipo: auth.tipo,
  ip: request.ip,
});

/** The record of processing operations (issue 18), as packages/shared/src/contracts/records.ts declares it. */
export const recordsRoutes: FastifyPluginAsync = async (app) => {
  const { db, lookups } = app.services;
  const deps: RecordsDeps = { db, retentionDays: lookups.retentionDays };

  serve(app, recordsContract.get, (call) => readProcessingRecords(deps, callerOf(call), call.query, 'json'));

  serve(app, recordsContract.exportCsv, async (call) => {
    const records = await readProcessingRecords(deps, callerOf(call), call.query, 'csv');
    return call.reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="registro-tratamento-${records.de}-a-${records.ate}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(recordsCsv(records));
  });
};
