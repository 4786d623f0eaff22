import type { Executor } from '../../db/client.ts';
import { csvDateTime, csvStream } from '../../lib/csv.ts';
import type { Scope } from '../auth/scope.ts';
import { eachLogBatch, type LogEntryRow, type LogFilter } from './log.repository.ts';

const header = ['id', 'data_hora', 'usuario_id', 'nome', 'email', 'tipo', 'acao', 'detalhes'];

function cellsOf({ log, nome, email }: LogEntryRow) {
  return [
    log.id,
    csvDateTime(log.createdAt),
    log.userId,
    nome,
    email,
    log.tipo,
    log.acao,
    JSON.stringify(log.detalhes),
  ];
}

/**
 * GET /logs/export.csv: the caller's filtered trail (a reseller: theirs and their clients'),
 * streamed in batches; date and time in São Paulo, pt-BR.
 */
export function exportLogsCsv(db: Executor, scope: Scope, filter: LogFilter) {
  return csvStream(header, eachLogBatch(db, scope, filter), cellsOf);
}
