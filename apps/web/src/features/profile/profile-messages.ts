/**
 * The profile texts of docs/product/users.md#profile that only the panel shows (the server has its own messages
 * for what it refuses), so they live with the feature.
 */
export const profileMessages = {
  updateFailed: 'Erro ao atualizar perfil',
  passwordFailed: 'Erro ao alterar senha',
  otherSessionsEnded: 'As sessões abertas em outros dispositivos foram encerradas. Esta continua conectada.',
  whatsappInvalid: 'Informe o WhatsApp com DDD, só com números (ex.: 11 99999-0000)',
  telegramInvalid: 'Informe o usuário do Telegram (ex.: @sualoja) ou o link t.me',
  statementLoadFailed: 'Não foi possível carregar o extrato. Tente novamente em instantes.',
  statementEmpty: 'Nenhuma movimentação de créditos',
} as const;
