import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, cnpjCheckDigits, cpfCheckDigits, pisCheckDigit, renavamCheckDigit } from './documents.ts';
import {
  checkIdentifier,
  formatLookupInput,
  IDENTIFIER_RULES,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from './identifiers.ts';

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const notAllSame = (value: string) => !/^(.)\1*$/.test(value);

/** Valid values of each type with check digits, generated. */
const valid: Partial<Record<IdentifierType, fc.Arbitrary<string>>> = {
  cpf: digits(9)
    .filter(notAllSame)
    .map((base) => base + cpfCheckDigits(base)),
  cnpj: fc
    .string({
      unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      minLength: 12,
      maxLength: 12,
    })
    .filter(notAllSame)
    .map((base) => base + cnpjCheckDigits(base)),
  pis: digits(10)
    .filter(notAllSame)
    .map((base) => base + pisCheckDigit(base)),
  renavam: digits(10)
    .filter(notAllSame)
    .map((base) => base + renavamCheckDigit(base)),
};

describe('typed identifiers', () => {
  it('every type has a label and a Portuguese message', () => {
    for (const type of IDENTIFIER_TYPES) {
      expect(IDENTIFIER_RULES[type].label).not.toBe('');
      expect(IDENTIFIER_RULES[type].invalid).toMatch(/inválid[oa]$/);
    }
  });

  it('sends the canonical value: upper-case, no punctuation', () => {
    expect(checkIdentifier('cnpj', '12.abc.345/01de-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
    expect(checkIdentifier('cpf', ' 529.982.247-25 ')).toEqual({ ok: true, value: '52998224725' });
    expect(checkIdentifier('placa', 'abc-1234')).toEqual({ ok: true, value: 'ABC1234' });
    expect(checkIdentifier('placa', 'abc1d23')).toEqual({ ok: true, value: 'ABC1D23' });
    expect(checkIdentifier('telefone', '+55 11 98765-4321')).toEqual({ ok: true, value: '11987654321' });
    expect(checkIdentifier('telefone', '(11) 3123-4567')).toEqual({ ok: true, value: '1131234567' });
    expect(checkIdentifier('telefone', '+55 (55) 99876-5432')).toEqual({ ok: true, value: '55998765432' });
    expect(checkIdentifier('cep', '01310-100')).toEqual({ ok: true, value: '01310100' });
    expect(checkIdentifier('chassi', '9bwzzz377vt004251')).toEqual({ ok: true, value: '9BWZZZ377VT004251' });
    expect(checkIdentifier('cpf_cnpj', '529.982.247-25')).toEqual({ ok: true, value: '52998224725' });
    expect(checkIdentifier('cpf_cnpj', '12.ABC.345/01DE-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
  });

  it('refuses what cannot exist, with the message of the type', () => {
    expect(checkIdentifier('cnpj', '12ABC34501DE36')).toEqual({ ok: false, message: 'CNPJ inválido' });
    expect(checkIdentifier('cpf', '529.982.247-26')).toEqual({ ok: false, message: 'CPF inválido' });
    expect(checkIdentifier('cpf', '111.111.111-11')).toEqual({ ok: false, message: 'CPF inválido' });
    expect(checkIdentifier('placa', 'AB-12345')).toEqual({ ok: false, message: 'Placa inválida' });
    expect(checkIdentifier('chassi', '9BWZZZ377VT00425I')).toEqual({ ok: false, message: 'Chassi inválido' });
    expect(checkIdentifier('telefone', '11 1234-5678')).toEqual({ ok: false, message: 'Telefone inválido' });
    // (55) is a DDD, not the country code: one digit too many does not turn into (91) 2345-6789.
    expect(checkIdentifier('telefone', '(55) 91234-56789')).toEqual({
      ok: false,
      message: 'Telefone inválido',
    });
    expect(checkIdentifier('cep', '00000-000')).toEqual({ ok: false, message: 'CEP inválido' });
    expect(checkIdentifier('cpf_cnpj', '1234')).toEqual({ ok: false, message: 'CPF ou CNPJ inválido' });
    expect(checkIdentifier('pis', '120.61559.83-5')).toEqual({ ok: false, message: 'PIS/NIS/NIT inválido' });
    expect(checkIdentifier('titulo', '0000 0000 0000')).toEqual({
      ok: false,
      message: 'Título de eleitor inválido',
    });
    expect(checkIdentifier('cns', '000 0000 0000 0000')).toEqual({ ok: false, message: 'CNS inválido' });
  });

  it('writes each one as the screen does', () => {
    expect(IDENTIFIER_RULES.cnpj.format('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(IDENTIFIER_RULES.cpf.format('52998224725')).toBe('529.982.247-25');
    expect(IDENTIFIER_RULES.placa.format('ABC1234')).toBe('ABC-1234');
    expect(IDENTIFIER_RULES.placa.format('ABC1D23')).toBe('ABC1D23');
    expect(IDENTIFIER_RULES.telefone.format('11987654321')).toBe('(11) 98765-4321');
    expect(IDENTIFIER_RULES.cep.format('01310100')).toBe('01310-100');
  });

  it('a generated valid value passes written plain, with its mask, or in lower case', () => {
    for (const [type, values] of Object.entries(valid) as [IdentifierType, fc.Arbitrary<string>][]) {
      const rule = IDENTIFIER_RULES[type];
      fc.assert(
        fc.property(values, (value) => {
          expect(checkIdentifier(type, value)).toEqual({ ok: true, value });
          expect(checkIdentifier(type, value.toLowerCase())).toEqual({ ok: true, value });
          if (rule.mask)
            expect(checkIdentifier(type, applyMask(value, rule.mask))).toEqual({ ok: true, value });
          expect(checkIdentifier(type, rule.format(value))).toEqual({ ok: true, value });
        }),
      );
    }
  });

  /**
   * Modulo 11 has blind spots of its own: CPF, PIS and Renavam write remainders 10 and 11 both as
   * 0, and the CNPJ 0 and 1 both as 0 (and letters 11 apart weigh the same), so a few single changes
   * keep the check digits right and no implementation can refuse them. A changed check digit is
   * always refused; a changed base is refused exactly when its own check digits differ.
   */
  it('a changed check digit is always refused; a changed base unless its check digits stay the same', () => {
    const checks = { cpf: cpfCheckDigits, pis: pisCheckDigit, renavam: renavamCheckDigit } as const;
    for (const type of ['cpf', 'pis', 'renavam'] as const) {
      const length = type === 'cpf' ? 9 : 10;
      fc.assert(
        fc.property(valid[type]!, fc.nat(10), fc.constantFrom(...'0123456789'), (value, position, digit) => {
          fc.pre(value[position] !== digit);
          const changed = value.slice(0, position) + digit + value.slice(position + 1);
          const base = changed.slice(0, length);
          const blindSpot = position < length && checks[type](base) === value.slice(length);
          expect(checkIdentifier(type, changed).ok).toBe(blindSpot);
        }),
      );
    }
  });
});

describe('history writes each input value by the type its field had', () => {
  it.each([
    ['v', '12ABC34501DE35', 'cnpj', '12.ABC.345/01DE-35'],
    ['doc', '52998224725', 'cpf_cnpj', '529.982.247-25'],
    ['v', 'ABC1234', 'placa', 'ABC-1234'],
    ['v', '11987654321', 'telefone', '(11) 98765-4321'],
    ['v', '01310100', 'cep', '01310-100'],
  ])('%s=%s typed %s → %s', (key, value, type, shown) => {
    expect(formatLookupInput(key, value, type)).toBe(shown);
  });

  it('reads the type from the key for lookups stored before types, upper-casing a plate typed in lower case', () => {
    expect(formatLookupInput('placa', 'abc1d23')).toBe('ABC1D23');
    expect(formatLookupInput('placa', 'abc1234')).toBe('ABC-1234');
    expect(formatLookupInput('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatLookupInput('CPF', '529.982.247-25')).toBe('529.982.247-25');
    expect(formatLookupInput('telefone', '5511987654321')).toBe('(11) 98765-4321');
  });

  it('shows a value that is not one of its type as it was stored (the field changed type since)', () => {
    expect(formatLookupInput('doc', 'ref 42/b', 'cpf')).toBe('ref 42/b');
    expect(formatLookupInput('placa', 'não informada')).toBe('não informada');
    expect(formatLookupInput('cpf', '123')).toBe('123');
  });

  it('writes other values as the result view does', () => {
    expect(formatLookupInput('nome', 'Maria da Silva')).toBe('Maria da Silva');
    expect(formatLookupInput('nome', 'Maria', 'string')).toBe('Maria');
    expect(formatLookupInput('data', '2026-03-10')).toBe('10/03/2026');
  });
});
