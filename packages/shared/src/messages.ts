import { PIX_EXPIRY_MINUTES } from './rules/pix-status.ts';
import { QUOTA_WINDOW_HOURS } from './rules/quota.ts';

/** How the quota window reads on every screen: 'Limite 24h', 'últimas 24h'. */
const quotaWindow = `${QUOTA_WINDOW_HOURS}h`;

/**
 * Every Portuguese text that a user can read and that both the server and the web need.
 * Server error codes map to these; the web shows them as they are.
 */
export const messages = {
  // validation (docs/product/errors.md#validation)
  required: 'Campo obrigatório',
  invalidEmail: 'Email inválido',
  onlyDigits: 'Apenas números',
  fillAllDigits: 'Preencha todos os dígitos',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  invalidCpfCnpj: 'CPF ou CNPJ inválido',
  invalidPlate: 'Placa inválida',
  invalidRenavam: 'Renavam inválido',
  invalidChassis: 'Chassi inválido',
  invalidCep: 'CEP inválido',
  invalidPhone: 'Telefone inválido',
  invalidPis: 'PIS/NIS/NIT inválido',
  invalidCns: 'CNS inválido',
  invalidVoterTitle: 'Título de eleitor inválido',
  passwordsDoNotMatch: 'As senhas não coincidem',
  captchaRequired: 'Resolva o captcha para continuar',
  passwordMin6: 'A nova senha deve ter pelo menos 6 caracteres',
  registerPasswordMin6: 'A senha deve ter pelo menos 6 caracteres',
  passwordMin4: 'Mínimo 4 caracteres',
  invalidValue: 'Por favor, insira um valor válido',
  invalidRole: 'Role inválido',
  banReasonRequired: 'Motivo do banimento é obrigatório',
  invalidModulesJson: 'JSON de módulos inválido',
  tooLong: (max: number) => `Máximo de ${max} caracteres`,
  tooMany: (max: number) => `Máximo de ${max} itens`,
  validationFailed: 'Verifique os campos destacados',

  // auth and sessions (docs/product/sessions.md)
  loginFailed: 'Erro ao fazer login',
  registerFailed: 'Erro ao cadastrar',
  registeredSigningIn: 'Cadastro realizado com sucesso. Entrando...',
  captchaInvalid: 'Captcha inválido ou expirado. Tente novamente.',
  invalidCredentials: 'Email ou senha inválidos',
  userBanned: (motivo: string | null) =>
    motivo ? `Sua conta foi banida. Motivo: ${motivo}` : 'Sua conta foi banida.',
  userInactive: 'Sua conta está inativa. Fale com o suporte.',
  emailInUse: 'Este email já está cadastrado',
  unauthenticated: 'Faça login para continuar',
  sessionEvicted: 'Sua sessão foi encerrada porque sua conta entrou em outro dispositivo.',
  sessionEnded: 'Sua sessão foi encerrada. Entre novamente.',
  tokenExpired: 'Sua sessão expirou. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação',
  rateLimited: (seconds: number) =>
    `Muitas tentativas. Tente novamente em ${seconds > 90 ? `${Math.ceil(seconds / 60)} minutos` : `${seconds} segundos`}.`,

  // generic
  notFound: 'Recurso não encontrado',
  routeNotFound: 'Rota não encontrada',
  internalError: 'Erro interno do servidor. Tente novamente em instantes.',
  serviceUnavailable: 'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
  invalidJson: 'Corpo da requisição inválido (JSON malformado)',
  payloadTooLarge: 'Requisição grande demais',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  badRequest: 'Requisição inválida',
  badUrl: 'Endereço da requisição inválido',
  uriTooLong: 'Endereço da requisição longo demais',
  headersTooLarge: 'Cabeçalhos da requisição grandes demais',
  requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
  invalidCharacters: 'Remova os caracteres inválidos do texto',
  invalidId: 'Identificador inválido',
  networkError: 'Não foi possível falar com o servidor. Verifique sua conexão.',
  offlineNothingCharged: 'Sem conexão com o servidor. Nada foi cobrado.',
  connectionLostOutcomeUnknown:
    'A conexão com o servidor caiu antes da resposta. A operação pode ter sido concluída: confira antes de tentar de novo.',

  // modules and lookups (docs/product/lookups.md, docs/product/modules.md)
  invalidUrl: 'Informe uma URL válida (http:// ou https://) ou um caminho /demo-api/',
  apiUrlOutsideDemoApi: 'O caminho precisa ficar dentro de /demo-api/',
  apiUrlPlaceholderInHost:
    'Campos {…} só podem ficar no caminho ou nos parâmetros da URL, não no endereço do servidor',
  timeoutRange: 'O timeout deve estar entre 5 e 300 segundos',
  priceNonNegative: 'O preço não pode ser negativo',
  priceCents: 'Use no máximo duas casas decimais',
  limitMin1: 'O limite mínimo é 1',
  limitNonNegative: 'O limite não pode ser negativo',
  fieldNameInvalid: 'Use letras, números e _ (começando por letra)',
  fieldNamesRepeated: 'Há campos de entrada com o mesmo nome',
  statusFlagRequired: 'Envie exatamente um campo: ativo ou manutencao',
  reorderInvalid: 'Lista de ordem inválida',
  moduleNotFound: 'Módulo não encontrado',
  moduleMaintenance: 'Módulo em manutenção. Tente novamente mais tarde.',
  lookupNotFound: 'Consulta não encontrada',
  lookupFailed: 'Erro ao realizar consulta',
  // A lookup sent with an Idempotency-Key (the panel's always is): retrying it never pays twice.
  lookupConnectionLostRetrySafe:
    'A conexão com o servidor caiu antes da resposta. Clique em Consultar de novo: esta consulta não será cobrada duas vezes.',
  lookupStillRunning:
    'Sua consulta ainda está em andamento no servidor. Aguarde alguns segundos e clique em Consultar de novo: ela não será cobrada duas vezes.',
  upstreamNotFound: 'Nenhum resultado encontrado',
  upstreamError: 'O provedor de dados falhou. Nada foi cobrado; tente novamente.',
  upstreamTimeout: 'O provedor de dados não respondeu a tempo. Nada foi cobrado; tente novamente.',
  upstreamUnavailable: 'O provedor de dados está fora do ar. Nada foi cobrado; tente em instantes.',
  upstreamBlocked: 'O endereço do provedor não é permitido',
  insufficientCredits: 'Créditos insuficientes para esta consulta',
  insufficientBalance: 'Saldo insuficiente',
  quotaWindow,
  quotaExceeded: `Limite de ${quotaWindow} deste módulo atingido`,
  noQuota: 'Sem acesso a este módulo',
  noAccess: 'Sem acesso: assine um plano para continuar',
  trialNotForCreditModules: 'Teste não inclui módulos por crédito.',
  trialModuleNotAvailable: 'this module is not available in free trial, assinar um plano',
  trialExhausted: 'Você esgotou seus testes gratuitos. Assine um plano para continuar.',
  trialNoneLeft: 'Sem testes restantes.',
  trialResultNote: 'Resultado de teste: parte dos dados está oculta. Assine um plano para ver tudo.',

  // justified reveal and minors (docs/product/reveal-and-minors.md)
  revealJustificationShort: 'Explique por que precisa ver os dados completos (mínimo 10 caracteres)',
  revealTrial: 'Resultados de teste não podem ser revelados. Assine um plano para ver os dados completos.',
  revealMinor: 'Dados de menor de idade: a finalidade desta consulta não permite exibi-los',
  lookupWithoutResult: 'Esta consulta não trouxe resultado',
  lookupResultExpired: 'O resultado desta consulta expirou e não está mais guardado.',

  imageRequired: 'Envie uma imagem no campo image',
  imageTooLarge: 'A imagem deve ter no máximo 5MB',
  imageType: 'Formato não suportado: envie PNG, JPEG, WEBP, GIF ou SVG',
  imageNotFound: 'Imagem não encontrada',
  topupMinNonNegative: 'O valor mínimo de recarga não pode ser negativo',
  trialLimitRange: 'O limite de testes deve ser um número inteiro de 0 a 1000',

  // users (docs/product/users.md)
  userNotFound: 'Usuário não encontrado',
  planNotFound: 'Plano não encontrado',
  invalidDate: 'Data inválida',
  dateOutOfRange: 'Informe uma data entre os anos 1900 e 9999',
  creditsCents: 'Use no máximo duas casas decimais',
  responsibleNotFound:
    'Responsável não encontrado. Dica: digite o nome, email ou ID de um usuário do tipo revendedor ou admin.',
  responsibleIsSelf: 'Um usuário não pode ser responsável por si mesmo',
  bulkTimeRequired: 'Informe dias ou horas maiores que 0',
  bulkUsersEmpty: 'Selecione ao menos um usuário',
  bulkUsersTooMany: 'Selecione no máximo 10.000 usuários',
  cannotTargetSelf: 'Você não pode fazer isso com a sua própria conta',
  resellerCreatesUsuarioOnly: 'Revendedores só podem criar usuários do tipo usuario',
  wrongCurrentPassword: 'Senha atual incorreta',
  userCreated: 'Usuário criado com sucesso',
  userUpdated: 'Usuário atualizado com sucesso',
  userDeleted: 'Usuário deletado com sucesso',
  userBannedDone: 'Usuário banido',
  userUnbanned: 'Usuário desbanido',
  creditsAdded: 'Créditos adicionados',
  creditsRemoved: 'Créditos removidos',
  takeBackLimit: (credits: number) =>
    `Você só pode retirar deste cliente os créditos que transferiu a ele. Disponível para retirar: ${credits.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} créditos.`,
  daysAdded: 'Dias adicionados',
  daysRemoved: 'Dias removidos',
  planActivated: 'Plano ativado',
  roleChanged: 'Role alterado',
  moduleLimitSet: 'Limite do módulo atualizado',
  limitsReset: 'Limites resetados',
  timeAdded: 'Tempo adicionado com sucesso',
  profileUpdated: 'Perfil atualizado com sucesso!',
  whatsappInvalid: 'Informe o WhatsApp com DDD, só com números (ex.: 11 99999-0000)',
  telegramInvalid: 'Informe o usuário do Telegram (ex.: @sualoja) ou o link t.me',
  passwordChanged: 'Senha alterada com sucesso!',

  // payments (docs/product/plans-and-payments.md)
  planNameRequired: 'Informe o nome do plano',
  planPriceInvalid: 'Informe um preço válido (em centavos, sem negativos)',
  planDurationInvalid: 'A duração deve ser um número inteiro maior que 0',
  planDurationMax: 'A duração pode ser de no máximo 1000',
  planDurationUnitInvalid: 'Unidade inválida: use dias, meses ou anos',
  planConcurrentIpsMin: 'O mínimo é 1 acesso simultâneo',
  planInUse:
    'Este plano já foi assinado ou cobrado e não pode ser deletado. Desative-o para que não seja mais oferecido.',
  planUnavailable: 'Este plano não está disponível no momento.',
  planDeleteConfirm: 'Tem certeza que deseja deletar este plano?',
  planCreated: 'Plano criado',
  planUpdated: 'Plano atualizado',
  planDeleted: 'Plano deletado',
  noPlansAvailable: 'Nenhum plano disponível no momento.',
  noPlansRegistered: 'Nenhum plano cadastrado',
  topupMin: (min: string) => `Valor mínimo para recarga é R$ ${min}`,
  topupMax: (max: string) => `Valor máximo para recarga é R$ ${max}`,
  topupAmountRequired: 'Informe o valor da recarga',
  topupAmountNotNumber: 'Valor inválido',
  topupInvalid: 'Informe um valor válido, com no máximo duas casas decimais',
  idempotencyKeyRequired: 'Chave de idempotência obrigatória',
  idempotencyConflict: 'Esta chave de idempotência já foi usada para outro pagamento',
  idempotencyKeyInvalid: (max: number) =>
    `Idempotency-Key inválida: use de 1 a ${max} caracteres visíveis (letras, números e símbolos), sem acentos nem caracteres de controle.`,
  idempotencyMismatch:
    'Esta Idempotency-Key já foi usada em outra consulta, com outros dados. Use uma chave nova para cada consulta.',
  idempotencyInProgress:
    'Uma consulta com esta Idempotency-Key ainda está em andamento. Aguarde a resposta dela antes de tentar de novo.',
  pixFailed: 'Falha ao gerar PIX',
  pixNotConfigured: 'PIX não configurado: o administrador precisa informar a chave do provedor.',
  paymentNotFound: 'Pagamento não encontrado',
  paymentConfirmed: 'Pagamento confirmado ✅',
  paymentExpired: 'Pagamento expirou',
  pixCodeCopied: 'Código PIX copiado...',
  pixExpiresWithin: `Expiração em até ${PIX_EXPIRY_MINUTES} min`,
  noPayments: 'Nenhum pagamento',
  noPaymentsFound: 'Nenhum pagamento encontrado',
  webhookInvalid: 'Assinatura do webhook inválida',
  sandboxChargeExpired: 'Esta cobrança de teste já expirou',
  pixProviderInvalid: 'Provedor PIX inválido: use sandbox ou mercadopago',
  tooManyOpenCharges: 'Você já tem muitas cobranças PIX em aberto. Pague uma delas ou aguarde expirarem.',
  pixKeyRequired: 'Informe a chave de acesso do Mercado Pago (easy_pix_api_key) antes de ativá-lo',

  // purposes of lookups (docs/product/purposes.md)
  purposeRequired: 'Informe a finalidade da consulta',
  purposeNameRequired: 'Informe o nome da finalidade',
  legalBasisInvalid: 'Escolha uma das bases legais do art. 7º da LGPD (I a X)',
  purposeNameInUse: 'Já existe uma finalidade com este nome',
  purposeNotFound: 'Finalidade não encontrada',
  purposeInUse:
    'Esta finalidade já foi usada em consultas e não pode ser excluída. Desative-a para que não seja mais oferecida.',
  purposeRecordFixed:
    'Esta finalidade já foi usada em consultas: o nome e a base legal fazem parte do registro delas e não podem mudar. Desative-a e crie outra.',
  purposeNameReserved: 'Este nome é o das consultas sem finalidade; escolha outro',
  purposeDeleted: 'Finalidade excluída',

  // customers' API keys (docs/product/api-keys.md)
  apiKeyNameRequired: 'Dê um nome à chave',
  apiKeyModulesInvalid: 'Informe a lista de módulos pelos seus números',
  apiKeyModulesEmpty: 'Escolha ao menos um módulo, ou deixe em branco para todos',
  apiKeyIpInvalid: 'Informe endereços IP ou faixas CIDR',
  apiKeyIpInvalidAt: (text: string) => `Endereço IP ou faixa CIDR inválida: ${text}`,
  apiKeyIpsEmpty: 'Informe ao menos um endereço, ou deixe em branco para aceitar qualquer um',
  apiKeyDailyCapMin: 'O limite diário deve ser de pelo menos 0,01 crédito',
  apiKeyExpiryPast: 'A data de expiração deve estar no futuro',
  apiKeyRateRange: (max: number) => `Use de 1 a ${max} requisições por segundo`,
  apiKeyLimitReached: (max: number) =>
    `Você já tem ${max} chaves de API ativas. Revogue uma antes de criar outra.`,
  apiKeyNotFound: 'Chave de API não encontrada',
  apiKeyRevoked: 'Chave de API revogada',
  apiKeyInvalid: 'Chave de API inválida',
  apiKeyRevokedUse: 'Esta chave de API foi revogada',
  apiKeyExpired: 'Esta chave de API expirou',
  apiKeyUserBanned: 'A conta desta chave de API está banida',
  apiKeyUserInactive: 'A conta desta chave de API está desativada',
  apiKeyIpDenied: 'Esta chave de API não pode ser usada a partir deste endereço IP',
  apiKeyNotAllowed:
    'Chaves de API servem só para consultas, lotes, módulos ativos e perfil (POST/GET /api/consultas, /api/lotes, GET /api/modulos/ativos, GET /api/profile)',
  apiKeyModuleDenied: 'Esta chave de API não pode consultar este módulo',
  apiKeyDailyCap:
    'Esta chave de API atingiu o limite diário de créditos. Tente amanhã ou peça um limite maior.',

  // batch lookups (docs/product/lotes.md)
  loteFileRequired: 'Envie um arquivo CSV ou XLSX, ou cole uma coluna de valores',
  loteFileType: 'O arquivo deve ser CSV ou XLSX',
  loteFileTooLarge: 'O arquivo pode ter no máximo 5 MB',
  loteFileUnreadable: 'Não foi possível ler o arquivo. Salve-o como CSV (UTF-8) ou XLSX e envie de novo.',
  loteEmpty: 'O arquivo não tem nenhuma linha para consultar',
  loteTooManyRows: (max: string) => `O lote pode ter no máximo ${max} linhas`,
  loteHeaderMissing: (fields: string) => `A primeira linha deve nomear os campos do módulo: ${fields}`,
  loteRowExtraColumns: 'A linha tem mais colunas que o cabeçalho',
  loteHeaderRepeated: (field: string) => `A primeira linha nomeia o campo ${field} mais de uma vez`,
  loteOneFile: 'Envie um só arquivo por lote',
  loteTrialNotAllowed: 'O teste gratuito não inclui consultas em lote. Assine um plano ou compre créditos.',
  loteNotQuoted: 'Este lote já foi iniciado ou encerrado',
  loteNotRunning: 'Este lote não está em andamento',
  loteRunningLimit: (max: number) =>
    `Você já tem ${max} lotes em andamento. Aguarde um terminar ou cancele-o.`,
  loteNoValidRows: 'Nenhuma linha válida para consultar',
  loteInsufficientCredits: 'Créditos insuficientes para todas as linhas válidas deste lote',
  loteQuotaShort: 'A cota de 24 h deste módulo não cobre todas as linhas válidas deste lote',
  loteNotFound: 'Lote não encontrado',
  lotePriceChanged: 'O preço do módulo mudou desde a cotação. Envie o arquivo de novo para uma nova cotação.',
  loteXlsxBusy: 'Seu arquivo XLSX anterior ainda está sendo lido. Aguarde alguns segundos e envie de novo.',
  lotePasted: 'Coluna colada',
  // the quote form, result downloads and live streams (attack-lotes-2 findings 4, 7, 9)
  loteFieldRepeated: (field: string) => `O campo ${field} foi enviado mais de uma vez`,
  loteFormTooManyFields:
    'O formulário tem campos demais. Envie só modulo_id, finalidade_id, justificativa e o arquivo (ou texto).',
  eventStreamLimit: (max: number) =>
    `Você já tem ${max} conexões ao vivo abertas. Feche outras abas do painel e tente de novo.`,
  loteDownloadLimit: (max: number) =>
    `Você já está baixando ${max} resultados de lote ao mesmo tempo. Aguarde um terminar e tente de novo.`,
  loteDownloadsBusy:
    'O painel está gerando muitos resultados de lote agora. Tente de novo em alguns segundos.',
  loteXlsxTooLarge: (size: string) =>
    `O resultado deste lote passa de ${size} e é grande demais para XLSX. Baixe o CSV, que traz as mesmas colunas.`,

  // who looked a titular up (docs/product/titulares.md)
  titularDocumentInvalid: 'Informe um CPF ou CNPJ válido',

  // settings (docs/product/admin.md#settings)
  topupMaxPositive: 'O valor máximo de recarga deve ser maior que zero',
  topupSettingCeiling: (ceiling: string) => `O valor de recarga pode ser de no máximo R$ ${ceiling}`,
  topupSettingCents: 'Informe o valor em reais, com no máximo duas casas decimais',
  topupMinAboveMax: (max: string) => `O valor mínimo de recarga não pode ser maior que o máximo (R$ ${max})`,
  topupMaxBelowMin: (min: string) => `O valor máximo de recarga não pode ser menor que o mínimo (R$ ${min})`,

  // metrics and logs (issue 7)
  periodStartAfterEnd: 'A data inicial deve ser anterior ou igual à data final',
  periodTooLong: (days: number) => `O período máximo é de ${days} dias`,
  metricsNoReseller: 'Sem revendedor',

  // records of processing (docs/product/records.md)
  recordsNoPurpose: 'Sem finalidade',
  recordsDirect: 'Direto',

  // web
  captchaLoadFailed: 'Não foi possível carregar o captcha. Clique em Trocar para tentar de novo.',
} as const;

export type MessageKey = keyof typeof messages;
