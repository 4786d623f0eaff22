/** Texts only the logs screen shows. */
export const logsMessages = {
  loadFailed: 'Não foi possível carregar os logs.',
  exportFailed: 'Erro ao exportar CSV',
  empty: 'Nenhum log encontrado',
} as const;
