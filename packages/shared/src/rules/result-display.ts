/**
 * How the result view shows values (docs/product/lookups.md#result-view): status badges, pt-BR
 * dates, ages, gender labels, chip and interest caps.
 */
import { formatCep, formatCnpj, formatCpf, formatPhone, formatPis } from './documents.ts';
import { RESULT_LIMITS } from './result-extract.ts';
import { FIELD_VARIANTS, isObject, type JsonObject, readText } from './result-fields.ts';

export type StatusTone = 'green' | 'red' | 'yellow' | 'grey';

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .trim();

const PENDING =
  /\b(PENDENTE|PENDING|PROCESSANDO|PROCESSING|EM PROCESSAMENTO|AGUARDANDO|WAITING|EM ANALISE)\b/;
const NEGATIVE =
  /\b(INATIVO|INATIVA|INACTIVE|IRREGULAR|ERRO|ERROR|FALHA|FAILED|CANCELADO|CANCELADA|SUSPENSO|SUSPENSA|BAIXADO|BAIXADA|INAPTO|INAPTA|NULO|NULA|FALECIDO|BLOQUEADO|EXPIRADO|EXPIRED|COM RESTRICAO)\b/;
const POSITIVE =
  /\b(ATIVO|ATIVA|ACTIVE|REGULAR|SUCESSO|SUCCESS|OK|VALIDO|VALIDA|CONFIRMADO|VERIFIED|EM CIRCULACAO)\b/;

/**
 * Colour of a status-like value: active/regular/success green; inactive/irregular/error red;
 * pending/processing yellow; anything else grey. Pending is checked first ('PENDENTE DE
 * REGULARIZAÇÃO' is not regular) and negatives before positives ('INATIVO' is not 'ATIVO').
 */
export function statusTone(value: unknown): StatusTone {
  if (typeof value === 'boolean') return value ? 'green' : 'red';
  if (typeof value !== 'string') return 'grey';
  const text = normalise(value);
  if (PENDING.test(text)) return 'yellow';
  if (NEGATIVE.test(text)) return 'red';
  if (POSITIVE.test(text)) return 'green';
  return 'grey';
}

/** Keys whose values are statuses and show as badges. */
export function isStatusKey(key: string): boolean {
  return /^(status|situacao|situacaocadastral|situacao_cadastral|estado)$/i.test(
    key.replace(/[^A-Za-z_]/g, ''),
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && (DATE_ONLY.test(value) || TIMESTAMP.test(value));
}

const timestampFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/**
 * ISO dates in pt-BR: '2024-05-06' -> '06/05/2024' (no time zone shift for a plain date);
 * '2025-03-31T18:08:53.000Z' -> '31/03/2025, 15:08' (Brasília time). Anything else unchanged.
 */
export function formatIsoDate(value: string): string {
  const date = DATE_ONLY.exec(value);
  if (date) return `${date[3]}/${date[2]}/${date[1]}`;
  if (TIMESTAMP.test(value)) {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return timestampFormat.format(parsed);
  }
  return value;
}

/** A birth date as the providers write it: 'dd/mm/yyyy' or 'yyyy-mm-dd' (optionally with a time). */
export function parseBirthDate(value: string): { year: number; month: number; day: number } | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  const [year, month, day] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [Number.NaN, Number.NaN, Number.NaN];
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** Whole years from a birth date to `now` (the birthday counts on its own day); null when unreadable. */
export function ageFromBirthDate(value: string, now: Date = new Date()): number | null {
  const birth = parseBirthDate(value);
  if (!birth) return null;
  const month = now.getMonth() + 1;
  const day = now.getDate();
  let age = now.getFullYear() - birth.year;
  if (month < birth.month || (month === birth.month && day < birth.day)) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}

/** A birth date in pt-BR, whatever the provider's spelling. */
export function formatBirthDate(value: string): string {
  const birth = parseBirthDate(value);
  if (!birth) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(birth.day)}/${pad(birth.month)}/${birth.year}`;
}

const GENDER_LABELS: Record<string, string> = {
  M: 'Masculino',
  F: 'Feminino',
  I: 'Indefinido',
  O: 'Outro',
};

/** M Masculino, F Feminino, I Indefinido, O Outro; anything else as it is. */
export function genderLabel(value: string): string {
  return GENDER_LABELS[value.trim().toUpperCase()] ?? value;
}

/** Primitive arrays show at most 50 chips and a '+n' for the rest. */
export function capChips<T>(items: readonly T[], limit: number = RESULT_LIMITS.chips) {
  const shown = items.slice(0, limit);
  const hidden = items.length - shown.length;
  return { shown, hidden, overflowLabel: hidden > 0 ? `+${hidden}` : null };
}

export interface InterestGroup {
  tipo: string;
  items: JsonObject[];
  total: number;
  hidden: number;
}

/** Interests grouped by their type, in order of first appearance, 60 shown per group. */
export function groupInterests(
  interests: readonly unknown[],
  perGroup: number = RESULT_LIMITS.interestsPerGroup,
): InterestGroup[] {
  const groups = new Map<string, JsonObject[]>();
  for (const interest of interests) {
    if (!isObject(interest)) continue;
    const tipo = readText(interest, 'tipo') || 'OUTROS';
    const list = groups.get(tipo);
    if (list) list.push(interest);
    else groups.set(tipo, [interest]);
  }
  return [...groups].map(([tipo, items]) => ({
    tipo,
    items: items.slice(0, perGroup),
    total: items.length,
    hidden: Math.max(0, items.length - perGroup),
  }));
}

/** The 'n item(s)' badge of a table (docs/product/lookups.md#result-view). */
export function itemCountLabel(count: number): string {
  return `${count.toLocaleString('pt-BR')} item(s)`;
}

/** Portuguese labels of the fields the providers send, by canonical name (docs/demo-provider.md). */
const FIELD_LABELS: Record<string, string> = {
  resultados: 'Resultados',
  dadosBasicos: 'Dados Básicos',
  nome: 'Nome',
  nomeSocial: 'Nome social',
  cpf: 'CPF',
  sexo: 'Sexo',
  racaCor: 'Raça/cor',
  signo: 'Signo',
  rendaAtual: 'Renda',
  nasc: 'Nascimento',
  filiacao: 'Filiação',
  nomeMae: 'Mãe',
  nomePai: 'Pai',
  scoreSpc: 'Score SPC',
  scoreFaixa: 'Faixa do score',
  situacao: 'Situação',
  vipSus: 'VIP SUS',
  empresario: 'Empresário',
  aposentado: 'Aposentado',
  servidorPubl: 'Servidor público',
  registroGeral: 'RG',
  orgao: 'Órgão emissor',
  documentos: 'Documentos',
  cns: 'CNS',
  tituloEleitor: 'Título de eleitor',
  nis: 'NIS',
  certidoes: 'Certidões',
  pis: 'PIS/NIT',
  interesses: 'Interesses',
  enderecos: 'Endereços',
  telefones: 'Telefones',
  emails: 'Emails',
  parentes: 'Parentes',
  vizinhos: 'Vizinhos',
  empregos: 'Empregos',
  logradouro: 'Logradouro',
  cidade: 'Cidade',
  uf: 'UF',
  cep: 'CEP',
  atualizado: 'Atualizado',
  email: 'Email',
  parentesco: 'Parentesco',
  cnpj: 'CNPJ',
  razaoSocial: 'Razão social',
  nomeFantasia: 'Nome fantasia',
  situacaoCadastral: 'Situação cadastral',
  abertura: 'Abertura',
  cnaePrincipal: 'CNAE principal',
  cnaesSecundarios: 'CNAEs secundários',
  endereco: 'Endereço',
  qsa: 'Quadro societário',
  filiais: 'Filiais',
  placa: 'Placa',
  chassi: 'Chassi',
  renavam: 'Renavam',
  numeroMotor: 'Número do motor',
  anoFabricacao: 'Ano de fabricação',
  anoModelo: 'Ano do modelo',
  restricoes: 'Restrições',
  proprietario: 'Proprietário',
  titulares: 'Titulares',
  moradores: 'Moradores',
  dataSituacao: 'Data da situação',
  matrizFilial: 'Matriz/filial',
  naturezaJuridica: 'Natureza jurídica',
  capitalSocial: 'Capital social',
  opcaoSimples: 'Optante do Simples',
  opcaoMei: 'Optante do MEI',
  placaMercosul: 'Placa Mercosul',
  marcaModelo: 'Marca/modelo',
  combustivel: 'Combustível',
  especie: 'Espécie',
  cilindradas: 'Cilindradas',
  potencia: 'Potência',
  procedencia: 'Procedência',
  municipio: 'Município',
  ultimoLicenciamento: 'Último licenciamento',
  tipoLinha: 'Tipo de linha',
  emailConsultado: 'Email consultado',
  ibge: 'Código IBGE',
  ddd: 'DDD',
  descricao: 'Descrição',
  codigo: 'Código',
  numero: 'Número',
  complemento: 'Complemento',
  qualificacao: 'Qualificação',
  documento: 'Documento',
  tipoDocumento: 'Tipo de documento',
  telefone: 'Telefone',
  operadora: 'Operadora',
  portado: 'Portado',
  desde: 'Desde',
  total: 'Total',
};

const CANONICAL_BY_SPELLING = new Map<string, string>(
  Object.entries(FIELD_VARIANTS).flatMap(([canonical, spellings]) =>
    spellings.map((spelling) => [spelling, canonical] as [string, string]),
  ),
);

/** The Portuguese label of a field in any of its spellings; unknown keys are humanised. */
export function fieldLabel(key: string): string {
  return FIELD_LABELS[CANONICAL_BY_SPELLING.get(key) ?? key] ?? humanizeKey(key);
}

/** A field name as a heading: 'dataSituacao' -> 'Data Situacao', 'NOME_MAE' -> 'Nome Mae'. */
export function humanizeKey(key: string): string {
  const spaced = key
    .replace(/^_+/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
}

const currencyFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A key's letters, lower-cased: how a key is matched whatever its spelling ('TELEFONE', 'titulo_eleitor'). */
export const fieldKind = (key: string) => key.replace(/[^A-Za-z]/g, '').toLowerCase();

/** Keys whose numbers are money in reais. */
const MONEY_KEYS = new Set(['rendaatual', 'renda', 'valor', 'capitalsocial', 'salario']);
/** Keys whose numbers are codes or years, shown without thousands separators. */
const PLAIN_NUMBER_KEYS =
  /^(ano|anofabricacao|anomodelo|ultimolicenciamento|ddd|numero|codigo|ibge|cep|cilindradas)$/;

/**
 * A primitive as the result view shows it, by the key it sits under: CPF, CNPJ, CEP, PIS and
 * phones formatted (docs/product/lookups.md#query-form), money in reais, ISO dates in pt-BR, Sim/Não, '-' for empty.
 */
export function formatFieldValue(key: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  const kind = fieldKind(key);
  if (typeof value === 'number') {
    if (MONEY_KEYS.has(kind)) return currencyFormat.format(value);
    if (PLAIN_NUMBER_KEYS.test(kind)) return String(value);
    return numberFormat.format(value);
  }
  if (isIsoDate(value)) return formatIsoDate(value);
  if (kind === 'cpf' || kind === 'documento') return formatCpf(value);
  if (kind === 'cnpj') return formatCnpj(value);
  if (kind === 'cep') return formatCep(value);
  if (kind === 'pis' || kind === 'nis' || kind === 'pisnit') return formatPis(value);
  if (kind === 'telefone' || kind === 'celular') return formatPhone(value);
  if (kind === 'nasc' || kind === 'datanascimento' || kind === 'dtnascimento') return formatBirthDate(value);
  return value;
}
