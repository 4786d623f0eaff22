import { isValidCnpj, isValidCpf, isValidRenavam } from '@painel/shared/rules/documents';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderRoutes } from './demo-provider.routes.ts';
import { FIELD_VARIANTS, NOTICE } from './field-variants.ts';
import { basicDataOf, entries, type Json, listOf, read, valuesOf } from './test-support.ts';
import { mercosulPlate } from './vehicle.generator.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(demoProviderRoutes, { prefix: '/demo-api' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const get = (path: string) => app.inject({ method: 'GET', url: `/demo-api${path}` });
const json = async (path: string) => {
  const response = await get(path);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json() as Json;
};

/** One good input per endpoint. */
const SAMPLES: Record<string, string[]> = {
  cpf: ['123.456.789-09', '52998224725'],
  nome: ['Maria%20da%20Silva', 'Jo%C3%A3o%20Exemplo'],
  mae: ['Rosa%20Exemplo'],
  pai: ['Pedro%20Modelo'],
  rg: ['123456789', '12.345.678-X'],
  cns: ['712345678901234'],
  titulo: ['123456780191'],
  nis: ['12345678901'],
  pis: ['170.33259.50-4'],
  cnpj: ['11.222.333%2F0001-81', '11222333000181', '12.ABC.345%2F01DE-35', '12abc34501de35'],
  'razao-social': ['Padaria%20Central'],
  placa: ['ABC1D23', 'abc-1234'],
  chassi: ['9BWZZZ377VT004251'],
  renavam: ['00639884962'],
  motor: ['BWA123456'],
  telefone: ['11912345678', '(21)%203123-4567'],
  email: ['fulano%40example.com'],
  cep: ['01310-100', '70040010'],
};

const allSamples = Object.entries(SAMPLES).flatMap(([segment, inputs]) =>
  inputs.map((input) => `/${segment}/${input}`),
);

describe('demo provider routes', () => {
  it('answers every endpoint with JSON carrying the notice', async () => {
    for (const path of allSamples) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(/^application\/json/);
      expect(response.json()._aviso, path).toBe(NOTICE);
    }
  });

  it('answers the same input with the same data, however it is punctuated', async () => {
    expect(await json('/cpf/12345678909')).toEqual(await json('/cpf/123.456.789-09'));
    expect(await json('/placa/ABC1D23')).toEqual(await json('/placa/abc1d23'));
    expect(await json('/nome/maria%20da%20silva')).toEqual(await json('/nome/Maria%20%20da%20Silva'));
    expect(await json('/cnpj/11222333000181')).toEqual(await json('/cnpj/11.222.333%2F0001-81'));
  });

  it('answers different inputs with different data', async () => {
    expect(await json('/cpf/12345678909')).not.toEqual(await json('/cpf/52998224725'));
    expect(await json('/placa/ABC1D23')).not.toEqual(await json('/placa/ABC1D24'));
    expect(await json('/cep/01310100')).not.toEqual(await json('/cep/01310200'));
  });

  it('writes only keys listed in FIELD_VARIANTS', async () => {
    const known = new Set(Object.values(FIELD_VARIANTS).flat() as string[]);
    for (const path of [...allSamples, '/cpf/91234567873']) {
      const unknown = [...entries(await json(path))].map(([key]) => key).filter((key) => !known.has(key));
      expect([...new Set(unknown)], path).toEqual([]);
    }
  });

  it('writes only CPFs, CNPJs and Renavams that validate (partners CPFs are masked)', async () => {
    for (const path of allSamples) {
      const body = await json(path);
      for (const cpf of valuesOf(body, 'cpf')) {
        if (String(cpf).includes('*')) expect(cpf).toMatch(/^\*{3}\.\d{3}\.\d{3}-\*{2}$/);
        else expect(isValidCpf(String(cpf)), `${path} ${cpf}`).toBe(true);
      }
      for (const cnpj of valuesOf(body, 'cnpj'))
        expect(isValidCnpj(String(cnpj)), `${path} ${cnpj}`).toBe(true);
      for (const renavam of valuesOf(body, 'renavam')) expect(isValidRenavam(String(renavam))).toBe(true);
    }
  });

  it('answers a CPF lookup with that CPF and person lists with 1 to 5 matching people', async () => {
    expect(String(read(basicDataOf(await json('/cpf/52998224725')), 'cpf')).replace(/\D/g, '')).toBe(
      '52998224725',
    );
    const byName = await json('/nome/Maria%20da%20Silva');
    const found = listOf(byName, 'resultados');
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.length).toBeLessThanOrEqual(5);
    expect(read(byName, 'total')).toBe(found.length);
    for (const person of found) {
      expect(String(read(basicDataOf(person), 'nome')).toLowerCase()).toMatch(/^maria da silva/);
    }
    for (const person of listOf(await json('/mae/Rosa%20Exemplo'), 'resultados')) {
      const filiacao = read(basicDataOf(person), 'filiacao') as Json;
      expect(String(read(filiacao, 'nomeMae')).toLowerCase()).toBe('rosa exemplo');
    }
  });

  it('answers an alphanumeric CNPJ with a company carrying it, the same however it is written', async () => {
    const company = await json('/cnpj/12ABC34501DE35');
    expect(String(read(company, 'cnpj')).replace(/[.\-/]/g, '')).toBe('12ABC34501DE35');
    expect(read(company, 'matrizFilial')).toBe('FILIAL');
    expect(await json('/cnpj/12.abc.345%2F01de-35')).toEqual(company);
  });

  it('generates alphanumeric CNPJs among the companies it invents', async () => {
    const found = new Set<string>();
    for (const name of ['Padaria%20Central', 'Oficina%20Modelo', 'Mercado%20Bom', 'Loja%20Azul']) {
      for (const cnpj of valuesOf(await json(`/razao-social/${name}`), 'cnpj')) found.add(String(cnpj));
    }
    expect([...found].some((cnpj) => /[A-Z]/.test(cnpj))).toBe(true);
    for (const cnpj of found) expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });

  it('describes companies, vehicles, phones and CEPs', async () => {
    const company = await json('/cnpj/11222333000181');
    expect(String(read(company, 'cnpj')).replace(/\D/g, '')).toBe('11222333000181');
    expect(['ATIVA', 'BAIXADA', 'INAPTA', 'SUSPENSA', 'NULA']).toContain(read(company, 'situacaoCadastral'));
    expect(listOf(company, 'qsa').length).toBeGreaterThan(0);
    expect(read(company, 'cnaePrincipal')).toBeDefined();

    const companies = listOf(await json('/razao-social/Padaria%20Central'), 'resultados');
    for (const found of companies)
      expect(String(read(found, 'razaoSocial')).toLowerCase()).toMatch(/^padaria central /);

    const old = await json('/placa/ABC-1234');
    expect(read(old, 'placa')).toBe('ABC1234');
    expect(read(old, 'placaMercosul')).toBe(mercosulPlate('ABC1234'));
    expect(mercosulPlate('ABC1234')).toBe('ABC1C34');
    expect(String(read(old, 'chassi'))).toHaveLength(17);
    expect(read(await json('/chassi/9BWZZZ377VT004251'), 'chassi')).toBe('9BWZZZ377VT004251');
    expect(read(await json('/renavam/639884962'), 'renavam')).toBe('00639884962');

    const phone = await json('/telefone/11912345678');
    expect(read(phone, 'telefone')).toBe('(11) 91234-5678');
    expect(listOf(phone, 'titulares').length).toBeGreaterThan(0);

    const cep = await json('/cep/01310100');
    expect([read(cep, 'cidade'), read(cep, 'uf'), read(cep, 'ibge'), read(cep, 'ddd')]).toEqual([
      'São Paulo',
      'SP',
      '3550308',
      '11',
    ]);
    expect(listOf(cep, 'moradores').length).toBeGreaterThanOrEqual(3);

    const owner = await json('/email/Fulano%40Example.com');
    expect(read(owner, 'emailConsultado')).toBe('fulano@example.com');
    expect(read(basicDataOf(owner), 'nome')).toBeDefined();
  });

  it('answers 404 "Nenhum resultado encontrado" for inputs no provider would find', async () => {
    const notFound = [
      '/cpf/12345678900',
      '/cpf/11111111111',
      '/cpf/1234567890',
      '/cpf/abc',
      '/placa/AB12345',
      '/placa/ABCD123',
      '/placa/ABC12D3',
      '/cnpj/11222333000182',
      '/cnpj/12ABC34501DE36',
      '/chassi/9BWZZZ377VT00425',
      '/chassi/9BWZZZ377VT00425I',
      '/renavam/00639884963',
      '/telefone/123',
      '/telefone/20912345678',
      '/telefone/11812345678',
      '/email/sem-arroba',
      '/cep/0131010',
      '/nome/1234',
      '/nome/a',
      '/cns/123',
      '/titulo/12',
    ];
    for (const path of notFound) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual({ _aviso: NOTICE, error: 'Nenhum resultado encontrado' });
    }
  });

  it('fails on purpose: /falha is a 500 with a JSON error, /texto is plain text', async () => {
    const failure = await get('/falha/qualquer');
    expect(failure.statusCode).toBe(500);
    expect(failure.json()).toMatchObject({ _aviso: NOTICE, error: expect.any(String) });

    const text = await get('/texto/qualquer');
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(() => JSON.parse(text.body)).toThrow();
  });

  it('answers /lento once its wait is over', async () => {
    expect(await json('/lento/120')).toEqual({ _aviso: NOTICE, ok: true });
    expect(await json('/lento/nada')).toEqual({ _aviso: NOTICE, ok: true });
  });

  it('lets a closing app end a long /lento wait instead of holding it for a minute', async () => {
    const own = Fastify();
    await own.register(demoProviderRoutes, { prefix: '/demo-api' });
    await own.ready();
    const pending = own.inject({ method: 'GET', url: '/demo-api/lento/999999' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await own.close();
    // Held for the full wait, this would outlive the test's own time limit.
    const response = await pending;
    expect(response.statusCode).toBe(503);
  });
});
