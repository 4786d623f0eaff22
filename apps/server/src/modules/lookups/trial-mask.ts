/**
 * Trial results are masked here, on the server, before they are stored or sent, so the hidden part
 * never leaves (docs/decisions/0012-trial-masking-by-value.md). Identifiers are found by what they
 * are (check digits, shapes) wherever they sit: under any key, inside free text, even as a key; any
 * other long run of digits is hidden too unless it is plainly not a person's, and every date shows
 * its year alone. Keys add what a value cannot tell by itself: a name, a document's short number,
 * a house number.
 */
import {
  isValidCertificateNumber,
  isValidCnpj,
  isValidCns,
  isValidCpf,
  isValidPhone,
  isValidPis,
  isValidVoterTitle,
  withoutCountryCode,
} from '@painel/shared/rules/documents';

type Mask = (value: string) => string;

const digitCount = (value: string) => value.replace(/\D/g, '').length;

function hideDigits(value: string, keepStart: number, keepEnd: number): string {
  const count = digitCount(value);
  let seen = 0;
  return value.replace(/\d/g, (digit) => {
    seen += 1;
    return seen <= keepStart || seen > count - keepEnd ? digit : '*';
  });
}

/** Every digit hidden, and the X an RG may end with. */
const hideAll: Mask = (value) => {
  const hidden = value.replace(/\d/g, '*');
  return /^[*.\-/\s]*[Xx]$/.test(hidden) ? `${hidden.slice(0, -1)}*` : hidden;
};

/** 123.456.789-09 -> 123.***.***-09, with or without punctuation (the shape the product shows). */
export const maskCpf: Mask = (value) => {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 3)}.***.***-${digits.slice(9)}` : maskIdentifier(value);
};

/** Any other identifier shows its last two digits, or none when it is short (a page, a term, a CTPS). */
export const maskIdentifier: Mask = (value) => hideDigits(value, 0, digitCount(value) >= 8 ? 2 : 0);

/** Keeps the first half (rounded up) of each word of a name. */
export const maskName: Mask = (value) =>
  value.replace(/\p{L}+/gu, (word) => {
    const keep = Math.ceil(word.length / 2);
    return word.slice(0, keep) + '*'.repeat(word.length - keep);
  });

/**
 * Keeps the DDD (or the first two digits) and the last two: (11) 9****-**78, 91*****78. Fewer than
 * 8 digits are no phone number, and all of them are hidden.
 */
export const maskPhone: Mask = (value) => {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 8) return hideAll(value);
  return hideDigits(value, digits.length >= 12 && digits.startsWith('55') ? 4 : 2, 2);
};

/** maria.silva@example.com -> ma*********@example.com: the domain and the first letter or two stay. */
export const maskEmail: Mask = (value) => {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const keep = local.length >= 6 ? 2 : 1;
  return `${local.slice(0, keep)}${'*'.repeat(Math.max(3, local.length - keep))}${value.slice(at)}`;
};

/**
 * A date in any spelling ('1974-08-01', '01/08/1974', 19740801) shows its year alone, in the pt-BR
 * shape with the day and month starred, so the reader sees what is hidden.
 */
export const maskBirthDate: Mask = (value) => {
  if (!/\d/.test(value)) return value;
  // 02031974 is 2 March 1974: a compact date is read as one before any 19xx/20xx run inside it.
  const compact = compactDateYear(value.trim());
  if (compact) return `**/**/${compact}`;
  const year = /(?<!\d)(?:1[89]|20)\d{2}(?!\d)/.exec(value) ?? /(?:1[89]|20)\d{2}/.exec(value);
  return year ? `**/**/${year[0]}` : hideAll(value);
};

const maskHouseNumber: Mask = (value) => value.replace(/\d+/g, '***');

// Detectors that read free text.

// Every pattern starts only where its first part can start, or has bounded repeats, so each stays
// linear on whatever text a provider sends.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){1,8}/gu;

/** 12.345.678-9, 1.234.567-X: the punctuation only an RG has. */
const RG = /(?<![\d.])\d{1,2}\.\d{3}\.\d{3}-?[\dXx](?![\p{L}\p{N}])/gu;

/** A number right after the name of a document: 'RG: 12345678X', 'livro A-12 folha 34', 'CTPS 1234567 série 0012-SP'. */
const LABELLED_NUMBER =
  /(?<![\p{L}\p{N}])(rg|r\.g\.|identidade|ctps|carteira de trabalho|s[ée]rie|matr[íi]cula|registro|livro|folhas?|fls?\.|termo|nis|nit|pis|pasep|cns|cart[ãa]o sus|t[íi]tulo(?: de eleitor| eleitoral)?|certid[ãa]o)(?![\p{L}\p{N}])([\s:.#º°ª-]|n[º°o.]){0,6}((?:[A-Za-z]{1,2}-?)?\d[\d.\-/]*(?: \d[\d.\-/]*)*[Xx]?)/giu;

/** A house number after a street name in a one-line address: 'Rua das Flores, 123', 'Av. Brasil nº 1500'. */
const STREET_NUMBER =
  /(?<![\p{L}])(rua|avenida|av\.|travessa|alameda|pra[çc]a|rodovia|estrada|viela|beco)\s+([^,;\n]{0,60}?)(,\s*|\s+)(n[º°o]?\.?\s*)?(\d+)(?=[\p{L}]?(?![\p{L}\p{N}]))/giu;

/**
 * A calendar date, with the time an ISO timestamp adds: 1974-08-01, 1974-08-01T00:00:00Z,
 * 01/08/1974, 01-08-1974, 01.08.1974. Not inside a longer run of digit groups.
 */
const DATE =
  /(?<![\d.\-/])(?:(\d{2})[/.-](\d{2})[/.-]((?:1[89]|20)\d{2})|((?:1[89]|20)\d{2})[/.-](\d{2})[/.-](\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?)(?![\d]|[.\-/]\d)/g;

/** An amount written the Brazilian way (1.234.567,89), or a run of digit groups joined by one separator. */
const DIGIT_RUN = /\d{1,3}(?:\.\d{3})+,\d{2}(?!\d)|\d+(?:[ .\-/]\d+)*/g;

const isCalendarDay = (day: number, month: number) => day >= 1 && day <= 31 && month >= 1 && month <= 12;

/** Every date shows its year alone: a birth date hides under any name, and a trial is a sample. */
function maskDates(text: string): string {
  return text.replace(DATE, (match, ...parts: (string | undefined)[]) => {
    const [day, month, year] = parts[0] ? parts : [parts[5], parts[4], parts[3]];
    return isCalendarDay(Number(day), Number(month)) ? `**/**/${year}` : match;
  });
}

/** 19740801 or 01081974 as a date, for values under a key that says they are one. */
function compactDateYear(digits: string): string | null {
  const yearFirst = /^((?:1[89]|20)\d{2})(\d{2})(\d{2})$/.exec(digits);
  if (yearFirst && isCalendarDay(Number(yearFirst[3]), Number(yearFirst[2]))) return yearFirst[1]!;
  const dayFirst = /^(\d{2})(\d{2})((?:1[89]|20)\d{2})$/.exec(digits);
  if (dayFirst && isCalendarDay(Number(dayFirst[1]), Number(dayFirst[2]))) return dayFirst[3]!;
  return null;
}

/** A Brazilian phone by its digits, country code allowed. */
const isPhone = (digits: string) => isValidPhone(withoutCountryCode(digits));

/** A phone is written as one group, or after a country code and a DDD of two digits each. */
const phoneGrouping = (raw: string) =>
  raw.split(' ').every((group, i, all) => i === all.length - 1 || /^\d{2}$/.test(group));

interface NumberDetector {
  /** The digits alone, and as written (punctuation and spaces). */
  matches(digits: string, raw: string): boolean;
  /** What the trial shows; 'clear' when the number is not a person's. */
  mask: Mask | 'clear';
}

/** One detector per kind of number, tried in this order; check digits make a match all but certain. */
const NUMBER_DETECTORS: Record<string, NumberDetector> = {
  cpf: { matches: (digits) => digits.length === 11 && isValidCpf(digits), mask: maskCpf },
  pis: { matches: (digits) => digits.length === 11 && isValidPis(digits), mask: maskIdentifier },
  voterTitle: {
    matches: (digits) => digits.length === 12 && isValidVoterTitle(digits),
    mask: maskIdentifier,
  },
  cns: { matches: (digits) => digits.length === 15 && isValidCns(digits), mask: maskIdentifier },
  certificate: {
    matches: (digits) => digits.length === 32 && isValidCertificateNumber(digits),
    mask: maskIdentifier,
  },
  phone: {
    matches: (digits, raw) => phoneGrouping(raw) && (isPhone(digits) || /^\d{4,5}-\d{4}$/.test(raw)),
    mask: maskPhone,
  },
  // A company's number is public in the Receita's open registry.
  cnpj: { matches: (digits) => digits.length === 14 && isValidCnpj(digits), mask: 'clear' },
  // A CEP is a street or a block, shared by everyone living there.
  cep: { matches: (_digits, raw) => /^\d{5}-\d{3}$/.test(raw), mask: 'clear' },
};

function detectNumber(digits: string, raw: string): NumberDetector | null {
  for (const detector of Object.values(NUMBER_DETECTORS)) if (detector.matches(digits, raw)) return detector;
  return null;
}

/** How many digits some detector takes: a phone without DDD (8, 9) up to a certificate number (32). */
const DETECTED_LENGTHS = new Set([8, 9, 10, 11, 12, 13, 14, 15, 32]);

/** Fewer digits than this in a run are a house number, a page, a year; this many may be a person's. */
const IDENTIFIER_DIGITS = 7;

interface Group {
  raw: string;
  digits: string;
}

/** The longest window of groups from `start` that is a known number, and the index after it. */
function numberAt(groups: Group[], start: number): { text: string; next: number } | null {
  let found: { text: string; next: number } | null = null;
  let digits = '';
  // A certificate number written in its nine parts is the most groups one number takes.
  const last = Math.min(groups.length, start + 9);
  for (let end = start; end < last; end += 1) {
    digits += groups[end]!.digits;
    if (digits.length > 32) break;
    if (!DETECTED_LENGTHS.has(digits.length)) continue;
    const raw = groups
      .slice(start, end + 1)
      .map((group) => group.raw)
      .join(' ');
    const detector = detectNumber(digits, raw);
    if (detector) found = { text: detector.mask === 'clear' ? raw : detector.mask(raw), next: end + 1 };
  }
  return found;
}

/**
 * Masks the numbers in one run of digit groups. Groups joined by spaces may be one number (a CNS
 * written 898 0011 2233 4455) or several side by side, so the longest window that is a known number
 * wins, from the left. With `free`, what no detector claims is hidden (last two digits kept) when
 * the run holds 7 digits or more: an identifier need not carry valid check digits to be one.
 */
function maskDigitRun(run: string, free: boolean): string {
  if (run.includes(',')) return run;
  const groups = run.split(' ').map((raw) => ({ raw, digits: raw.replace(/\D/g, '') }));
  const long = free && digitCount(run) >= IDENTIFIER_DIGITS;
  const pieces: string[] = [];
  let unclaimed: string[] = [];
  const flush = () => {
    if (unclaimed.length > 0) pieces.push(long ? maskIdentifier(unclaimed.join(' ')) : unclaimed.join(' '));
    unclaimed = [];
  };
  let start = 0;
  while (start < groups.length) {
    const found = numberAt(groups, start);
    if (found) {
      flush();
      pieces.push(found.text);
      start = found.next;
    } else {
      unclaimed.push(groups[start]!.raw);
      start += 1;
    }
  }
  flush();
  return pieces.join(' ');
}

/** The detectors that read text, in order: each masks what it finds, which the later ones then skip. */
const TEXT_DETECTORS: Record<string, (text: string, free: boolean) => string> = {
  email: (text) => text.replace(EMAIL, (email) => maskEmail(email)),
  dates: (text) => maskDates(text),
  rg: (text) => text.replace(RG, (rg) => hideAll(rg)),
  labelledNumber: (text, free) =>
    free
      ? text.replace(
          LABELLED_NUMBER,
          (match, _label, _gap, number: string) =>
            match.slice(0, match.length - number.length) + hideAll(number),
        )
      : text,
  numbers: (text, free) => text.replace(DIGIT_RUN, (run) => maskDigitRun(run, free)),
  houseNumber: (text) =>
    text.replace(STREET_NUMBER, (match, ...groups) => {
      const number = String(groups[4]);
      return match.slice(0, match.length - number.length) + maskHouseNumber(number);
    }),
};

/**
 * Every text detector over one piece of text. `free` is false under keys of public codes (CEP, IBGE,
 * CNAE, vehicle numbers), where numbers are masked only when they are a known kind.
 */
export function maskText(text: string, free = true): string {
  let result = text;
  for (const detect of Object.values(TEXT_DETECTORS)) {
    if (!/[\d@]/.test(result)) break;
    result = detect(result, free);
  }
  return result;
}

// What the keys around a value tell.

interface Key {
  /** 'DT_NASCIMENTO' -> 'dtnascimento'. */
  plain: string;
  /** 'nisPis' -> ['nis', 'pis'], 'NR_NIS' -> ['nr', 'nis']. */
  words: string[];
}

function readKey(key: string): Key {
  const ascii = key.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const words = ascii
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return { plain: words.join(''), words };
}

type Context = 'phone' | 'address' | 'document' | 'rg' | 'ctps';

const PHONE_KEYS = /telefone|celular|phone|fone|whatsapp/;

/**
 * Documents of a person, by a word of a key ('nisPis', 'nr_nis', 'cartaoNacionalSaude') or by the
 * `tipo` of an object ({ tipo: 'PIS', numero }). Short names count only as whole words, so 'cargo'
 * is no RG and 'administrador' no NIS.
 */
const DOCUMENT_WORDS = new Set(['rg', 'rgs', 'nis', 'nit', 'pis', 'pasep', 'cns', 'sus', 'cnh', 'rne']);
const DOCUMENT_STEMS =
  /matricula|certid|certificate|registro|livro|folha|termo|titulo|eleitor|ctps|passaporte|passport|identidade|habilitacao|nacionalsaude|nacionaldesaude|carteiradetrabalho|carteiratrabalho|pispasep/;
const namesDocument = ({ plain, words }: Key) =>
  words.some((word) => DOCUMENT_WORDS.has(word)) || DOCUMENT_STEMS.test(plain);

/** Keys whose value says what document an object is. */
const DOCUMENT_TYPE_KEYS = /^(tipo|type|documento|tipodocumento|nomedocumento|kind)$/;

/** An object with one of these is an address; so is any object under an address key. */
const ADDRESS_FIELDS = ['logradouro', 'rua', 'endereco', 'street', 'bairro', 'cep', 'complemento'];

function contextsOf(key: Key, object: Record<string, unknown>, inherited: Set<Context>): Set<Context> {
  const contexts = new Set<Context>();
  // What a document holds stays that document's, however deep.
  if (inherited.has('document')) contexts.add('document');
  if (PHONE_KEYS.test(key.plain)) contexts.add('phone');
  if (/endereco|address|moradores|residencia|domicilio/.test(key.plain)) contexts.add('address');
  if (namesDocument(key)) contexts.add('document');
  if (/^(rg|rgs|registrogeral|identidade|documentoidentidade|carteiraidentidade)$/.test(key.plain)) {
    contexts.add('rg');
  }
  if (/ctps|carteiradetrabalho|carteiratrabalho/.test(key.plain)) contexts.add('ctps');
  const keys = new Set(Object.keys(object).map((name) => readKey(name).plain));
  const hasAny = (...names: string[]) => names.some((name) => keys.has(name));
  if (keys.has('ddd')) contexts.add('phone');
  if (hasAny(...ADDRESS_FIELDS)) contexts.add('address');
  if (hasAny('livro', 'folha', 'termo', 'matricula', 'cartorio')) contexts.add('document');
  for (const [name, value] of Object.entries(object)) {
    if (
      typeof value === 'string' &&
      DOCUMENT_TYPE_KEYS.test(readKey(name).plain) &&
      namesDocument(readKey(value))
    ) {
      contexts.add('document');
    }
  }
  const identityCard = keys.has('numero') && hasAny('orgao', 'orgaoemissor', 'orgaoexpedidor');
  if (identityCard) contexts.add('rg');
  else if (keys.has('numero') && keys.has('serie')) contexts.add('ctps');
  return contexts;
}

const NAME_KEYS =
  /^(nome|name|nomecompleto|nomesocial|nomemae|nomepai|mae|pai|titular|responsavel|conjuge|nomeconjuge|apelido|nomeparente|nomesocio|socio|proprietario)$/;
const BIRTH_WORDS = /nasc|birth|aniversario|natalicio/;
const BIRTH_KEY_WORDS = new Set(['dn', 'dob', 'born']);
const DATE_WORDS =
  /^(data|date|dt|dia|emissao|expedicao|validade|vencimento|desde|admissao|inicio|fim|atualizado|atualizacao)/;
const NUMBER_KEYS = /^(numero|number|num|nr|no)$/;
const HOUSE_NUMBER_KEYS = /^(numero|num|nr|no)(endereco|casa|residencia|imovel|logradouro)$/;
const RG_KEYS = /^(rg|registrogeral|identidade|numerorg|rgnumero|numeroidentidade)$/;
const CTPS_KEYS = /^(ctps|numeroctps|seriectps|carteiratrabalho|carteiradetrabalho)$/;
/** Keys of public codes, where a bare run of digits is not an identifier of a person. */
const CODE_KEYS =
  /^(cep|uf|ddd|ibge|codigoibge|cnae|cbo|placa|placamercosul|chassi|renavam|numeromotor|motor|cnpj|lat|latitude|lng|lon|long|longitude)$/;
/** Amounts and counts, which a JSON number under these keys is, however long. */
const AMOUNT_KEYS =
  /valor|capital|renda|salario|preco|total|saldo|limite|montante|faturamento|patrimonio|receita|divida|debito|credito|quantidade|populacao|score|idade|area|quilometragem|^km/;

/** A value that is a document's number: digit groups, with a letter or two of series at an end. */
const DIGIT_BLOCKS = /^\s*(?:[A-Za-z]{1,3}[-\s]?)?\d[\d\s.\-/]*(?:[-\s]?[A-Za-z]{1,3})?\s*$/;

/** The mask the key (and the object around it) calls for, if any. */
function maskForKey({ plain: key, words }: Key, contexts: Set<Context>, value: string): Mask | null {
  if (NAME_KEYS.test(key)) return maskName;
  if (BIRTH_WORDS.test(key) || words.some((word) => BIRTH_KEY_WORDS.has(word))) return maskBirthDate;
  if (DATE_WORDS.test(key) && compactDateYear(value)) return maskBirthDate;
  if (CODE_KEYS.test(key)) return null;
  if (contexts.has('rg') && (NUMBER_KEYS.test(key) || /^(digito|dv)$/.test(key) || RG_KEYS.test(key))) {
    return hideAll;
  }
  if (contexts.has('ctps') && (NUMBER_KEYS.test(key) || key === 'serie' || CTPS_KEYS.test(key)))
    return hideAll;
  if ((contexts.has('address') && NUMBER_KEYS.test(key)) || HOUSE_NUMBER_KEYS.test(key)) {
    return maskHouseNumber;
  }
  if (contexts.has('phone') && NUMBER_KEYS.test(key)) return maskPhone;
  if (PHONE_KEYS.test(key)) return maskPhone;
  if (key.includes('cpf')) return maskCpf;
  if (RG_KEYS.test(key)) return hideAll;
  if (CTPS_KEYS.test(key)) return hideAll;
  if ((contexts.has('document') || namesDocument({ plain: key, words })) && DIGIT_BLOCKS.test(value)) {
    return maskIdentifier;
  }
  // In an address every number but the public codes is the house's (or the flat's), whatever its key.
  // Its free-text parts ('casa 45, fundos') too.
  if (
    contexts.has('address') &&
    (DIGIT_BLOCKS.test(value) || key.includes('complemento') || key.includes('referencia'))
  ) {
    return maskHouseNumber;
  }
  return null;
}

/** Deeper than this, a trial answer shows nothing (and a hostile answer cannot exhaust the stack). */
const MAX_DEPTH = 64;

function maskLeaf(value: string | number, key: Key, contexts: Set<Context>): string | number {
  // Fractions are amounts, rates, coordinates; whole numbers under these keys are amounts and counts.
  if (typeof value === 'number' && (!Number.isSafeInteger(value) || AMOUNT_KEYS.test(key.plain)))
    return value;
  const text = String(value);
  if (typeof value === 'string') {
    // A date is a date under any key (a certificate's, a document's, an address's 'desde').
    const dated = maskDates(value);
    if (/^\s*\*\*\/\*\*\/\d{4}\s*$/.test(dated)) return dated;
  }
  const byKey = maskForKey(key, contexts, text);
  const free = !CODE_KEYS.test(key.plain);
  if (typeof value === 'string') return maskText(byKey ? byKey(maskDates(value)) : value, free);
  if (byKey) return maskText(byKey(text), free);
  if (!free || Math.abs(value) < 10 ** (IDENTIFIER_DIGITS - 1)) return value;
  // A number drops the leading zeros a CPF, a PIS or a CNPJ may have.
  for (const digits of new Set([text, text.padStart(11, '0'), text.padStart(14, '0')])) {
    const detector = detectNumber(digits, digits);
    if (detector) return detector.mask === 'clear' ? value : detector.mask(digits);
  }
  return maskIdentifier(text);
}

function maskNode(value: unknown, key: Key, contexts: Set<Context>, depth: number): unknown {
  if (depth > MAX_DEPTH) return '***';
  if (typeof value === 'string' || typeof value === 'number') return maskLeaf(value, key, contexts);
  if (Array.isArray(value)) return value.map((item) => maskNode(item, key, contexts, depth + 1));
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const own = contextsOf(key, object, contexts);
    return Object.fromEntries(
      Object.entries(object).map(([childKey, child]) => [
        maskText(childKey),
        maskNode(child, readKey(childKey), own, depth + 1),
      ]),
    );
  }
  return value;
}

/** The answer as a trial user may see it. */
export function maskTrialResult(result: unknown): unknown {
  return maskNode(result, readKey(''), new Set(), 0);
}
