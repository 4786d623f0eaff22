/**
 * The spellings a lookup result may use for each key (docs/demo-provider.md, "Field-name variants").
 * Real providers disagree on names; the result view reads the first spelling present. The demo provider
 * writes exactly these spellings (packages/demo-provider), so reader and writer share one table.
 */
export const FIELD_VARIANTS = {
  // envelope
  _aviso: ['_aviso'],
  total: ['total'],
  resultados: ['resultados', 'RESULTADOS', 'registros'],

  // person: basic data (inside the basic-data wrapper, or flat at the top level)
  dadosBasicos: ['dadosBasicos', 'DADOS_BASICOS'],
  nome: ['nome', 'NOME'],
  nomeSocial: ['nomeSocial', 'NOME_SOCIAL'],
  cpf: ['cpf', 'CPF'],
  sexo: ['sexo', 'SEXO', 'genero'],
  racaCor: ['racaCor', 'RACA_COR', 'corRaca'],
  signo: ['signo', 'SIGNO'],
  rendaAtual: ['rendaAtual', 'RENDA', 'renda'],
  nasc: ['nasc', 'dataNascimento', 'DT_NASCIMENTO'],
  filiacao: ['filiacao', 'FILIACAO', 'pais'],
  nomeMae: ['nomeMae', 'NOME_MAE', 'mae'],
  nomePai: ['nomePai', 'NOME_PAI', 'pai'],
  scoreSpc: ['scoreSpc', 'SCORE_SPC'],
  scoreFaixa: ['scoreFaixa', 'FAIXA_SCORE', 'faixaScore'],
  situacao: ['situacao', 'SITUACAO', 'status'],
  vipSus: ['vipSus', 'VIP_SUS'],
  empresario: ['empresario', 'EMPRESARIO'],
  aposentado: ['aposentado', 'APOSENTADO'],
  servidorPubl: ['servidorPubl', 'servidorPublico', 'SERVIDOR_PUBLICO'],

  // person: documents
  registroGeral: ['registroGeral', 'REGISTRO_GERAL', 'rg'],
  orgao: ['orgao', 'orgaoEmissor', 'ORGAO_EMISSOR'],
  serie: ['serie'],
  digito: ['digito'],
  documentos: ['documentos', 'DOCUMENTOS'],
  cns: ['cns', 'CNS'],
  tituloEleitor: ['tituloEleitor', 'TITULO_ELEITOR'],
  nis: ['nis', 'NIS'],
  certidoes: ['certidoes', 'CERTIDOES', 'certificates'],
  cartorio: ['cartorio'],
  municipio: ['municipio'],
  livro: ['livro'],
  folha: ['folha'],
  termo: ['termo'],
  matricula: ['matricula'],
  registro: ['registro'],
  pis: ['pis', 'PIS', 'pisNit'],
  inclusao: ['inclusao'],
  atualizacao: ['atualizacao'],
  categoria: ['categoria'],

  // person: credit analytics (two blocks of the same shape)
  analytics: ['analytics', 'ANALYTICS'],
  serasa: ['serasa', 'SERASA', 'credito'],
  scores: ['scores', 'SCORES'],
  modelo: ['modelo'],
  score: ['score'],
  faixa: ['faixa'],
  mosaic: ['mosaic', 'MOSAIC', 'mosaicPrimario'],
  mosaicSecundario: ['mosaicSecundario', 'MOSAIC_SECUNDARIO'],
  mosaicNovo: ['mosaicNovo', 'MOSAIC_NOVO', 'novoMosaic'],
  codigo: ['codigo'],
  descricao: ['descricao'],

  // person: lists
  interesses: ['interesses', 'INTERESSES', 'interests'],
  enderecos: ['enderecos', 'ENDERECOS', 'addresses'],
  telefones: ['telefones', 'TELEFONES', 'phones'],
  emails: ['emails', 'EMAILS', 'listaEmails'],
  parentes: ['parentes', 'PARENTES', 'relatives'],
  vizinhos: ['vizinhos', 'VIZINHOS', 'neighbors'],
  empregos: ['empregos', 'EMPREGOS', 'jobs'],

  // list items
  tipo: ['tipo'],
  origem: ['origem'],
  data: ['data'],
  valor: ['valor'],
  logradouro: ['logradouro', 'LOGRADOURO'],
  numero: ['numero'],
  bairro: ['bairro'],
  cidade: ['cidade', 'CIDADE'],
  uf: ['uf', 'UF'],
  cep: ['cep', 'CEP'],
  complemento: ['complemento'],
  principal: ['principal'],
  atualizado: ['atualizado', 'dataAtualizacao', 'DT_ATUALIZACAO'],
  ddd: ['ddd'],
  tipoLinha: ['tipoLinha'],
  tipoUso: ['tipoUso'],
  email: ['email', 'EMAIL'],
  blacklist: ['blacklist'],
  parentesco: ['parentesco', 'PARENTESCO', 'grauParentesco'],
  tipoVinculo: ['tipoVinculo'],
  idade: ['idade'],
  distancia: ['distancia'],
  empresa: ['empresa'],
  cnpj: ['cnpj', 'CNPJ'],
  cargo: ['cargo'],
  admissao: ['admissao'],
  demissao: ['demissao'],
  cadastro: ['cadastro'],
  cbo: ['cbo'],
  ctps: ['ctps'],

  // company
  razaoSocial: ['razaoSocial', 'RAZAO_SOCIAL', 'nomeEmpresarial'],
  nomeFantasia: ['nomeFantasia', 'NOME_FANTASIA'],
  situacaoCadastral: ['situacaoCadastral', 'SITUACAO_CADASTRAL'],
  dataSituacao: ['dataSituacao'],
  abertura: ['abertura', 'dataAbertura', 'DATA_ABERTURA'],
  matrizFilial: ['matrizFilial'],
  porte: ['porte'],
  naturezaJuridica: ['naturezaJuridica'],
  cnaePrincipal: ['cnaePrincipal', 'CNAE_PRINCIPAL'],
  cnaesSecundarios: ['cnaesSecundarios', 'CNAES_SECUNDARIOS'],
  capitalSocial: ['capitalSocial'],
  opcaoSimples: ['opcaoSimples'],
  opcaoMei: ['opcaoMei'],
  endereco: ['endereco', 'ENDERECO'],
  qsa: ['qsa', 'QSA', 'socios'],
  qualificacao: ['qualificacao'],
  entrada: ['entrada'],
  filiais: ['filiais', 'FILIAIS'],

  // vehicle
  placa: ['placa', 'PLACA'],
  placaMercosul: ['placaMercosul'],
  chassi: ['chassi', 'CHASSI'],
  renavam: ['renavam', 'RENAVAM'],
  numeroMotor: ['numeroMotor', 'motor'],
  marca: ['marca'],
  marcaModelo: ['marcaModelo'],
  anoFabricacao: ['anoFabricacao', 'ANO_FABRICACAO'],
  anoModelo: ['anoModelo', 'ANO_MODELO'],
  cor: ['cor'],
  combustivel: ['combustivel'],
  especie: ['especie'],
  cilindradas: ['cilindradas'],
  potencia: ['potencia'],
  procedencia: ['procedencia'],
  restricoes: ['restricoes', 'RESTRICOES'],
  proprietario: ['proprietario', 'PROPRIETARIO'],
  documento: ['documento'],
  tipoDocumento: ['tipoDocumento'],
  ultimoLicenciamento: ['ultimoLicenciamento'],

  // phone, email and CEP lookups
  telefone: ['telefone'],
  operadora: ['operadora'],
  portado: ['portado'],
  titulares: ['titulares', 'TITULARES'],
  desde: ['desde'],
  emailConsultado: ['emailConsultado'],
  ibge: ['ibge'],
  moradores: ['moradores', 'MORADORES'],

  // test endpoints
  ok: ['ok'],
  error: ['error'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type ResultField = keyof typeof FIELD_VARIANTS;

/** Every spelling of a field, or the name itself when it has only one. */
export function spellingsOf(field: string): readonly string[] {
  return (FIELD_VARIANTS as Record<string, readonly string[]>)[field] ?? [field];
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value under the first spelling of `field` that the object holds (null counts as present). */
export function readField(object: unknown, field: string): unknown {
  if (!isObject(object)) return undefined;
  for (const spelling of spellingsOf(field)) {
    if (Object.hasOwn(object, spelling)) return object[spelling];
  }
  return undefined;
}

/** The first spelling of `field` the object holds, so a view can leave that key out of its generic part. */
export function presentKey(object: unknown, field: string): string | undefined {
  if (!isObject(object)) return undefined;
  return spellingsOf(field).find((spelling) => Object.hasOwn(object, spelling));
}

/** Every key of the given fields, in all their spellings. */
export function keysOf(fields: readonly string[]): Set<string> {
  return new Set(fields.flatMap((field) => spellingsOf(field)));
}

/** The array under a field, or an empty one. */
export function readList(object: unknown, field: string): JsonObject[] {
  const value = readField(object, field);
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** Text of a primitive under a field; '' when absent or not primitive. */
export function readText(object: unknown, field: string): string {
  const value = readField(object, field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
