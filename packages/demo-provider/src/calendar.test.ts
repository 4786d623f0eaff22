import { describe, expect, it } from 'vitest';
import { ageAt, brDate, dayOf, isoDate, REFERENCE_DAY, zodiacSign } from './calendar.ts';

describe('calendar', () => {
  it('converts between days, ISO and Brazilian dates', () => {
    expect(isoDate(dayOf('1990-02-28'))).toBe('1990-02-28');
    expect(brDate(dayOf('1990-02-28'))).toBe('28/02/1990');
    expect(isoDate(REFERENCE_DAY)).toBe('2025-06-30');
  });

  it('counts whole years up to the reference day', () => {
    expect(ageAt(dayOf('2000-06-30'))).toBe(25);
    expect(ageAt(dayOf('2000-07-01'))).toBe(24);
  });

  it('names the sign of each birth date, at the edges too', () => {
    const cases: [string, string][] = [
      ['1990-01-19', 'Capricórnio'],
      ['1990-01-20', 'Aquário'],
      ['1990-02-19', 'Peixes'],
      ['1990-03-21', 'Áries'],
      ['1990-04-20', 'Touro'],
      ['1990-05-21', 'Gêmeos'],
      ['1990-06-21', 'Câncer'],
      ['1990-07-23', 'Leão'],
      ['1990-08-23', 'Virgem'],
      ['1990-09-23', 'Libra'],
      ['1990-10-23', 'Escorpião'],
      ['1990-11-22', 'Sagitário'],
      ['1990-12-21', 'Sagitário'],
      ['1990-12-22', 'Capricórnio'],
      ['1990-12-31', 'Capricórnio'],
    ];
    for (const [date, sign] of cases) expect(zodiacSign(dayOf(date)), date).toBe(sign);
  });
});
