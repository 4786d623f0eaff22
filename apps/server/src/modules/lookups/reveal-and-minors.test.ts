import { MINOR_CPF } from '@painel/demo-provider/person.generator';
import { messages } from '@painel/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModuleViaApi,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  usingPostgres,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';
import { maskTrialResult } from './trial-mask.ts';

/**
 * docs/product/reveal-and-minors.md: a module that masks by default stores results whole and shows
 * them masked until a justified reveal, which is logged; a minor's data stays masked unless the
 * lookup's purpose permits minors. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

/** The local stub's answer to /ok/{cpf}, with the CPF the tests type. */
const CPF = '123.456.789-09';
const JUSTIFICATION = 'Conferência do cadastro antes de liberar o crédito';

let stub: UpstreamStub;
let masked: number;
let plain: number;
let demoCpf: number;
beforeAll(async () => {
  stub = await startUpstreamStub();
  masked = await createModuleViaApi(test.app, test.admin.headers, {
    nome: 'CPF mascarado',
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    mascarar_por_padrao: true,
  });
  plain = await createModuleViaApi(test.app, test.admin.headers, {
    nome: 'CPF aberto',
    api_url: `${stub.baseUrl}/ok/{cpf}`,
  });
  demoCpf = await createModuleViaApi(test.app, test.admin.headers, {
    nome: 'CPF demonstração',
    api_url: '/demo-api/cpf/{cpf}',
  });
});
afterAll(async () => {
  await stub.close();
});

async function lookUp(user: SignedIn, moduleId: number, input = { cpf: CPF }, purpose?: object) {
  const response = await runLookupViaApi(test.app, user.headers, moduleId, input, purpose);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; retorno: unknown; [key: string]: unknown }>();
}

const reveal = (user: SignedIn, id: number, body: unknown = { justificativa: JUSTIFICATION }) =>
  call('POST', `/api/consultas/${id}/revelar`, user.headers, body);

async function storedResult(id: number) {
  const [row] = await test.database.db
    .select({ resultado: consultas.resultado })
    .from(consultas)
    .where(eq(consultas.id, id));
  return row?.resultado;
}

const revealLogs = (id: number) =>
  test.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.acao, 'revelacao'), eq(logs.tipo, 'consulta')))
    .then((rows) => rows.filter((row) => row.detalhes.consulta_id === id));

const purpose = async (fields: { nome: string; permite_menores: boolean }) => {
  const created = await call('POST', '/api/admin/finalidades', test.admin.headers, {
    base_legal: 'VII',
    ...fields,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};

describe(`the module setting mascarar_por_padrao (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is off unless set, shown in every module view, and changed like any field', async () => {
    const list = await call('GET', '/api/modulos', test.admin.headers);
    const byId = (id: number) => list.json().modulos.find((module: { id: number }) => module.id === id);
    expect(byId(masked).mascarar_por_padrao).toBe(true);
    expect(byId(plain).mascarar_por_padrao).toBe(false);

    const user = await payingUser(test, 0);
    const active = await call('GET', '/api/modulos/ativos', user.headers);
    expect(active.json().modulos.find((module: { id: number }) => module.id === masked)).toMatchObject({
      mascarar_por_padrao: true,
    });

    const other = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Outro',
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const on = await call('PUT', `/api/modulos/${other}`, test.admin.headers, { mascarar_por_padrao: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().mascarar_por_padrao).toBe(true);
    const untouched = await call('PUT', `/api/modulos/${other}`, test.admin.headers, { nome: 'Outro nome' });
    expect(untouched.json().mascarar_por_padrao).toBe(true);
    const bad = await call('PUT', `/api/modulos/${other}`, test.admin.headers, {
      mascarar_por_padrao: 'sim',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ mascarar_por_padrao: messages.invalidValue });

    const [edited] = await test.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.acao, 'modulo_editado'), eq(logs.userId, test.admin.userId)))
      .then((rows) => rows.filter((row) => row.detalhes.modulo_id === other));
    expect(edited?.detalhes).toMatchObject({
      antes: { mascarar_por_padrao: false },
      depois: { mascarar_por_padrao: true },
    });
  });
});

describe(`a module that masks by default (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores the result whole and answers it masked, in the lookup and in every read of it', async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, masked);
    const whole = await storedResult(ran.id);
    expect(JSON.stringify(whole)).toContain(CPF);
    expect(ran).toMatchObject({ mascarado: true, revelavel: true, menor_de_idade: false, trial: false });
    expect(ran.retorno).toEqual(maskTrialResult(whole));
    expect(JSON.stringify(ran.retorno)).not.toContain(CPF);

    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(detail.json()).toMatchObject({ retorno: ran.retorno, mascarado: true, revelavel: true });
  });

  it('reveals it whole for a justification, logged with who, which lookup and why; the next read is masked again', async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, masked);

    const revealed = await reveal(user, ran.id, { justificativa: `  ${JUSTIFICATION}  ` });
    expect(revealed.statusCode, revealed.body).toBe(200);
    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(revealed.json()).toEqual({
      ...detail.json(),
      retorno: await storedResult(ran.id),
      mascarado: false,
      revelavel: false,
    });
    expect(JSON.stringify(revealed.json().retorno)).toContain(CPF);
    expect(detail.json().mascarado).toBe(true);

    const entries = await revealLogs(ran.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tipo: 'consulta',
      acao: 'revelacao',
      userId: user.userId,
      targetUserId: user.userId,
      detalhes: {
        consulta_id: ran.id,
        modulo_id: masked,
        modulo: 'CPF mascarado',
        justificativa: JUSTIFICATION,
        estava_mascarada: true,
      },
    });
    // The admin reads it in the audit trail.
    const trail = await call('GET', '/api/logs?limit=100&tipo=consulta', test.admin.headers);
    expect(trail.json().data.logs.some((entry: { acao: string }) => entry.acao === 'revelacao')).toBe(true);
  });

  it('refuses a justification under 10 characters or over 500, and logs nothing', async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, masked);
    for (const body of [
      {},
      { justificativa: '' },
      { justificativa: 'curta' },
      { justificativa: '   abc      ' },
    ]) {
      const response = await reveal(user, ran.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { justificativa: messages.revealJustificationShort },
      });
    }
    const long = await reveal(user, ran.id, { justificativa: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ justificativa: messages.tooLong(500) });
    expect((await reveal(user, ran.id, { justificativa: 'Dez letras' })).statusCode).toBe(200);
    expect(await revealLogs(ran.id)).toHaveLength(1);
  });

  it("reaches what GET /consultas/{id} reaches: not another user's lookup; the user's reseller and the admin may", async () => {
    const reseller = await createReseller(test.app, test.database.db);
    const client = await registerUser(test.app);
    await test.database.db
      .update(users)
      .set({ revendedorId: reseller.userId, dataExpiracao: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, client.userId));
    const ran = await lookUp(client, masked);

    const stranger = await payingUser(test, 0);
    const otherReseller = await createReseller(test.app, test.database.db);
    for (const outsider of [stranger, otherReseller]) {
      const refused = await reveal(outsider, ran.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', error: messages.lookupNotFound });
    }
    expect(await revealLogs(ran.id)).toHaveLength(0);

    const byReseller = await reveal(reseller, ran.id);
    expect(byReseller.statusCode, byReseller.body).toBe(200);
    expect(byReseller.json().mascarado).toBe(false);
    const byAdmin = await reveal(test.admin, ran.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const entries = await revealLogs(ran.id);
    expect(entries.map((entry) => [entry.userId, entry.targetUserId]).sort()).toEqual(
      [
        [reseller.userId, client.userId],
        [test.admin.userId, client.userId],
      ].sort(),
    );

    const missing = await reveal(test.admin, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
  });

  it('never reveals a trial result: 403, nothing logged', async () => {
    const trialUser = await registerUser(test.app);
    const ran = await lookUp(trialUser, masked);
    expect(ran).toMatchObject({ trial: true, mascarado: true, revelavel: false });
    expect(JSON.stringify(await storedResult(ran.id))).not.toContain(CPF);
    const refused = await reveal(trialUser, ran.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: messages.revealTrial });
    expect((await reveal(test.admin, ran.id)).statusCode).toBe(403);
    expect(await revealLogs(ran.id)).toHaveLength(0);
  });

  it('answers a result that is not masked as it is, and still logs the reveal', async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, plain);
    expect(ran).toMatchObject({ mascarado: false, revelavel: false, menor_de_idade: false });
    expect(JSON.stringify(ran.retorno)).toContain(CPF);
    const revealed = await reveal(user, ran.id);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toMatchObject({ retorno: ran.retorno, mascarado: false });
    expect((await revealLogs(ran.id))[0]?.detalhes).toMatchObject({ estava_mascarada: false });
  });

  it('an expired result or a lookup that brought none has nothing to reveal: 404', async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, masked);
    await test.database.db
      .update(consultas)
      .set({ resultadoExpiraEm: new Date(Date.now() - 1000) })
      .where(eq(consultas.id, ran.id));
    const expired = await reveal(user, ran.id);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'NOT_FOUND', error: messages.lookupResultExpired });
    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(detail.json()).toMatchObject({ retorno: null, mascarado: false, revelavel: false });

    const failing = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Falha',
      api_url: `${stub.baseUrl}/fail/{cpf}`,
      mascarar_por_padrao: true,
    });
    expect((await runLookupViaApi(test.app, user.headers, failing)).statusCode).toBe(502);
    const [failed] = await test.database.db
      .select({ id: consultas.id })
      .from(consultas)
      .where(and(eq(consultas.usuarioId, user.userId), eq(consultas.status, 'falha')));
    const none = await reveal(user, failed!.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(messages.lookupWithoutResult);
  });

  it("follows the module's setting now: turned on, earlier results read masked", async () => {
    const user = await payingUser(test, 0);
    const module = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Ligado depois',
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const ran = await lookUp(user, module);
    expect(ran.mascarado).toBe(false);
    await call('PUT', `/api/modulos/${module}`, test.admin.headers, { mascarar_por_padrao: true });
    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(detail.json()).toMatchObject({ mascarado: true, revelavel: true });
    expect(JSON.stringify(detail.json().retorno)).not.toContain(CPF);
  });
});

describe(`minors (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("masks a minor's data when the purpose does not permit minors, and refuses to reveal it", async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, demoCpf, { cpf: MINOR_CPF });
    expect(ran).toMatchObject({ menor_de_idade: true, mascarado: true, revelavel: false });
    const whole = await storedResult(ran.id);
    expect(ran.retorno).toEqual(maskTrialResult(whole));
    expect(JSON.stringify(ran.retorno)).not.toMatch(/705\.?318\.?264-?90/);

    const refused = await reveal(user, ran.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: messages.revealMinor });
    expect(await revealLogs(ran.id)).toHaveLength(0);

    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(detail.json()).toMatchObject({ menor_de_idade: true, mascarado: true, retorno: ran.retorno });
  });

  it('shows an adult whole, and a minor whole under a purpose that permits minors, even once it is deactivated', async () => {
    const user = await payingUser(test, 0);
    const adult = await lookUp(user, demoCpf);
    expect(adult).toMatchObject({ menor_de_idade: false, mascarado: false });

    const permits = await purpose({ nome: 'Proteção de crianças e adolescentes', permite_menores: true });
    const ran = await lookUp(user, demoCpf, { cpf: MINOR_CPF }, { finalidade_id: permits });
    expect(ran).toMatchObject({ menor_de_idade: true, mascarado: false, revelavel: false });
    expect(ran.retorno).toEqual(await storedResult(ran.id));

    await call('PUT', `/api/admin/finalidades/${permits}`, test.admin.headers, { ativo: false });
    const detail = await call('GET', `/api/consultas/${ran.id}`, user.headers);
    expect(detail.json()).toMatchObject({ menor_de_idade: true, mascarado: false, retorno: ran.retorno });
  });

  it('a lookup without a purpose does not permit minors', async () => {
    await call('PUT', '/api/admin/settings', test.admin.headers, { exigir_finalidade: false });
    try {
      const user = await payingUser(test, 0);
      const ran = await lookUp(user, demoCpf, { cpf: MINOR_CPF }, {});
      expect(ran).toMatchObject({ menor_de_idade: true, mascarado: true, revelavel: false });
    } finally {
      await call('PUT', '/api/admin/settings', test.admin.headers, { exigir_finalidade: true });
    }
  });

  it('a permitted minor in a module that masks by default is masked, and revealed with a justification', async () => {
    const module = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'CPF demonstração mascarado',
      api_url: '/demo-api/cpf/{cpf}',
      mascarar_por_padrao: true,
    });
    const permits = await purpose({ nome: 'Tutela de menores', permite_menores: true });
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, module, { cpf: MINOR_CPF }, { finalidade_id: permits });
    expect(ran).toMatchObject({ menor_de_idade: true, mascarado: true, revelavel: true });
    const revealed = await reveal(user, ran.id);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toMatchObject({ menor_de_idade: true, mascarado: false });
    expect(revealed.json().retorno).toEqual(await storedResult(ran.id));
  });

  it("the admin, who reads every lookup, sees a minor's data masked too", async () => {
    const user = await payingUser(test, 0);
    const ran = await lookUp(user, demoCpf, { cpf: MINOR_CPF });
    const detail = await call('GET', `/api/consultas/${ran.id}`, test.admin.headers);
    expect(detail.json()).toMatchObject({ menor_de_idade: true, mascarado: true, retorno: ran.retorno });
    expect((await reveal(test.admin, ran.id)).statusCode).toBe(403);
  });
});
