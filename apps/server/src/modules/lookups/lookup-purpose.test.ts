import { messages } from '@painel/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModuleViaApi,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  TEST_PURPOSE_ID,
  usingPostgres,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller } from '../../../test/users-fixtures.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

/**
 * docs/product/purposes.md: every lookup names an active purpose while `exigir_finalidade` is on,
 * refused before anything is reserved; the purpose and the justification stay with the lookup.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

let stub: UpstreamStub;
let creditModule: number;
beforeAll(async () => {
  stub = await startUpstreamStub();
  creditModule = await createModuleViaApi(test.app, test.admin.headers, {
    nome: 'CPF por crédito',
    tipo_limite: 'creditos',
    preco_por_consulta: 2,
    api_url: `${stub.baseUrl}/ok/{cpf}`,
  });
});
afterAll(async () => {
  await stub.close();
});

const requirePurpose = async (on: boolean) => {
  const response = await call('PUT', '/api/admin/settings', test.admin.headers, { exigir_finalidade: on });
  expect(response.statusCode, response.body).toBe(200);
};

async function footprint(user: SignedIn) {
  const [row] = await test.database.db
    .select({ cents: users.creditosCents })
    .from(users)
    .where(eq(users.id, user.userId));
  const lookups = await test.database.db.$count(consultas, eq(consultas.usuarioId, user.userId));
  return { cents: row?.cents, lookups, upstreamCalls: stub.received.length };
}

const deactivate = async (nome: string) => {
  const created = await call('POST', '/api/admin/finalidades', test.admin.headers, {
    nome,
    base_legal: 'IX',
    ativo: false,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};

describe(`a lookup's purpose (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('without a purpose, with an unknown or an inactive one: 400 on finalidade_id, nothing reserved, no upstream call', async () => {
    const user = await payingUser(test, 1_000);
    const inactive = await deactivate('Finalidade desativada');
    const before = await footprint(user);
    for (const purpose of [
      {},
      { finalidade_id: null },
      { finalidade_id: 999_999 },
      { finalidade_id: inactive },
    ]) {
      const response = await runLookupViaApi(test.app, user.headers, creditModule, undefined, purpose);
      expect(response.statusCode, JSON.stringify(purpose)).toBe(400);
      expect(response.json()).toEqual({
        error: messages.purposeRequired,
        code: 'VALIDATION_ERROR',
        fields: { finalidade_id: messages.purposeRequired },
      });
    }
    expect(await footprint(user)).toEqual(before);
  });

  it('a finalidade_id that is no id is the same refusal; its digits as a string are the id', async () => {
    const user = await payingUser(test, 1_000);
    for (const finalidade_id of ['1.0', ' 1', 'abc', 0, -1, 1.5, true]) {
      const response = await call('POST', '/api/consultas', user.headers, {
        modulo_id: creditModule,
        input: { cpf: '123.456.789-09' },
        finalidade_id,
      });
      expect(response.statusCode, String(finalidade_id)).toBe(400);
      expect(response.json().fields).toEqual({ finalidade_id: messages.purposeRequired });
    }
    const asText = await call('POST', '/api/consultas', user.headers, {
      modulo_id: creditModule,
      input: { cpf: '123.456.789-09' },
      finalidade_id: '1',
    });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json().id).toBeGreaterThan(0);
  });

  it('is kept with the lookup and shown in its detail, the history, the admin’s list and the log', async () => {
    const user = await payingUser(test, 1_000);
    const ran = await runLookupViaApi(test.app, user.headers, creditModule, undefined, {
      finalidade_id: 2,
      justificativa: '  Pedido de crédito nº 4521  ',
    });
    expect(ran.statusCode, ran.body).toBe(200);
    const { id } = ran.json<{ id: number }>();
    const finalidade = { id: 2, nome: 'Prevenção a fraudes', base_legal: 'IX' };

    const detail = await call('GET', `/api/consultas/${id}`, user.headers);
    expect(detail.json()).toMatchObject({ id, finalidade, justificativa: 'Pedido de crédito nº 4521' });

    const history = await call('GET', '/api/consultas', user.headers);
    expect(history.json().consultas[0]).toMatchObject({ id, finalidade });
    expect(history.json().consultas[0]).not.toHaveProperty('justificativa');

    const recent = await call('GET', '/api/consultas/admin/all?limit=100', test.admin.headers);
    expect(recent.json().consultas.find((row: { id: number }) => row.id === id)).toMatchObject({
      finalidade,
    });

    const [entry] = await test.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.tipo, 'consulta'), eq(logs.userId, user.userId)));
    expect(entry?.detalhes).toMatchObject({
      consulta_id: id,
      status: 'sucesso',
      finalidade_id: 2,
      finalidade: 'Prevenção a fraudes',
      base_legal: 'IX',
      justificativa: 'Pedido de crédito nº 4521',
    });
  });

  it('is stored whatever the lookup reserves: credits, a quota slot or a trial slot', async () => {
    const quotaModule = await createModuleViaApi(test.app, test.admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const subscriber = await payingUser(test, 1_000);
    const inTrial = await registerUser(test.app);
    const runs = [
      [subscriber, creditModule, 3, 'creditos'],
      [subscriber, quotaModule, 4, 'quantidade'],
      [inTrial, quotaModule, 2, 'trial'],
    ] as const;
    for (const [who, moduleId, purpose, cobranca] of runs) {
      const ran = await runLookupViaApi(test.app, who.headers, moduleId, undefined, {
        finalidade_id: purpose,
        justificativa: `Motivo ${purpose}`,
      });
      expect(ran.statusCode, ran.body).toBe(200);
      const [row] = await test.database.db
        .select({
          cobranca: consultas.cobranca,
          purpose: consultas.finalidadeId,
          why: consultas.justificativa,
        })
        .from(consultas)
        .where(eq(consultas.id, ran.json().id));
      expect(row).toEqual({ cobranca, purpose, why: `Motivo ${purpose}` });
    }
  });

  it('a failed lookup’s log entry names its purpose too', async () => {
    const user = await payingUser(test, 0);
    const failing = await createModuleViaApi(test.app, test.admin.headers, {
      api_url: `${stub.baseUrl}/fail`,
    });
    const ran = await runLookupViaApi(test.app, user.headers, failing);
    expect(ran.statusCode).toBe(502);
    const [entry] = await test.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.tipo, 'consulta'), eq(logs.userId, user.userId)));
    expect(entry?.detalhes).toMatchObject({
      status: 'falha',
      finalidade_id: TEST_PURPOSE_ID,
      finalidade: 'Análise de crédito',
      base_legal: 'X',
      justificativa: null,
    });
  });

  it('a justification over 500 characters is refused before anything is reserved; a blank one is none', async () => {
    const user = await payingUser(test, 1_000);
    const before = await footprint(user);
    const long = await runLookupViaApi(test.app, user.headers, creditModule, undefined, {
      finalidade_id: TEST_PURPOSE_ID,
      justificativa: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { justificativa: messages.tooLong(500) },
    });
    expect(await footprint(user)).toEqual(before);

    const blank = await runLookupViaApi(test.app, user.headers, creditModule, undefined, {
      finalidade_id: TEST_PURPOSE_ID,
      justificativa: '   ',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const detail = await call('GET', `/api/consultas/${blank.json().id}`, user.headers);
    expect(detail.json()).toMatchObject({ justificativa: null, finalidade: { id: TEST_PURPOSE_ID } });
  });

  it('a purpose the admin deactivates is refused on the next lookup', async () => {
    const user = await payingUser(test, 1_000);
    const created = await call('POST', '/api/admin/finalidades', test.admin.headers, {
      nome: 'Desativada agora',
      base_legal: 'V',
    });
    const purpose = created.json<{ id: number }>().id;
    const run = () =>
      runLookupViaApi(test.app, user.headers, creditModule, undefined, { finalidade_id: purpose });
    expect((await run()).statusCode).toBe(200);
    await call('PUT', `/api/admin/finalidades/${purpose}`, test.admin.headers, { ativo: false });
    expect((await run()).json().fields).toEqual({ finalidade_id: messages.purposeRequired });
  });

  describe('with exigir_finalidade off', () => {
    beforeAll(() => requirePurpose(false));
    afterAll(() => requirePurpose(true));

    it('a lookup may name no purpose, and is kept without one', async () => {
      const user = await payingUser(test, 1_000);
      const ran = await runLookupViaApi(test.app, user.headers, creditModule, undefined, {});
      expect(ran.statusCode, ran.body).toBe(200);
      const detail = await call('GET', `/api/consultas/${ran.json().id}`, user.headers);
      expect(detail.json()).toMatchObject({ finalidade: null, justificativa: null });
      expect((await call('GET', '/api/finalidades', user.headers)).json().exigir_finalidade).toBe(false);
    });

    it('a purpose it names must still be active', async () => {
      const user = await payingUser(test, 1_000);
      const inactive = await deactivate('Inativa com a exigência desligada');
      const before = await footprint(user);
      const response = await runLookupViaApi(test.app, user.headers, creditModule, undefined, {
        finalidade_id: inactive,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ finalidade_id: messages.purposeRequired });
      expect(await footprint(user)).toEqual(before);
    });
  });
});
