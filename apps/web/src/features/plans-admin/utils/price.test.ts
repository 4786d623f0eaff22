import { describe, expect, it } from 'vitest';

import { centsToPriceInput, parsePriceToCents } from '@/features/plans-admin/utils/price';

describe('parsePriceToCents', () => {
  it.each([
    ['29,90', 2990],
    ['19,9', 1990],
    ['19,90', 1990],
    ['R$ 49,90', 4990],
    ['29', 2900],
    ['29.90', 2990],
    ['1.234,56', 123456],
    ['1.234', 123400],
    ['0', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it('rounds price*100 to whole cents (docs/product/plans-and-payments.md#plans)', () => {
    expect(parsePriceToCents('29,999')).toBe(3000);
    expect(parsePriceToCents('10,004')).toBe(1000);
    // 0.1 * 3 in floating point is 0.30000000000000004: still 30 cents.
    expect(parsePriceToCents(String(0.1 * 3).replace('.', ','))).toBe(30);
  });

  it.each(['', 'abc', '-5', '29,90,1', '1,234.56', '12a', 'R$'])('refuses %j', (text) => {
    expect(parsePriceToCents(text)).toBeNull();
  });

  it('refuses more than the server accepts (R$ 1.000.000,00)', () => {
    expect(parsePriceToCents('1.000.000,00')).toBe(100_000_000);
    expect(parsePriceToCents('1.000.000,01')).toBeNull();
  });
});

describe('price display', () => {
  it('shows cents back in the input without thousands dots', () => {
    expect(centsToPriceInput(123456)).toBe('1234,56');
    expect(centsToPriceInput(1990)).toBe('19,90');
  });

  it('round-trips what it shows', () => {
    for (const cents of [0, 1, 99, 1990, 123456, 100_000_000]) {
      expect(parsePriceToCents(centsToPriceInput(cents))).toBe(cents);
    }
  });
});
