import { parseReais } from '@painel/shared/schemas/payments';
import { describe, expect, it } from 'vitest';

import { topupFormSchema } from '@/features/payments/utils/topup-form-schema';

const messageFor = (amount: string, limits = { minCents: 5_000, maxCents: 500_000 }) =>
  topupFormSchema(limits).safeParse({ amount }).error?.issues[0]?.message;

describe('top-up amount', () => {
  it('reads reais as people type them', () => {
    expect(parseReais('50')).toBe(50);
    expect(parseReais('75,50')).toBe(75.5);
    expect(parseReais('R$ 1.234,56')).toBe(1234.56);
    expect(parseReais('5.000')).toBe(5000);
    expect(parseReais('R$ 100.000,00')).toBe(100_000);
    expect(parseReais('50.5')).toBe(50.5);
    expect(parseReais('')).toBeNaN();
    expect(parseReais('dez')).toBeNaN();
    expect(parseReais('-50')).toBeNaN();
    expect(parseReais('1,2,3')).toBeNaN();
  });

  it('accepts an amount within the limits, as reais', () => {
    const schema = topupFormSchema({ minCents: 5_000, maxCents: 500_000 });
    expect(schema.safeParse({ amount: '50,00' }).data).toEqual({ amount: 50 });
    expect(schema.safeParse({ amount: '5.000,00' }).data).toEqual({ amount: 5000 });
  });

  it('gives each problem its own message', () => {
    expect(messageFor('')).toBe('Informe o valor da recarga');
    expect(messageFor('   ')).toBe('Informe o valor da recarga');
    expect(messageFor('abc')).toBe('Valor inválido');
    expect(messageFor('-50')).toBe('Valor inválido');
    expect(messageFor('60,123')).toBe('Informe um valor válido, com no máximo duas casas decimais');
    expect(messageFor('49,99')).toBe('Valor mínimo para recarga é R$ 50,00');
    expect(messageFor('100', { minCents: 12_050, maxCents: 500_000 })).toBe(
      'Valor mínimo para recarga é R$ 120,50',
    );
    expect(messageFor('5.000,01')).toBe('Valor máximo para recarga é R$ 5.000,00');
    expect(messageFor('100.000,00')).toBe('Valor máximo para recarga é R$ 5.000,00');
    expect(messageFor('0', { minCents: 0, maxCents: 500_000 })).toBe('Valor inválido');
  });
});
