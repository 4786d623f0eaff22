import { cpfCheckDigits } from '@painel/shared/rules/documents';
import type { Lote } from '@painel/shared/schemas/lotes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../src/db/client.ts';
import { type LoteCounts, lotes } from '../src/db/schema/lotes.ts';
import { TEST_PURPOSE_ID } from './harness.ts';

/** A multipart form as a browser sends it: text fields and, optionally, one file `arquivo`. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----painel-teste-lote';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/lotes with a multipart form as it is (fields, file, names of the test's choosing). */
export function sendQuoteForm(
  app: FastifyInstance,
  headers: Record<string, string>,
  form: ReturnType<typeof multipart>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/lotes',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
}

/** POST /api/lotes with a CSV file for `moduleId` and the seeded purpose; `fields` override the form's. */
export function quoteCsv(
  app: FastifyInstance,
  headers: Record<string, string>,
  moduleId: number,
  csv: string | Buffer,
  fields: Record<string, string> = {},
  name = 'clientes.csv',
) {
  return sendQuoteForm(
    app,
    headers,
    multipart(
      { modulo_id: String(moduleId), finalidade_id: String(TEST_PURPOSE_ID), ...fields },
      { name, content: csv },
    ),
  );
}

/** Waits until `check` holds, reading it every `everyMs`; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `count` distinct valid CPFs, from a 7-digit prefix of the test's own. */
export function validCpfs(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const base = `${prefix}${String(index).padStart(2, '0')}`;
    return `${base}${cpfCheckDigits(base)}`;
  });
}

/**
 * GET /api/lotes/{id} until `done` holds for it, reading every `everyMs` (an API key's calls count
 * against its 10 a second); the batch as last read.
 */
export async function readLoteUntil(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
  done: (lote: Lote) => boolean,
  { timeoutMs = 30_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Lote> {
  let last: Lote | undefined;
  await until(
    async () => {
      last = (await app.inject({ method: 'GET', url: `/api/lotes/${id}`, headers })).json<Lote>();
      return done(last);
    },
    timeoutMs,
    everyMs,
  );
  return last as Lote;
}

/** What an ended batch came to as stored on it (`lotes.contagem`), null until it is. */
export async function storedCountsOf(db: Executor, id: number): Promise<LoteCounts | null> {
  const [row] = await db.select({ contagem: lotes.contagem }).from(lotes).where(eq(lotes.id, id));
  return row?.contagem ?? null;
}
