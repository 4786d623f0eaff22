/**
 * Every key the demo provider writes, with every spelling it may use for it (docs/demo-provider.md
 * lists the same table; a test keeps the two in step). Real providers disagree on field names, and
 * the web reads the first spelling present, so each response picks one spelling per key.
 */
import { brDate, type Day, isoDate } from './calendar.ts';
import { createRandom, hashToUnits } from './random.ts';

type Spellings = readonly [string, ...string[]];

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
} as const satisfies Record<string, Spellings>;

export type Field = keyof typeof FIELD_VARIANTS;

/** What the wrapper of a person's basic data is called; null: the fields sit at the top level. */
export const BASIC_DATA_WRAPPERS = [...FIELD_VARIANTS.dadosBasicos, null] as const;

/** The one message every response carries. */
export const NOTICE = 'Dados fictícios gerados para demonstração';

export type Fields = Partial<Record<Field, unknown>>;

/**
 * How one response writes itself: one spelling per key (kept for the whole response, so every
 * address of a report uses the same keys) and a few value styles.
 */
export interface Dialect {
  key(field: Field): string;
  /** An object with each field under this response's spelling; undefined values are left out. */
  obj(fields: Fields): Record<string, unknown>;
  /** Birth dates are 'dd/mm/yyyy' under DT_NASCIMENTO and 'YYYY-MM-DD' otherwise. */
  birth(day: Day): string;
  /** The wrapper of the basic data, or null for flat. */
  readonly basicDataWrapper: string | null;
  /** Names in upper case ('MARIA DA SILVA') or as written ('Maria da Silva'). */
  readonly upperCaseNames: boolean;
  /** CPF and CNPJ formatted ('123.456.789-09') or digits only. */
  readonly formattedDocuments: boolean;
}

/** Most keys follow the response's style (camel, upper, alternative); some are picked on their own. */
const STYLE_WEIGHT = 0.75;

export function createDialect(seed: string): Dialect {
  const random = createRandom(`${seed}/dialect`);
  const style = random.int(0, 2);
  const basicDataWrapper = random.pick(BASIC_DATA_WRAPPERS);
  const upperCaseNames = random.chance(0.4);
  const formattedDocuments = random.chance(0.5);
  const chosen = new Map<Field, string>();

  const key = (field: Field): string => {
    let spelling = chosen.get(field);
    if (spelling === undefined) {
      const spellings: Spellings = FIELD_VARIANTS[field];
      const [followStyle, anyOne] = hashToUnits(`${seed}/dialect/${field}`);
      spelling =
        followStyle < STYLE_WEIGHT
          ? spellings[Math.min(style, spellings.length - 1)]!
          : spellings[Math.floor(anyOne * spellings.length)]!;
      chosen.set(field, spelling);
    }
    return spelling;
  };

  return {
    key,
    obj(fields) {
      const result: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(fields)) {
        if (value !== undefined) result[key(field as Field)] = value;
      }
      return result;
    },
    birth: (day) => (key('nasc') === 'DT_NASCIMENTO' ? brDate(day) : isoDate(day)),
    basicDataWrapper,
    upperCaseNames,
    formattedDocuments,
  };
}
