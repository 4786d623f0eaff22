/** Texts only the metrics screen shows. */
export const metricsMessages = {
  loadFailed: 'Não foi possível carregar as métricas.',
  resellersFailed: 'Não foi possível carregar a lista de revendedores.',
  exportFailed: 'Erro ao exportar CSV',
  noResellerRows: 'Nenhum usuário no período.',
} as const;
