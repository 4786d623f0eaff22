import type { ActivePurposes, LookupPurpose, Purpose } from '@painel/shared/schemas/finalidades';

/** The purposes a new panel starts with (docs/product/purposes.md#the-purposes), by name. */
export const seededPurposes: Purpose[] = [
  { id: 1, nome: 'Análise de crédito', base_legal: 'X', ativo: true, permite_menores: false },
  {
    id: 3,
    nome: 'Cumprimento de obrigação legal ou regulatória',
    base_legal: 'II',
    ativo: true,
    permite_menores: false,
  },
  { id: 4, nome: 'Exercício regular de direitos', base_legal: 'VI', ativo: true, permite_menores: false },
  { id: 2, nome: 'Prevenção a fraudes', base_legal: 'IX', ativo: true, permite_menores: false },
];

/** GET /finalidades as the query screen reads it. */
export function activePurposes(required = true, finalidades = seededPurposes): ActivePurposes {
  return { finalidades, exigir_finalidade: required };
}

/** A lookup's purpose as history, detail and the admin list show it. */
export const creditAnalysis: LookupPurpose = { id: 1, nome: 'Análise de crédito', base_legal: 'X' };
