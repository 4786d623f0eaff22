import { describe, expect, it } from 'vitest';

import { parseReais, topupFormSchema } from '@/features/payments/utils/topup-form-schema';

describe('top-up amount', () => {
  it('reads reais as people type them', () => {
    expect(parseReais('50')).toBe(50);
    expect(parseReais('75,50')).toBe(75.5);
    expect(parseReais('R$ 1.234,56')).toBe(1234.56);
    expect(parseReais('50.5')).toBe(50.5);
    expect(parseReais('')).toBeNaN();
    expect(parseReais('dez')).toBeNaN();
    expect(parseReais('-50')).toBeNaN();
  });

  it('refuses less than the configured minimum with its message, and more than two decimals', () => {
    const schema = topupFormSchema(5000);
    expect(schema.safeParse({ amount: '50,00' }).data).toEqual({ amount: 50 });
    const low = schema.safeParse({ amount: '49,99' });
    expect(low.error?.issues[0]?.message).toBe('Valor mínimo para recarga é R$ 50,00');
    expect(topupFormSchema(12_050).safeParse({ amount: '100' }).error?.issues[0]?.message).toBe(
      'Valor mínimo para recarga é R$ 120,50',
    );
    expect(schema.safeParse({ amount: '60,123' }).error?.issues[0]?.message).toBe(
      'Informe um valor válido, com no máximo duas casas decimais',
    );
    expect(schema.safeParse({ amount: '' }).success).toBe(false);
  });
});
