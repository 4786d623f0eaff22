/**
 * The spellings a lookup result may use for each key (docs/demo-provider.md, "Field-name variants").
 * Real providers disagree on names; the result view reads the first spelling present. Only the keys
 * with more than one spelling, or that the view reads by name, are listed.
 */
export const FIELD_VARIANTS = {
  resultados: ['resultados', 'RESULTADOS', 'registros'],
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
  registroGeral: ['registroGeral', 'REGISTRO_GERAL', 'rg'],
  orgao: ['orgao', 'orgaoEmissor', 'ORGAO_EMISSOR'],
  documentos: ['documentos', 'DOCUMENTOS'],
  cns: ['cns', 'CNS'],
  tituloEleitor: ['tituloEleitor', 'TITULO_ELEITOR'],
  nis: ['nis', 'NIS'],
  certidoes: ['certidoes', 'CERTIDOES', 'certificates'],
  pis: ['pis', 'PIS', 'pisNit'],
  analytics: ['analytics', 'ANALYTICS'],
  serasa: ['serasa', 'SERASA', 'credito'],
  scores: ['scores', 'SCORES'],
  mosaic: ['mosaic', 'MOSAIC', 'mosaicPrimario'],
  mosaicSecundario: ['mosaicSecundario', 'MOSAIC_SECUNDARIO'],
  mosaicNovo: ['mosaicNovo', 'MOSAIC_NOVO', 'novoMosaic'],
  interesses: ['interesses', 'INTERESSES', 'interests'],
  enderecos: ['enderecos', 'ENDERECOS', 'addresses'],
  telefones: ['telefones', 'TELEFONES', 'phones'],
  emails: ['emails', 'EMAILS', 'listaEmails'],
  parentes: ['parentes', 'PARENTES', 'relatives'],
  vizinhos: ['vizinhos', 'VIZINHOS', 'neighbors'],
  empregos: ['empregos', 'EMPREGOS', 'jobs'],
  logradouro: ['logradouro', 'LOGRADOURO'],
  cidade: ['cidade', 'CIDADE'],
  uf: ['uf', 'UF'],
  cep: ['cep', 'CEP'],
  atualizado: ['atualizado', 'dataAtualizacao', 'DT_ATUALIZACAO'],
  email: ['email', 'EMAIL'],
  parentesco: ['parentesco', 'PARENTESCO', 'grauParentesco'],
  cnpj: ['cnpj', 'CNPJ'],
  razaoSocial: ['razaoSocial', 'RAZAO_SOCIAL', 'nomeEmpresarial'],
  nomeFantasia: ['nomeFantasia', 'NOME_FANTASIA'],
  situacaoCadastral: ['situacaoCadastral', 'SITUACAO_CADASTRAL'],
  abertura: ['abertura', 'dataAbertura', 'DATA_ABERTURA'],
  cnaePrincipal: ['cnaePrincipal', 'CNAE_PRINCIPAL'],
  cnaesSecundarios: ['cnaesSecundarios', 'CNAES_SECUNDARIOS'],
  endereco: ['endereco', 'ENDERECO'],
  qsa: ['qsa', 'QSA', 'socios'],
  filiais: ['filiais', 'FILIAIS'],
  placa: ['placa', 'PLACA'],
  chassi: ['chassi', 'CHASSI'],
  renavam: ['renavam', 'RENAVAM'],
  numeroMotor: ['numeroMotor', 'motor'],
  anoFabricacao: ['anoFabricacao', 'ANO_FABRICACAO'],
  anoModelo: ['anoModelo', 'ANO_MODELO'],
  restricoes: ['restricoes', 'RESTRICOES'],
  proprietario: ['proprietario', 'PROPRIETARIO'],
  titulares: ['titulares', 'TITULARES'],
  moradores: ['moradores', 'MORADORES'],
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
