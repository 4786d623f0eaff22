import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { LOTE_MAX_ROWS } from '@painel/shared/schemas/lotes';
import { parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import { AppError } from '../../lib/app-error.ts';
import { outageError } from '../../lib/outage.ts';
import { readSheetIsolated, type SheetCell, SheetRefused } from './xlsx-reader.ts';

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

/**
 * What an XLSX of 10 000 rows could hold once unpacked (a sheet of 10 000 rows of a few short
 * cells is a few megabytes of XML); past it the file is refused unread.
 */
const XLSX_MAX_UNPACKED = 16 * 1024 * 1024;
/**
 * The longest cell kept: far past any field's 200 characters, so a longer one is still refused as
 * too long, while a megabyte in one cell costs nothing to check (the rest is cut on reading).
 */
const MAX_CELL_CHARS = 1_000;
/** Columns a batch's sheet may use (a module has a handful of fields). */
const XLSX_MAX_COLUMNS = 64;

/** A cell reference's column as a number: A → 1, Z → 26, AA → 27. */
const columnNumber = (letters: string) =>
  [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0);

/**
 * Where a part names a place: a cell's `r="B12"` or a row's `r="12"` (any quotes, any spacing), and
 * a range's `ref="A1:C9"`.
 */
const CELL_REFERENCES = /\s(?:r|ref)\s*=\s*(["'])([^"']{0,64})(["']?)/g;
const CELL = /\$?([A-Za-z]{0,8})\$?(\d+)/g;
/** Bytes of XML with no '<' among them: no tag, attribute or cell of a batch's sheet is this long. */
const LONGEST_RUN = 64 * 1024;
const LT = 0x3c;

/**
 * Looks inside an XLSX before the spreadsheet reader runs (docs/product/lotes.md#file): a small
 * file can unpack to gigabytes, or name a cell millions of rows down that the reader would fill
 * every row and column up to. Refused: more than XLSX_MAX_UNPACKED unpacked, or any part of it
 * naming a cell past LOTE_MAX_ROWS + 1 rows or XLSX_MAX_COLUMNS columns. Every entry is looked at,
 * not only the usual sheet path: the reader follows the workbook to whatever part it names. This
 * is the early refusal with the right message; the reader's own thread bounds the rest
 * (xlsx-reader.ts).
 */
function checkXlsx(data: Buffer): void {
  // Every entry is inflated as a stream and its bytes counted as they come (the sizes a ZIP
  // declares are the sender's word); past the limit, inflating stops.
  let unpacked = 0;
  let tooLarge = false;
  // What a part holds past its last '<', counted byte by byte as it is inflated (linear: a
  // pattern looking for a long run would try again from every one of its bytes).
  let run = 0;
  let longRun = false;
  const parts: Uint8Array[][] = [];
  try {
    const unzip = new Unzip((file) => {
      const chunks: Uint8Array[] = [];
      parts.push(chunks);
      run = 0;
      file.ondata = (error, chunk) => {
        if (error) throw error;
        unpacked += chunk.length;
        if (unpacked > XLSX_MAX_UNPACKED || longRun) {
          tooLarge = true;
          file.terminate();
          return;
        }
        for (const byte of chunk) {
          run = byte === LT ? 0 : run + 1;
          if (run > LONGEST_RUN) longRun = true;
        }
        chunks.push(chunk);
      };
      if (!tooLarge) file.start();
    });
    unzip.register(UnzipInflate);
    unzip.push(data, true);
  } catch {
    throw fileError(messages.loteFileUnreadable);
  }
  // No tag or cell of a batch's sheet is this long; the reader would spend a minute on one (a 2 MB
  // attribute), and a reference scan on it would take as long.
  if (tooLarge || longRun) throw fileError(messages.loteFileUnreadable);
  for (const chunks of parts) {
    const xml = Buffer.concat(chunks).toString('utf8');
    for (const [, open, references, close] of xml.matchAll(CELL_REFERENCES)) {
      // A reference longer than any a sheet writes.
      if (close !== open) throw fileError(messages.loteFileUnreadable);
      for (const [, letters, digits] of (references ?? '').matchAll(CELL)) {
        // More digits than any row a batch takes, whatever they say.
        if ((digits ?? '').replace(/^0+/, '').length > 6 || Number(digits) > LOTE_MAX_ROWS + 1) {
          throw fileError(messages.loteTooManyRows(LOTE_MAX_ROWS.toLocaleString('pt-BR')));
        }
        if (columnNumber((letters ?? '').toUpperCase()) > XLSX_MAX_COLUMNS) {
          throw fileError(messages.loteFileUnreadable);
        }
      }
    }
  }
}

/** XLSX files read at once per process, and waiting their turn; past that the panel is busy. */
const XLSX_READING_AT_ONCE = 2;
const XLSX_WAITING = 8;
let xlsxReading = 0;
const xlsxTurns: (() => void)[] = [];

/** Users with an XLSX being read or waiting its turn in this process: one at a time each. */
const xlsxReaders = new Set<number>();

/**
 * Checks an XLSX and reads its first sheet on its own thread: a couple at a time per process, one
 * per user; the turn is taken before any work is done on it, so a crowd of files costs nothing
 * while it waits or is refused.
 */
async function readXlsx(data: Buffer, userId: number | null): Promise<SheetCell[][]> {
  if (userId !== null && xlsxReaders.has(userId)) {
    throw new AppError('RATE_LIMITED', messages.loteXlsxBusy, { retryAfterSeconds: 5 });
  }
  if (xlsxReading >= XLSX_READING_AT_ONCE && xlsxTurns.length >= XLSX_WAITING) throw outageError();
  if (userId !== null) xlsxReaders.add(userId);
  try {
    if (xlsxReading >= XLSX_READING_AT_ONCE) await new Promise<void>((resolve) => xlsxTurns.push(resolve));
    xlsxReading += 1;
    try {
      checkXlsx(data);
      return await readSheet(data);
    } finally {
      xlsxReading -= 1;
      xlsxTurns.shift()?.();
    }
  } finally {
    if (userId !== null) xlsxReaders.delete(userId);
  }
}

async function readSheet(data: Buffer): Promise<SheetCell[][]> {
  try {
    return await readSheetIsolated(data, {
      maxRows: LOTE_MAX_ROWS + 1,
      maxColumns: XLSX_MAX_COLUMNS,
      maxCellChars: MAX_CELL_CHARS,
      timeoutMs: 15_000,
      heapMb: 256,
    });
  } catch (error) {
    if (error instanceof SheetRefused && error.reason === 'too-many-rows') {
      throw fileError(messages.loteTooManyRows(LOTE_MAX_ROWS.toLocaleString('pt-BR')));
    }
    throw fileError(messages.loteFileUnreadable);
  }
}

/** The separator of a CSV: the one of ';', ',' and tab its first line uses most (';' on a tie). */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((separator) => [separator, firstLine.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The file's lines as cells, each with its line number as a spreadsheet or an editor shows it. */
async function cellsOf(data: Buffer, userId: number | null): Promise<{ cells: string[]; line: number }[]> {
  if (isZip(data)) {
    const rows = await readXlsx(data, userId);
    return rows.map((row, index) => ({
      cells: row.map((cell) => (cell === null || cell === undefined ? '' : cellText(cell))),
      line: index + 1,
    }));
  }
  const text = data.toString('utf8');
  // Text that is not UTF-8 (a spreadsheet saved as Latin-1) would carry replacement characters.
  if (text.includes('\ufffd') || text.includes('\u0000')) throw fileError(messages.loteFileUnreadable);
  try {
    const records = parse(text, {
      bom: true,
      // A Brazilian spreadsheet writes ';' between cells; others ',' or a tab: one for the file.
      delimiter: separatorOf(text.replace(/^\ufeff/, '')),
      relax_column_count: true,
      // A quote inside a cell that is not itself quoted is part of the value (Ana "Nina" Souza).
      relax_quotes: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({
      cells: record.map((cell) => (cell.length > MAX_CELL_CHARS ? cell.slice(0, MAX_CELL_CHARS) : cell)),
      line: info.lines,
    }));
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
export async function readBatchFile(
  data: Buffer,
  fields: QueryField[],
  /** Who sends it: one XLSX of each user is read at a time. */
  userId: number | null = null,
): Promise<FileRow[]> {
  const lines = (await cellsOf(data, userId)).filter((row) => row.cells.some((cell) => cell !== ''));
  if (lines.length === 0) throw fileError(messages.loteEmpty);
  const cells = lines.map((row) => row.cells);
  const byKey = new Map(fields.map((field) => [keyOf(field.nome), field.nome]));
  const header = cells[0] ?? [];
  const named = header.map((cell) => byKey.get(keyOf(cell)) ?? null);
  const hasHeader = named.some((name) => name !== null);
  const repeated = named.find((name, index) => name !== null && named.indexOf(name) !== index);
  if (repeated) throw fileError(messages.loteHeaderRepeated(repeated));
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
