import { legalBasisText } from '@painel/shared/rules/legal-bases';
import type { ProcessingRecords } from '@painel/shared/schemas/records';
import { csvDocument } from '../../lib/csv.ts';

/** The CSV's header line, pt-BR as the screen's columns (docs/product/records.md#formats). */
export const RECORDS_CSV_HEADER = [
  'Módulo',
  'Finalidade',
  'Base legal',
  'Consultas',
  'Usuários',
  'Revendedores',
  'Retenção (dias)',
];

/**
 * The record as a pt-BR spreadsheet opens it (docs/product/admin.md#csv-exports): one line per module
 * and purpose, the responsibles in one cell as 'Loja Alfa (3) | Direto (1)'.
 */
export function recordsCsv(records: ProcessingRecords): string {
  return csvDocument(RECORDS_CSV_HEADER, records.registros, (record) => [
    record.modulo,
    record.finalidade,
    record.base_legal === null ? null : legalBasisText(record.base_legal),
    record.consultas,
    record.usuarios,
    record.revendedores.map((reseller) => `${reseller.nome} (${reseller.consultas})`).join(' | '),
    records.retencao_dias,
  ]);
}
