import { describe, expect, it } from 'vitest';
import { bandOfScore, bandOfText, scoreBand, scoreFraction } from './score-bands.ts';

describe('score bands (0–1000, five bands)', () => {
  it.each([
    [0, 'muito-baixo'],
    [200, 'muito-baixo'],
    [201, 'baixo'],
    [400, 'baixo'],
    [401, 'medio'],
    [600, 'medio'],
    [601, 'bom'],
    [800, 'bom'],
    [801, 'excelente'],
    [1000, 'excelente'],
    [-5, 'muito-baixo'],
    [1500, 'excelente'],
  ] as const)('score %i is %s', (score, band) => {
    expect(bandOfScore(score)).toBe(band);
  });

  it.each([
    ['MUITO BAIXO', 'muito-baixo'],
    ['muito_baixo', 'muito-baixo'],
    ['BAIXO', 'baixo'],
    ['MÉDIO', 'medio'],
    ['Medio', 'medio'],
    ['BOM', 'bom'],
    ['EXCELENTE', 'excelente'],
    ['Excelente', 'excelente'],
  ] as const)('band text %s is %s', (text, band) => {
    expect(bandOfText(text)).toBe(band);
  });

  it('colours by the band text, falling back to the score', () => {
    expect(scoreBand(950, 'BAIXO')).toBe('baixo');
    expect(scoreBand(950, null)).toBe('excelente');
    expect(scoreBand(350, 'DESCONHECIDA')).toBe('baixo');
    expect(bandOfText('')).toBeNull();
  });

  it('fills the gauge in proportion, clamped', () => {
    expect(scoreFraction(500)).toBe(0.5);
    expect(scoreFraction(2000)).toBe(1);
    expect(scoreFraction(Number.NaN)).toBe(0);
  });
});
