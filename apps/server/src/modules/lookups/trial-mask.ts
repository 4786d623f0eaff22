/**
 * Trial results are masked here, on the server, before they are stored or sent, so the hidden part
 * never leaves (docs/decisions/0012-trial-masking-by-value.md). Identifiers are found by what they
 * are (check digits, shapes) wherever they sit: under any key, inside free text, even as a key.
 * Keys add only what a value cannot tell by itself: a name, a birth date, a house number, an RG.
 */
import {
  isValidCertificateNumber,
  isValidCns,
  isValidCpf,
  isValidPis,
  isValidVoterTitle,
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
 * A birth date in any spelling ('1974-08-01', '01/08/1974', 19740801) shows its year alone, in
 * the pt-BR shape with the day and month starred, so the reader sees what is hidden.
 */
export const maskBirthDate: Mask = (value) => {
  if (!/\d/.test(value)) return value;
  const year = /(?<!\d)(?:1[89]|20)\d{2}(?!\d)/.exec(value) ?? /(?:1[89]|20)\d{2}/.exec(value);
  return year ? `**/**/${year[0]}` : hideAll(value);
};

const maskHouseNumber: Mask = (value) => value.replace(/\d+/g, '***');

// Detectors that read free text. Each returns the text with what it found masked.

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

/** A date after a word for birth: 'nascido em 01/08/1974', 'Data de nascimento: 1974-08-01'. */
const BIRTH_IN_TEXT =
  /((?<![\p{L}])(?:nasc\p{L}*|birth\p{L}*|dn(?!\p{L})|dt\.?\s?nasc\p{L}*\.?)[^\d\n]{0,20})(\d{2}[/.-]\d{2}[/.-]\d{4}|\d{4}[/.-]\d{2}[/.-]\d{2})/giu;

/** Digit groups joined by one separator: 123.456.789-09, 898 0011 2233 4455, 2024-05-06. */
const DIGIT_RUN = /\d+(?:[ .\-/]\d+)*/g;

function isDate(group: string): boolean {
  const parts =
    /^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(group)?.slice(1) ??
    /^(\d{4})[/.-](\d{2})[/.-](\d{2})$/.exec(group)?.slice(1).reverse();
  if (!parts) return false;
  const [day, month] = parts.map(Number) as [number, number];
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** A Brazilian phone by its digits: DDD and 8 digits (landline 2–5) or 9 (mobile 9), country code allowed. */
function isPhone(digits: string): boolean {
  const local =
    (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
  return /^[1-9][1-9](?:[2-5]\d{7}|9\d{8})$/.test(local);
}

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
  phone: { matches: (digits, raw) => isPhone(digits) || /^\d{4,5}-\d{4}$/.test(raw), mask: maskPhone },
  // A CEP is a street or a block, shared by everyone living there.
  cep: { matches: (_digits, raw) => /^\d{5}-\d{3}$/.test(raw), mask: 'clear' },
};

function detectNumber(digits: string, raw: string): NumberDetector | null {
  for (const detector of Object.values(NUMBER_DETECTORS)) if (detector.matches(digits, raw)) return detector;
  return null;
}

/** How many digits some detector takes: a phone without DDD (8, 9) up to a certificate number (32). */
const DETECTED_LENGTHS = new Set([8, 9, 10, 11, 12, 13, 15, 32]);

interface Group {
  raw: string;
  digits: string;
  date: boolean;
}

/** The longest window of groups from `start` that is a known number, and the index after it. */
function numberAt(groups: Group[], start: number): { text: string; next: number } | null {
  let found: { text: string; next: number } | null = null;
  let digits = '';
  // A certificate number written in its nine parts is the most groups one number takes.
  const last = Math.min(groups.length, start + 9);
  for (let end = start; end < last && !groups[end]!.date; end += 1) {
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
 * wins, from the left; a date is never part of one. With `free`, a lone group of 7 to 10 digits
 * that is nothing known (an RG or a registry number without punctuation) is masked as an identifier.
 */
function maskDigitRun(run: string, free: boolean): string {
  const groups = run.split(' ').map((raw) => ({ raw, digits: raw.replace(/\D/g, ''), date: isDate(raw) }));
  const pieces: string[] = [];
  let start = 0;
  while (start < groups.length) {
    const found = numberAt(groups, start);
    if (found) {
      pieces.push(found.text);
      start = found.next;
      continue;
    }
    const { raw, digits, date } = groups[start]!;
    pieces.push(free && digits.length >= 7 && digits.length <= 10 && !date ? maskIdentifier(raw) : raw);
    start += 1;
  }
  return pieces.join(' ');
}

/** The detectors that read text, in order: each masks what it finds, which the later ones then skip. */
const TEXT_DETECTORS: Record<string, (text: string, free: boolean) => string> = {
  email: (text) => text.replace(EMAIL, (email) => maskEmail(email)),
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
  birthDate: (text) =>
    text.replace(BIRTH_IN_TEXT, (_match, before: string, date: string) => before + maskBirthDate(date)),
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

/** 'DT_NASCIMENTO' -> 'dtnascimento'. */
const normalise = (key: string) =>
  key
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

type Context = 'phone' | 'address' | 'certificate' | 'rg' | 'ctps' | 'pis';

const PHONE_KEYS = /telefone|celular|phone|fone|whatsapp/;

const CONTEXT_OF_KEY: [Context, RegExp][] = [
  ['phone', PHONE_KEYS],
  ['address', /endereco|address|^moradores$|^residencia$|^domicilio$/],
  ['certificate', /certid|certificate/],
  ['rg', /^(rg|rgs|registrogeral|identidade|documentoidentidade|carteiraidentidade)$/],
  ['ctps', /ctps|carteiradetrabalho|carteiratrabalho/],
  ['pis', /^(pis|nis|nit|pisnit|pispasep|pasep|nispis)$/],
];

function contextsOf(key: string, object: Record<string, unknown>): Set<Context> {
  const contexts = new Set<Context>();
  for (const [context, pattern] of CONTEXT_OF_KEY) if (pattern.test(key)) contexts.add(context);
  const keys = new Set(Object.keys(object).map(normalise));
  const hasAny = (...names: string[]) => names.some((name) => keys.has(name));
  if (keys.has('ddd')) contexts.add('phone');
  if (hasAny('logradouro', 'rua', 'bairro', 'complemento')) contexts.add('address');
  if (hasAny('livro', 'folha', 'termo', 'matricula', 'cartorio')) contexts.add('certificate');
  const identityCard = keys.has('numero') && hasAny('orgao', 'orgaoemissor', 'orgaoexpedidor');
  if (identityCard) contexts.add('rg');
  else if (keys.has('numero') && keys.has('serie')) contexts.add('ctps');
  return contexts;
}

const NAME_KEYS =
  /^(nome|name|nomecompleto|nomesocial|nomemae|nomepai|mae|pai|titular|responsavel|conjuge|nomeconjuge|apelido|nomeparente|nomesocio|socio|proprietario)$/;
const NUMBER_KEYS = /^(numero|number|num|nr|no)$/;
const HOUSE_NUMBER_KEYS = /^(numeroendereco|numerocasa|numeroresidencia|numeroimovel|numerologradouro)$/;
const RG_KEYS = /^(rg|registrogeral|identidade|numerorg|rgnumero|numeroidentidade)$/;
const CTPS_KEYS = /^(ctps|numeroctps|seriectps|carteiratrabalho|carteiradetrabalho)$/;
const DOCUMENT_KEYS =
  /^(pis|nis|nit|pisnit|pispasep|pasep|cns|cartaosus|numerocns|titulo|tituloeleitor|numerotitulo|matricula|certidao)$/;
/** Keys of public codes, where a bare run of digits is not an identifier of a person. */
const CODE_KEYS =
  /^(cep|ibge|codigo|codigoibge|cnae|cbo|placa|placamercosul|chassi|renavam|numeromotor|motor|cnpj)$/;

/** The mask the key (and the object around it) calls for, if any. */
function maskForKey(key: string, contexts: Set<Context>): Mask | null {
  if (NAME_KEYS.test(key)) return maskName;
  if (key.includes('nasc') || key.includes('birth') || key === 'dn') return maskBirthDate;
  if (contexts.has('certificate')) {
    if (NUMBER_KEYS.test(key) || /^(registro|matricula|livro|folha|termo|numero\w+)$/.test(key)) {
      return maskIdentifier;
    }
    // A birth certificate is dated within weeks of the birth.
    if (key.startsWith('data')) return maskBirthDate;
  }
  if (contexts.has('rg') && (NUMBER_KEYS.test(key) || /^(digito|dv)$/.test(key) || RG_KEYS.test(key))) {
    return hideAll;
  }
  if (contexts.has('ctps') && (NUMBER_KEYS.test(key) || key === 'serie' || CTPS_KEYS.test(key)))
    return hideAll;
  if (contexts.has('pis') && NUMBER_KEYS.test(key)) return maskIdentifier;
  if ((contexts.has('address') && NUMBER_KEYS.test(key)) || HOUSE_NUMBER_KEYS.test(key)) {
    return maskHouseNumber;
  }
  if (contexts.has('phone') && NUMBER_KEYS.test(key)) return maskPhone;
  if (PHONE_KEYS.test(key)) return maskPhone;
  if (key.includes('cpf')) return maskCpf;
  if (RG_KEYS.test(key)) return hideAll;
  if (CTPS_KEYS.test(key)) return hideAll;
  if (DOCUMENT_KEYS.test(key)) return maskIdentifier;
  return null;
}

/** Deeper than this, a trial answer shows nothing (and a hostile answer cannot exhaust the stack). */
const MAX_DEPTH = 64;

function maskLeaf(value: string | number, key: string, contexts: Set<Context>): string | number {
  const byKey = maskForKey(key, contexts);
  const free = !CODE_KEYS.test(key);
  if (typeof value === 'string') return maskText(byKey ? byKey(value) : value, free);
  if (byKey) return maskText(byKey(String(value)), free);
  // Only whole numbers long enough to be an identifier; amounts, scores and ids stay numbers.
  if (!Number.isSafeInteger(value) || value < 1e8) return value;
  // A number drops the leading zeros a CPF or PIS may have.
  for (const digits of new Set([String(value), String(value).padStart(11, '0')])) {
    const detector = detectNumber(digits, digits);
    if (detector) return detector.mask === 'clear' ? value : detector.mask(digits);
  }
  return value;
}

function maskNode(value: unknown, key: string, contexts: Set<Context>, depth: number): unknown {
  if (depth > MAX_DEPTH) return '***';
  if (typeof value === 'string' || typeof value === 'number') return maskLeaf(value, key, contexts);
  if (Array.isArray(value)) return value.map((item) => maskNode(item, key, contexts, depth + 1));
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const own = contextsOf(key, object);
    return Object.fromEntries(
      Object.entries(object).map(([childKey, child]) => [
        maskText(childKey),
        maskNode(child, normalise(childKey), own, depth + 1),
      ]),
    );
  }
  return value;
}

/** The answer as a trial user may see it. */
export function maskTrialResult(result: unknown): unknown {
  return maskNode(result, '', new Set(), 0);
}
