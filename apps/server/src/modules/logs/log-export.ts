import { Readable } from 'node:stream';
import { BUSINESS_TIME_ZONE } from '@painel/shared/schemas/metrics';
import type { Executor } from '../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { eachLogBatch, type LogEntryRow, type LogFilter } from './log.repository.ts';

const header = ['id', 'data_hora', 'usuario_id', 'nome', 'email', 'tipo', 'acao', 'detalhes'];

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

function line({ log, nome, email }: LogEntryRow): string {
  return csvLine([
    log.id,
    dateTime.format(log.createdAt).replace(',', ''),
    log.userId,
    nome,
    email,
    log.tipo,
    log.acao,
    JSON.stringify(log.detalhes),
  ]);
}

/**
 * GET /logs/export.csv: the caller's filtered trail (a reseller: theirs and their clients'),
 * streamed in batches; date and time in São Paulo, pt-BR.
 */
export function exportLogsCsv(db: Executor, auth: Pick<AuthContext, 'tipo' | 'userId'>, filter: LogFilter) {
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    for await (const batch of eachLogBatch(db, auth, filter)) yield batch.map(line).join('');
  }
  return Readable.from(lines());
}
