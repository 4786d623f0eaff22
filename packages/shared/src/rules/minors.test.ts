import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  type CalendarDay,
  isBirthDateKey,
  isMinorOn,
  parseCalendarDay,
  readBirthDate,
  resultHasMinor,
} from './minors.ts';

const day = (text: string) => parseCalendarDay(text) as CalendarDay;
const iso = ({ year, month, day }: CalendarDay) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const br = ({ year, month, day }: CalendarDay) =>
  `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;

/** Any real calendar day from 1900 to 2099, drawn through Date so leap days come out right. */
const anyDay = fc
  .integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((n) => {
    const date = new Date(n * 86_400_000);
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  });

/** The day someone turns 18, the way Date rolls 29 February of a common year over to 1 March. */
function eighteenthBirthday(birth: CalendarDay): number {
  return Date.UTC(birth.year + 18, birth.month - 1, birth.day);
}
const utc = (d: CalendarDay) => Date.UTC(d.year, d.month - 1, d.day);

describe('birth dates', () => {
  it('are found under the keys providers use for them', () => {
    for (const key of [
      'data_nascimento',
      'dataNascimento',
      'DT_NASCIMENTO',
      'nascimento',
      'nasc',
      'dt_nasc',
      'birth_date',
      'birthDate',
      'dateOfBirth',
      'DOB',
      'dataDeNascimento',
    ]) {
      expect(isBirthDateKey(key), key).toBe(true);
    }
    for (const key of ['data', 'admissao', 'nacionalidade', 'naturalidade', 'atualizado', 'dono']) {
      expect(isBirthDateKey(key), key).toBe(false);
    }
  });

  it('are read written as ISO or the Brazilian way, real calendar days only', () => {
    expect(readBirthDate('2008-02-29')).toEqual({ year: 2008, month: 2, day: 29 });
    expect(readBirthDate('2008-02-29T00:00:00.000Z')).toEqual({ year: 2008, month: 2, day: 29 });
    expect(readBirthDate('29/02/2008')).toEqual({ year: 2008, month: 2, day: 29 });
    expect(readBirthDate('1/3/2008')).toEqual({ year: 2008, month: 3, day: 1 });
    expect(readBirthDate('29-02-2008')).toEqual({ year: 2008, month: 2, day: 29 });
    expect(readBirthDate('29/02/2007')).toBeNull();
    expect(readBirthDate('2007-02-29')).toBeNull();
    expect(readBirthDate('31/04/2010')).toBeNull();
    expect(readBirthDate('2010-13-01')).toBeNull();
    expect(readBirthDate('ontem')).toBeNull();
    expect(readBirthDate(20100101)).toBeNull();
  });

  it("a trial's year-only date counts as the year's last day", () => {
    expect(readBirthDate('**/**/2010')).toEqual({ year: 2010, month: 12, day: 31 });
  });

  it('read the same whichever way they are written', () => {
    fc.assert(
      fc.property(anyDay, (birth) => {
        expect(readBirthDate(iso(birth))).toEqual(birth);
        expect(readBirthDate(br(birth))).toEqual(birth);
      }),
    );
  });
});

describe('age', () => {
  it('turns 18 on the 18th birthday, not the day before', () => {
    const birth = day('2008-06-15');
    expect(isMinorOn(birth, day('2026-06-14'))).toBe(true);
    expect(isMinorOn(birth, day('2026-06-15'))).toBe(false);
    expect(ageOn(birth, day('2026-06-15'))).toBe(18);
  });

  it('born on 29 February, turns 18 on 1 March of a common year', () => {
    const birth = day('2008-02-29');
    expect(isMinorOn(birth, day('2026-02-28'))).toBe(true);
    expect(isMinorOn(birth, day('2026-03-01'))).toBe(false);
    expect(ageOn(birth, day('2025-03-01'))).toBe(17);
  });

  it('a birth date after the day is no one under 18', () => {
    expect(isMinorOn(day('2030-01-01'), day('2026-01-01'))).toBe(false);
    expect(isMinorOn(day('2026-01-01'), day('2026-01-01'))).toBe(true);
  });

  it('is under 18 exactly from birth until the 18th birthday', () => {
    fc.assert(
      fc.property(anyDay, anyDay, (birth, on) => {
        const expected = utc(on) >= utc(birth) && utc(on) < eighteenthBirthday(birth);
        expect(isMinorOn(birth, on)).toBe(expected);
      }),
    );
  });

  it('the day before the 18th birthday is a minor, the birthday itself is not', () => {
    fc.assert(
      fc.property(anyDay, (birth) => {
        const turns = new Date(eighteenthBirthday(birth));
        const on = (ms: number) => {
          const date = new Date(ms);
          return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        };
        expect(isMinorOn(birth, on(turns.getTime()))).toBe(false);
        expect(isMinorOn(birth, on(turns.getTime() - 86_400_000))).toBe(true);
      }),
    );
  });
});

describe('a result with a minor', () => {
  const lookupDay = '2026-03-10';

  it('is a person under 18 at the top, in the basic data or in a list of people', () => {
    expect(resultHasMinor({ nome: 'Ana', nasc: '2010-05-01' }, lookupDay)).toBe(true);
    expect(resultHasMinor({ DADOS_BASICOS: { DT_NASCIMENTO: '01/05/2010' } }, lookupDay)).toBe(true);
    expect(resultHasMinor({ resultados: [{ nasc: '1980-01-01' }, { nasc: '2012-01-01' }] }, lookupDay)).toBe(
      true,
    );
    expect(resultHasMinor({ titulares: [{ dataNascimento: '2009-12-31' }] }, lookupDay)).toBe(true);
    expect(
      resultHasMinor({ pessoa: { nascimento: { data: '2010-05-01', cidade: 'Recife' } } }, lookupDay),
    ).toBe(true);
    expect(resultHasMinor([{ birth_date: '2015-01-01' }], lookupDay)).toBe(true);
  });

  it('is not an adult, nor an adult with children among the relatives or neighbours', () => {
    expect(resultHasMinor({ nasc: '1980-01-01' }, lookupDay)).toBe(false);
    expect(
      resultHasMinor(
        {
          nasc: '1980-01-01',
          parentes: [{ nome: 'Filho', nasc: '2015-01-01' }],
          RELATIVES: [{ nasc: '2016-01-01' }],
          vizinhos: [{ dataNascimento: '2014-01-01' }],
        },
        lookupDay,
      ),
    ).toBe(false);
  });

  it('looks at birth keys only: other dates, and text that is no date, are no one', () => {
    expect(
      resultHasMinor({ admissao: '2020-01-01', data: '2015-01-01', nasc: 'não informado' }, lookupDay),
    ).toBe(false);
    expect(resultHasMinor({ nasc: null, idade: 10 }, lookupDay)).toBe(false);
    expect(resultHasMinor('2015-01-01', lookupDay)).toBe(false);
    expect(resultHasMinor(null, lookupDay)).toBe(false);
  });

  it("is judged on the lookup's day", () => {
    const result = { nasc: '2008-03-10' };
    expect(resultHasMinor(result, '2026-03-09')).toBe(true);
    expect(resultHasMinor(result, '2026-03-10')).toBe(false);
  });

  it('a trial-masked birth date counts when the person may be under 18', () => {
    expect(resultHasMinor({ nasc: '**/**/2008' }, '2026-06-01')).toBe(true);
    expect(resultHasMinor({ nasc: '**/**/2007' }, '2026-06-01')).toBe(false);
  });

  it('a minor is found wherever in the result, but never among relatives', () => {
    const keyName = fc.constantFrom('dados', 'pessoa', 'registro', 'items', 'DADOS_BASICOS');
    const minorBirth = anyDay.filter((birth) => isMinorOn(birth, day(lookupDay)));
    fc.assert(
      fc.property(fc.array(keyName, { maxLength: 6 }), minorBirth, fc.boolean(), (path, birth, asList) => {
        const leaf = { nome: 'Pessoa Exemplo', dataNascimento: asList ? br(birth) : iso(birth) };
        const nested = path.reduceRight<unknown>((inner, key) => ({ [key]: asList ? [inner] : inner }), leaf);
        expect(resultHasMinor(nested, lookupDay)).toBe(true);
        expect(resultHasMinor({ nasc: '1970-01-01', parentes: [nested] }, lookupDay)).toBe(false);
      }),
    );
  });
});
