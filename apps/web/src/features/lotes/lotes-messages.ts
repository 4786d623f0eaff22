/** Texts only the batches' screens show (docs/product/lotes.md); the server's refusals are in packages/shared/src/messages.ts. */
export const lotesMessages = {
  loadFailed: 'Não foi possível carregar os lotes.',
  empty: 'Nenhum lote ainda. Envie um arquivo para começar.',
  quoteFailed: 'Não foi possível enviar o lote',
  confirmFailed: 'Não foi possível iniciar o lote',
  cancelFailed: 'Não foi possível cancelar o lote',
  discardFailed: 'Não foi possível descartar a cotação',
  downloadFailed: 'Não foi possível baixar o resultado',
  moduleRequired: 'Escolha o módulo',
  trialNotice: 'O teste gratuito não inclui consultas em lote.',
} as const;
