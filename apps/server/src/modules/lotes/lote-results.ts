import { expiredResultText } from '@painel/shared/rules/retention';
import writeXlsxFile from 'write-excel-file/node';
import type { Executor } from '../../db/client.ts';
import { csvDocument } from '../../lib/csv.ts';
import { resultRows } from './lote.repository.ts';

/** The result files' row status in Portuguese. */
const STATUS_TEXT: Record<string, string> = {
  sucesso: 'Sucesso',
  falha: 'Falha',
  cancelada: 'Cancelada',
  pendente: 'Pendente',
  em_andamento: 'Em andamento',
};

/** Scalar fields at the result's first level: its main fields, flattened. */
function mainFields(result: unknown): Record<string, string> {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    if (value === null || typeof value === 'object') continue;
    fields[key] = String(value);
  }
  return fields;
}

/**
 * One row per input line in input order (docs/product/lotes.md#results): the line, the input, the
 * status, the error, the result's first-level fields and the whole JSON. A result past its
 * retention is gone: its row says so instead.
 */
export async function loteTable(db: Executor, id: number, retentionDays: number): Promise<string[][]> {
  const rows = await resultRows(db, id);
  const inputKeys = [...new Set(rows.flatMap((row) => Object.keys(row.entrada)))];
  const results = rows.map((row) => mainFields(row.resultado));
  const resultKeys = [...new Set(results.flatMap((fields) => Object.keys(fields)))];
  // The result's fields under 'resultado.', so an input field and a result field never share a name.
  const header = [
    'linha',
    ...inputKeys,
    'status',
    'erro',
    ...resultKeys.map((key) => `resultado.${key}`),
    'resultado_json',
  ];
  const now = Date.now();
  const body = rows.map((row, index) => {
    const expired =
      row.status === 'sucesso' && row.resultado === null && row.resultadoExpiraEm !== null
        ? row.resultadoExpiraEm.getTime() <= now
        : false;
    return [
      String(row.linha),
      ...inputKeys.map((key) => row.entrada[key] ?? ''),
      STATUS_TEXT[row.status] ?? row.status,
      expired ? expiredResultText(retentionDays) : (row.erroCodigo ?? ''),
      ...resultKeys.map((key) => results[index]?.[key] ?? ''),
      row.resultado === null ? '' : JSON.stringify(row.resultado),
    ];
  });
  return [header, ...body];
}

/** As every export of the panel (lib/csv.ts): BOM, ';', and no cell a spreadsheet would run as a formula. */
export async function loteResultCsv(db: Executor, id: number, retentionDays: number): Promise<string> {
  const [header = [], ...rows] = await loteTable(db, id, retentionDays);
  return csvDocument(header, rows, (row) => row);
}

export async function loteResultXlsx(db: Executor, id: number, retentionDays: number): Promise<Buffer> {
  const table = await loteTable(db, id, retentionDays);
  const data = table.map((row, index) =>
    row.map((value) => ({ value, type: String, ...(index === 0 ? { fontWeight: 'bold' as const } : {}) })),
  );
  return writeXlsxFile(data).toBuffer();
}
