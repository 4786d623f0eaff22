import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Lote } from '@painel/shared/schemas/lotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createModuleViaApi, TEST_PURPOSE_ID } from '../../../test/harness.ts';
import {
  multipart,
  quoteCsv,
  readLoteUntil,
  sendQuoteForm,
  until,
  validCpfs,
} from '../../../test/lote-requests.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { MAX_STREAMS_PER_USER } from '../../lib/event-stream.ts';
import { fileNameOf } from './lote.routes.ts';
import { resultFileLimits } from './lote-results.ts';

/**
 * docs/product/lotes.md: the edges of the quote form, of the result files and of the live stream
 * (attack-lotes-2 findings 4, 7, 9). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp({ LOTES_WORKER: 'true' });

let stub: UpstreamStub;
let wide: Server;
let creditModule: number;
let wideModule: number;
let bigModule: number;

const WIDE_FIELDS = 300;
const BIG_FIELDS = 8;
const hex = (seed: string, length: number) => {
  let text = '';
  for (let index = 0; text.length < length; index += 1) {
    text += createHash('sha256').update(`${seed}:${index}`).digest('hex');
  }
  return text.slice(0, length);
};
const field = (index: number) => `campo${String(index).padStart(3, '0')}`;
/**
 * What the wide upstream answers for a CPF: 300 scalar fields of 64 characters, one a spreadsheet
 * would run, and fields the files do not flatten (an object, an array, null).
 */
const wideResult = (cpf: string) => ({
  tipo: `=CMD|'/c calc'!A${cpf.slice(-2)}`,
  ...Object.fromEntries(
    Array.from({ length: WIDE_FIELDS }, (_, index) => [field(index), hex(`${cpf}${index}`, 64)]),
  ),
  extra: { a: 1 },
  lista: [1, 2],
  nulo: null,
});
/** About 800 KB of JSON per CPF, that no compression shrinks: a batch of them is a large file. */
const bigResult = (cpf: string) =>
  Object.fromEntries(
    Array.from({ length: BIG_FIELDS }, (_, index) => [`bloco${index}`, hex(`${cpf}-${index}`, 100_000)]),
  );

beforeAll(async () => {
  stub = await startUpstreamStub();
  wide = createServer((request, response) => {
    const [, kind, cpf = ''] = (request.url ?? '').split('/');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(kind === 'big' ? bigResult(cpf) : wideResult(cpf)));
  });
  await new Promise<void>((resolve) => wide.listen(0, '127.0.0.1', resolve));
  const wideBase = `http://127.0.0.1:${(wide.address() as AddressInfo).port}`;
  creditModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
  wideModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${wideBase}/wide/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
  bigModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${wideBase}/big/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
});
afterAll(async () => {
  await stub.close();
  wide.closeAllConnections();
  await new Promise((resolve) => wide.close(resolve));
});

/** The app on a real port (streams and downloads are read over HTTP, as a browser does). */
async function listening(): Promise<string> {
  if (!test.app.server.listening) await test.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
}

const sendForm = (headers: Record<string, string>, form: ReturnType<typeof multipart>) =>
  sendQuoteForm(test.app, headers, form);

describe('the quote form (finding 9)', () => {
  const baseFields = () => ({ modulo_id: String(creditModule), finalidade_id: String(TEST_PURPOSE_ID) });

  it('cuts a long file name in its name, keeping the extension', async () => {
    const user = await payingUser(test, 1_000);
    const answer = await quoteCsv(
      test.app,
      user.headers,
      creditModule,
      'cpf\n11111111111\n',
      {},
      `${'a'.repeat(300)}.csv`,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const { arquivo } = answer.json<Lote>();
    expect(arquivo).toBe(`${'a'.repeat(196)}.csv`);
    expect(arquivo).toHaveLength(200);

    expect(fileNameOf(`${'b'.repeat(250)}.xlsx`)).toBe(`${'b'.repeat(195)}.xlsx`);
    // Line and paragraph separators, and marks with no letter under them, go too.
    expect(fileNameOf('lista\u2028nova\u2029.csv')).toBe('listanova.csv');
    expect(fileNameOf('\u0301\u0302clientes.\u0303csv')).toBe('clientes.csv');
    expect(fileNameOf('José Conceição.csv')).toBe('José Conceição.csv');
    // Cut by character: an emoji is never split into an unstorable half.
    expect(fileNameOf(`${'😀'.repeat(250)}.csv`)).toBe(`${'😀'.repeat(196)}.csv`);
    expect(fileNameOf('curto.csv')).toBe('curto.csv');
    expect(fileNameOf('\u0001\u200b')).toBe('arquivo');
  });

  it('drops every control character and bidi override from the name', async () => {
    const user = await payingUser(test, 1_000);
    const answer = await quoteCsv(
      test.app,
      user.headers,
      creditModule,
      'cpf\n11111111111\n',
      {},
      'a\u0001b\u007f\u0085\u009bc\u202e\u2066d.csv',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<Lote>().arquivo).toBe('abcd.csv');
    expect(fileNameOf('x\u001b[31my\u200e\u200f\u061c\u202a.csv')).toBe('x[31my.csv');
  });

  it('refuses a field sent twice, naming it', async () => {
    const user = await payingUser(test, 1_000);
    const form = multipart(baseFields(), { name: 'lista.csv', content: 'cpf\n11111111111\n' });
    // A second modulo_id after the first: multipart() takes one value per name, so it is spliced in.
    const repeated = Buffer.from(
      form.payload
        .toString('latin1')
        .replace(
          '------painel-teste-lote\r\nContent-Disposition: form-data; name="finalidade_id"',
          `------painel-teste-lote\r\nContent-Disposition: form-data; name="modulo_id"\r\n\r\n999\r\n------painel-teste-lote\r\nContent-Disposition: form-data; name="finalidade_id"`,
        ),
      'latin1',
    );
    expect(repeated.length).toBeGreaterThan(form.payload.length);
    const answer = await sendForm(user.headers, { ...form, payload: repeated });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'O campo modulo_id foi enviado mais de uma vez',
      fields: { modulo_id: 'O campo modulo_id foi enviado mais de uma vez' },
    });
  });

  it('says so when the form has too many fields', async () => {
    const user = await payingUser(test, 1_000);
    const extra = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`extra${index}`, 'x']));
    const answer = await sendForm(
      user.headers,
      multipart({ ...baseFields(), ...extra }, { name: 'lista.csv', content: 'cpf\n11111111111\n' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error:
        'O formulário tem campos demais. Envie só modulo_id, finalidade_id, justificativa e o arquivo (ou texto).',
    });
  });
});

describe('live streams per user (finding 7)', () => {
  it('holds at most 5 streams of a route per user, refusing the next with 429 until one closes', async () => {
    const base = await listening();
    const user = await payingUser(test, 1_000);
    const other = await payingUser(test, 1_000);
    const url = `${base}/api/lotes/eventos`;
    const streams = [];
    try {
      for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) {
        const stream = await openEventStream(url, user.headers);
        streams.push(stream);
        expect(stream.response.status).toBe(200);
      }
      const refused = await openEventStream(url, user.headers);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBe('30');
      expect(await refused.response.json()).toMatchObject({
        code: 'RATE_LIMITED',
        error: 'Você já tem 5 conexões ao vivo abertas. Feche outras abas do painel e tente de novo.',
        retryAfterSeconds: 30,
      });

      // Another user, and another route of the same user, are counted apart.
      const theirs = await openEventStream(url, other.headers);
      streams.push(theirs);
      expect(theirs.response.status).toBe(200);
      const payments = await openEventStream(`${base}/api/payments/events`, user.headers);
      streams.push(payments);
      expect(payments.response.status).toBe(200);

      // One closed, one more fits (once the server has seen it go).
      streams.shift()?.stop();
      let again: Awaited<ReturnType<typeof openEventStream>> | undefined;
      await until(async () => {
        again = await openEventStream(url, user.headers);
        if (again.response.status === 200) return true;
        expect(again.response.status).toBe(429);
        return false;
      }, 5_000);
      if (again) streams.push(again);
    } finally {
      for (const stream of streams) stream.stop();
    }
  });

  it('counts the admin stream the same way', async () => {
    const base = await listening();
    const url = `${base}/api/admin/events`;
    const streams = [];
    try {
      for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) {
        streams.push(await openEventStream(url, test.admin.headers));
      }
      expect(streams.map((stream) => stream.response.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const refused = await openEventStream(url, test.admin.headers);
      expect(refused.response.status).toBe(429);
    } finally {
      for (const stream of streams) stream.stop();
    }
  });
});

/** Quotes `csv` for `moduleId`, confirms it and waits until it has ended. */
async function ranBatch(headers: Record<string, string>, moduleId: number, csv: string): Promise<Lote> {
  const quoted = await quoteCsv(test.app, headers, moduleId, csv);
  expect(quoted.statusCode, quoted.body).toBe(201);
  const { id } = quoted.json<Lote>();
  const started = await test.app.inject({ method: 'POST', url: `/api/lotes/${id}/confirmar`, headers });
  expect(started.statusCode, started.body).toBe(200);
  return readLoteUntil(test.app, headers, id, (lote) => lote.status === 'concluido', { timeoutMs: 60_000 });
}

/** The cells of a CSV as the panel writes it: BOM, ';', CRLF, "" inside quoted cells. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\ufeff')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  expect([row, cell]).toEqual([[], '']);
  return rows;
}

/** GET over HTTP (uncompressed unless `encoding` asks), answering once the headers are in; the body is read only when asked. */
function download(base: string, path: string, headers: Record<string, string>, encoding = 'identity') {
  return new Promise<{ response: IncomingMessage; abort: () => void; body: () => Promise<string> }>(
    (resolve, reject) => {
      const request = httpRequest(`${base}${path}`, {
        headers: { ...headers, 'accept-encoding': encoding },
      });
      request.on('response', (response) => {
        // Nothing is read until body(): the server's stream waits once the socket is full.
        response.pause();
        resolve({
          response,
          abort: () => request.destroy(),
          body: async () => {
            const chunks: Buffer[] = [];
            for await (const chunk of response) chunks.push(chunk as Buffer);
            return Buffer.concat(chunks).toString('utf8');
          },
        });
      });
      request.on('error', reject);
      request.end();
    },
  );
}

describe('result files (finding 4)', () => {
  const defaults = { ...resultFileLimits };
  afterAll(() => {
    Object.assign(resultFileLimits, defaults);
  });

  it('streams the CSV of a wide batch whole and in input order, across page boundaries', async () => {
    const user = await payingUser(test, 10_000);
    const cpfs = validCpfs('5110001', 13);
    // Line 1 is the header; line 4 is invalid and never runs, so the lines skip a number.
    const lines = [cpfs[0], cpfs[1], 'abc', ...cpfs.slice(2)];
    const lote = await ranBatch(user.headers, wideModule, `cpf\n${lines.join('\n')}\n`);
    expect(lote).toMatchObject({ sucesso: 13, falha: 0 });
    const expectedLines = lines.flatMap((value, index) => (value === 'abc' ? [] : [String(index + 2)]));

    const header = [
      'linha',
      'cpf',
      'status',
      'erro',
      'resultado.tipo',
      ...Array.from({ length: WIDE_FIELDS }, (_, index) => `resultado.${field(index)}`),
      'resultado_json',
    ];
    const check = (text: string) => {
      const [head, ...rows] = parseCsv(text);
      expect(head).toEqual(header);
      expect(rows.map((row) => row[0])).toEqual(expectedLines);
      rows.forEach((row, index) => {
        const cpf = cpfs[index]!;
        const result = wideResult(cpf);
        expect(row.slice(1, 4)).toEqual([cpf, 'Sucesso', '']);
        // A cell a spreadsheet would run is written after a quote, here as everywhere.
        expect(row[4]).toBe(`'${result.tipo}`);
        expect(row.slice(5, 5 + WIDE_FIELDS)).toEqual(
          Array.from({ length: WIDE_FIELDS }, (_, field) => hex(`${cpf}${field}`, 64)),
        );
        expect(JSON.parse(row[5 + WIDE_FIELDS]!)).toEqual(result);
        expect(row).toHaveLength(header.length);
      });
      return text;
    };

    const base = await listening();
    const get = async () => {
      const file = await download(base, `/api/lotes/${lote.id}/resultado.csv`, user.headers);
      expect(file.response.statusCode).toBe(200);
      expect(file.response.headers['content-type']).toBe('text/csv; charset=utf-8');
      return check(await file.body());
    };
    // Pages of 5 rows: 13 rows are three pages.
    resultFileLimits.pageRows = 5;
    const byRows = await get();
    // Pages cut by weight: about two of these rows (24 KB of JSON each) a page.
    resultFileLimits.pageRows = defaults.pageRows;
    resultFileLimits.pageBytes = 50_000;
    const byBytes = await get();
    // One row heavier than a page comes alone.
    resultFileLimits.pageBytes = 1;
    const byOne = await get();
    Object.assign(resultFileLimits, defaults);
    const whole = await get();
    expect(new Set([byRows, byBytes, byOne, whole]).size).toBe(1);

    // The same table as an XLSX, within its budget.
    const xlsx = await test.app.inject({
      method: 'GET',
      url: `/api/lotes/${lote.id}/resultado.xlsx`,
      headers: user.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets go of a download whose client stopped reading, so its place comes back', async () => {
    const owner = await payingUser(test, 10_000);
    const cpfs = validCpfs('5140001', 16);
    const lote = await ranBatch(owner.headers, bigModule, `cpf\n${cpfs.join('\n')}\n`);
    const path = `/api/lotes/${lote.id}/resultado.csv`;
    const base = await listening();
    const held: Awaited<ReturnType<typeof download>>[] = [];
    resultFileLimits.stalledMs = 500;
    try {
      // Two downloads of the owner's, never read: both places taken.
      for (let i = 0; i < 2; i += 1) held.push(await download(base, path, owner.headers));
      expect((await test.app.inject({ method: 'GET', url: path, headers: owner.headers })).statusCode).toBe(
        429,
      );
      // Half a second without a byte taken: the server ends them and the places come back.
      await until(async () => {
        const next = await test.app.inject({
          method: 'GET',
          url: `/api/lotes/${lote.id}/resultado.xlsx`,
          headers: owner.headers,
        });
        return next.statusCode !== 429;
      }, 10_000);
    } finally {
      resultFileLimits.stalledMs = 30_000;
      for (const file of held) file.abort();
    }
  });

  it('bounds the files built at once per user (429) and per process (503), and refuses an XLSX past its budget', async () => {
    const owner = await payingUser(test, 10_000);
    const cpfs = validCpfs('5120001', 16);
    // 16 rows of 800 KB of JSON: a CSV of about 26 MB, far more than a socket holds.
    const lote = await ranBatch(owner.headers, bigModule, `cpf\n${cpfs.join('\n')}\n`);
    expect(lote.sucesso).toBe(16);
    const path = `/api/lotes/${lote.id}/resultado.csv`;
    const base = await listening();
    expect(resultFileLimits).toMatchObject({ perUser: 2, perProcess: 4 });

    // The admin reaches every batch: a second reader with a share of its own.
    const readers = [owner.headers, test.admin.headers];
    const held: Awaited<ReturnType<typeof download>>[] = [];
    try {
      for (const [index, headers] of [...readers, ...readers].entries()) {
        // The first compressed (as a browser asks): abandoning it must reach the file's stream too.
        const file = await download(base, path, headers, index === 0 ? 'gzip' : 'identity');
        held.push(file);
        expect(file.response.statusCode).toBe(200);
      }
      // Two files of the owner's are being built (and not read): a third waits its turn.
      const mine = await test.app.inject({ method: 'GET', url: path, headers: owner.headers });
      expect(mine.statusCode).toBe(429);
      expect(mine.headers['retry-after']).toBe('10');
      expect(mine.json()).toMatchObject({
        code: 'RATE_LIMITED',
        error:
          'Você já está baixando 2 resultados de lote ao mesmo tempo. Aguarde um terminar e tente de novo.',
      });
      // Four on the process: anyone else's is refused for now, with the XLSX too.
      const other = await payingUser(test, 1_000);
      const small = await ranBatch(other.headers, creditModule, `cpf\n${validCpfs('5130001', 1)[0]}\n`);
      for (const format of ['csv', 'xlsx']) {
        const busy = await test.app.inject({
          method: 'GET',
          url: `/api/lotes/${small.id}/resultado.${format}`,
          headers: other.headers,
        });
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('10');
        expect(busy.json()).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          error: 'O painel está gerando muitos resultados de lote agora. Tente de novo em alguns segundos.',
        });
      }

      // A download abandoned gives its place back.
      held.shift()?.abort();
      let again: Awaited<ReturnType<typeof download>> | undefined;
      await until(async () => {
        again?.abort();
        again = await download(base, path, owner.headers);
        return again.response.statusCode === 200;
      }, 10_000);
      held.push(again!);
      // And one read to its end arrives whole: all 16 rows, in order.
      const rows = parseCsv(await again!.body()).slice(1);
      held.pop();
      expect(rows.map((row) => row[1])).toEqual(cpfs);
      expect(JSON.parse(rows[15]!.at(-1)!)).toEqual(bigResult(cpfs[15]!));
    } finally {
      for (const file of held) file.abort();
    }

    // 13 MB of JSON is past the XLSX's budget: the CSV is the way.
    await until(async () => {
      const xlsx = await test.app.inject({
        method: 'GET',
        url: `/api/lotes/${lote.id}/resultado.xlsx`,
        headers: owner.headers,
      });
      if (xlsx.statusCode === 429) return false;
      expect(xlsx.statusCode).toBe(409);
      expect(xlsx.json()).toMatchObject({
        code: 'LOTE_XLSX_TOO_LARGE',
        error:
          'O resultado deste lote passa de 10 MB e é grande demais para XLSX. Baixe o CSV, que traz as mesmas colunas.',
      });
      return true;
    }, 10_000);
  });
});
