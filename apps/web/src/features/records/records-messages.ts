/** Texts only the records of processing screen shows (docs/product/records.md). */
export const recordsMessages = {
  loadFailed: 'Não foi possível carregar os registros de tratamento.',
  exportFailed: 'Erro ao exportar CSV',
  pdfFailed: 'Erro ao gerar o PDF',
  empty: 'Nenhuma consulta no período',
  emptyHint: 'Escolha outro período: só contam as consultas enviadas ao provedor de dados.',
  pdfTitle: 'Registro das operações de tratamento (LGPD, art. 37)',
  /** How the lookups were counted, on the screen and in the PDF. */
  countingRule:
    'Contam as consultas enviadas ao provedor de dados, com ou sem resultado; o revendedor é o responsável atual de cada usuário.',
  operator: 'Painel Consulta',
  pdfFooter: 'Documento gerado automaticamente pelo Painel Consulta para uso interno.',
} as const;
