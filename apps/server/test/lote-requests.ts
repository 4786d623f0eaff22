import { cpfCheckDigits } from '@painel/shared/rules/documents';
import type { FastifyInstance } from 'fastify';
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

/** POST /api/lotes with a CSV file for `moduleId` and the seeded purpose; `fields` override the form's. */
export function quoteCsv(
  app: FastifyInstance,
  headers: Record<string, string>,
  moduleId: number,
  csv: string | Buffer,
  fields: Record<string, string> = {},
  name = 'clientes.csv',
) {
  const form = multipart(
    { modulo_id: String(moduleId), finalidade_id: String(TEST_PURPOSE_ID), ...fields },
    { name, content: csv },
  );
  return app.inject({
    method: 'POST',
    url: '/api/lotes',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
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
