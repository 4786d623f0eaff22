import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, CNPJ_MASK, CPF_MASK, cnpjCheckDigits, cpfCheckDigits, isValidCpf } from './documents.ts';
import { IDENTIFIER_TYPES } from './identifiers.ts';
import { canonicalDocument, documentsOfLookup, maskedTitularDocument } from './titular-documents.ts';

const notAllSame = (value: string) => !/^(.)\1*$/.test(value);
const validCpf = fc
  .string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 })
  .filter(notAllSame)
  .map((base) => base + cpfCheckDigits(base));
const validCnpj = fc
  .string({ unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 12, maxLength: 12 })
  .filter(notAllSame)
  .map((base) => base + cnpjCheckDigits(base));
/** Between the characters of a document: nothing, or any run of characters that are no letter or digit. */
const separator = fc.string({ unit: fc.constantFrom(' ', '.', '-', '/', '_', ',', '\t'), maxLength: 2 });

/** A document written with a separator of its own after each character, in the case `lower` says. */
const written = (document: string, separators: string[], lower: boolean) =>
  [...(lower ? document.toLowerCase() : document)]
    .map((char, index) => char + (separators[index] ?? ''))
    .join('');

describe('canonicalDocument: one form for a CPF or CNPJ however it is written', () => {
  it('takes the examples the search box gets', () => {
    expect(canonicalDocument('529.982.247-25')).toEqual({ kind: 'cpf', value: '52998224725' });
    expect(canonicalDocument(' 52998224725 ')).toEqual({ kind: 'cpf', value: '52998224725' });
    expect(canonicalDocument('11.222.333/0001-81')).toEqual({ kind: 'cnpj', value: '11222333000181' });
    expect(canonicalDocument('12.abc.345/01de-35')).toEqual({ kind: 'cnpj', value: '12ABC34501DE35' });
  });

  it('refuses what is no CPF or CNPJ: wrong check digits, repeated digits, wrong length, a label', () => {
    for (const text of [
      '529.982.247-24',
      '111.111.111-11',
      '5299822472',
      '529982247250',
      '11.222.333/0001-82',
      'CPF 529.982.247-25',
      '',
      'ABC1D23',
    ])
      expect(canonicalDocument(text)).toBeNull();
  });

  it('a generated CPF is found written any way: punctuated, plain, with any separators', () => {
    fc.assert(
      fc.property(validCpf, fc.array(separator, { maxLength: 11 }), (cpf, separators) => {
        const expected = { kind: 'cpf', value: cpf };
        expect(canonicalDocument(cpf)).toEqual(expected);
        expect(canonicalDocument(applyMask(cpf, CPF_MASK))).toEqual(expected);
        expect(canonicalDocument(written(cpf, separators, false))).toEqual(expected);
      }),
    );
  });

  it('a generated CNPJ, numeric or alphanumeric, is found in either case with any separators', () => {
    fc.assert(
      fc.property(
        validCnpj,
        fc.array(separator, { maxLength: 14 }),
        fc.boolean(),
        (cnpj, separators, lower) => {
          const expected = { kind: 'cnpj', value: cnpj };
          expect(canonicalDocument(applyMask(cnpj, CNPJ_MASK))).toEqual(expected);
          expect(canonicalDocument(written(cnpj, separators, lower))).toEqual(expected);
        },
      ),
    );
  });

  it('a CPF with one digit changed is another CPF or none, never the same one', () => {
    fc.assert(
      fc.property(validCpf, fc.nat(10), fc.nat(9), (cpf, position, digit) => {
        const changed = cpf.slice(0, position) + String(digit) + cpf.slice(position + 1);
        fc.pre(changed !== cpf);
        expect(canonicalDocument(changed)?.value ?? null).not.toBe(cpf);
      }),
    );
  });
});

describe('documentsOfLookup: the documents a lookup carries', () => {
  it('a typed CPF, CNPJ or CPF-or-CNPJ field gives its document', () => {
    expect(documentsOfLookup({ cpf: '52998224725' }, { cpf: 'cpf' })).toEqual(['52998224725']);
    expect(documentsOfLookup({ doc: '12ABC34501DE35' }, { doc: 'cnpj' })).toEqual(['12ABC34501DE35']);
    expect(documentsOfLookup({ doc: '52998224725' }, { doc: 'cpf_cnpj' })).toEqual(['52998224725']);
    expect(documentsOfLookup({ doc: '11222333000181' }, { doc: 'cpf_cnpj' })).toEqual(['11222333000181']);
  });

  it('a field typed as another identifier never gives one, even when its digits pass a CPF check', () => {
    const otherTypes = IDENTIFIER_TYPES.filter((type) => !['cpf', 'cnpj', 'cpf_cnpj'].includes(type));
    fc.assert(
      fc.property(validCpf, fc.constantFrom(...otherTypes), (cpf, type) => {
        expect(documentsOfLookup({ campo: cpf }, { campo: type })).toEqual([]);
      }),
    );
    // And a CPF field does not take a CNPJ (nor a CNPJ field a CPF).
    expect(documentsOfLookup({ campo: '11222333000181' }, { campo: 'cpf' })).toEqual([]);
    expect(documentsOfLookup({ campo: '52998224725' }, { campo: 'cnpj' })).toEqual([]);
  });

  it('an untyped field counts when its value is a valid CPF or CNPJ, written any way', () => {
    fc.assert(
      fc.property(validCpf, validCnpj, fc.boolean(), (cpf, cnpj, lower) => {
        const input = {
          nome: 'Maria da Silva',
          cpf: applyMask(cpf, CPF_MASK),
          empresa: lower ? cnpj.toLowerCase() : applyMask(cnpj, CNPJ_MASK),
          placa: 'ABC1D23',
        };
        expect(documentsOfLookup(input, null).sort()).toEqual([cpf, cnpj].sort());
        expect(documentsOfLookup(input, { placa: 'placa' }).sort()).toEqual([cpf, cnpj].sort());
      }),
    );
  });

  it('an untyped value that is no valid document, or no text, gives nothing', () => {
    expect(documentsOfLookup({ cpf: '529.982.247-24', telefone: '11987654321', nome: 'Ana' }, null)).toEqual(
      [],
    );
    expect(documentsOfLookup({ cpf: 52998224725 as unknown as string }, null)).toEqual([]);
    expect(documentsOfLookup({}, { cpf: 'cpf' })).toEqual([]);
  });

  it('the same document in two fields, or written two ways, is one document', () => {
    expect(documentsOfLookup({ cpf: '52998224725', confirmacao: '529.982.247-25' }, { cpf: 'cpf' })).toEqual([
      '52998224725',
    ]);
  });

  it('every document it gives is canonical and valid, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.oneof(fc.string({ maxLength: 20 }), validCpf, validCnpj),
        ),
        (input) => {
          for (const document of documentsOfLookup(input, null)) {
            expect(canonicalDocument(document)?.value).toBe(document);
            expect(document.length === 11 ? isValidCpf(document) : document.length === 14).toBe(true);
          }
        },
      ),
    );
  });
});

describe('a titular document as the trail and the report show it', () => {
  it('keeps a CPF’s first three and last two digits and a CNPJ’s first two and last two characters', () => {
    expect(maskedTitularDocument({ kind: 'cpf', value: '52998224725' })).toBe('529.***.***-25');
    expect(maskedTitularDocument({ kind: 'cnpj', value: '12ABC34501DE35' })).toBe('12.***.***/****-35');
  });
});
