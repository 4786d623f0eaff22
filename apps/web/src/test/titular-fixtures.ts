import type { TitularLookup, TitularLookups } from '@painel/shared/schemas/titulares';

/** One lookup of a titular as GET /admin/titulares/consultas lists it: 'Operador <id>', a kept result. */
export function titularLookup(id: number, overrides: Partial<TitularLookup> = {}): TitularLookup {
  return {
    id,
    data: '2026-11-20T13:05:00.000Z',
    status: 'sucesso',
    User: { nome: `Operador ${id}`, email: `operador${id}@exemplo.com` },
    Modulo: { nome: 'CPF Completo' },
    finalidade: { nome: 'Análise de crédito', base_legal: 'X' },
    resultado_expira_em: '2099-12-20T13:05:00.000Z',
    ...overrides,
  };
}

/** Two lookups: Maria Souza's with a purpose and a kept result; João Lima's, failed, without either. */
export const twoTitularLookups: TitularLookups = {
  consultas: [
    titularLookup(2, { User: { nome: 'Maria Souza', email: 'maria@exemplo.com' } }),
    titularLookup(1, {
      User: { nome: 'João Lima', email: 'joao@exemplo.com' },
      Modulo: { nome: 'Veículos' },
      finalidade: null,
      status: 'falha',
      resultado_expira_em: null,
    }),
  ],
  total: 2,
  page: 1,
  totalPages: 1,
  retencao_dias: 30,
};
