/**
 * The audit trail's actions in words (docs/product/admin.md#logs). The server stores a code per
 * action (`usuario_criado`); the logs screen shows these labels, and the code stays in the CSV
 * export and in the entry's tooltip. A code not listed here is written as words, never raw.
 */
export const LOG_ACTION_LABELS: Record<string, string> = {
  login: 'Entrou no painel',
  register: 'Criou a conta',
  consulta_sucesso: 'Consulta concluída',
  consulta_falha: 'Consulta com falha',
  revelacao: 'Resultado revelado com justificativa',
  lote_cotado: 'Lote enviado e cotado',
  lote_iniciado: 'Lote iniciado',
  lote_cancelado: 'Lote cancelado',
  lote_concluido: 'Lote concluído',
  chave_api_criada: 'Chave de API criada',
  chave_api_revogada: 'Chave de API revogada',
  chave_api_limite_alterado: 'Limite de requisições da chave de API alterado',
  usuario_criado: 'Usuário criado',
  usuario_editado: 'Usuário editado',
  usuario_deletado: 'Usuário excluído',
  usuario_banido: 'Usuário banido',
  usuario_desbanido: 'Banimento removido',
  role_alterado: 'Tipo de conta alterado',
  creditos_adicionados: 'Créditos adicionados',
  creditos_removidos: 'Créditos removidos',
  dias_adicionados: 'Dias adicionados',
  dias_removidos: 'Dias removidos',
  tempo_adicionado_em_massa: 'Tempo adicionado em massa',
  uso_resetado: 'Uso de cota zerado',
  limite_modulo_alterado: 'Limite de módulo alterado',
  plano_criado: 'Plano criado',
  plano_alterado: 'Plano alterado',
  plano_deletado: 'Plano excluído',
  plano_ativado: 'Plano ativado',
  modulo_criado: 'Módulo criado',
  modulo_editado: 'Módulo editado',
  modulo_deletado: 'Módulo excluído',
  modulos_reordenados: 'Módulos reordenados',
  imagem_enviada: 'Imagem enviada',
  imagem_removida: 'Imagem removida',
  finalidade_criada: 'Finalidade criada',
  finalidade_alterada: 'Finalidade alterada',
  finalidade_excluida: 'Finalidade excluída',
  titular_consultado: 'Consultas de um titular pesquisadas',
  registro_tratamento_exportado: 'Registro das operações de tratamento exportado',
  configuracoes_alteradas: 'Configurações alteradas',
  configuracoes_pix_alteradas: 'Configurações do PIX alteradas',
  pix_batch_poll: 'Pagamentos PIX verificados',
};

/** An action code as the logs screen writes it: its label, else the code as a sentence. */
export function logActionLabel(acao: string): string {
  const known = LOG_ACTION_LABELS[acao];
  if (known) return known;
  const words = acao.replace(/[_-]+/g, ' ').trim();
  return words === '' ? '-' : words.charAt(0).toUpperCase() + words.slice(1);
}
