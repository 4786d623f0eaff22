/**
 * The 'Chaves de API' card's texts that only the panel shows (docs/product/api-keys.md#tela); the
 * server's refusals (the 10-key limit, a bad address) come with their own message.
 */
export const apiKeysMessages = {
  loadFailed: 'Não foi possível carregar as chaves de API.',
  createFailed: 'Erro ao criar chave de API',
  revokeFailed: 'Erro ao revogar chave de API',
  empty: 'Nenhuma chave de API. Crie uma para consultar a partir dos seus próprios sistemas.',
  keepItNow: 'Guarde esta chave agora: ela não será mostrada de novo.',
  copied: 'Chave copiada',
  copyFailed: 'Não foi possível copiar. Selecione a chave e copie à mão.',
  capInvalid: 'Informe o limite em créditos, como 25,50',
} as const;
