import { messages } from '@painel/shared/messages';
import type { ProcessingRecord, ProcessingRecords, RecordsPeriod } from '@painel/shared/schemas/records';
import type { Database } from '../../db/client.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { type RecordGroupRow, readRecordGroups } from './records.repository.ts';

export interface RecordsDeps {
  db: Database;
  /** RESULT_RETENTION_DAYS: how long a lookup's result is kept. */
  retentionDays: number;
}

export interface RecordsCaller extends Actor {
  ip?: string | null;
}

/** How the record left the server: as the screen's answer (which the PDF is built from) or as CSV. */
export type RecordsFormat = 'json' | 'csv';

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Module name, then purpose name, lookups without a purpose after those with one. */
function recordOrder(a: ProcessingRecord, b: ProcessingRecord): number {
  return (
    byName.compare(a.modulo, b.modulo) ||
    Number(a.finalidade_id === null) - Number(b.finalidade_id === null) ||
    byName.compare(a.finalidade, b.finalidade)
  );
}

/** The module and purpose rows, each with its responsibles, from the groups the query returned. */
function recordsOf(groups: RecordGroupRow[]): ProcessingRecord[] {
  const records = new Map<string, ProcessingRecord>();
  for (const group of groups) {
    const key = JSON.stringify([group.moduloNome, group.finalidadeId]);
    let record = records.get(key);
    if (!record) {
      record = {
        modulo: group.moduloNome,
        finalidade_id: group.finalidadeId,
        finalidade: group.finalidadeNome ?? messages.recordsNoPurpose,
        base_legal: group.baseLegal,
        consultas: 0,
        usuarios: 0,
        revendedores: [],
      };
      records.set(key, record);
    }
    record.consultas += group.consultas;
    // Each user has one responsible, so the groups of a record hold disjoint sets of users.
    record.usuarios += group.usuarios;
    record.revendedores.push({
      revendedor_id: group.revendedorId,
      nome: group.revendedorId === null ? messages.recordsDirect : (group.revendedorNome ?? ''),
      consultas: group.consultas,
    });
  }
  const list = [...records.values()];
  for (const record of list)
    record.revendedores.sort((a, b) => b.consultas - a.consultas || byName.compare(a.nome, b.nome));
  return list.sort(recordOrder);
}

/**
 * The record of processing operations of a period (docs/product/records.md). Each reading is an
 * export of who processed what, so each is logged (`registro_tratamento_exportado`) with its
 * period and format.
 */
export async function readProcessingRecords(
  deps: RecordsDeps,
  caller: RecordsCaller,
  period: RecordsPeriod,
  format: RecordsFormat,
): Promise<ProcessingRecords> {
  const registros = recordsOf(await readRecordGroups(deps.db, period.de, period.ate));
  await writeActionLog(
    deps.db,
    caller,
    'registro_tratamento_exportado',
    {
      de: period.de,
      ate: period.ate,
      formato: format,
      linhas: registros.length,
      consultas: registros.reduce((sum, record) => sum + record.consultas, 0),
    },
    caller.ip,
  );
  return {
    de: period.de,
    ate: period.ate,
    gerado_em: new Date().toISOString(),
    retencao_dias: deps.retentionDays,
    registros,
  };
}
