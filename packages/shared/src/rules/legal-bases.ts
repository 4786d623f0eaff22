/**
 * The legal bases of LGPD art. 7 (Lei 13.709/2018) under which personal data may be processed,
 * by their clause: the one list the server stores (`finalidades.base_legal`, the codes) and the
 * panel shows (the labels) (docs/product/purposes.md).
 */
export const LEGAL_BASES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

export const LEGAL_BASIS_LABELS: Record<LegalBasis, string> = {
  I: 'Consentimento do titular',
  II: 'Cumprimento de obrigação legal ou regulatória',
  III: 'Execução de políticas públicas',
  IV: 'Estudos por órgão de pesquisa',
  V: 'Execução de contrato',
  VI: 'Exercício regular de direitos',
  VII: 'Proteção da vida',
  VIII: 'Tutela da saúde',
  IX: 'Interesse legítimo',
  X: 'Proteção do crédito',
};

export function isLegalBasis(value: unknown): value is LegalBasis {
  return typeof value === 'string' && (LEGAL_BASES as readonly string[]).includes(value);
}

/** 'X' → 'Proteção do crédito'. */
export function legalBasisLabel(basis: LegalBasis): string {
  return LEGAL_BASIS_LABELS[basis];
}

/** 'X' → 'art. 7º, X': where the basis is written in the law. */
export function legalBasisClause(basis: LegalBasis): string {
  return `art. 7º, ${basis}`;
}

/** 'X' → 'Proteção do crédito (art. 7º, X)': how a purpose's basis reads in lists, reports and exports. */
export function legalBasisText(basis: LegalBasis): string {
  return `${legalBasisLabel(basis)} (${legalBasisClause(basis)})`;
}
