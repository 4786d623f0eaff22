import type { AddressInfo } from 'node:net';
import type { Lote } from '@painel/shared/schemas/lotes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import { createModuleViaApi, registerUser, TEST_PURPOSE_ID } from '../../../test/harness.ts';
import {
  multipart,
  quoteCsv,
  readLoteUntil,
  sendQuoteForm,
  storedCountsOf,
  until,
  validCpfs,
} from '../../../test/lote-requests.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { balanceOf, createReseller } from '../../../test/users-fixtures.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

/**
 * docs/product/lotes.md: a file is quoted before anything is reserved, confirmed to run on the job
 * engine, each row one lookup charged as a single lookup is, and its results downloaded in input
 * order. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
// A short rest for the breaker, so a batch is seen waiting for its provider and then going on.
const test = useTestApp({ LOTES_WORKER: 'true', UPSTREAM_BREAKER_COOLDOWN_MS: '2000' });

let stub: UpstreamStub;
let creditModule: number;
let slowModule: number;
let failingModule: number;
let quotaModule: number;
let pacedModule: number;

beforeAll(async () => {
  stub = await startUpstreamStub();
  creditModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 2.5,
  });
  slowModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/slow/20000/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
  failingModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/fail/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 2.5,
  });
  pacedModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/slow/400/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
  });
  quotaModule = await createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    limite_padrao_quantidade: 2,
  });
});
afterAll(() => stub.close());

const quote = (headers: Record<string, string>, csv: string, fields: Record<string, string> = {}) =>
  quoteCsv(test.app, headers, Number(fields.modulo_id ?? creditModule), csv, fields);

const CSV = 'cpf\n111.111.111-11\n22222222222\nabc\n\n333.333.333-33\n';

describe('quote', () => {
  it('checks every row with the module fields and says what it would cost, reserving nothing', async () => {
    const user = await payingUser(test, 1_000);
    const answer = await quote(user.headers, CSV);
    expect(answer.statusCode, answer.body).toBe(201);
    const lote = answer.json<Lote>();
    expect(lote).toMatchObject({
      status: 'cotado',
      linhas: 4,
      validas: 3,
      invalidas: [{ linha: 4, erro: expect.stringMatching(/^cpf: /) }],
      custo_maximo: 7.5,
      saldo_suficiente: true,
      processadas: 0,
      cobrado: 0,
    });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
    expect(await test.database.db.$count(consultas, eq(consultas.usuarioId, user.userId))).toBe(0);
  });

  it('says when the balance does not cover it, and will not start it', async () => {
    const user = await payingUser(test, 500);
    const lote = (await quote(user.headers, CSV)).json<Lote>();
    expect(lote.saldo_suficiente).toBe(false);
    const start = await test.app.inject({
      method: 'POST',
      url: `/api/lotes/${lote.id}/confirmar`,
      headers: user.headers,
    });
    expect(start.statusCode).toBe(402);
    expect(start.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });

  it('refuses a file without the header a module of several fields needs, and the trial', async () => {
    const user = await payingUser(test, 1_000);
    const empty = await quote(user.headers, '\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { arquivo: expect.any(String) } });

    const trial = await registerUser(test.app);
    const refused = await quote(trial.headers, CSV);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
  });
});

describe('running', () => {
  it('runs each valid row once as a lookup, charges the successes, and gives the results in input order', async () => {
    const user = await payingUser(test, 1_000);
    const lote = (await quote(user.headers, CSV)).json<Lote>();
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/lotes/${lote.id}/confirmar`,
      headers: user.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'processando' });

    let last: Lote | undefined;
    await until(async () => {
      last = (
        await test.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}`, headers: user.headers })
      ).json<Lote>();
      return last.status === 'concluido';
    });
    expect(last).toMatchObject({ total: 3, processadas: 3, sucesso: 3, falha: 0, cobrado: 7.5 });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 250, ledgerSum: 250 });
    const lookups = await test.database.db
      .select({ ordem: consultas.loteOrdem, status: consultas.status })
      .from(consultas)
      .where(eq(consultas.loteId, lote.id))
      .orderBy(consultas.loteOrdem);
    expect(lookups).toEqual([0, 1, 2].map((ordem) => ({ ordem, status: 'sucesso' })));
    // Each row is a lookup of the history, marked with its batch.
    const history = (await get('/api/consultas?limit=10', user.headers)).json<{
      consultas: { lote_id: number | null }[];
    }>();
    expect(history.consultas.map((item) => item.lote_id)).toEqual([lote.id, lote.id, lote.id]);

    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/lotes/${lote.id}/resultado.csv`,
      headers: user.headers,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^linha;cpf;status;erro;/);
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 3))).toEqual([
      ['2', '11111111111', 'Sucesso'],
      ['3', '22222222222', 'Sucesso'],
      ['6', '33333333333', 'Sucesso'],
    ]);
    const xlsx = await test.app.inject({
      method: 'GET',
      url: `/api/lotes/${lote.id}/resultado.xlsx`,
      headers: user.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('cancels a quoted batch once; another user cannot see it', async () => {
    const user = await payingUser(test, 1_000);
    const lote = (await quote(user.headers, CSV)).json<Lote>();
    const other = await payingUser(test, 1_000);
    const hidden = await test.app.inject({
      method: 'GET',
      url: `/api/lotes/${lote.id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const cancel = () =>
      test.app.inject({ method: 'POST', url: `/api/lotes/${lote.id}/cancelar`, headers: user.headers });
    expect((await cancel()).json()).toMatchObject({
      status: 'cancelado',
      processadas: 0,
      canceladas: 3,
      cobrado: 0,
    });
    expect((await cancel()).json()).toMatchObject({ code: 'LOTE_NOT_RUNNING' });
  });
});

const post = (url: string, headers: Record<string, string>) =>
  test.app.inject({ method: 'POST', url, headers });
const get = (url: string, headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url, headers });

// Four reads a second: an API key's calls count against its 10 a second.
const finished = (id: number, headers: Record<string, string>) =>
  readLoteUntil(test.app, headers, id, (lote) => lote.status !== 'processando', { everyMs: 250 });

describe('limits and reach', () => {
  it('charges nothing for rows whose provider keeps failing (each retried inside its one lookup)', async () => {
    const user = await payingUser(test, 1_000);
    const lote = (
      await quote(user.headers, 'cpf\n44444444444\n', { modulo_id: String(failingModule) })
    ).json<Lote>();
    const before = stub.received.length;
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    expect(await finished(lote.id, user.headers)).toMatchObject({
      status: 'concluido',
      sucesso: 0,
      falha: 1,
      cobrado: 0,
    });
    // The first call and three retries, all inside one lookup that ended a failure.
    expect(stub.received.slice(before).filter((call) => call.url.includes('44444444444'))).toHaveLength(4);
    const lookups = await test.database.db
      .select({ status: consultas.status })
      .from(consultas)
      .where(eq(consultas.loteId, lote.id));
    expect(lookups).toEqual([{ status: 'falha' }]);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
  });

  it('quotes a quota module in slots and starts only what the quota left covers', async () => {
    const user = await payingUser(test, 0);
    const three = (await quote(user.headers, CSV, { modulo_id: String(quotaModule) })).json<Lote>();
    expect(three).toMatchObject({
      cobranca: 'quantidade',
      custo_maximo: 0,
      cotas: 3,
      saldo_suficiente: false,
    });
    const refused = await post(`/api/lotes/${three.id}/confirmar`, user.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'QUOTA_EXCEEDED']);
    const two = (
      await quote(user.headers, 'cpf\n55555555555\n66666666666\n', { modulo_id: String(quotaModule) })
    ).json<Lote>();
    expect(two.saldo_suficiente).toBe(true);
    expect((await post(`/api/lotes/${two.id}/confirmar`, user.headers)).statusCode).toBe(200);
    expect(await finished(two.id, user.headers)).toMatchObject({
      status: 'concluido',
      sucesso: 2,
      cobrado: 0,
    });
  });

  it("runs at most two batches of a user at once; a reseller sees and stops its client's, logged as its action", async () => {
    const reseller = await createReseller(test.app, test.database.db);
    const user = await payingUser(test, 10_000);
    await test.database.db
      .update(users)
      .set({ revendedorId: reseller.userId })
      .where(eq(users.id, user.userId));
    const slow = { modulo_id: String(slowModule) };
    const started: Lote[] = [];
    for (let i = 0; i < 3; i += 1)
      started.push((await quote(user.headers, 'cpf\n77777777777\n', slow)).json<Lote>());
    const answers = await Promise.all(
      started.map((lote) => post(`/api/lotes/${lote.id}/confirmar`, user.headers)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('LOTE_RUNNING_LIMIT');

    const running = started.filter((_, index) => answers[index]?.statusCode === 200);
    const listed = (await get('/api/lotes', reseller.headers)).json<{ lotes: Lote[] }>().lotes;
    expect(listed.map((lote) => lote.id)).toEqual(expect.arrayContaining(started.map((lote) => lote.id)));
    const stranger = await payingUser(test, 0);
    expect((await post(`/api/lotes/${running[0]!.id}/cancelar`, stranger.headers)).statusCode).toBe(404);
    for (const lote of running) {
      const cancelled = await post(`/api/lotes/${lote.id}/cancelar`, reseller.headers);
      expect(cancelled.json()).toMatchObject({ status: 'cancelado' });
    }
    const logged = await test.database.db
      .select({ tipo: logs.tipo, userId: logs.userId, target: logs.targetUserId })
      .from(logs)
      .where(eq(logs.acao, 'lote_cancelado'));
    expect(logged).toEqual(
      expect.arrayContaining([{ tipo: 'revendedor_action', userId: reseller.userId, target: user.userId }]),
    );
  });
});

const callsFor = (values: string[]) =>
  stub.received.filter((call) => values.some((value) => call.url.includes(value))).length;

describe('stopping and waiting', () => {
  it('stops a running batch: rows in flight finish and are charged, the rest is cancelled, and the counts it ends with stay', async () => {
    const user = await payingUser(test, 2_000);
    const values = validCpfs('3141592', 12);
    const lote = (
      await quote(user.headers, `cpf\n${values.join('\n')}\n`, { modulo_id: String(pacedModule) })
    ).json<Lote>();
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    await until(async () => callsFor(values) > 0);
    const stopped = await post(`/api/lotes/${lote.id}/cancelar`, user.headers);
    expect(stopped.json()).toMatchObject({ status: 'cancelado' });
    const atStop = stopped.json<Lote>();
    expect(atStop.canceladas).toBeGreaterThan(0);

    let last: Lote | undefined;
    await until(async () => {
      last = (await get(`/api/lotes/${lote.id}`, user.headers)).json<Lote>();
      return last.processadas + last.canceladas === 12;
    });
    const final = last as Lote;
    // The rows in flight when it stopped were looked up and charged like any lookup.
    expect(final.processadas).toBeGreaterThan(atStop.processadas);
    expect(final).toMatchObject({ status: 'cancelado', falha: 0, sucesso: final.processadas });
    expect(final.cobrado).toBe(final.sucesso);
    const lookups = await test.database.db.$count(consultas, eq(consultas.loteId, lote.id));
    expect(lookups).toBe(final.sucesso);
    expect(callsFor(values)).toBe(final.sucesso);
    const spent = final.sucesso * 100;
    expect(await balanceOf(test.database.db, user.userId)).toEqual({
      cents: 2_000 - spent,
      ledgerSum: 2_000 - spent,
    });
    // What it came to is stored once nothing is left in flight (by the runner, a moment after its
    // last row), and read as it was counted.
    await until(async () => (await storedCountsOf(test.database.db, lote.id)) !== null, 5_000);
    expect(await storedCountsOf(test.database.db, lote.id)).toEqual({
      sucesso: final.sucesso,
      falha: 0,
      canceladas: final.canceladas,
      cobradoCents: spent,
    });
    const listed = (await get('/api/lotes', user.headers)).json<{ lotes: Lote[] }>().lotes;
    expect(listed.find((item) => item.id === lote.id)).toMatchObject({
      processadas: final.processadas,
      canceladas: final.canceladas,
      cobrado: final.cobrado,
    });
  });

  it("waits while its module's breaker rests, fails no row for it, and goes on once the provider answers", async () => {
    const user = await payingUser(test, 1_000);
    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}`,
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
    });
    // Ten failures in a row open the module's breaker, as failed lookups would.
    const { health } = test.app.services.lookups;
    for (let i = 0; i < 10; i += 1) await health.record(moduleId, false, null);
    expect(health.isOpen(moduleId)).toBe(true);

    const values = validCpfs('2718281', 6);
    const lote = (
      await quote(user.headers, `cpf\n${values.join('\n')}\n`, { modulo_id: String(moduleId) })
    ).json<Lote>();
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(health.isOpen(moduleId)).toBe(true);
    expect(callsFor(values)).toBe(0);
    expect((await get(`/api/lotes/${lote.id}`, user.headers)).json<Lote>()).toMatchObject({
      status: 'processando',
      processadas: 0,
    });

    // After the rest one row probes the provider; it answers, and the rest of the batch follows.
    expect(await finished(lote.id, user.headers)).toMatchObject({
      status: 'concluido',
      sucesso: 6,
      falha: 0,
      cobrado: 6,
    });
    expect(callsFor(values)).toBe(6);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 400, ledgerSum: 400 });
  });
});

describe('through an API key', () => {
  it('quotes and runs a batch with a key, which the batch names; a key limited to other modules is refused', async () => {
    const user = await payingUser(test, 1_000);
    const made = await test.app.inject({
      method: 'POST',
      url: '/api/profile/api-keys',
      headers: user.headers,
      payload: { nome: 'Integração' },
    });
    const key = { 'x-api-key': made.json().chave as string };
    const lote = (await quote(key, 'cpf\n88888888888\n')).json<Lote>();
    expect(lote.chave_api).toBe(made.json().prefixo);
    expect((await post(`/api/lotes/${lote.id}/confirmar`, key)).statusCode).toBe(200);
    expect(await finished(lote.id, key)).toMatchObject({ status: 'concluido', sucesso: 1, cobrado: 2.5 });

    const limited = await test.app.inject({
      method: 'POST',
      url: '/api/profile/api-keys',
      headers: user.headers,
      payload: { nome: 'Só o lento', modulos: [slowModule] },
    });
    const refused = await quote({ 'x-api-key': limited.json().chave as string }, 'cpf\n88888888888\n');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'API_KEY_MODULE_DENIED']);
  });
});

describe('what an attacker tried (docs/product/lotes.md)', () => {
  const rows = (count: number) =>
    `cpf\n${Array.from({ length: count }, (_, i) => String(90_000_000_000 + i)).join('\n')}\n`;
  const makeKey = async (headers: Record<string, string>, body: Record<string, unknown>) =>
    (await test.app.inject({ method: 'POST', url: '/api/profile/api-keys', headers, payload: body })).json<{
      id: number;
      chave: string;
      prefixo: string;
    }>();

  it('refuses pasted text cut at the size limit instead of quoting what was left, and cleans a file name', async () => {
    const user = await payingUser(test, 1_000);
    const form = multipart({
      modulo_id: String(creditModule),
      finalidade_id: String(TEST_PURPOSE_ID),
      texto: `cpf\n${'11111111111\n'.repeat(500_000)}`,
    });
    const cut = await sendQuoteForm(test.app, user.headers, form);
    expect([cut.statusCode, cut.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);

    const named = multipart(
      { modulo_id: String(creditModule), finalidade_id: String(TEST_PURPOSE_ID) },
      { name: 'lista\u0000\u200b.csv', content: 'cpf\n11111111111\n' },
    );
    const quoted = await sendQuoteForm(test.app, user.headers, named);
    expect([quoted.statusCode, quoted.json().arquivo]).toEqual([201, 'lista.csv']);
  });

  it('writes no cell of the result CSV a spreadsheet would run as a formula', async () => {
    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      api_url: `${stub.baseUrl}/ok/{nome}`,
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
      campos_entrada: [{ nome: 'nome', tipo: 'string', obrigatorio: true, mascara: null }],
    });
    const user = await payingUser(test, 1_000);
    const quoted = await quote(user.headers, 'nome\n=HYPERLINK("http://127.0.0.1/x")\n', {
      modulo_id: String(moduleId),
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const lote = quoted.json<Lote>();
    await post(`/api/lotes/${lote.id}/confirmar`, user.headers);
    await finished(lote.id, user.headers);
    const csv = (await get(`/api/lotes/${lote.id}/resultado.csv`, user.headers)).body;
    const row = csv.split('\r\n')[1] ?? '';
    expect(row.split(';')[1]).toMatch(/^"'=HYPERLINK/);
  });

  it("keeps a key's limits on a batch it confirms: its modules, its daily cap, its revocation", async () => {
    const user = await payingUser(test, 10_000);
    const onlySlow = await makeKey(user.headers, { nome: 'Só o lento', modulos: [slowModule] });
    const quoted = (await quote(user.headers, rows(1))).json<Lote>();
    const denied = await post(`/api/lotes/${quoted.id}/confirmar`, { 'x-api-key': onlySlow.chave });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'API_KEY_MODULE_DENIED']);

    const capped = await makeKey(user.headers, { nome: 'Com teto', limite_diario_creditos: 5 });
    const three = (await quote(user.headers, rows(3))).json<Lote>();
    expect((await post(`/api/lotes/${three.id}/confirmar`, { 'x-api-key': capped.chave })).statusCode).toBe(
      200,
    );
    const done = await finished(three.id, user.headers);
    expect(done).toMatchObject({ chave_api: capped.prefixo, sucesso: 2, falha: 1, cobrado: 5 });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 9_500, ledgerSum: 9_500 });

    const revokedKey = await makeKey(user.headers, { nome: 'Revogada' });
    const long = (await quote(user.headers, rows(12), { modulo_id: String(pacedModule) })).json<Lote>();
    expect(
      (await post(`/api/lotes/${long.id}/confirmar`, { 'x-api-key': revokedKey.chave })).statusCode,
    ).toBe(200);
    await test.app.inject({
      method: 'DELETE',
      url: `/api/profile/api-keys/${revokedKey.id}`,
      headers: user.headers,
    });
    const stopped = await finished(long.id, user.headers);
    expect(stopped.status).toBe('cancelado');
    expect(stopped.sucesso).toBeLessThan(12);
  });

  it('stops a batch whose owner lost access, running none of its rows as the trial', async () => {
    const user = await payingUser(test, 10_000);
    const lote = (await quote(user.headers, rows(12), { modulo_id: String(pacedModule) })).json<Lote>();
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    await test.database.db
      .update(users)
      .set({ dataExpiracao: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user.userId));
    const stopped = await finished(lote.id, user.headers);
    expect(stopped.status).toBe('cancelado');
    const trials = await test.database.db.$count(
      consultas,
      and(eq(consultas.loteId, lote.id), eq(consultas.trial, true)),
    );
    expect(trials).toBe(0);
  });
});

describe('GET /api/lotes/eventos', () => {
  it("sends the owner's batch that ended a moment ago, never another's, and ends with the session", async () => {
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    const user = await payingUser(test, 1_000);
    const other = await payingUser(test, 1_000);
    const lote = (await quote(user.headers, 'cpf\n12121212121\n')).json<Lote>();
    const theirs = (await quote(other.headers, 'cpf\n13131313131\n')).json<Lote>();
    await post(`/api/lotes/${lote.id}/confirmar`, user.headers);
    await post(`/api/lotes/${theirs.id}/confirmar`, other.headers);
    await finished(lote.id, user.headers);
    await finished(theirs.id, other.headers);

    const stream = await openEventStream(`${base}/api/lotes/eventos`, user.headers);
    try {
      const text = await stream.read((sofar) => sofar.includes('"status":"concluido"'));
      const sent = [...text.matchAll(/^event: lote\ndata: (.+)$/gm)].map(
        (match) => JSON.parse(match[1] ?? '{}') as Lote,
      );
      expect(sent.map((event) => [event.id, event.status])).toEqual([[lote.id, 'concluido']]);

      await post('/api/auth/logout', user.headers);
      await stream.read(() => false, 8_000);
      expect(stream.ended()).toBe(true);
    } finally {
      stream.stop();
    }
  });
});
