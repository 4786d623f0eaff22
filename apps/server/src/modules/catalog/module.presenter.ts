import type { ModuleView } from '@painel/shared/schemas/modules';
import type { ModuleRow } from '../../db/schema/modules.ts';

export function moduleStatus(row: Pick<ModuleRow, 'ativo' | 'manutencao'>): ModuleView['status'] {
  if (!row.ativo) return 'inativo';
  return row.manutencao ? 'manutencao' : 'online';
}

/** A module as responses show it; upstream details only for admins, header values never. */
export function toModuleView(row: ModuleRow, options: { admin: boolean }): ModuleView {
  const price = row.precoCents / 100;
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    imagem_url: row.imagemUrl,
    image: row.imagemUrl,
    tipo_limite: row.tipoLimite,
    preco_por_consulta: price,
    price_por_consulta: price,
    timeout_segundos: row.timeoutSegundos,
    ativo: row.ativo,
    manutencao: row.manutencao,
    status: moduleStatus(row),
    limite_padrao_quantidade: row.limitePadraoQuantidade,
    limite_efetivo_quantidade: row.limiteEfetivoQuantidade,
    ordem: row.ordem,
    order: row.ordem,
    campos_entrada: row.camposEntrada,
    mascarar_por_padrao: row.mascararPorPadrao,
    ...(options.admin ? { api_url: row.apiUrl, headers_definidos: Object.keys(row.headers).sort() } : {}),
  };
}
