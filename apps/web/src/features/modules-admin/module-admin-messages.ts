/**
 * The module administration texts of docs/product/modules.md#module-administration. Only the panel shows them (the server has
 * its own messages for what it refuses), so they live with the feature.
 */
export const moduleAdminMessages = {
  saveOrderFailed: 'Erro ao salvar ordem',
  statusFailed: 'Erro ao atualizar status',
  createFailed: 'Erro ao criar módulo',
  updateFailed: 'Erro ao atualizar módulo',
  deleteFailed: 'Erro ao deletar módulo',
  uploadFailed: 'Erro ao enviar imagem',
  testFailed: 'Erro ao testar módulo',
  loadFailed: 'Não foi possível carregar os módulos.',
  deleteConfirm: 'Tem certeza que deseja deletar este módulo?',
  noInputFields: 'Sem campos configurados. Adicione campos conforme a API.',
  headerNameInvalid: 'Use letras, números e hífen (até 64)',
  created: 'Módulo criado',
  updated: 'Módulo atualizado',
  deleted: 'Módulo deletado',
  orderSaved: 'Ordem salva',
} as const;
