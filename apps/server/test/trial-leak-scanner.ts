/**
 * Test support: finds personal identifiers left in clear in any JSON value. Written apart from the
 * masker (trial-mask.ts), with its own check-digit arithmetic and its own reading of shapes and
 * keys, so that a mistake in one is not repeated in the other.
 */

export type IdentifierKind =
  | 'cpf'
  | 'pis'
  | 'cns'
  | 'titulo'
  | 'certidao'
  | 'email'
  | 'telefone'
  | 'nascimento'
  | 'numeroCasa'
  | 'rg'
  | 'ctps'
  /** Any other run of 7 or more digits: not a company, a CEP, a date or a public code. */
  | 'digitos'
  /** A full calendar date, under any key: a birth date may be under any name. */
  | 'data';

export const IDENTIFIER_KINDS: readonly IdentifierKind[] = [
  'cpf',
  'pis',
  'cns',
  'titulo',
  'certidao',
  'email',
  'telefone',
  'nascimento',
  'numeroCasa',
  'rg',
  'ctps',
  'digitos',
  'data',
];

export interface Finding {
  kind: IdentifierKind;
  /** Where: keys from the root joined by '.', array indexes as [n]. */
  path: string;
  text: string;
}

const toDigits = (text: string) => [...text].filter((c) => c >= '0' && c <= '9').map(Number);

const allEqual = (digits: number[]) => digits.every((digit) => digit === digits[0]);

/** CPF: each check digit is (10 × Σ digit × weight) mod 11, 10 counting as 0. */
function cpfHolds(digits: number[]): boolean {
  if (digits.length !== 11 || allEqual(digits)) return false;
  const check = (count: number) => {
    let sum = 0;
    for (let i = 0; i < count; i += 1) sum += digits[i]! * (count + 1 - i);
    return ((sum * 10) % 11) % 10;
  };
  return check(9) === digits[9] && check(10) === digits[10];
}

function pisHolds(digits: number[]): boolean {
  if (digits.length !== 11 || allEqual(digits)) return false;
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const rest = weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11;
  return (rest < 2 ? 0 : 11 - rest) === digits[10];
}

function cnsHolds(digits: number[]): boolean {
  if (digits.length !== 15 || ![1, 2, 7, 8, 9].includes(digits[0]!)) return false;
  let sum = 0;
  digits.forEach((digit, i) => {
    sum += digit * (15 - i);
  });
  return sum % 11 === 0;
}

function voterTitleHolds(digits: number[]): boolean {
  if (digits.length !== 12) return false;
  const state = digits[8]! * 10 + digits[9]!;
  if (state < 1 || state > 28) return false;
  const settle = (rest: number) => (rest === 10 ? 0 : rest === 0 && state <= 2 ? 1 : rest);
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += digits[i]! * (i + 2);
  const first = settle(sum % 11);
  const second = settle((digits[8]! * 7 + digits[9]! * 8 + first * 9) % 11);
  return first === digits[10] && second === digits[11];
}

function cnpjHolds(digits: number[]): boolean {
  if (digits.length !== 14 || allEqual(digits)) return false;
  const check = (count: number) => {
    const weights =
      count === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === digits[12] && check(13) === digits[13];
}

/** Every run of digit groups (digits joined by '.', '-', '/' or one space) in a text. */
function digitRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const chunk of text.split(/[^0-9 .\-/]+/)) {
    const groups = chunk
      .split(/\s+/)
      .map((group) => group.replace(/^[.\-/]+|[.\-/]+$/g, ''))
      .filter((group) => /\d/.test(group));
    if (groups.length > 0) runs.push(groups);
  }
  return runs;
}

const PHONE_LOCAL = /(?<![\d*])9?\d{4}-\d{4}(?![\d*])/;
const DDD_PHONE = /^[1-9]{2}(?:[2-5]\d{7}|9\d{8})$/;
const EMAIL = /([^\s@"'<>(),;:*]+)@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const RG_SHAPE = /(?<![\d.*])\d{1,2}\.\d{3}\.\d{3}-[\dXx](?![\d*])/;
const FULL_DATE = /\d{2}[/.-]\d{2}[/.-]\d{4}|\d{4}[/.-]\d{2}[/.-]\d{2}|^\d{8}$/;
/** A day and month that may be real, with a year, in either order. */
const CALENDAR_DATE =
  /(?<!\d)(?:(0[1-9]|[12]\d|3[01])[/.-](0[1-9]|1[0-2])[/.-](1[89]|20)\d{2}|(1[89]|20)\d{2}[/.-](0[1-9]|1[0-2])[/.-](0[1-9]|[12]\d|3[01]))(?!\d)/;
const MONEY = /\d{1,3}(?:\.\d{3})+,\d{2}(?!\d)/g;
const BIRTH_WORDS = /(nasc|birth|dn\b)[^\d\n]{0,20}(\d{2}[/.-]\d{2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})/i;
const STREET_WITH_NUMBER =
  /\b(rua|avenida|av\.|travessa|alameda|praça|praca|rodovia|estrada)\s[^,\n]{1,60}?(,\s*|\s)(n[º°o]\.?\s*)?\d{1,5}(?!\d)/i;
const CTPS_IN_TEXT = /ctps[^\d*\n]{0,15}\d{3,}/i;

/** What one piece of text (a value or a key) shows, whatever key it sits under. */
function textFindings(text: string): IdentifierKind[] {
  const kinds: IdentifierKind[] = [];
  for (const groups of digitRuns(text)) {
    for (let start = 0; start < groups.length; start += 1) {
      let joined = '';
      for (let end = start; end < groups.length && joined.length <= 32; end += 1) {
        joined += toDigits(groups[end]!).join('');
        const digits = toDigits(joined);
        if (cpfHolds(digits)) kinds.push('cpf');
        if (pisHolds(digits)) kinds.push('pis');
        if (cnsHolds(digits)) kinds.push('cns');
        if (voterTitleHolds(digits)) kinds.push('titulo');
        if (digits.length === 32) kinds.push('certidao');
        // A phone is one group, or a two-digit DDD and the number.
        const asPhone = end === start || (end === start + 1 && toDigits(groups[start]!).length === 2);
        const local = joined.length >= 12 && joined.startsWith('55') ? joined.slice(2) : joined;
        if (asPhone && DDD_PHONE.test(local)) kinds.push('telefone');
      }
    }
  }
  if (PHONE_LOCAL.test(text)) kinds.push('telefone');
  for (const match of text.matchAll(EMAIL)) if (!match[1]!.includes('*')) kinds.push('email');
  if (RG_SHAPE.test(text)) kinds.push('rg');
  if (BIRTH_WORDS.test(text)) kinds.push('nascimento');
  if (STREET_WITH_NUMBER.test(text)) kinds.push('numeroCasa');
  if (CTPS_IN_TEXT.test(text)) kinds.push('ctps');
  if (CALENDAR_DATE.test(text)) kinds.push('data');
  if (longRunInClear(text)) kinds.push('digitos');
  return kinds;
}

/**
 * A run of digit groups holding 7 digits or more, leaving aside amounts (1.234,56), a CEP
 * (01310-100) and a company's CNPJ with valid check digits: those are no person's. (A date in
 * clear is a finding of its own.)
 */
function longRunInClear(text: string): boolean {
  for (const groups of digitRuns(text.replace(MONEY, ' '))) {
    const digits = toDigits(groups.join(''));
    if (digits.length < 7) continue;
    if (groups.length === 1 && /^\d{5}-\d{3}$/.test(groups[0]!)) continue;
    if (cnpjHolds(digits)) continue;
    return true;
  }
  return false;
}

const plainKey = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');

/** 'nisPis' -> ['nis', 'pis']; 'NR_NIS' -> ['nr', 'nis']. */
const keyWords = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** Keys of public codes, where a long run of digits is the code of a place, an activity or a vehicle. */
const PUBLIC_CODE_KEYS = /^(cep|ibge|codigoibge|cnae|cbo|placa|chassi|renavam|motor|numeromotor|cnpj)$/;
/** Keys of amounts and counts, for JSON numbers. */
const AMOUNT_KEYS = /valor|capital|renda|salario|preco|total|saldo|limite|score|quantidade|populacao|idade/;
/** What an address may show: its CEP, state, area code, city code and coordinates. */
const ADDRESS_PUBLIC_KEYS = /^(cep|uf|ddd|ibge|codigoibge|lat|latitude|lng|lon|long|longitude)$/;
const ADDRESS_FIELDS = ['logradouro', 'rua', 'endereco', 'street', 'bairro', 'cep', 'complemento'];
/** A value that is a number, perhaps with a letter: 12, 12A, 1234-B. */
const NUMBER_LIKE = /^\s*[A-Za-z]{0,3}[\s-]?\d[\d\s.\-/]*[A-Za-z]{0,3}\s*$/;

/** Digits still shown: a value with a digit and no star. */
const showsDigits = (text: string, atLeast = 1) => !text.includes('*') && toDigits(text).length >= atLeast;

interface Place {
  key: string;
  /** The key as written, for its words. */
  rawKey: string;
  parent: Record<string, unknown> | null;
  /** Keys from the root to here, plain. */
  chain: string[];
}

/** What the keys around a value say it is. */
function placeFindings(text: string, { key, rawKey, parent, chain }: Place): IdentifierKind[] {
  const kinds: IdentifierKind[] = [];
  const siblings = new Set(Object.keys(parent ?? {}).map(plainKey));
  const under = (pattern: RegExp) => chain.slice(0, -1).some((ancestor) => pattern.test(ancestor));
  const isNumber = /^(numero|number|num|nr)$/.test(key);

  if (/nasc|birth/.test(key) && FULL_DATE.test(text.trim())) kinds.push('nascimento');

  const certificate =
    ['livro', 'folha', 'termo', 'matricula', 'cartorio'].some((name) => siblings.has(name)) ||
    under(/certid|certificate/);
  if (certificate && /^(numero|registro|matricula|livro|folha|termo)$/.test(key) && showsDigits(text)) {
    kinds.push('certidao');
  }
  if (certificate && key === 'data' && /NASCIMENTO/i.test(String(parent?.tipo ?? ''))) {
    if (FULL_DATE.test(text)) kinds.push('nascimento');
  }

  if ((under(/^(rg|registrogeral|identidade)$/) || /^(rg|registrogeral)$/.test(key)) && showsDigits(text)) {
    if (isNumber || /^(digito|rg|registrogeral)$/.test(key)) kinds.push('rg');
  }
  if ((under(/ctps/) || key.includes('ctps')) && (isNumber || key === 'serie' || key.includes('ctps'))) {
    if (showsDigits(text)) kinds.push('ctps');
  }
  if ((under(/^(pis|pisnit|nis)$/) && isNumber) || /^(pis|nis|pisnit)$/.test(key)) {
    if (showsDigits(text, 8)) kinds.push('pis');
  }
  if (/^cns$/.test(key) && showsDigits(text, 8)) kinds.push('cns');
  if (/^tituloeleitor$/.test(key) && showsDigits(text, 8)) kinds.push('titulo');
  const words = keyWords(rawKey);
  if (words.some((word) => ['pis', 'nis', 'nit'].includes(word)) && showsDigits(text, 6)) kinds.push('pis');
  if ((words.includes('cns') || words.includes('sus') || /nacionalsaude/.test(key)) && showsDigits(text, 6)) {
    kinds.push('cns');
  }
  if (/titulo|eleitor/.test(key) && showsDigits(text, 6)) kinds.push('titulo');
  if (/^\d{8}$/.test(text) && /^(data|date|dt)/.test(key) && FULL_DATE.test(text)) kinds.push('data');

  const phoneBox = siblings.has('ddd') || under(/telefones|phones/);
  if (((phoneBox && isNumber) || /telefone|celular|phone/.test(key)) && showsDigits(text, 8)) {
    kinds.push('telefone');
  }

  const addressBox = ADDRESS_FIELDS.some((name) => siblings.has(name)) || under(/endereco|address|moradores/);
  if (addressBox && isNumber && showsDigits(text)) kinds.push('numeroCasa');
  // In an address any number but its public codes points at the house or the flat.
  const numberLike = NUMBER_LIKE.test(text) || (key.includes('complemento') && /\d/.test(text));
  if (addressBox && !ADDRESS_PUBLIC_KEYS.test(key) && numberLike && showsDigits(text))
    kinds.push('numeroCasa');
  return kinds;
}

/** Every identifier in clear in a JSON value: by check digits and shapes anywhere, and by the keys around it. */
export function findIdentifiers(value: unknown): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: unknown, path: string, place: Place) => {
    if (typeof node === 'string' || typeof node === 'number') {
      const text = String(node);
      const kinds = new Set([...textFindings(text), ...placeFindings(text, place)]);
      const publicNumber =
        PUBLIC_CODE_KEYS.test(place.key) ||
        (typeof node === 'number' && (!Number.isInteger(node) || AMOUNT_KEYS.test(place.key)));
      // A company's CNPJ and capital sit beside its address, and are neither a house nor a person's.
      if (publicNumber) {
        kinds.delete('digitos');
        kinds.delete('numeroCasa');
      }
      for (const kind of kinds) findings.push({ kind, path, text });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, `${path}[${index}]`, place);
      });
    } else if (node && typeof node === 'object') {
      const object = node as Record<string, unknown>;
      for (const [key, child] of Object.entries(object)) {
        for (const kind of new Set(textFindings(key)))
          findings.push({ kind, path: `${path}.${key}`, text: key });
        visit(child, `${path}.${key}`, {
          key: plainKey(key),
          rawKey: key,
          parent: object,
          chain: [...place.chain, plainKey(key)],
        });
      }
    }
  };
  visit(value, '$', { key: '', rawKey: '', parent: null, chain: [] });
  return findings;
}

export const kindsIn = (value: unknown) => new Set(findIdentifiers(value).map((finding) => finding.kind));
