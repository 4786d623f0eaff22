import {
  cpfCheckDigits,
  isValidCertificateNumber,
  isValidCnpj,
  isValidCns,
  isValidCpf,
  isValidVoterTitle,
  onlyDigits,
} from '@painel/shared/rules/documents';
import { resultHasMinor } from '@painel/shared/rules/minors';
import { describe, expect, it } from 'vitest';
import { MAX_UPSTREAM_BYTES } from '../../../apps/server/src/lib/upstream.ts';
import { dayOf, zodiacSign } from './calendar.ts';
import { EMAIL_DOMAINS } from './contact.generator.ts';
import { createDialect, type Field } from './field-variants.ts';
import { generatePerson, isBigReportCpf, isMinorCpf, MINOR_CPF, scoreBand } from './person.generator.ts';
import { VALID_DDDS } from './places.ts';
import { basicDataOf, has, type Json, listOf, read, valuesOf } from './test-support.ts';

const cpfOf = (base: string) => base + cpfCheckDigits(base);
/** Valid CPFs not starting with 9 (those make big reports). */
const cpfs = Array.from({ length: 80 }, (_, index) =>
  cpfOf(String(100_000_000 + index * 9_876_543).slice(0, 9)),
);
const personOf = (cpf: string, seed = `cpf:${cpf}`) => generatePerson(createDialect(seed), { cpf });
const people = cpfs.map((cpf) => personOf(cpf));

const BASIC_FIELDS: Field[] = [
  'nome',
  'cpf',
  'sexo',
  'racaCor',
  'signo',
  'rendaAtual',
  'nasc',
  'filiacao',
  'scoreSpc',
  'scoreFaixa',
  'situacao',
  'vipSus',
  'empresario',
  'aposentado',
  'servidorPubl',
];
const SECTIONS: Field[] = [
  'registroGeral',
  'documentos',
  'pis',
  'analytics',
  'serasa',
  'interesses',
  'enderecos',
  'telefones',
  'emails',
  'parentes',
  'vizinhos',
  'empregos',
];
const ITEM_FIELDS: [Field, Field[]][] = [
  [
    'enderecos',
    [
      'logradouro',
      'numero',
      'bairro',
      'cidade',
      'uf',
      'cep',
      'complemento',
      'principal',
      'origem',
      'atualizado',
    ],
  ],
  ['telefones', ['ddd', 'numero', 'tipo', 'tipoLinha', 'tipoUso', 'origem', 'principal', 'atualizado']],
  ['emails', ['email', 'origem', 'principal', 'score', 'blacklist', 'atualizado']],
  ['parentes', ['nome', 'parentesco', 'tipoVinculo', 'cpf']],
  ['vizinhos', ['nome', 'cpf', 'distancia']],
  ['empregos', ['empresa', 'cnpj', 'cargo', 'admissao', 'demissao', 'cadastro', 'situacao', 'cbo', 'ctps']],
  ['interesses', ['tipo', 'descricao', 'origem', 'data', 'valor']],
  ['pis', ['numero', 'inclusao', 'atualizacao', 'situacao', 'categoria', 'origem']],
];
const CERTIFICATE_FIELDS: Field[] = [
  'tipo',
  'numero',
  'cartorio',
  'municipio',
  'uf',
  'data',
  'livro',
  'folha',
  'termo',
  'matricula',
  'registro',
];

const certificatesOf = (person: Json) => valuesOf(person, 'certidoes').flat() as Json[];
const interestGroupsOf = (person: Json) => {
  const groups = new Map<string, number>();
  for (const item of listOf(person, 'interesses')) {
    const tipo = String(read(item, 'tipo'));
    groups.set(tipo, (groups.get(tipo) ?? 0) + 1);
  }
  return groups;
};
const pisNumbersOf = (person: Json) =>
  listOf(person, 'pis').map((entry) => onlyDigits(String(read(entry, 'numero'))));
const birthIso = (text: string) =>
  text.includes('/') ? text.split('/').reverse().join('-') : text.slice(0, 10);

describe('generatePerson', () => {
  it('is deterministic and differs between CPFs', () => {
    expect(personOf(cpfs[0]!)).toEqual(personOf(cpfs[0]!));
    expect(personOf(cpfs[0]!)).not.toEqual(personOf(cpfs[1]!));
    expect(JSON.stringify(people[0])).toBe(JSON.stringify(personOf(cpfs[0]!)));
  });

  it('keeps the CPF it was asked for', () => {
    for (const [index, person] of people.entries()) {
      expect(onlyDigits(String(read(basicDataOf(person), 'cpf')))).toBe(cpfs[index]);
    }
  });

  it('fills every basic field and every section of the result view', () => {
    for (const person of people) {
      const basic = basicDataOf(person);
      for (const field of BASIC_FIELDS) expect(has(basic, field), field).toBe(true);
      const filiacao = read(basic, 'filiacao') as Json;
      expect(has(filiacao, 'nomeMae') && has(filiacao, 'nomePai')).toBe(true);
      for (const field of SECTIONS) expect(has(person, field), field).toBe(true);
      expect(certificatesOf(person).length).toBeGreaterThan(0);
      for (const field of ['numero', 'orgao', 'uf', 'data', 'serie', 'digito'] as Field[]) {
        expect(has(read(person, 'registroGeral') as Json, field), field).toBe(true);
      }
      for (const block of [read(person, 'analytics'), read(person, 'serasa')] as Json[]) {
        expect(listOf(block, 'scores').length).toBeGreaterThanOrEqual(3);
        for (const field of ['atualizacao', 'mosaic', 'mosaicSecundario', 'mosaicNovo'] as Field[]) {
          expect(has(block, field), field).toBe(true);
        }
      }
    }
  });

  it('fills every field of every list item', () => {
    for (const person of people) {
      for (const [section, itemFields] of ITEM_FIELDS) {
        for (const item of listOf(person, section)) {
          for (const field of itemFields) expect(has(item, field), `${section}.${field}`).toBe(true);
        }
      }
      for (const relative of listOf(person, 'parentes')) {
        expect(has(relative, 'idade') || has(relative, 'nasc')).toBe(true);
      }
      for (const certificate of certificatesOf(person)) {
        for (const field of CERTIFICATE_FIELDS)
          expect(has(certificate, field), `certidao.${field}`).toBe(true);
      }
    }
  });

  it('writes only documents that validate, reserved email domains and valid phones', () => {
    for (const person of people) {
      for (const cpf of valuesOf(person, 'cpf')) expect(isValidCpf(String(cpf)), String(cpf)).toBe(true);
      for (const cnpj of valuesOf(person, 'cnpj')) expect(isValidCnpj(String(cnpj)), String(cnpj)).toBe(true);
      for (const cns of valuesOf(person, 'cns')) expect(isValidCns(String(cns)), String(cns)).toBe(true);
      for (const title of valuesOf(person, 'tituloEleitor'))
        expect(isValidVoterTitle(String(title)), String(title)).toBe(true);
      for (const matricula of valuesOf(person, 'matricula'))
        expect(isValidCertificateNumber(String(matricula)), String(matricula)).toBe(true);
      for (const email of valuesOf(person, 'email')) {
        const domain = String(email).split('@')[1]!;
        expect(EMAIL_DOMAINS as readonly string[], String(email)).toContain(domain);
      }
      for (const entry of listOf(person, 'telefones')) {
        expect(VALID_DDDS.has(String(read(entry, 'ddd')))).toBe(true);
        const numero = String(read(entry, 'numero'));
        if (read(entry, 'tipo') === 'CELULAR') expect(numero).toMatch(/^9\d{8}$/);
        else expect(numero).toMatch(/^[2-5]\d{7}$/);
      }
    }
  });

  it('keeps the sign, the score band and the dates consistent', () => {
    for (const person of people) {
      const basic = basicDataOf(person);
      const nasc = String(read(basic, 'nasc'));
      expect(nasc).toMatch(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/);
      expect(read(basic, 'signo')).toBe(zodiacSign(dayOf(birthIso(nasc))));
      expect(read(basic, 'scoreFaixa')).toBe(scoreBand(Number(read(basic, 'scoreSpc')))[0]);
      for (const block of [read(person, 'analytics'), read(person, 'serasa')] as Json[]) {
        for (const score of listOf(block, 'scores')) {
          const value = Number(read(score, 'score'));
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1000);
          expect([read(score, 'faixa'), read(score, 'descricao')]).toEqual(scoreBand(value));
        }
      }
      for (const job of listOf(person, 'empregos')) {
        const demissao = read(job, 'demissao');
        if (demissao !== null) expect(String(demissao) >= String(read(job, 'admissao'))).toBe(true);
      }
      expect(['M', 'F', 'I', 'O']).toContain(read(basic, 'sexo'));
    }
  });

  it('varies the size and, for some CPFs, overflows the caps of the result view', () => {
    expect(new Set(people.map((person) => listOf(person, 'enderecos').length)).size).toBeGreaterThan(3);
    expect(new Set(people.map((person) => listOf(person, 'interesses').length)).size).toBeGreaterThan(10);
    const some = (check: (person: Json) => boolean) => people.filter(check).length;
    expect(some((person) => Math.max(...interestGroupsOf(person).values()) > 60)).toBeGreaterThan(0);
    expect(some((person) => certificatesOf(person).length > 20)).toBeGreaterThan(0);
    expect(some((person) => valuesOf(read(person, 'documentos'), 'certidoes').length > 0)).toBeGreaterThan(0);
    expect(some((person) => new Set(pisNumbersOf(person)).size > 12)).toBeGreaterThan(0);
    expect(
      some((person) => new Set(pisNumbersOf(person)).size < pisNumbersOf(person).length),
    ).toBeGreaterThan(0);
    expect(some((person) => listOf(person, 'empregos').some((job) => has(job, 'pis')))).toBeGreaterThan(0);
    expect(some((person) => has(basicDataOf(person), 'nomeSocial'))).toBeGreaterThan(0);
    expect(some((person) => person === basicDataOf(person))).toBeGreaterThan(0);
    expect(some((person) => person !== basicDataOf(person))).toBeGreaterThan(0);
  });

  it('uses the names a search gave, with a fitting sex and surnames', () => {
    const person = generatePerson(createDialect('nome:ANA SOUZA LIMA'), {
      cpf: cpfs[0]!,
      nome: 'Ana Souza Lima',
    });
    const basic = basicDataOf(person);
    expect(String(read(basic, 'nome')).toLowerCase()).toBe('ana souza lima');
    expect(['F', 'I', 'O']).toContain(read(basic, 'sexo'));
    const filiacao = read(basic, 'filiacao') as Json;
    expect(String(read(filiacao, 'nomeMae')).toLowerCase()).toMatch(/ souza$/);
    expect(String(read(filiacao, 'nomePai')).toLowerCase()).toMatch(/ lima$/);

    const child = generatePerson(createDialect('mae:X'), { cpf: cpfs[1]!, nomeMae: 'Rosa Exemplo' });
    expect(String(read(read(basicDataOf(child), 'filiacao') as Json, 'nomeMae')).toLowerCase()).toBe(
      'rosa exemplo',
    );
  });

  it('answers a CPF starting with 9 with a big report that still fits the gateway', () => {
    const big = cpfOf('912345678');
    expect(isBigReportCpf(big)).toBe(true);
    const person = personOf(big);
    expect(listOf(person, 'interesses').length).toBeGreaterThanOrEqual(3000);
    expect(listOf(person, 'telefones').length).toBeGreaterThanOrEqual(2000);
    expect(certificatesOf(person).length).toBeGreaterThan(20);
    expect(new Set(pisNumbersOf(person)).size).toBeGreaterThan(12);
    expect(Buffer.byteLength(JSON.stringify(person))).toBeLessThan(MAX_UPSTREAM_BYTES);
  });

  it('answers the minor CPF with a child, under 18 until mid-2031, without jobs or income', () => {
    expect(isMinorCpf(onlyDigits('705.318.264-90'))).toBe(true);
    const child = personOf(MINOR_CPF);
    expect(resultHasMinor(child, '2025-06-30')).toBe(true);
    expect(resultHasMinor(child, '2031-06-29')).toBe(true);
    expect(resultHasMinor(child, '2045-01-01')).toBe(false);
    expect(listOf(child, 'empregos')).toEqual([]);
    expect(Number(read(basicDataOf(child), 'rendaAtual'))).toBe(0);
    // Whatever the lookup's spellings, the same child.
    expect(resultHasMinor(personOf(MINOR_CPF, 'email:crianca@example.com'), '2025-06-30')).toBe(true);
  });

  it('answers any other CPF with an adult, whatever the ages of the relatives', () => {
    for (const person of people) expect(resultHasMinor(person, '2025-06-30')).toBe(false);
    // Children among the relatives there are, and they do not count.
    expect(people.some((person) => resultHasMinor({ lista: listOf(person, 'parentes') }, '2025-06-30'))).toBe(
      true,
    );
  });
});
