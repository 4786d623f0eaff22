import type { LookupDetail, LookupListItem } from '@painel/shared/contracts/lookups';

import { creditAnalysis } from '@/test/purpose-fixtures';

/** A successful lookup of CPF Completo as the history lists it, its result kept long past any test run. */
export function makeLookupItem(overrides: Partial<LookupListItem> = {}): LookupListItem {
  return {
    id: 2,
    status: 'sucesso',
    usuario_id: 7,
    trial: false,
    User: { nome: 'Maria Teste', email: 'maria@exemplo.com' },
    Modulo: { id: 1, nome: 'CPF Completo', descricao: 'Dados cadastrais a partir do CPF' },
    input: { cpf: '11144477735' },
    tipos_entrada: { cpf: 'cpf' },
    finalidade: creditAnalysis,
    erro: null,
    data: '2026-03-10T15:30:00.000Z',
    createdAt: '2026-03-10T15:30:00.000Z',
    resultado_expira_em: '2099-03-10T15:30:00.000Z',
    chave_api: null,
    lote_id: null,
    ...overrides,
  };
}

/** That lookup as GET /consultas/{id} (and the reveal) answers it: by default its result shown whole. */
export function makeLookupDetail(overrides: Partial<LookupDetail> = {}): LookupDetail {
  return {
    ...makeLookupItem(),
    justificativa: null,
    retorno: { nome: 'Ana Lima Prado', cpf: '11144477735' },
    mascarado: false,
    menor_de_idade: false,
    revelavel: false,
    retencao_dias: 30,
    ...overrides,
  };
}
