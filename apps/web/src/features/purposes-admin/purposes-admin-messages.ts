/**
 * The purposes screen's texts that only the panel shows (docs/product/purposes.md); the server's
 * refusals (a name in use, a purpose already used) come with their own message.
 */
export const purposesAdminMessages = {
  loadFailed: 'Não foi possível carregar as finalidades.',
  createFailed: 'Erro ao criar finalidade',
  updateFailed: 'Erro ao atualizar finalidade',
  statusFailed: 'Erro ao atualizar status',
  deleteFailed: 'Erro ao excluir finalidade',
  deleteConfirm:
    'Tem certeza que deseja excluir esta finalidade? Só é possível excluir uma finalidade que nenhuma consulta usou.',
  inUseTitle: 'Não é possível excluir',
  alreadyInactive: 'Ela já está inativa: não é mais oferecida nas consultas.',
  created: 'Finalidade criada',
  updated: 'Finalidade atualizada',
  activated: 'Finalidade ativada',
  deactivated: 'Finalidade desativada',
} as const;
