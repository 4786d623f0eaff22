import { describe, expect, it } from 'vitest';
import { effectiveQuantityLimit } from './quota.ts';

describe('effectiveQuantityLimit', () => {
  const module = { limite_efetivo_quantidade: 50, limite_padrao_quantidade: 1000 };
  it("prefers the user's override, where null means unlimited", () => {
    expect(effectiveQuantityLimit(module, { limite: 5 })).toBe(5);
    expect(effectiveQuantityLimit(module, { limite: null })).toBeNull();
    expect(effectiveQuantityLimit(module, { limite: 0 })).toBe(0);
  });
  it("falls back to the module's effective limit, then its default, then 0", () => {
    expect(effectiveQuantityLimit(module, undefined)).toBe(50);
    expect(effectiveQuantityLimit({ ...module, limite_efetivo_quantidade: null }, undefined)).toBe(1000);
    expect(
      effectiveQuantityLimit({ limite_efetivo_quantidade: null, limite_padrao_quantidade: null }, undefined),
    ).toBe(0);
  });
});
