/** The settings screen's texts that only the panel shows (the server has its own for what it refuses). */
export const settingsAdminMessages = {
  loadFailed: 'Não foi possível carregar as configurações.',
  saveFailed: 'Erro ao salvar configurações',
  saved: 'Configurações salvas',
} as const;
