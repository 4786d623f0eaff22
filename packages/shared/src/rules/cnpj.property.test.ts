import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, canonicalCnpj, cnpjCheckDigits, isValidCnpj } from './documents.ts';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const value = (char: string) => char.charCodeAt(0) - 48;
const base = fc.string({ unit: fc.constantFrom(...CHARS), minLength: 12, maxLength: 12 });
const validCnpj = base
  .filter((chars) => !/^(.)\1*$/.test(chars))
  .map((chars) => chars + cnpjCheckDigits(chars));

describe('the alphanumeric CNPJ (IN RFB nº 2.229/2024)', () => {
  it("gives the Receita's example its check digits", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(canonicalCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('keeps the numeric CNPJ as it was', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('refuses letters where the check digits go, and characters no CNPJ has', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DE*5')).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });

  it('a generated CNPJ is valid however it is written: punctuated, plain, in lower case', () => {
    fc.assert(
      fc.property(validCnpj, (cnpj) => {
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
        expect(isValidCnpj(applyMask(cnpj, 'AA.AAA.AAA/AAAA-00'))).toBe(true);
      }),
    );
  });

  /**
   * Modulo 11 cannot see every one-character change: characters whose values differ by a multiple
   * of 11 weigh the same (6 ↔ A, 7 ↔ B, A ↔ L …), and remainders 0 and 1 both give the digit 0. A
   * limit of the Receita's algorithm itself: a changed base is refused exactly when its own check
   * digits differ, and a changed check digit always.
   */
  it('any one character changed is refused unless the algorithm itself cannot see it', () => {
    fc.assert(
      fc.property(validCnpj, fc.nat(13), fc.constantFrom(...CHARS), (cnpj, position, replacement) => {
        const original = cnpj[position]!;
        fc.pre(replacement !== original && (position < 12 || /\d/.test(replacement)));
        const changed = cnpj.slice(0, position) + replacement + cnpj.slice(position + 1);
        const blindSpot = position < 12 && cnpjCheckDigits(changed.slice(0, 12)) === cnpj.slice(12);
        expect(isValidCnpj(changed)).toBe(blindSpot && !/^(.)\1*$/.test(changed));
      }),
    );
  });

  it('letters 11 apart are one such blind spot', () => {
    expect(value('L') - value('A')).toBe(11);
    expect(cnpjCheckDigits('12LBC34501DE')).toBe(cnpjCheckDigits('12ABC34501DE'));
  });
});
