/** Texts only the admin dashboard shows (docs/product/admin.md#admin-dashboard). */
export const adminDashboardMessages = {
  statsFailed: 'Não foi possível carregar as estatísticas do servidor.',
  statsSample: 'Os números abaixo são de exemplo, não do seu painel. Tentaremos de novo a cada 30 segundos.',
  statsStale: 'Não foi possível atualizar as estatísticas; os números são da última leitura.',
  recentFailed: 'Não foi possível carregar as consultas recentes.',
  noRecent: 'Nenhuma consulta recente encontrada',
  noMatch: (searched: string) => `Nenhuma consulta encontrada para “${searched}”`,
  banFailed: 'Erro ao banir usuário',
  cannotBanSelf: 'Você não pode banir a sua própria conta',
} as const;
