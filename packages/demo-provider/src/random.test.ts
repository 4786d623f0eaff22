import { describe, expect, it } from 'vitest';
import { createRandom, hashToUnits } from './random.ts';

const draw = (seed: string) => {
  const random = createRandom(seed);
  return Array.from({ length: 20 }, () => random.next());
};

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw('cpf:12345678909')).toEqual(draw('cpf:12345678909'));
    expect(draw('cpf:12345678909')).not.toEqual(draw('cpf:12345678910'));
  });

  it('keeps forks independent of how much the parent has drawn', () => {
    const fresh = createRandom('seed');
    const used = createRandom('seed');
    for (let index = 0; index < 50; index += 1) used.next();
    expect(fresh.fork('part').digits(20)).toBe(used.fork('part').digits(20));
    expect(fresh.fork('a').digits(20)).not.toBe(fresh.fork('b').digits(20));
  });

  it('stays inside the asked ranges', () => {
    const random = createRandom('ranges');
    const ints = Array.from({ length: 2000 }, () => random.int(3, 7));
    expect(Math.min(...ints)).toBe(3);
    expect(Math.max(...ints)).toBe(7);
    const money = random.money(10, 20);
    expect(money).toBeGreaterThanOrEqual(10);
    expect(money).toBeLessThanOrEqual(20);
    expect(Math.round(money * 100)).toBeCloseTo(money * 100, 6);
    expect(random.digits(12)).toMatch(/^\d{12}$/);
  });

  it('samples distinct items and honours weights', () => {
    const random = createRandom('sample');
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
    expect(random.sample([1, 2], 5)).toHaveLength(2);
    const picks = Array.from({ length: 1000 }, () =>
      random.weighted([
        ['rare', 1],
        ['common', 99],
      ]),
    );
    expect(picks.filter((pick) => pick === 'common').length).toBeGreaterThan(900);
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('hashes text into four floats in [0, 1)', () => {
    const units = hashToUnits('campo');
    expect(units).toEqual(hashToUnits('campo'));
    for (const unit of units) {
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
    }
  });
});
