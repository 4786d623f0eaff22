import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The spreadsheet reader (read-excel-file) run on a worker thread of its own, with a heap, a stack
 * and a time of its own (docs/decisions/0023-batch-jobs.md, "Files are read apart"): whatever a crafted XLSX makes the
 * reader do (fill a million rows, parse a 2 MB attribute, recurse until the stack ends), it does it
 * there, and the panel goes on answering; past its bounds the worker is ended and the file refused.
 * The cells come back cut to `maxCellChars` (one shared string of a megabyte named by ten thousand
 * cells would otherwise be copied ten thousand times), at most `maxRows` rows and `maxColumns` cells
 * per row.
 */
export interface SheetBounds {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  timeoutMs: number;
  heapMb: number;
}

export type SheetCell = string | number | boolean | Date | null;

/** Why a sheet came back unread: the reader failed, ran out of its heap or time, or the sheet is past the bounds. */
export class SheetRefused extends Error {
  constructor(readonly reason: 'unreadable' | 'too-many-rows' | 'too-many-columns') {
    super(reason);
  }
}

const reader = createRequire(import.meta.url).resolve('read-excel-file/node');

// Plain CommonJS run by the worker (eval): it needs no build step and no loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readSheet } = require(workerData.reader);
const { data, maxRows, maxColumns, maxCellChars } = workerData;
readSheet(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 1).then(
  (rows) => {
    if (rows.length > maxRows) return parentPort.postMessage({ refused: 'too-many-rows' });
    if (rows.some((row) => row.length > maxColumns)) return parentPort.postMessage({ refused: 'too-many-columns' });
    const cut = rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' && cell.length > maxCellChars ? cell.slice(0, maxCellChars) : cell)),
    );
    parentPort.postMessage({ rows: cut });
  },
  () => parentPort.postMessage({ refused: 'unreadable' }),
);
`;

/** Reads the first sheet of an XLSX on a worker thread within `bounds`. */
export function readSheetIsolated(data: Buffer, bounds: SheetBounds): Promise<SheetCell[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        reader,
        data,
        maxRows: bounds.maxRows,
        maxColumns: bounds.maxColumns,
        maxCellChars: bounds.maxCellChars,
      },
      resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new SheetRefused('unreadable'))), bounds.timeoutMs);
    worker.once('message', (message: { rows?: SheetCell[][]; refused?: SheetRefused['reason'] }) =>
      settle(() =>
        message.rows ? resolve(message.rows) : reject(new SheetRefused(message.refused ?? 'unreadable')),
      ),
    );
    // Out of its heap (ERR_WORKER_OUT_OF_MEMORY), or any other end before an answer.
    worker.once('error', () => settle(() => reject(new SheetRefused('unreadable'))));
    worker.once('exit', () => settle(() => reject(new SheetRefused('unreadable'))));
  });
}
