import { describe, expect, it } from 'vitest';
import {
  isLegalBasis,
  LEGAL_BASES,
  LEGAL_BASIS_LABELS,
  legalBasisClause,
  legalBasisLabel,
  legalBasisText,
} from './legal-bases.ts';

describe('LGPD art. 7 legal bases', () => {
  it('are the ten clauses I to X, in the law’s order, each with its own label', () => {
    expect(LEGAL_BASES).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']);
    expect(Object.keys(LEGAL_BASIS_LABELS)).toEqual([...LEGAL_BASES]);
    expect(new Set(Object.values(LEGAL_BASIS_LABELS)).size).toBe(10);
  });

  it('read as the panel shows them', () => {
    expect(legalBasisLabel('X')).toBe('Proteção do crédito');
    expect(legalBasisLabel('II')).toBe('Cumprimento de obrigação legal ou regulatória');
    expect(legalBasisLabel('IX')).toBe('Interesse legítimo');
    expect(legalBasisClause('VI')).toBe('art. 7º, VI');
    expect(legalBasisText('X')).toBe('Proteção do crédito (art. 7º, X)');
  });

  it('accept only a clause code', () => {
    expect(isLegalBasis('IV')).toBe(true);
    expect(isLegalBasis('iv')).toBe(false);
    expect(isLegalBasis('XI')).toBe(false);
    expect(isLegalBasis('')).toBe(false);
    expect(isLegalBasis(10)).toBe(false);
    expect(isLegalBasis('toString')).toBe(false);
  });
});
