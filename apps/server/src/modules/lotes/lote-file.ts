import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { LOTE_MAX_ROWS } from '@painel/shared/schemas/lotes';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../../lib/app-error.ts';

/** One line of a batch's file as the module's fields: its line number as a spreadsheet shows it. */
export interface FileRow {
  linha: number;
  entrada: Record<string, string>;
  /** Why the line cannot be read as the module's fields at all (more cells than fields). */
  erro?: string;
}

const fileError = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { fields: { arquivo: message } });

/** An XLSX file is a ZIP archive: it starts with the local file header's signature. */
const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;

/** The file's lines as cells, each with its line number as a spreadsheet or an editor shows it. */
async function cellsOf(data: Buffer): Promise<{ cells: string[]; line: number }[]> {
  if (isZip(data)) {
    try {
      const rows = await readSheet(data, 1);
      return rows.map((row, index) => ({
        cells: row.map((cell) => (cell === null || cell === undefined ? '' : cellText(cell))),
        line: index + 1,
      }));
    } catch {
      throw fileError(messages.loteFileUnreadable);
    }
  }
  const text = data.toString('utf8');
  // Text that is not UTF-8 (a spreadsheet saved as Latin-1) would carry replacement characters.
  if (text.includes('\ufffd') || text.includes('\u0000')) throw fileError(messages.loteFileUnreadable);
  try {
    const records = parse(text, {
      bom: true,
      // A Brazilian spreadsheet writes ';' between cells; others ',' or a tab.
      delimiter: [';', ',', '\t'],
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch {
    throw fileError(messages.loteFileUnreadable);
  }
}

/** A spreadsheet cell as the text a person typed: whole numbers without '.0', dates as dd/mm/yyyy. */
function cellText(cell: unknown): string {
  if (cell instanceof Date) {
    const day = String(cell.getUTCDate()).padStart(2, '0');
    const month = String(cell.getUTCMonth() + 1).padStart(2, '0');
    return `${day}/${month}/${cell.getUTCFullYear()}`;
  }
  if (typeof cell === 'number' && Number.isInteger(cell)) return cell.toFixed(0);
  return String(cell).trim();
}

const keyOf = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * A batch's rows (docs/product/lotes.md#file): the first line names the module's fields, in any
 * order and case; a module of one field also takes a bare column (no line names its field). Blank
 * lines are skipped; at most LOTE_MAX_ROWS lines besides the header.
 */
export async function readBatchFile(data: Buffer, fields: QueryField[]): Promise<FileRow[]> {
  const lines = (await cellsOf(data)).filter((row) => row.cells.some((cell) => cell !== ''));
  if (lines.length === 0) throw fileError(messages.loteEmpty);
  const cells = lines.map((row) => row.cells);
  const byKey = new Map(fields.map((field) => [keyOf(field.nome), field.nome]));
  const header = cells[0] ?? [];
  const named = header.map((cell) => byKey.get(keyOf(cell)) ?? null);
  const hasHeader = named.some((name) => name !== null);
  let columns: (string | null)[];
  let first: number;
  if (hasHeader) {
    columns = named;
    first = 1;
  } else if (fields.length === 1 && fields[0]) {
    columns = [fields[0].nome];
    first = 0;
  } else {
    throw fileError(messages.loteHeaderMissing(fields.map((field) => field.nome).join(', ')));
  }
  const body = cells.slice(first);
  const bodyLines = lines.slice(first).map((row) => row.line);
  if (body.length === 0) throw fileError(messages.loteEmpty);
  if (body.length > LOTE_MAX_ROWS) {
    throw fileError(messages.loteTooManyRows(LOTE_MAX_ROWS.toLocaleString('pt-BR')));
  }
  return body.map((row, index) => {
    const entrada: Record<string, string> = {};
    columns.forEach((name, column) => {
      if (name) entrada[name] = row[column] ?? '';
    });
    const extra = row.slice(columns.length).some((cell) => cell !== '');
    return {
      linha: bodyLines[index] ?? index + first + 1,
      entrada,
      ...(extra ? { erro: messages.loteRowExtraColumns } : {}),
    };
  });
}

/** A pasted column: one value per line, for a module of one field (or a header line and values). */
export function pastedText(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}
