import { cnpjCheckDigits } from '@painel/shared/rules/documents';
import { searchKey } from '@painel/shared/rules/search-key';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi, runLookupViaApi } from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser as fundedUser, useTestApp } from '../../../test/use-test-app.ts';
import { createReseller, insertUser } from '../../../test/users-fixtures.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { searchKeySql } from './lookup.repository.ts';

/**
 * Issue 16, storage and search: lookup inputs are found by a document, plate or phone written with
 * or without punctuation, in either case; each lookup keeps the identifier types its fields had,
 * so history stays readable when a module's field changes type.
 */
const test = useTestApp();
let stub: UpstreamStub;
beforeAll(async () => {
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await stub.close();
});

const payingUser = (cents = 1_000) => fundedUser(test, cents);

interface Row {
  id: number;
  usuario_id: number;
  input: Record<string, string>;
  tipos_entrada: Record<string, string>;
  Modulo: { nome: string };
}

async function history(headers: Record<string, string>, busca?: string) {
  const query = busca === undefined ? '' : `?busca=${encodeURIComponent(busca)}`;
  const response = await test.app.inject({ method: 'GET', url: `/api/consultas${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ consultas: Row[]; total: number }>();
}

async function recent(headers: Record<string, string>, busca: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/consultas/admin/all?busca=${encodeURIComponent(busca)}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ consultas: Row[]; total: number }>();
}

function typedModule(nome: string, campos: { nome: string; tipo: string }[]) {
  return createModuleViaApi(test.app, test.admin.headers, {
    nome,
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}/ok/doc/{${campos[0]!.nome}}`,
    campos_entrada: campos.map((campo) => ({ ...campo, obrigatorio: true })),
  });
}

async function run(headers: Record<string, string>, moduleId: number, input: Record<string, string>) {
  const response = await runLookupViaApi(test.app, headers, moduleId, input);
  expect(response.statusCode, response.body).toBe(200);
}

describe('a user searches their history', () => {
  it('finds a company by its CNPJ with or without punctuation, in either case, and only their own', async () => {
    const companies = await typedModule('Empresa por CNPJ', [{ nome: 'cnpj', tipo: 'cnpj' }]);
    const user = await payingUser();
    const other = await payingUser();
    await run(user.headers, companies, { cnpj: '12.ABC.345/01DE-35' });
    await run(user.headers, companies, { cnpj: '11.222.333/0001-81' });
    await run(other.headers, companies, { cnpj: '12ABC34501DE35' });

    for (const busca of ['12.ABC.345/01DE-35', '12abc34501de35', '12.abc.345/01de-35', 'abc345', ' 12ABC ']) {
      const found = await history(user.headers, busca);
      expect(found.total, busca).toBe(1);
      expect(found.consultas.map((row) => row.input.cnpj)).toEqual(['12ABC34501DE35']);
      expect(found.consultas[0]!.usuario_id).toBe(user.userId);
    }
    expect((await history(user.headers, '11222333000181')).total).toBe(1);
    expect((await history(user.headers, '99.999.999/9999-99')).total).toBe(0);
    // No search: everything of theirs.
    expect((await history(user.headers)).total).toBe(2);
  });

  it('finds a plate typed in lower case and a phone by its digits, and lookups by module name', async () => {
    const plates = await typedModule('Veículo por placa', [{ nome: 'placa', tipo: 'placa' }]);
    const phones = await typedModule('Linha telefônica', [{ nome: 'telefone', tipo: 'telefone' }]);
    const user = await payingUser();
    await run(user.headers, plates, { placa: 'abc-1d23' });
    await run(user.headers, phones, { telefone: '+55 (11) 98765-4321' });

    expect((await history(user.headers, 'ABC1D23')).consultas.map((row) => row.input.placa)).toEqual([
      'ABC1D23',
    ]);
    expect((await history(user.headers, 'abc 1d23')).total).toBe(1);
    expect((await history(user.headers, '(11) 98765-4321')).consultas[0]?.input.telefone).toBe('11987654321');
    // Part of a module's name, accents and case as written in the name.
    expect((await history(user.headers, 'telefônica')).consultas[0]?.Modulo.nome).toBe('Linha telefônica');
    expect((await history(user.headers, 'VEÍCULO')).total).toBe(1);
  });

  it('takes wildcard characters and punctuation literally, and refuses a search longer than 100 characters', async () => {
    const user = await payingUser();
    const plates = await typedModule('Placas', [{ nome: 'placa', tipo: 'placa' }]);
    await run(user.headers, plates, { placa: 'XYZ9876' });
    expect((await history(user.headers, '%')).total).toBe(0);
    expect((await history(user.headers, '_')).total).toBe(0);
    expect((await history(user.headers, '...')).total).toBe(0);
    expect((await history(user.headers, "'; drop table consultas; --")).total).toBe(0);

    const tooLong = await test.app.inject({
      method: 'GET',
      url: `/api/consultas?busca=${'1'.repeat(101)}`,
      headers: user.headers,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(tooLong.json())).toContain('100 caracteres');
  });

  it('finds an accented name typed without its accents, stored before fields were typed', async () => {
    const user = await payingUser();
    await test.database.db.insert(consultas).values({
      usuarioId: user.userId,
      moduloNome: 'Nome',
      status: 'sucesso',
      input: { nome: 'João da Conceição' },
      cobranca: 'creditos',
    });
    expect((await history(user.headers, 'joao da conceicao')).total).toBe(1);
    expect((await history(user.headers, 'JOÃO')).total).toBe(1);
  });
});

describe('the admin and a reseller search every lookup in their reach', () => {
  it('the admin finds any user’s lookup by CNPJ; a reseller only its clients’', async () => {
    const companies = await typedModule('CNPJ para o admin', [{ nome: 'cnpj', tipo: 'cnpj' }]);
    const reseller = await createReseller(test.app, test.database.db);
    const client = await insertUser(test.database.db, { revendedorId: reseller.userId });
    const stranger = await insertUser(test.database.db);
    const searched = 'A1.B2C.3D4/5E6F-';
    // A valid alphanumeric CNPJ made for this test: its check digits come from the shared rule.
    const cnpj = `A1B2C3D45E6F${cnpjCheckDigits('A1B2C3D45E6F')}`;
    for (const userId of [client, stranger]) {
      await test.database.db.insert(consultas).values({
        usuarioId: userId,
        moduloId: companies,
        moduloNome: 'CNPJ para o admin',
        status: 'sucesso',
        input: { cnpj },
        tiposEntrada: { cnpj: 'cnpj' },
        cobranca: 'creditos',
      });
    }

    const asAdmin = await recent(test.admin.headers, searched.toLowerCase());
    expect(asAdmin.total).toBe(2);
    expect(new Set(asAdmin.consultas.map((row) => row.usuario_id))).toEqual(new Set([client, stranger]));

    const asReseller = await recent(reseller.headers, cnpj);
    expect(asReseller.total).toBe(1);
    expect(asReseller.consultas.map((row) => row.usuario_id)).toEqual([client]);
  });
});

describe('a module whose field changes type keeps its history readable', () => {
  it('each lookup keeps the types its fields had when it ran', async () => {
    const moduleId = await typedModule('Documento livre', [{ nome: 'doc', tipo: 'string' }]);
    const user = await payingUser();
    await run(user.headers, moduleId, { doc: 'ref 42/b' });

    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/modulos/${moduleId}`,
      headers: test.admin.headers,
      payload: { campos_entrada: [{ nome: 'doc', tipo: 'cpf', obrigatorio: true }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await run(user.headers, moduleId, { doc: '529.982.247-25' });

    const rows = (await history(user.headers)).consultas;
    expect(rows.map((row) => [row.input.doc, row.tipos_entrada])).toEqual([
      ['52998224725', { doc: 'cpf' }],
      // Typed before: stored as it was sent, with no type to format it by.
      ['ref 42/b', {}],
    ]);
  });
});

describe('the database reduces a stored value to the same search key as the shared rule', () => {
  it('for generated texts with accents, punctuation and any case', async () => {
    const texts = fc.sample(
      fc.string({
        unit: fc.constantFrom(...[...'aZ09 .-/()%_çÇãÃéÉüÜñ\'"ß€😀']),
        maxLength: 20,
      }),
      300,
    );
    const result = await test.database.db.execute(
      sql`select t.value as text, ${searchKeySql(sql`t.value`)} as key
          from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(value)`,
    );
    const rows = rowsOf<{ text: string; key: string }>(result);
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) expect(row.key, row.text).toBe(searchKey(row.text));
  });
});

describe('a search with characters that cannot be stored or matched', () => {
  it.each(['%00', '%E2%80%8B12ABC', '%F0%9F%98%80', '%5C', '%27%22'])('busca=%s answers 200', async (raw) => {
    const user = await payingUser(0);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/consultas?busca=${raw}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0 });
  });
});
