import type { Readable } from 'node:stream';
import { messages } from '@painel/shared/messages';
import { expiredResultText } from '@painel/shared/rules/retention';
import writeXlsxFile from 'write-excel-file/node';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv.ts';
import { type ResultRow, resultBytes, resultColumns, resultRowsPage } from './lote.repository.ts';

/**
 * What building the result files may hold (docs/product/lotes.md#results). The CSV is streamed a
 * page at a time (at most `pageRows` rows and about `pageBytes` of JSON), so its size does not
 * matter; the XLSX is built whole in memory by write-excel-file (about ten times its JSON), so a
 * batch whose input and result JSON passes `xlsxMaxBytes` gets the CSV instead. At most `perProcess`
 * files are built at once on a process (`xlsxPerProcess` of them XLSX) and `perUser` for one user:
 * past that the download is refused with Retry-After. Tests change these.
 */
export const resultFileLimits = {
  pageRows: 250,
  pageBytes: 2 * 1024 * 1024,
  xlsxMaxBytes: 10 * 1024 * 1024,
  perProcess: 4,
  xlsxPerProcess: 2,
  perUser: 2,
  /** How long a download may go without the client taking a byte before it is ended. */
  stalledMs: 30_000,
};

const RETRY_AFTER_SECONDS = 10;

export type ResultFormat = 'csv' | 'xlsx';

/**
 * The result files being built on this process, by user and format. `acquire` takes a slot or
 * throws (429 past the user's share, 503 past the process's) and returns what gives it back, once.
 */
export function resultBuilds() {
  let total = 0;
  let xlsx = 0;
  const byUser = new Map<number, number>();
  return {
    acquire(userId: number, format: ResultFormat): () => void {
      const limits = resultFileLimits;
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) {
        throw new AppError('RATE_LIMITED', messages.loteDownloadLimit(limits.perUser), {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      }
      if (total >= limits.perProcess || (format === 'xlsx' && xlsx >= limits.xlsxPerProcess)) {
        throw new AppError('SERVICE_UNAVAILABLE', messages.loteDownloadsBusy, {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      }
      total += 1;
      if (format === 'xlsx') xlsx += 1;
      byUser.set(userId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        if (format === 'xlsx') xlsx -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
    /** Files being built now (for tests). */
    get active() {
      return total;
    },
  };
}

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

/** The files' columns and how one row fills them. */
async function resultLayout(db: Executor, id: number, retentionDays: number) {
  const columns = await resultColumns(db, id);
  // The result's fields under 'resultado.', so an input field and a result field never share a name.
  const header = [
    'linha',
    ...columns.entrada,
    'status',
    'erro',
    ...columns.resultado.map((key) => `resultado.${key}`),
    'resultado_json',
  ];
  const now = Date.now();
  const cellsOf = (row: ResultRow): string[] => {
    const expired =
      row.status === 'sucesso' && row.resultado === null && row.resultadoExpiraEm !== null
        ? row.resultadoExpiraEm.getTime() <= now
        : false;
    const fields = mainFields(row.resultado);
    return [
      String(row.linha),
      ...columns.entrada.map((key) => row.entrada[key] ?? ''),
      STATUS_TEXT[row.status] ?? row.status,
      expired ? expiredResultText(retentionDays) : (row.erroCodigo ?? ''),
      ...columns.resultado.map((key) => fields[key] ?? ''),
      row.resultado === null ? '' : JSON.stringify(row.resultado),
    ];
  };
  return { header, cellsOf };
}

/** A batch's rows in input order, a page at a time (keyset on `ordem`). */
export async function* resultPages(db: Executor, id: number): AsyncGenerator<ResultRow[]> {
  let after = -1;
  for (;;) {
    const page = await resultRowsPage(db, id, after, resultFileLimits.pageRows, resultFileLimits.pageBytes);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.ordem;
  }
}

/**
 * One row per input line in input order (docs/product/lotes.md#results): the line, the input, the
 * status, the error, the result's first-level fields and the whole JSON. A result past its
 * retention is gone: its row says so instead. Whole in memory: for the XLSX, within its budget.
 */
export async function loteTable(db: Executor, id: number, retentionDays: number): Promise<string[][]> {
  const { header, cellsOf } = await resultLayout(db, id, retentionDays);
  const table = [header];
  for await (const page of resultPages(db, id)) for (const row of page) table.push(cellsOf(row));
  return table;
}

/**
 * As every export of the panel (lib/csv.ts): BOM, ';', and no cell a spreadsheet would run as a
 * formula; written a page at a time as the client reads it (the stream waits while it does not).
 */
export async function loteResultCsv(db: Executor, id: number, retentionDays: number): Promise<Readable> {
  const { header, cellsOf } = await resultLayout(db, id, retentionDays);
  return csvStream(header, resultPages(db, id), cellsOf);
}

/** The same table as an XLSX, refused (409) past its budget: that batch's results come as CSV. */
export async function loteResultXlsx(db: Executor, id: number, retentionDays: number): Promise<Buffer> {
  if ((await resultBytes(db, id)) > resultFileLimits.xlsxMaxBytes) {
    const megabytes = `${Math.round(resultFileLimits.xlsxMaxBytes / (1024 * 1024))} MB`;
    throw new AppError('LOTE_XLSX_TOO_LARGE', messages.loteXlsxTooLarge(megabytes));
  }
  const table = await loteTable(db, id, retentionDays);
  const data = table.map((row, index) =>
    row.map((value) => ({ value, type: String, ...(index === 0 ? { fontWeight: 'bold' as const } : {}) })),
  );
  return writeXlsxFile(data).toBuffer();
}
