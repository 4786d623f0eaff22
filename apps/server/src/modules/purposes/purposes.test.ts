import { messages } from '@painel/shared/messages';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi, registerUser, runLookupViaApi, type SignedIn } from '../../../test/harness.ts';
import { startUpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { logs } from '../../db/schema/logs.ts';

/** docs/product/purposes.md: the purposes of lookups, their legal bases, and who may change them. */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

let usuario: SignedIn;
let revendedor: SignedIn;
beforeAll(async () => {
  usuario = await registerUser(test.app);
  revendedor = await createReseller(test.app, test.database.db);
});

interface PurposeAnswer {
  id: number;
  nome: string;
  base_legal: string;
  ativo: boolean;
  permite_menores: boolean;
}

const activeList = async (headers = usuario.headers) => {
  const response = await call('GET', '/api/finalidades', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ finalidades: PurposeAnswer[]; exigir_finalidade: boolean }>();
};
const adminList = async () => {
  const response = await call('GET', '/api/admin/finalidades', test.admin.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ finalidades: PurposeAnswer[] }>().finalidades;
};
const create = (body: Record<string, unknown>) =>
  call('POST', '/api/admin/finalidades', test.admin.headers, body);

async function purposeLogs(purposeId: number) {
  const entries = await test.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.tipo, 'admin_action'), like(logs.acao, 'finalidade_%')));
  return entries.filter((entry) => entry.detalhes.finalidade_id === purposeId);
}

describe('GET /api/finalidades', () => {
  it('gives any signed-in user the four seeded purposes by name, with their legal bases, and says one is required', async () => {
    for (const headers of [usuario.headers, revendedor.headers, test.admin.headers]) {
      expect(await activeList(headers)).toEqual({
        exigir_finalidade: true,
        finalidades: [
          { id: 1, nome: 'Análise de crédito', base_legal: 'X', ativo: true, permite_menores: false },
          {
            id: 3,
            nome: 'Cumprimento de obrigação legal ou regulatória',
            base_legal: 'II',
            ativo: true,
            permite_menores: false,
          },
          {
            id: 4,
            nome: 'Exercício regular de direitos',
            base_legal: 'VI',
            ativo: true,
            permite_menores: false,
          },
          { id: 2, nome: 'Prevenção a fraudes', base_legal: 'IX', ativo: true, permite_menores: false },
        ],
      });
    }
  });

  it('is refused without a session', async () => {
    const response = await call('GET', '/api/finalidades');
    expect(response.statusCode).toBe(401);
  });
});

describe('purposes administration', () => {
  it('creates a purpose with its defaults, answers 201, logs it, and offers it at once', async () => {
    const created = await create({ nome: '  Cobrança de dívida  ', base_legal: 'VI' });
    expect(created.statusCode, created.body).toBe(201);
    const purpose = created.json<PurposeAnswer>();
    expect(purpose).toEqual({
      id: expect.any(Number),
      nome: 'Cobrança de dívida',
      base_legal: 'VI',
      ativo: true,
      permite_menores: false,
    });
    expect((await activeList()).finalidades).toContainEqual(purpose);

    const [entry] = await purposeLogs(purpose.id);
    expect(entry).toMatchObject({
      acao: 'finalidade_criada',
      userId: test.admin.userId,
      detalhes: { antes: null, depois: purpose },
    });
  });

  it('changes only the fields sent and logs what changed', async () => {
    const purpose = (await create({ nome: 'Recuperação de crédito', base_legal: 'X' })).json<PurposeAnswer>();
    const changed = await call('PUT', `/api/admin/finalidades/${purpose.id}`, test.admin.headers, {
      base_legal: 'IX',
      permite_menores: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...purpose, base_legal: 'IX', permite_menores: true });

    const entries = await purposeLogs(purpose.id);
    expect(entries.map((entry) => entry.acao)).toEqual(['finalidade_criada', 'finalidade_alterada']);
    expect(entries[1]?.detalhes).toMatchObject({
      antes: { base_legal: 'X', permite_menores: false },
      depois: { base_legal: 'IX', permite_menores: true },
    });
    expect(entries[1]?.detalhes.antes).not.toHaveProperty('nome');
  });

  it('a deactivated purpose leaves the users’ list but stays on the admin’s', async () => {
    const purpose = (await create({ nome: 'Auditoria interna', base_legal: 'II' })).json<PurposeAnswer>();
    const off = await call('PUT', `/api/admin/finalidades/${purpose.id}`, test.admin.headers, {
      ativo: false,
    });
    expect(off.statusCode, off.body).toBe(200);

    expect((await activeList()).finalidades.map((each) => each.id)).not.toContain(purpose.id);
    expect(await adminList()).toContainEqual({ ...purpose, ativo: false });
  });

  it('refuses a name another purpose has, however it is typed, naming the field', async () => {
    // In any case, with spaces around, accents as separate marks, a no-break or a zero-width space.
    for (const nome of [
      'análise de crédito',
      ' ANÁLISE DE CRÉDITO ',
      'Ana\u0301lise de cre\u0301dito',
      'Análise\u00a0de crédito',
      'Análise de\u200b crédito',
    ]) {
      const response = await create({ nome, base_legal: 'X' });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        error: messages.purposeNameInUse,
        code: 'PURPOSE_NAME_IN_USE',
        fields: { nome: messages.purposeNameInUse },
      });
    }
    const renamed = await call('PUT', '/api/admin/finalidades/2', test.admin.headers, {
      nome: 'Análise de Crédito',
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().fields).toEqual({ nome: messages.purposeNameInUse });
    expect((await adminList()).find((each) => each.id === 2)?.nome).toBe('Prevenção a fraudes');
  });

  it('refuses a legal basis outside art. 7 I–X and a blank name, naming each field', async () => {
    const response = await create({ nome: '   ', base_legal: 'XI' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { nome: messages.purposeNameRequired, base_legal: messages.legalBasisInvalid },
    });
    const lowerCase = await call('PUT', '/api/admin/finalidades/1', test.admin.headers, { base_legal: 'x' });
    expect(lowerCase.json().fields).toEqual({ base_legal: messages.legalBasisInvalid });
  });

  it('answers 404 for a purpose that does not exist', async () => {
    for (const [method, body] of [
      ['PUT', { ativo: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, '/api/admin/finalidades/999999', test.admin.headers, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: messages.purposeNotFound, code: 'NOT_FOUND' });
    }
  });

  it('deletes a purpose no lookup used, and logs it', async () => {
    const purpose = (await create({ nome: 'Teste de exclusão', base_legal: 'V' })).json<PurposeAnswer>();
    const deleted = await call('DELETE', `/api/admin/finalidades/${purpose.id}`, test.admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: messages.purposeDeleted, id: purpose.id });
    expect((await adminList()).map((each) => each.id)).not.toContain(purpose.id);
    expect((await purposeLogs(purpose.id)).map((entry) => [entry.acao, entry.detalhes.antes])).toEqual([
      ['finalidade_criada', null],
      ['finalidade_excluida', purpose],
    ]);
  });

  it('refuses to delete a purpose a lookup used (409: deactivate it) and keeps it', async () => {
    const stub = await startUpstreamStub();
    try {
      const purpose = (await create({ nome: 'Usada numa consulta', base_legal: 'X' })).json<PurposeAnswer>();
      const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
        api_url: `${stub.baseUrl}/ok/{cpf}`,
      });
      const user = await payingUser(test, 0);
      const lookup = await runLookupViaApi(test.app, user.headers, moduleId, undefined, {
        finalidade_id: purpose.id,
      });
      expect(lookup.statusCode, lookup.body).toBe(200);

      const refused = await call('DELETE', `/api/admin/finalidades/${purpose.id}`, test.admin.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: messages.purposeInUse, code: 'PURPOSE_IN_USE' });
      expect(await adminList()).toContainEqual(purpose);
      expect((await purposeLogs(purpose.id)).map((entry) => entry.acao)).toEqual(['finalidade_criada']);

      // Its name and basis are part of that lookup's record: they stay; deactivating is allowed.
      for (const change of [
        { base_legal: 'IX' },
        { nome: 'Outro nome' },
        { nome: 'Usada numa consulta', base_legal: 'I' },
      ]) {
        const rewrite = await call('PUT', `/api/admin/finalidades/${purpose.id}`, test.admin.headers, change);
        expect(rewrite.statusCode, rewrite.body).toBe(409);
        expect(rewrite.json()).toEqual({ error: messages.purposeRecordFixed, code: 'PURPOSE_IN_USE' });
      }
      const history = await call('GET', '/api/consultas', user.headers);
      expect(history.json().consultas[0].finalidade).toEqual({
        id: purpose.id,
        nome: purpose.nome,
        base_legal: 'X',
      });
      const same = await call('PUT', `/api/admin/finalidades/${purpose.id}`, test.admin.headers, {
        nome: purpose.nome,
        base_legal: 'X',
        ativo: false,
        permite_menores: true,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toEqual({ ...purpose, ativo: false, permite_menores: true });
    } finally {
      await stub.close();
    }
  });
});

describe('only admins change purposes', () => {
  const attempts = [
    ['GET', '/api/admin/finalidades', undefined],
    ['POST', '/api/admin/finalidades', { nome: 'Proibida', base_legal: 'X' }],
    ['PUT', '/api/admin/finalidades/1', { ativo: false }],
    ['DELETE', '/api/admin/finalidades/4', undefined],
  ] as const;

  it('refuses resellers and users with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await adminList();
    for (const [method, url, body] of attempts) {
      for (const who of [usuario, revendedor]) {
        const response = await call(method, url, who.headers, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await adminList()).toEqual(before);
  });
});
