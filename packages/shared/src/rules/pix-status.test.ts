import { describe, expect, it } from 'vitest';
import { formatReais, isPixFinal, pixExpiresAt, pixStatusLabel } from './pix-status.ts';

describe('pixStatusLabel', () => {
  it('labels the four statuses, anything else in red', () => {
    expect(pixStatusLabel('waiting')).toEqual({ label: 'Aguardando', tone: 'yellow' });
    expect(pixStatusLabel('verified')).toEqual({ label: 'Confirmado', tone: 'green' });
    expect(pixStatusLabel('expired')).toEqual({ label: 'Expirado', tone: 'red' });
    expect(pixStatusLabel('failed')).toEqual({ label: 'Falhou', tone: 'red' });
    expect(pixStatusLabel('estranho')).toEqual({ label: 'estranho', tone: 'red' });
  });

  it('polls only while waiting; a charge lasts 30 minutes', () => {
    expect(isPixFinal('waiting')).toBe(false);
    expect(isPixFinal('verified')).toBe(true);
    expect(pixExpiresAt(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-10T12:30:00.000Z');
  });
});

describe('formatReais', () => {
  it('formats cents the Brazilian way', () => {
    expect(formatReais(5000)).toBe('50,00');
    expect(formatReais(123450)).toBe('1.234,50');
    expect(formatReais(1)).toBe('0,01');
  });
});
