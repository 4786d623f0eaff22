import { describe, expect, it } from 'vitest';
import {
  basicDataOf,
  extractCertificates,
  extractPis,
  extractRg,
  findAll,
  isPersonResult,
} from './result-extract.ts';
import { keysOf, presentKey, readField, readList, readText } from './result-fields.ts';

describe('field-name variants: the first spelling present wins', () => {
  it('reads any spelling of a field', () => {
    expect(readField({ NOME: 'Ana' }, 'nome')).toBe('Ana');
    expect(readField({ genero: 'F' }, 'sexo')).toBe('F');
    expect(readField({ DT_NASCIMENTO: '01/02/1990' }, 'nasc')).toBe('01/02/1990');
    expect(readField({ credito: { a: 1 } }, 'serasa')).toEqual({ a: 1 });
    expect(readField({ pisNit: [] }, 'pis')).toEqual([]);
  });

  it('prefers the canonical spelling when several are present', () => {
    expect(readField({ NOME: 'Segundo', nome: 'Primeiro' }, 'nome')).toBe('Primeiro');
    expect(presentKey({ SITUACAO: 'X', status: 'Y' }, 'situacao')).toBe('SITUACAO');
  });

  it('treats null as present and unknown fields by their own name', () => {
    expect(readField({ complemento: null }, 'complemento')).toBeNull();
    expect(readField({ porte: 'ME' }, 'porte')).toBe('ME');
    expect(readField(null, 'nome')).toBeUndefined();
    expect(readField(['nome'], 'nome')).toBeUndefined();
  });

  it('reads lists and texts safely', () => {
    expect(readList({ phones: [{ ddd: '11' }, 'x', null] }, 'telefones')).toEqual([{ ddd: '11' }]);
    expect(readList({ phones: 'nope' }, 'telefones')).toEqual([]);
    expect(readText({ SCORE_SPC: 727 }, 'scoreSpc')).toBe('727');
    expect(readText({ filiacao: {} }, 'filiacao')).toBe('');
    expect(keysOf(['nome', 'cpf'])).toEqual(new Set(['nome', 'NOME', 'cpf', 'CPF']));
  });
});

describe('basic data', () => {
  it('reads the wrapper or the flat person', () => {
    expect(basicDataOf({ DADOS_BASICOS: { NOME: 'Ana' } })).toEqual({ NOME: 'Ana' });
    expect(basicDataOf({ nome: 'Ana', cpf: '1' })).toEqual({ nome: 'Ana', cpf: '1' });
    expect(isPersonResult({ dadosBasicos: { NOME: 'A', CPF: '1' } })).toBe(true);
    expect(isPersonResult({ nome: 'A', CPF: '1' })).toBe(true);
    expect(isPersonResult({ razaoSocial: 'X', cnpj: '1' })).toBe(false);
  });
});

const certificate = (numero: number) => ({ tipo: 'NASCIMENTO', numero: String(numero), cartorio: 'C' });

describe('extractCertificates: up to 20, wherever they occur', () => {
  it('joins top-level and nested certificates in document order', () => {
    const result = extractCertificates({
      certidoes: [certificate(1), certificate(2)],
      DOCUMENTOS: { CERTIDOES: [certificate(3)] },
    });
    expect(result.items.map((item) => item.numero)).toEqual(['1', '2', '3']);
    expect(result.total).toBe(3);
  });

  it('finds them when they are only nested, under any spelling', () => {
    expect(extractCertificates({ documentos: { certificates: [certificate(9)] } }).items).toHaveLength(1);
  });

  it('caps at 20 and says how many there were', () => {
    const many = Array.from({ length: 30 }, (_, index) => certificate(index));
    const result = extractCertificates({
      certidoes: many.slice(0, 22),
      documentos: { certidoes: many.slice(22) },
    });
    expect(result.items).toHaveLength(20);
    expect(result.total).toBe(30);
  });

  it('drops exact repeats and ignores non-objects', () => {
    expect(extractCertificates({ certidoes: [certificate(1), certificate(1), 'x'] }).total).toBe(1);
    expect(extractCertificates({}).items).toEqual([]);
  });
});

describe('extractPis: up to 12, de-duplicated, wherever they occur', () => {
  const pis = (numero: string) => ({ numero, situacao: 'ATIVO' });

  it('de-duplicates by number, punctuation ignored, keeping the first', () => {
    const result = extractPis({
      pisNit: [pis('112.76943.85-1'), pis('112.76943.85-1'), pis('11276943851')],
      empregos: [{ empresa: 'X', pis: [pis('120.61559.83-5')] }],
    });
    expect(result.items.map((entry) => entry.numero)).toEqual(['112.76943.85-1', '120.61559.83-5']);
    expect(result.total).toBe(2);
  });

  it('reads bare numbers and single objects too', () => {
    expect(extractPis({ PIS: '12061559835' }).items[0]?.numero).toBe('12061559835');
    expect(extractPis({ pis: pis('1') }).items).toHaveLength(1);
  });

  it('caps at 12 distinct numbers', () => {
    const entries = Array.from({ length: 20 }, (_, index) => pis(String(10_000_000_000 + index)));
    const result = extractPis({ pis: [...entries, ...entries.slice(0, 6)] });
    expect(result.items).toHaveLength(12);
    expect(result.total).toBe(20);
  });
});

describe('extractRg', () => {
  it('reads the RG object under any spelling, with the issuer variants', () => {
    expect(
      extractRg({
        rg: {
          numero: '40478926',
          ORGAO_EMISSOR: 'SSP',
          UF: 'MG',
          data: '1997-12-11',
          serie: '3ª VIA',
          digito: '2',
        },
      }),
    ).toEqual({
      numero: '40478926',
      orgao: 'SSP',
      uf: 'MG',
      data: '1997-12-11',
      serie: '3ª VIA',
      digito: '2',
    });
  });

  it('finds it nested and accepts a bare number', () => {
    expect(extractRg({ resultados: [{ REGISTRO_GERAL: { numero: '1', orgaoEmissor: 'SSP' } }] })?.orgao).toBe(
      'SSP',
    );
    expect(extractRg({ registroGeral: '123456' })?.numero).toBe('123456');
    expect(extractRg({ nome: 'x' })).toBeNull();
  });
});

describe('findAll', () => {
  it('collects every value under a field in document order without descending into matches', () => {
    expect(findAll({ a: { cpf: '1' }, b: [{ CPF: '2' }, { c: { cpf: '3' } }] }, 'cpf')).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});
