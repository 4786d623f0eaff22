/**
 * The plans administration texts only the panel shows (the server has its own messages for what
 * it refuses, e.g. messages.planInUse), so they live with the feature.
 */
export const plansAdminMessages = {
  loadFailed: 'Não foi possível carregar os planos.',
  createFailed: 'Erro ao criar plano',
  updateFailed: 'Erro ao atualizar plano',
  deleteFailed: 'Erro ao deletar plano',
  statusFailed: 'Erro ao atualizar status',
  priceRequired: 'Informe o preço do plano',
  priceInvalid: 'Informe um preço válido em R$, por exemplo 29,90',
  pixLoadFailed: 'Não foi possível carregar a configuração PIX.',
  pixSaveFailed: 'Erro ao salvar configuração PIX',
  pixSaved: 'Configuração PIX salva',
  paymentsLoadFailed: 'Não foi possível carregar os pagamentos.',
  batchPollFailed: 'Erro ao rodar o poll',
  webhookCopied: 'URL do webhook copiada',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie manualmente.',
} as const;
