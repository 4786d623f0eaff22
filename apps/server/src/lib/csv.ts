import { Readable } from 'node:stream';
import { BUSINESS_TIME_ZONE } from '@painel/shared/schemas/metrics';

/**
 * One format for every export (docs/product/admin.md#csv-exports), the way a pt-BR spreadsheet
 * opens a file: UTF-8 with a byte-order mark (the accents show), `;` between fields (the decimal
 * mark is the comma), CRLF line ends, one quoting rule, dates and times in São Paulo written
 * dd/mm/aaaa, amounts with a decimal comma.
 */
export type CsvValue = string | number | null;

const BOM = '\uFEFF';
const SEPARATOR = ';';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** An instant as 22/11/2026 14:05:09, São Paulo time. */
export function csvDateTime(instant: Date): string {
  return dateTime.format(instant).replace(',', '');
}

/** A calendar day (YYYY-MM-DD) as 22/11/2026. */
export function csvDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Cents as reais with a decimal comma: 1250 → 12,50. */
export function csvMoney(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * Text a spreadsheet could run as a formula: one starting with a control (tab, CR, LF), or whose
 * first visible character is = + - @, after any blanks (spaces, NBSP and the other Unicode spaces,
 * zero-width characters, BOM) some importers trim, in their ASCII, full-width (＝ ＋ － ＠),
 * small (﹦ ﹢ ﹣ ﹫) or minus-sign (−) forms that some locales read as the ASCII ones.
 */
const FORMULA_START =
  /^(?:[\t\r\n]|[\s\u00ad\u180e\u200b-\u200f\u2060\ufeff]*[=+\-@\u2212\ufe62\ufe63\ufe66\ufe6b\uff0b\uff0d\uff1d\uff20])/u;

/** One cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(SEPARATOR)}\r\n`;
}

/** A whole file held in memory (small tables). */
export function csvDocument<T>(header: string[], rows: T[], cellsOf: (row: T) => CsvValue[]): string {
  return BOM + csvLine(header) + rows.map((row) => csvLine(cellsOf(row))).join('');
}

/**
 * A file streamed batch by batch, so a large export never sits in memory at once: a byte stream
 * (not object mode), so it reads the next batch only once what it holds (64 KB) has gone out.
 */
export function csvStream<T>(
  header: string[],
  batches: AsyncIterable<T[]>,
  cellsOf: (row: T) => CsvValue[],
): Readable {
  async function* chunks() {
    yield BOM + csvLine(header);
    for await (const batch of batches) yield batch.map((row) => csvLine(cellsOf(row))).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}
