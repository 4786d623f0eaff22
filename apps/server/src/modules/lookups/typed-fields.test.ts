import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi, runLookupViaApi } from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser as fundedUser, useTestApp } from '../../../test/use-test-app.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Typed identifier fields (issue 16): checked on the server before anything is reserved, and sent
 * upstream canonical (upper-case, no punctuation); an impossible document costs nothing.
 */
const test = useTestApp();
let stub: UpstreamStub;
beforeAll(async () => {
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await stub.close();
});

const payingUser = (cents: number) => fundedUser(test, cents);

const balanceOf = async (userId: number) =>
  (await test.database.db.select({ cents: users.creditosCents }).from(users).where(eq(users.id, userId)))[0]!
    .cents;

function typedModule(tipo: string) {
  return createModuleViaApi(test.app, test.admin.headers, {
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}/ok/doc/{v}`,
    campos_entrada: [{ nome: 'v', tipo, obrigatorio: true }],
  });
}

describe('a cnpj field', () => {
  it.each(['12.ABC.345/01DE-35', '12abc34501de35'])(
    'takes %s and sends 12ABC34501DE35 upstream',
    async (typed) => {
      const moduleId = await typedModule('cnpj');
      const user = await payingUser(500);
      const response = await runLookupViaApi(test.app, user.headers, moduleId, { v: typed });
      expect(response.statusCode).toBe(200);
      expect(stub.received.at(-1)!.url).toBe('/ok/doc/12ABC34501DE35');
      expect(await balanceOf(user.userId)).toBe(400);
    },
  );
});

describe('an impossible identifier is refused before anything is reserved or called', () => {
  it.each([
    ['cnpj', '12ABC34501DE36', 'CNPJ inválido'],
    ['cpf', '529.982.247-26', 'CPF inválido'],
    ['cpf_cnpj', '529.982.247', 'CPF ou CNPJ inválido'],
    ['cpf', '529.982', 'Preencha todos os dígitos'],
    ['placa', 'AB12345', 'Placa inválida'],
    ['renavam', '12345678901', 'Renavam inválido'],
    ['chassi', '9BWZZZ377VT00425O', 'Chassi inválido'],
    ['cep', '00000-000', 'CEP inválido'],
    ['telefone', '(11) 1234-5678', 'Telefone inválido'],
    ['pis', '120.61559.83-5', 'PIS/NIS/NIT inválido'],
    ['cns', '123 4567 8901 2345', 'CNS inválido'],
    ['titulo', '1234 5678 9012', 'Título de eleitor inválido'],
  ])('%s %s: 400 naming input.v, "%s", no charge', async (tipo, typed, message) => {
    const moduleId = await typedModule(tipo);
    const user = await payingUser(500);
    const calls = stub.received.length;
    const response = await runLookupViaApi(test.app, user.headers, moduleId, { v: typed });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'input.v': message } });
    expect(stub.received.length).toBe(calls);
    expect(await balanceOf(user.userId)).toBe(500);
  });
});

describe('the other types send their canonical value', () => {
  it.each([
    ['placa', 'abc-1234', 'ABC1234'],
    ['placa', 'abc1d23', 'ABC1D23'],
    ['telefone', '+55 (11) 98765-4321', '11987654321'],
    ['cep', '01310-100', '01310100'],
    ['chassi', '9bwzzz377vt004251', '9BWZZZ377VT004251'],
  ])('%s %s → %s', async (tipo, typed, sent) => {
    const moduleId = await typedModule(tipo);
    const user = await payingUser(500);
    const response = await runLookupViaApi(test.app, user.headers, moduleId, { v: typed });
    expect(response.statusCode).toBe(200);
    expect(stub.received.at(-1)!.url).toBe(`/ok/doc/${sent}`);
  });
});
