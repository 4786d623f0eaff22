import type { AddressInfo } from 'node:net';
import type { Lote } from '@painel/shared/schemas/lotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createModuleViaApi, TEST_PURPOSE_ID } from '../../../test/harness.ts';
import { multipart, quoteCsv, until } from '../../../test/lote-requests.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { MAX_STREAMS_PER_USER } from '../../lib/event-stream.ts';
import { fileNameOf } from './lote.routes.ts';

/**
 * docs/product/lotes.md: the edges of the quote form, of the result files and of the live stream
 * (attack-lotes-2 findings 4, 7, 9). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp({ LOTES_WORKER: 'true' });

let stub: UpstreamStub;
let creditModule: number;

beforeAll(async () => {
  stub = await startUpstreamStub();
  creditModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
});
afterAll(() => stub.close());

/** The app on a real port (streams and downloads are read over HTTP, as a browser does). */
async function listening(): Promise<string> {
  if (!test.app.server.listening) await test.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
}

const sendForm = (headers: Record<string, string>, form: ReturnType<typeof multipart>) =>
  test.app.inject({
    method: 'POST',
    url: '/api/lotes',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });

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
