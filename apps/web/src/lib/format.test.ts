import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatDay,
  formatLongDate,
  formatMoney,
  formatSignedMoney,
  NO_VALUE,
  reaisToCents,
} from '@/lib/format';

describe('money', () => {
  it('takes cents and shows reais in pt-BR', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(5)).toBe('R$ 0,05');
  });

  it('signs a ledger movement and leaves zero unsigned', () => {
    expect(formatSignedMoney(500)).toBe('+R$ 5,00');
    expect(formatSignedMoney(-1990)).toBe('-R$ 19,90');
    expect(formatSignedMoney(0)).toBe('R$ 0,00');
  });

  it('turns reais held as floats into whole cents at the edge', () => {
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(formatMoney(reaisToCents(12.5))).toBe('R$ 12,50');
  });
});

describe('dates', () => {
  it('shows an absent or unreadable instant as a dash, never the raw text', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe(NO_VALUE);
      expect(formatDate(value)).toBe(NO_VALUE);
    }
  });

  it('formats an instant in pt-BR', () => {
    const instant = new Date(2026, 2, 10, 12, 30);
    expect(formatDate(instant)).toBe('10/03/2026');
    expect(formatDateTime(instant.toISOString())).toBe('10/03/2026, 12:30');
    expect(formatLongDate(instant)).toBe('10 de março de 2026');
  });

  it('shows a calendar day without shifting it by the time zone', () => {
    expect(formatDay('2026-03-01')).toBe('01/03/2026');
    expect(formatDay('2026-03-01', { withYear: false })).toBe('01/03');
    expect(formatDay('bad')).toBe(NO_VALUE);
  });
});
