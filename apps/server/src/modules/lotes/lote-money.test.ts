import type { Lote } from '@painel/shared/schemas/lotes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi } from '../../../test/harness.ts';
import { quoteCsv, storedCountsOf, until, validCpfs } from '../../../test/lote-requests.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { balanceOf } from '../../../test/users-fixtures.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { logs } from '../../db/schema/logs.ts';
import { loteLinhas, lotes } from '../../db/schema/lotes.ts';
import { AppError } from '../../lib/app-error.ts';
import { runLookup } from '../lookups/lookup.service.ts';
import { watchLotes } from './lote.service.ts';

/**
 * docs/product/lotes.md#running: a batch never charges a row more than the price it was quoted at,
 * nor in another way. A price raised before the confirm refuses it; raised mid-run, it stops the
 * batch with nothing charged above the quote; lowered, the rows are charged the lower price.
 * And what quotes and lists cost: the invalid rows only where one batch is answered, at most 5
 * open quotes a user, none kept past 24 h. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp({ LOTES_WORKER: 'true' });

let stub: UpstreamStub;
beforeAll(async () => {
  stub = await startUpstreamStub();
});
afterAll(() => stub.close());

const post = (url: string, headers: Record<string, string>) =>
  test.app.inject({ method: 'POST', url, headers });
const get = (url: string, headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url, headers });
const setModule = async (id: number, body: Record<string, unknown>) => {
  const answer = await test.app.inject({
    method: 'PUT',
    url: `/api/modulos/${id}`,
    headers: test.admin.headers,
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const creditModule = (path: string, price: number) =>
  createModuleViaApi(test.app, test.admin.headers, {
    api_url: `${stub.baseUrl}${path}/{cpf}`,
    tipo_limite: 'creditos',
    preco_por_consulta: price,
  });
const csvOf = (values: string[]) => `cpf\n${values.join('\n')}\n`;
const storedCounts = (id: number) => storedCountsOf(test.database.db, id);
/** The batch once it has ended and what it came to is stored (no row left in flight). */
async function settled(id: number, headers: Record<string, string>) {
  await until(async () => (await storedCounts(id)) !== null, 30_000, 200);
  return (await get(`/api/lotes/${id}`, headers)).json<Lote>();
}

describe('the price a batch was quoted at', () => {
  it('refuses the confirm when the price went up since the quote (409), reserving nothing', async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    const lote = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('1010101', 10)))
    ).json<Lote>();
    expect(lote).toMatchObject({ custo_maximo: 10, saldo_suficiente: true });

    await setModule(moduleId, { preco_por_consulta: 7 });
    const refused = await post(`/api/lotes/${lote.id}/confirmar`, user.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LOTE_PRICE_CHANGED',
      error: 'O preço do módulo mudou desde a cotação. Envie o arquivo de novo para uma nova cotação.',
    });
    expect((await get(`/api/lotes/${lote.id}`, user.headers)).json<Lote>().status).toBe('cotado');
    expect(await test.database.db.$count(consultas, eq(consultas.loteId, lote.id))).toBe(0);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
  });

  it('refuses the confirm when the module charges another way now (credits to quota)', async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    const lote = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('1010102', 2)))
    ).json<Lote>();
    await setModule(moduleId, { tipo_limite: 'quantidade', limite_padrao_quantidade: 100 });
    const refused = await post(`/api/lotes/${lote.id}/confirmar`, user.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'LOTE_PRICE_CHANGED']);
    expect(await test.database.db.$count(consultas, eq(consultas.loteId, lote.id))).toBe(0);
  });

  it('refuses a batch row above its quoted price before anything is reserved', async () => {
    const moduleId = await creditModule('/ok', 3);
    const user = await payingUser(test, 1_000);
    const [cpf] = validCpfs('1010103', 1);
    const refused = await runLookup(
      test.app.services.lookups,
      {
        userId: user.userId,
        access: { dataExpiracao: new Date(Date.now() + 86_400_000), subscriptionEndsAt: null, modulos: {} },
      },
      { modulo_id: moduleId, input: { cpf: cpf! }, finalidade_id: 1 },
      { batch: { id: 1, ordem: 0, priceCents: 200, cobranca: 'creditos' } },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('LOTE_PRICE_CHANGED');
    expect(await test.database.db.$count(consultas, eq(consultas.usuarioId, user.userId))).toBe(0);
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
  });

  it('stops a running batch whose price went up: no row charged above the quote, the rest cancelled, logged why', async () => {
    const moduleId = await creditModule('/slow/400', 1);
    const user = await payingUser(test, 10_000);
    const values = validCpfs('1010104', 16);
    const lote = (await quoteCsv(test.app, user.headers, moduleId, csvOf(values))).json<Lote>();
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    await until(async () => stub.received.some((call) => values.some((value) => call.url.includes(value))));
    await setModule(moduleId, { preco_por_consulta: 7 });

    const final = await settled(lote.id, user.headers);
    expect(final.status).toBe('cancelado');
    expect(final.falha).toBe(0);
    expect(final.sucesso).toBeGreaterThan(0);
    expect(final.sucesso).toBeLessThan(16);
    expect(final.sucesso + final.canceladas).toBe(16);
    expect(final.cobrado).toBe(final.sucesso);
    // Every lookup of the batch was charged the quoted price, and the balance and ledger agree.
    const charged = await test.database.db
      .select({ cents: consultas.valorCents, status: consultas.status })
      .from(consultas)
      .where(eq(consultas.loteId, lote.id));
    expect(charged).toHaveLength(final.sucesso);
    expect(charged.every((row) => row.status === 'sucesso' && row.cents === 100)).toBe(true);
    const spent = final.sucesso * 100;
    expect(await balanceOf(test.database.db, user.userId)).toEqual({
      cents: 10_000 - spent,
      ledgerSum: 10_000 - spent,
    });
    const logged = await test.database.db
      .select({ detalhes: logs.detalhes })
      .from(logs)
      .where(and(eq(logs.acao, 'lote_cancelado'), eq(logs.targetUserId, user.userId)));
    expect(logged).toEqual([
      {
        detalhes: expect.objectContaining({
          lote_id: lote.id,
          motivo: 'preco_alterado',
          preco_cotado_cents: 100,
          preco_atual_cents: 700,
        }),
      },
    ]);
  });

  it('charges the lower price when it went down since the quote', async () => {
    const moduleId = await creditModule('/ok', 2);
    const user = await payingUser(test, 1_000);
    const lote = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('1010105', 3)))
    ).json<Lote>();
    expect(lote.custo_maximo).toBe(6);
    await setModule(moduleId, { preco_por_consulta: 1 });
    expect((await post(`/api/lotes/${lote.id}/confirmar`, user.headers)).statusCode).toBe(200);
    expect(await settled(lote.id, user.headers)).toMatchObject({
      status: 'concluido',
      sucesso: 3,
      cobrado: 3,
    });
    expect(await balanceOf(test.database.db, user.userId)).toEqual({ cents: 700, ledgerSum: 700 });
  });
});

describe('what quotes and lists cost (docs/product/lotes.md#quotes)', () => {
  const withInvalid = (valid: string[]) => `${csvOf(valid)}abc\n`;
  const rowsOf = (id: number) => test.database.db.$count(loteLinhas, eq(loteLinhas.loteId, id));
  const discardLogs = (userId: number) =>
    test.database.db
      .select({ detalhes: logs.detalhes })
      .from(logs)
      .where(and(eq(logs.acao, 'lote_cancelado'), eq(logs.targetUserId, userId)));

  it('answers the invalid rows where one batch is answered, never in the list or the live events', async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    const quoted = (
      await quoteCsv(test.app, user.headers, moduleId, withInvalid(validCpfs('2020201', 2)))
    ).json<Lote>();
    const invalid = [{ linha: 4, erro: expect.stringMatching(/^cpf: /) }];
    expect(quoted.invalidas).toEqual(invalid);
    expect((await get(`/api/lotes/${quoted.id}`, user.headers)).json<Lote>().invalidas).toEqual(invalid);
    const listed = (await get('/api/lotes', user.headers)).json<{ lotes: Lote[] }>().lotes;
    expect(listed.map((lote) => [lote.id, 'invalidas' in lote])).toEqual([[quoted.id, false]]);

    const started = (await post(`/api/lotes/${quoted.id}/confirmar`, user.headers)).json<Lote>();
    expect(started.invalidas).toEqual(invalid);
    await settled(quoted.id, user.headers);
    const events = await watchLotes(
      { db: test.database.db, lookups: test.app.services.lookups, dispatch: async () => {} },
      { userId: user.userId },
    )();
    expect(events.map((lote) => [lote.id, lote.status, 'invalidas' in lote])).toEqual([
      [quoted.id, 'concluido', false],
    ]);

    const other = (
      await quoteCsv(test.app, user.headers, moduleId, withInvalid(validCpfs('2020202', 1)))
    ).json<Lote>();
    // Cancelled before it started, a quote keeps its counts but neither its rows nor its invalid rows.
    expect((await post(`/api/lotes/${other.id}/cancelar`, user.headers)).json<Lote>()).toMatchObject({
      status: 'cancelado',
      linhas: 2,
      validas: 1,
      canceladas: 1,
      invalidas: [],
    });
    expect(await rowsOf(other.id)).toBe(0);
  });

  it('keeps at most 5 quotes of a user open: a sixth discards the oldest, its rows deleted and its counts kept', async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    // A running or ended batch is not an open quote.
    const ran = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('2020203', 1)))
    ).json<Lote>();
    await post(`/api/lotes/${ran.id}/confirmar`, user.headers);
    await settled(ran.id, user.headers);
    const quotes: Lote[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs(`30303${10 + i}`, 3)));
      expect(answer.statusCode, answer.body).toBe(201);
      quotes.push(answer.json<Lote>());
    }
    const oldest = quotes[0]!;
    const statuses = (await get('/api/lotes', user.headers))
      .json<{ lotes: Lote[] }>()
      .lotes.map((lote) => [lote.id, lote.status]);
    expect(statuses).toEqual([
      ...quotes
        .slice(1)
        .reverse()
        .map((lote) => [lote.id, 'cotado']),
      [oldest.id, 'cancelado'],
      [ran.id, 'concluido'],
    ]);
    expect(await rowsOf(oldest.id)).toBe(0);
    expect(await rowsOf(quotes[1]!.id)).toBe(3);
    expect(await rowsOf(ran.id)).toBe(1);
    expect((await get(`/api/lotes/${oldest.id}`, user.headers)).json<Lote>()).toMatchObject({
      status: 'cancelado',
      total: 3,
      canceladas: 3,
      processadas: 0,
      cobrado: 0,
    });
    const refused = await post(`/api/lotes/${oldest.id}/confirmar`, user.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'LOTE_NOT_QUOTED']);
    expect(await discardLogs(user.userId)).toEqual([
      { detalhes: expect.objectContaining({ lote_id: oldest.id, motivo: 'cotacoes_em_aberto' }) },
    ]);
  });

  it('discards a quote older than 24 h at its owner’s next quote', async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    const old = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('2020204', 2)))
    ).json<Lote>();
    await test.database.db
      .update(lotes)
      .set({ criadoEm: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(lotes.id, old.id));
    const fresh = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('2020205', 2)))
    ).json<Lote>();
    expect(fresh.status).toBe('cotado');
    expect((await get(`/api/lotes/${old.id}`, user.headers)).json<Lote>()).toMatchObject({
      status: 'cancelado',
      canceladas: 2,
    });
    expect(await rowsOf(old.id)).toBe(0);
    expect(await discardLogs(user.userId)).toEqual([
      { detalhes: expect.objectContaining({ lote_id: old.id, motivo: 'cotacao_expirada' }) },
    ]);
  });

  it("discards a quote older than 24 h in the runner's sweep, its owner gone quiet", async () => {
    const moduleId = await creditModule('/ok', 1);
    const user = await payingUser(test, 1_000);
    const old = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('2020206', 2)))
    ).json<Lote>();
    const young = (
      await quoteCsv(test.app, user.headers, moduleId, csvOf(validCpfs('2020207', 2)))
    ).json<Lote>();
    await test.database.db
      .update(lotes)
      .set({ criadoEm: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(lotes.id, old.id));
    // The sweep runs every 5 s.
    await until(async () => (await rowsOf(old.id)) === 0, 15_000, 250);
    expect((await get(`/api/lotes/${old.id}`, user.headers)).json<Lote>()).toMatchObject({
      status: 'cancelado',
      canceladas: 2,
    });
    expect((await get(`/api/lotes/${young.id}`, user.headers)).json<Lote>().status).toBe('cotado');
    expect(await discardLogs(user.userId)).toEqual([
      { detalhes: expect.objectContaining({ lote_id: old.id, motivo: 'cotacao_expirada' }) },
    ]);
  });
});
