import { Readable } from 'node:stream';

/**
 * Every export is UTF-8 with a byte-order mark (spreadsheets then show the accents), CRLF line
 * ends, and one quoting rule. The separator is the export's own: `;` (what Excel expects in pt-BR)
 * for logs and metrics; the users export keeps the `,` its importers and tests rely on.
 */
export type CsvSeparator = ';' | ',';
export type CsvValue = string | number | null;

const BOM = '\uFEFF';

/** One cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r;]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: CsvValue[], separator: CsvSeparator): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

/** A whole file held in memory (small tables). */
export function csvDocument<T>(
  header: string[],
  rows: T[],
  cellsOf: (row: T) => CsvValue[],
  separator: CsvSeparator = ';',
): string {
  return BOM + csvLine(header, separator) + rows.map((row) => csvLine(cellsOf(row), separator)).join('');
}

/** A file streamed batch by batch, so a large export never sits in memory at once. */
export function csvStream<T>(
  header: string[],
  batches: AsyncIterable<T[]>,
  cellsOf: (row: T) => CsvValue[],
  separator: CsvSeparator = ';',
): Readable {
  async function* chunks() {
    yield BOM + csvLine(header, separator);
    for await (const batch of batches) yield batch.map((row) => csvLine(cellsOf(row), separator)).join('');
  }
  return Readable.from(chunks());
}
