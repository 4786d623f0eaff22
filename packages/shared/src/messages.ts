/**
 * Every Portuguese text that a user can read and that both the server and the web need.
 * Server error codes map to these; the web shows them as they are.
 */
export const messages = {
  // validation (product.md §5, decisions.md §3)
  required: 'Campo obrigatório',
  invalidEmail: 'Email inválido',
  onlyDigits: 'Apenas números',
  fillAllDigits: 'Preencha todos os dígitos',
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
  validationFailed: 'Verifique os campos destacados',

  // auth and sessions (decisions.md §4)
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
  invalidJson: 'Corpo da requisição inválido (JSON malformado)',
  payloadTooLarge: 'Requisição grande demais',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  networkError: 'Não foi possível falar com o servidor. Verifique sua conexão.',

  // modules and lookups (product.md §5, §8; decisions.md §6)
  invalidUrl: 'Informe uma URL válida (http:// ou https://) ou um caminho /demo-api/',
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
  upstreamNotFound: 'Nenhum resultado encontrado',
  upstreamError: 'O provedor de dados falhou. Nada foi cobrado; tente novamente.',
  upstreamTimeout: 'O provedor de dados não respondeu a tempo. Nada foi cobrado; tente novamente.',
  upstreamUnavailable: 'O provedor de dados está fora do ar. Nada foi cobrado; tente em instantes.',
  upstreamBlocked: 'O endereço do provedor não é permitido',
  insufficientCredits: 'Créditos insuficientes para esta consulta',
  insufficientBalance: 'Saldo insuficiente',
  quotaExceeded: 'Limite de 24h deste módulo atingido',
  noQuota: 'Sem acesso a este módulo',
  noAccess: 'Sem acesso: assine um plano para continuar',
  trialNotForCreditModules: 'Teste não inclui módulos por crédito.',
  trialModuleNotAvailable: 'this module is not available in free trial, assinar um plano',
  trialExhausted: 'Você esgotou seus testes gratuitos. Assine um plano para continuar.',
  trialNoneLeft: 'Sem testes restantes.',
  trialResultNote: 'Resultado de teste: parte dos dados está oculta. Assine um plano para ver tudo.',
  imageRequired: 'Envie uma imagem no campo image',
  imageTooLarge: 'A imagem deve ter no máximo 5MB',
  imageType: 'Formato não suportado: envie PNG, JPEG, WEBP, GIF ou SVG',
  imageNotFound: 'Imagem não encontrada',
  topupMinNonNegative: 'O valor mínimo de recarga não pode ser negativo',
  trialLimitRange: 'O limite de testes deve ser um número inteiro de 0 a 1000',

  // web
  captchaLoadFailed: 'Não foi possível carregar o captcha. Clique em Trocar para tentar de novo.',
} as const;

export type MessageKey = keyof typeof messages;
