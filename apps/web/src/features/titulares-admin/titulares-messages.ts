/** Texts only the titulares screen and its report show (docs/product/titulares.md#tela). */
export const titularesMessages = {
  documentLabel: 'CPF ou CNPJ do titular',
  documentHint:
    'Com ou sem pontuação. A busca fica registrada no log de auditoria, com o documento mascarado.',
  search: 'Buscar',
  loading: 'Carregando consultas do titular',
  loadFailed: 'Não foi possível buscar as consultas do titular.',
  empty: 'Nenhuma consulta encontrada para este documento',
  emptyHint: 'Só aparecem as consultas cuja entrada trazia este CPF ou CNPJ.',
  prompt: 'Informe o CPF ou CNPJ de uma pessoa para ver quem a consultou, quando e com qual finalidade.',
  noPurpose: 'Sem finalidade registrada',
  noResult: 'Sem resultado guardado',
  expired: 'Expirado',
  pdfButton: 'Baixar relatório (PDF)',
  pdfFailed: 'Erro ao gerar o relatório',
  pdfTitle: 'Relatório de compartilhamento de dados pessoais',
  pdfSubtitle: 'Lei 13.709/2018 (LGPD), art. 18, VII, e art. 19',
  operator: 'Painel Consulta',
  pdfFooter: 'Relatório gerado pelo Painel Consulta (LGPD, art. 18, VII, e art. 19).',
  pdfIntro:
    'Este relatório lista cada consulta feita neste painel cuja entrada trazia o documento acima: quando foi feita, por quem, em qual módulo, com qual finalidade e sob qual base legal do art. 7º da LGPD, e até quando o seu resultado fica guardado.',
  pdfRights:
    'Você, titular dos dados, pode a qualquer momento pedir ao operador a confirmação e o acesso aos dados tratados, a correção de dados incompletos, inexatos ou desatualizados, a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei, informações sobre com quem os dados foram compartilhados e a revisão de decisões automatizadas (LGPD, arts. 18 e 20). Também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
  /** 'N consultas encontradas'. */
  found: (total: string, one: boolean) => `${total} ${one ? 'consulta encontrada' : 'consultas encontradas'}`,
} as const;

/** How the report's lookups were read: pages of this size, at most this many pages. */
export const REPORT_PAGE_SIZE = 100;
export const REPORT_MAX_PAGES = 50;
