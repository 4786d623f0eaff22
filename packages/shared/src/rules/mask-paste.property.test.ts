import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CNPJ_MASK,
  cnpjCheckDigits,
  cpfCheckDigits,
  LANDLINE_PHONE_MASK,
  MOBILE_PHONE_MASK,
  pisCheckDigit,
  renavamCheckDigit,
  voterTitleCheckDigits,
} from './documents.ts';
import { checkIdentifier, IDENTIFIER_RULES, type IdentifierType } from './identifiers.ts';
import {
  formatInput,
  inputMaxLength,
  pastedInput,
  type QueryField,
  validateQueryInput,
} from './query-input.ts';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const chars = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
const digits = (length: number) => chars(DIGITS, length);
const notAllSame = (value: string) => !/^(.)\1*$/.test(value);
const ddd = chars('123456789', 2);

const cpf = digits(9)
  .filter(notAllSame)
  .map((base) => base + cpfCheckDigits(base));
const numericCnpj = digits(12)
  .filter(notAllSame)
  .map((base) => base + cnpjCheckDigits(base));
const alphanumericCnpj = chars(DIGITS + LETTERS, 12)
  .filter((base) => /[A-Z]/.test(base) && notAllSame(base))
  .map((base) => base + cnpjCheckDigits(base));

/** Valid canonical values of each type (what is sent upstream), generated. */
const VALID: Record<IdentifierType, fc.Arbitrary<string>> = {
  cpf,
  cnpj: fc.oneof(numericCnpj, alphanumericCnpj),
  cpf_cnpj: fc.oneof(cpf, numericCnpj, alphanumericCnpj),
  placa: fc.oneof(
    fc.tuple(chars(LETTERS, 3), digits(4)).map((parts) => parts.join('')),
    fc.tuple(chars(LETTERS, 3), digits(1), chars(LETTERS, 1), digits(2)).map((parts) => parts.join('')),
  ),
  renavam: digits(10)
    .filter(notAllSame)
    .map((base) => base + renavamCheckDigit(base)),
  chassi: chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 17),
  cep: digits(8).filter((value) => value !== '00000000'),
  telefone: fc.oneof(
    fc.tuple(ddd, digits(8)).map(([area, number]) => `${area}9${number}`),
    fc.tuple(ddd, chars('2345', 1), digits(7)).map((parts) => parts.join('')),
  ),
  pis: digits(10)
    .filter(notAllSame)
    .map((base) => base + pisCheckDigit(base)),
  cns: fc
    .tuple(chars('12789', 1), digits(13))
    .map(([first, middle]) => {
      const body = first + middle;
      const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (15 - index), 0);
      return body + String((11 - (sum % 11)) % 11);
    })
    .filter((value) => value.length === 15),
  titulo: fc.tuple(digits(8), fc.integer({ min: 1, max: 28 })).map(([sequence, state]) => {
    const code = String(state).padStart(2, '0');
    return sequence + code + voterTitleCheckDigits(sequence, code);
  }),
};

/** Labels people copy along with a value, from documents, e-mails and chats. */
const LABELS = [
  'CPF: ',
  'CPF:',
  'Telefone ',
  'Tel.: ',
  'CNPJ nº',
  'CNPJ nº ',
  'CNPJ n° ',
  'CPF/CNPJ: ',
  'Placa ',
  'Placa: ',
  'CEP ',
  'Chassi: ',
  'PIS/NIS: ',
  'CNS nº ',
  'Título de eleitor: ',
  'Renavam ',
  'Nº do documento: ',
];
const space = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), maxLength: 3 });

/** The ways a value of a type is written where it is copied from. */
function writings(type: IdentifierType, canonical: string): string[] {
  const formatted = IDENTIFIER_RULES[type].format(canonical);
  const ways = [canonical, formatted, formatted.toLowerCase()];
  if (type === 'telefone') {
    const [area, number] = [canonical.slice(0, 2), canonical.slice(2)];
    ways.push(
      `+55 ${formatted}`,
      `+55${canonical}`,
      `55${canonical}`,
      `+55 ${area} ${number}`,
      `${area} ${number}`,
    );
  }
  return ways;
}

/** A valid value as it is pasted: written one of its ways, maybe after a label, maybe with spaces around. */
const pasted = (type: IdentifierType) =>
  VALID[type].chain((canonical) =>
    fc
      .record({
        written: fc.constantFrom(...writings(type, canonical)),
        label: fc.oneof(fc.constant(''), fc.constantFrom(...LABELS)),
        before: space,
        after: space,
      })
      .map(({ written, label, before, after }) => ({
        canonical,
        text: `${before}${label}${written}${after}`,
      })),
  );

/** What the input shows for a valid value: the panel's format; a plate as its mask writes it (ABC1234). */
const shown = (type: IdentifierType, canonical: string) =>
  type === 'placa' ? canonical : IDENTIFIER_RULES[type].format(canonical);

const typedField = (tipo: IdentifierType): QueryField => ({
  nome: 'v',
  tipo,
  obrigatorio: true,
  mascara: null,
});

/** The input after the user types a text one character at a time, as far as the field's length lets them. */
function typed(field: QueryField, text: string): string {
  let value = '';
  for (const char of text) {
    if (value.length < inputMaxLength(field)) value = formatInput(field, value + char);
  }
  return value;
}

describe('a pasted valid value comes out right (docs/product/lookups.md#pasting)', () => {
  it.each(Object.keys(VALID) as IdentifierType[])(
    '%s: formatted or not, with spaces around or a label before, it shows formatted and is sent canonical',
    (type) => {
      const field = typedField(type);
      fc.assert(
        fc.property(pasted(type), ({ canonical, text }) => {
          expect(checkIdentifier(type, canonical)).toEqual({ ok: true, value: canonical });
          const display = pastedInput(field, text, text);
          expect(display).toBe(shown(type, canonical));
          // Pasted over a half-typed value, a whole value replaces it; dropped or filled in, the same.
          expect(pastedInput(field, text, `12${text}`)).toBe(display);
          expect(formatInput(field, text)).toBe(display);
          expect(display.length).toBeLessThanOrEqual(inputMaxLength(field));
          expect(validateQueryInput([field], { v: display })).toEqual({
            values: { v: canonical },
            errors: {},
          });
        }),
      );
    },
  );

  it.each([
    ['cpf', '000.000.000-00'],
    ['cnpj', CNPJ_MASK],
    ['cep', '00000-000'],
    ['pis', '000.00000.00-0'],
    ['cns', '000 0000 0000 0000'],
    ['titulo', '0000 0000 0000'],
    ['renavam', '00000000000'],
    ['placa', 'AAA0A00'],
    ['chassi', 'AAAAAAAAAAAAAAAAA'],
  ] as const)('a text field with the %s mask %s does the same', (type, mascara) => {
    const field: QueryField = { nome: 'v', tipo: 'string', obrigatorio: true, mascara };
    fc.assert(
      fc.property(pasted(type), ({ canonical, text }) => {
        const display = pastedInput(field, text, text);
        expect(display).toBe(shown(type, canonical));
        expect(validateQueryInput([field], { v: display })).toEqual({ values: { v: canonical }, errors: {} });
      }),
    );
  });

  it('a text field with a phone mask drops the +55 and keeps the whole number', () => {
    fc.assert(
      fc.property(pasted('telefone'), ({ canonical, text }) => {
        const mascara = canonical.length === 11 ? MOBILE_PHONE_MASK : LANDLINE_PHONE_MASK;
        const field: QueryField = { nome: 'v', tipo: 'string', obrigatorio: true, mascara };
        const display = pastedInput(field, text, text);
        expect(display).toBe(IDENTIFIER_RULES.telefone.format(canonical));
        expect(validateQueryInput([field], { v: display }).values).toEqual({ v: canonical });
      }),
    );
  });
});

describe('typing still formats as it goes', () => {
  it.each(Object.keys(VALID) as IdentifierType[])(
    '%s: typed plain or with its punctuation, one character at a time, it ends formatted',
    (type) => {
      const field = typedField(type);
      fc.assert(
        fc.property(VALID[type], (canonical) => {
          expect(typed(field, canonical)).toBe(shown(type, canonical));
          expect(typed(field, IDENTIFIER_RULES[type].format(canonical))).toBe(shown(type, canonical));
        }),
      );
    },
  );

  it('a CPF-or-CNPJ field writes a CPF until a 12th character makes it a CNPJ, and back', () => {
    const field = typedField('cpf_cnpj');
    expect(typed(field, '529982247')).toBe('529.982.247');
    expect(typed(field, '52998224725')).toBe('529.982.247-25');
    expect(formatInput(field, '529.982.247-251')).toBe('52.998.224/7251');
    expect(formatInput(field, '52.998.224/725')).toBe('529.982.247-25');
    expect(typed(field, '12a')).toBe('12.A');
  });

  it('a phone field writes a mobile once the number starts with 9, a landline otherwise', () => {
    const field = typedField('telefone');
    expect(typed(field, '119')).toBe('(11) 9');
    expect(typed(field, '11987654321')).toBe('(11) 98765-4321');
    expect(typed(field, '1131234567')).toBe('(11) 3123-4567');
    // A full landline takes no 11th digit: the mask has no slot for it.
    expect(formatInput(field, '(11) 3123-45678')).toBe('(11) 3123-4567');
  });
});

describe('what is not one whole value', () => {
  it('a pasted text with a character too many stays as pasted, and the check names its fault', () => {
    const cpf = typedField('cpf');
    expect(pastedInput(cpf, '1529.982.247-25', '1529.982.247-25')).toBe('1529.982.247-25');
    expect(validateQueryInput([cpf], { v: '1529.982.247-25' }).errors).toEqual({ v: 'CPF inválido' });
    // Left-filled, XABC1D23 would lose its C and read as the valid plate XAB1D23.
    const plate = typedField('placa');
    expect(pastedInput(plate, 'XABC1D23', 'XABC1D23')).toBe('XABC1D23');
    expect(validateQueryInput([plate], { v: 'XABC1D23' }).errors).toEqual({ v: 'Placa inválida' });
    const cep: QueryField = { nome: 'v', tipo: 'string', obrigatorio: true, mascara: '00000-000' };
    expect(pastedInput(cep, ' 013101000 ', ' 013101000 ')).toBe('013101000');
    expect(validateQueryInput([cep], { v: '013101000' }).errors).toEqual({ v: 'Preencha todos os dígitos' });
  });

  it('a 55 in brackets is a DDD: one digit too many is not read as a country code', () => {
    const phone = typedField('telefone');
    expect(pastedInput(phone, '(55) 91234-56789', '(55) 91234-56789')).toBe('(55) 91234-56789');
    expect(validateQueryInput([phone], { v: '(55) 91234-56789' }).errors).toEqual({ v: 'Telefone inválido' });
    expect(pastedInput(phone, '(55) 91234-5678', '(55) 91234-5678')).toBe('(55) 91234-5678');
  });

  it('a landline pasted with +55 into a mobile mask stays short of its slots, never (55) …', () => {
    const field: QueryField = { nome: 'v', tipo: 'string', obrigatorio: true, mascara: MOBILE_PHONE_MASK };
    expect(pastedInput(field, '+55 11 3123-4567', '+55 11 3123-4567')).toBe('(11) 31234-567');
    expect(validateQueryInput([field], { v: '(11) 31234-567' }).errors).toEqual({
      v: 'Preencha todos os dígitos',
    });
  });

  it('a partial paste goes where the caret is', () => {
    const field = typedField('cpf');
    expect(pastedInput(field, '982', '529.982')).toBe('529.982');
    expect(pastedInput(field, '247-25', '529.982.247-25')).toBe('529.982.247-25');
  });

  it.each(Object.keys(VALID) as IdentifierType[])(
    '%s: a valid value with one character too many in its own word is never sent',
    (type) => {
      const field = typedField(type);
      const extra = fc.constantFrom(
        ...(IDENTIFIER_RULES[type].mask?.includes('0') === false ? DIGITS + LETTERS : DIGITS),
      );
      fc.assert(
        fc.property(VALID[type], extra, fc.boolean(), (canonical, char, atEnd) => {
          const written = IDENTIFIER_RULES[type].format(canonical);
          // Phones only at the end: a digit glued before '(19) 2000-0000' makes the 11 digits of a
          // valid mobile, and a mobile's digits are all the panel reads.
          const text = atEnd || type === 'telefone' ? written + char : char + written;
          const display = pastedInput(field, text, text);
          expect(validateQueryInput([field], { v: display }).values).toEqual({});
        }),
      );
    },
  );

  it('a partial paste the mask takes whole is fitted; a paste that is not fits no more than its mask', () => {
    const cpf = typedField('cpf');
    expect(pastedInput(cpf, 'CPF: 529.98', 'CPF: 529.98')).toBe('529.98');
    const phone = typedField('telefone');
    expect(pastedInput(phone, '+55 11 9876', '+55 11 9876')).toBe('(11) 9876');
    for (const type of Object.keys(VALID) as IdentifierType[]) {
      const field = typedField(type);
      fc.assert(
        fc.property(fc.string({ maxLength: 40 }), (text) => {
          const display = pastedInput(field, text, text);
          if (display !== text.trim()) expect(display.length).toBeLessThanOrEqual(inputMaxLength(field));
        }),
        { numRuns: 200 },
      );
    }
  });
});
