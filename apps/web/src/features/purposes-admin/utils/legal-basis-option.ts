import { LEGAL_BASES, type LegalBasis, legalBasisLabel } from '@painel/shared/rules/legal-bases';

/**
 * 'X' → 'Art. 7º, X — Proteção do crédito': the clause first, as the law lists them, so the
 * admin choosing a basis reads them in the law's order (docs/product/purposes.md#legal-bases).
 */
export function legalBasisOption(basis: LegalBasis): string {
  return `Art. 7º, ${basis} — ${legalBasisLabel(basis)}`;
}

export const legalBasisOptions = LEGAL_BASES.map((basis) => ({
  value: basis,
  label: legalBasisOption(basis),
}));
