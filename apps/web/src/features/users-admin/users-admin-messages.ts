import { messages } from '@painel/shared/messages';
/**
 * The user administration texts of docs/product/users.md that only the panel shows (the server
 * answers its refusals with its own messages, in @painel/shared/messages).
 */
export const usersAdminMessages = {
  updateFailed: 'Erro ao atualizar usuário',
  createFailed: 'Erro ao criar usuário',
  unbanFailed: 'Erro ao desbanir usuário',
  operationFailed: 'Erro ao executar operação',
  bulkTimeFailed: 'Erro ao adicionar tempo em massa',
  activatePlanFailed: 'Erro ao ativar plano',
  resetFailed: 'Erro ao resetar limites',
  responsibleLookupFailed: 'Erro ao buscar revendedor',
  loadFailed: 'Não foi possível carregar os usuários.',
  limitsLoadFailed: 'Não foi possível carregar os limites.',
  limitsEmpty: 'Nenhum módulo com contagem registrado.',
  plansLoadFailed: 'Não foi possível carregar os planos.',
  noPlans: 'Nenhum plano ativo para ativar.',
  statementLoadFailed: 'Não foi possível carregar o extrato.',
  statementEmpty: 'Nenhum lançamento de créditos.',
  exportFailed: 'Erro ao exportar CSV',
  noUsers: 'Nenhum usuário encontrado',
  deleteConfirm: (nome: string) =>
    `Tem certeza que deseja deletar o usuário ${nome}? Esta ação não pode ser desfeita.`,
  resetAllConfirm: `Zerar a contagem das últimas ${messages.quotaWindow} de todos os módulos deste usuário?`,
  resetOneConfirm: (modulo: string) =>
    `Zerar a contagem das últimas ${messages.quotaWindow} do módulo ${modulo}?`,
  noExpiry: 'Sem expiração',
  apiKeysLoadFailed: 'Não foi possível carregar as chaves de API.',
  apiKeysEmpty: 'Nenhuma chave de API ativa.',
  apiKeyRevokeFailed: 'Erro ao revogar chave de API',
  apiKeyRateFailed: 'Erro ao alterar requisições por segundo',
  apiKeyRateSaved: 'Requisições por segundo alteradas',
} as const;
