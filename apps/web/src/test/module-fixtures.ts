import type { ModuleView } from '@painel/shared/schemas/modules';

/** A module as GET /modulos/ativos shows it, for component tests. */
export function makeModule(overrides: Partial<ModuleView> = {}): ModuleView {
  return {
    id: 1,
    nome: 'CPF Completo',
    descricao: 'Dados cadastrais a partir do CPF',
    imagem_url: null,
    image: null,
    tipo_limite: 'quantidade',
    preco_por_consulta: 0,
    price_por_consulta: 0,
    timeout_segundos: 30,
    ativo: true,
    manutencao: false,
    status: 'online',
    limite_padrao_quantidade: 100,
    limite_efetivo_quantidade: null,
    ordem: 10,
    order: 10,
    campos_entrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
    usado: 3,
    limite: 100,
    ...overrides,
  };
}

export const creditModule = makeModule({
  id: 2,
  nome: 'Placa',
  descricao: 'Veículo pela placa',
  tipo_limite: 'creditos',
  preco_por_consulta: 2,
  price_por_consulta: 2,
  campos_entrada: [{ nome: 'placa', tipo: 'text', obrigatorio: true, mascara: null }],
  usado: undefined,
  limite: undefined,
});

export const trialUsage = (remaining: number, limit = 10) => ({
  trial_used: limit - remaining,
  trial_limit: limit,
  trial_remaining: remaining,
});

/** A future expiry `hours` from now, as the profile sends it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
