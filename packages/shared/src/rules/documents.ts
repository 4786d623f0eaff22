/**
 * Brazilian document numbers: check digits, display formats and input masks (docs/product/lookups.md#query-form).
 * Pure functions, the same on the server and in the web.
 */

/** Digits of a value, everything else dropped. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Digits, dots, dashes, slashes and spaces only: a number typed with or without its punctuation. */
const DOCUMENT_CHARACTERS = /^[\d.\-/\s]+$/;

const allSameDigit = (digits: string) => /^(\d)\1*$/.test(digits);

function digitsOfLength(base: string, length: number, what: string): number[] {
  if (!new RegExp(`^\\d{${length}}$`).test(base)) {
    throw new RangeError(`${what} needs exactly ${length} digits`);
  }
  return [...base].map(Number);
}

/** Modulo-11 digit as CPF, PIS and Renavam use it: 11 - (sum % 11), where 10 and 11 become 0. */
function elevenMinusRemainder(sum: number): number {
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

const weightedSum = (digits: number[], weights: number[]) =>
  digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0);

/** The two check digits that complete a 9-digit CPF base. */
export function cpfCheckDigits(base: string): string {
  const digits = digitsOfLength(base, 9, 'A CPF base');
  const first = elevenMinusRemainder(weightedSum(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  const second = elevenMinusRemainder(weightedSum([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return `${first}${second}`;
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The CNPJ's mask, numeric or alphanumeric: 12.ABC.345/01DE-35. */
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-00';

/**
 * The two check digits that complete a 12-character CNPJ base (root 8, order 4). Since July 2026
 * (IN RFB nº 2.229/2024) the base may hold upper-case letters: each character counts as its ASCII
 * code minus 48 (0–9 → 0–9, A → 17 … Z → 42), with the classic weights and modulo 11; a numeric
 * CNPJ keeps its digits. The Receita's example: base 12ABC34501DE → 35.
 */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base))
    throw new RangeError('A CNPJ base needs exactly 12 digits or capital letters');
  const values = [...base].map((char) => char.charCodeAt(0) - 48);
  const digitFor = (chars: number[]) => {
    const remainder = weightedSum(chars, CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - chars.length)) % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digitFor(values);
  return `${first}${digitFor([...values, first])}`;
}

/**
 * A CNPJ as it is sent and stored: capital letters and digits only ('12.abc.345/01de-35' →
 * '12ABC34501DE35'); null when the value holds anything but those, spaces and the CNPJ's
 * punctuation.
 */
export function canonicalCnpj(value: string): string | null {
  if (!/^[0-9A-Za-z.\-/\s]+$/.test(value)) return null;
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** The check digit that completes a 10-digit PIS/PASEP/NIT/NIS base. */
export function pisCheckDigit(base: string): string {
  return String(
    elevenMinusRemainder(weightedSum(digitsOfLength(base, 10, 'A PIS base'), [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])),
  );
}

/** The check digit that completes a 10-digit Renavam base (older 9-digit numbers are zero-padded to 11). */
export function renavamCheckDigit(base: string): string {
  const digits = digitsOfLength(base, 10, 'A Renavam base');
  return String(elevenMinusRemainder(weightedSum(digits, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])));
}

/**
 * The two check digits of a voter title: the first from its 8-digit sequence, the second from the
 * 2-digit state code (01 SP … 27 TO, 28 abroad) and the first. A remainder of 10 becomes 0; São Paulo
 * and Minas Gerais (01, 02) also turn a remainder of 0 into 1.
 */
export function voterTitleCheckDigits(sequence: string, state: string): string {
  const digits = digitsOfLength(sequence, 8, 'A voter title sequence');
  const [high, low] = digitsOfLength(state, 2, 'A voter title state code');
  const zeroBecomesOne = state === '01' || state === '02';
  const fix = (remainder: number) =>
    remainder === 10 ? 0 : remainder === 0 && zeroBecomesOne ? 1 : remainder;
  const first = fix(weightedSum(digits, [2, 3, 4, 5, 6, 7, 8, 9]) % 11);
  const second = fix((high! * 7 + low! * 8 + first * 9) % 11);
  return `${first}${second}`;
}

/**
 * The two check digits of a civil-registry certificate number (matrícula, 32 digits): modulo 11 of
 * the first 30 digits weighted 2, 3 … 10, 0, 1, 2 … from the left, then of those 30 and the first
 * check digit weighted 1, 2 … 10, 0, 1 …; a remainder of 10 becomes 1.
 */
export function certificateCheckDigits(base: string): string {
  const digits = digitsOfLength(base, 30, 'A certificate number base');
  const digitFor = (values: number[], offset: number) => {
    const weights = values.map((_, index) => (index + offset) % 11);
    const remainder = weightedSum(values, weights) % 11;
    return remainder === 10 ? 1 : remainder;
  };
  const first = digitFor(digits, 2);
  return `${first}${digitFor([...digits, first], 1)}`;
}

function documentDigits(value: string, length: number): string | null {
  if (!DOCUMENT_CHARACTERS.test(value)) return null;
  const digits = onlyDigits(value);
  return digits.length === length && !allSameDigit(digits) ? digits : null;
}

/** A CPF with or without punctuation whose check digits match; 000.000.000-00, 111.111.111-11… are refused. */
export function isValidCpf(value: string): boolean {
  const digits = documentDigits(value, 11);
  return digits !== null && cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/**
 * A CNPJ, numeric or alphanumeric, with or without punctuation, in either case, whose check digits
 * match; all-equal characters are refused.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = canonicalCnpj(value);
  if (cnpj === null || !/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1*$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** A PIS/PASEP/NIT/NIS with or without punctuation whose check digit matches. */
export function isValidPis(value: string): boolean {
  const digits = documentDigits(value, 11);
  return digits !== null && pisCheckDigit(digits.slice(0, 10)) === digits.slice(10);
}

/** A CNS (Cartão Nacional de Saúde): 15 digits starting with 1, 2, 7, 8 or 9, weighted 15 … 1, sum divisible by 11. */
export function isValidCns(value: string): boolean {
  const digits = documentDigits(value, 15);
  if (digits === null || !/^[12789]/.test(digits)) return false;
  return weightedSum([...digits].map(Number), [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

/** A 12-digit voter title with a known state code (01 to 28) whose check digits match. */
export function isValidVoterTitle(value: string): boolean {
  const digits = documentDigits(value, 12);
  if (digits === null) return false;
  const state = digits.slice(8, 10);
  if (state < '01' || state > '28') return false;
  return voterTitleCheckDigits(digits.slice(0, 8), state) === digits.slice(10);
}

/** A 32-digit civil-registry certificate number (matrícula) whose two check digits match. */
export function isValidCertificateNumber(value: string): boolean {
  const digits = documentDigits(value, 32);
  return digits !== null && certificateCheckDigits(digits.slice(0, 30)) === digits.slice(30);
}

/** An 11-digit Renavam (9 digits are accepted as the zero-padded old form) whose check digit matches. */
export function isValidRenavam(value: string): boolean {
  if (!/^\d{9,11}$/.test(value.trim())) return false;
  const digits = value.trim().padStart(11, '0');
  return !allSameDigit(digits) && renavamCheckDigit(digits.slice(0, 10)) === digits.slice(10);
}

/**
 * The mask language (docs/product/modules.md): `0` is a digit slot, `A` a letter-or-digit slot
 * (letters upper-cased), anything else a literal. What a value puts into a mask's slots: its letters
 * and digits (upper-cased) when the mask has `A` slots; for a phone mask its digits without Brazil's
 * country code; otherwise its digits.
 */
function slotCharacters(value: string, mask: string): string[] {
  if (mask.includes('A')) return [...value.toUpperCase().replace(/[^0-9A-Z]/g, '')];
  return [...(isPhoneMask(mask) ? phoneDigits(value) : onlyDigits(value))];
}

const isSlot = (char: string) => char === '0' || char === 'A';

/** How many characters a mask takes. */
export function maskSlots(mask: string): number {
  return [...mask].filter(isSlot).length;
}

/** A DDD in brackets and 10 or 11 digit slots: '(00) 00000-0000', '(00) 0000-0000', '(00)0000-0000'. */
function isPhoneMask(mask: string): boolean {
  return mask.startsWith('(00)') && [10, 11].includes(maskSlots(mask));
}

/** The masked text and how many of the mask's slots it filled. */
function fillMask(chars: string[], mask: string): { text: string; placed: number } {
  let next = 0;
  let placed = 0;
  let text = '';
  for (const slot of mask) {
    if (slot === '0') while (next < chars.length && !/\d/.test(chars[next]!)) next += 1;
    if (next >= chars.length) break;
    if (isSlot(slot)) {
      text += chars[next];
      next += 1;
      placed += 1;
    } else {
      text += slot;
    }
  }
  return { text, placed };
}

/** Where a pasted label ends and a word begins: spaces, a colon, an ordinal sign ('CPF: ', 'CNPJ nº'). */
const WORD_BREAK = /[\s:ºª°]/;

const fillsExactly = (chars: string[], mask: string) =>
  chars.length === maskSlots(mask) && fillMask(chars, mask).placed === chars.length;

/**
 * The ending of a value that holds one whole value of the mask, or null (docs/product/lookups.md#pasting):
 * the shortest ending, starting on a word after which the value holds no digit, whose characters
 * fill every slot exactly, in order, with nothing left over. So a label before a pasted value
 * ('CPF: ', 'CNPJ nº', 'Placa ') is left out, even where its letters could fill `A` slots, while no
 * digit is (a DDD in its own word stays part of the phone), and the value's own tail is never cut.
 */
export function wholeValueIn(value: string, mask: string): string | null {
  const firstDigit = value.search(/\d/);
  for (let start = firstDigit < 0 ? value.length - 1 : firstDigit; start >= 0; start -= 1) {
    if (start > 0 && (WORD_BREAK.test(value[start]!) || !WORD_BREAK.test(value[start - 1]!))) continue;
    const ending = value.slice(start);
    if (fillsExactly(slotCharacters(ending, mask), mask)) return ending;
  }
  return null;
}

/** What a value puts into a mask: its whole value's characters, else (being typed, or too long) all of them. */
const maskCharacters = (value: string, mask: string) =>
  slotCharacters(wholeValueIn(value, mask) ?? value, mask);

/**
 * Fits a value into a mask, as the user types or pastes: each slot takes the value's next character
 * that fits it (a letter meant for a digit slot is dropped); literals are written only while
 * characters remain to place; a label or a phone's +55 before a whole value is left out; extra
 * characters of a value that holds no whole one are dropped from its end.
 * applyMask('1234567', '000.000.000-00') -> '123.456.7'; applyMask('12abc34501de35',
 * 'AA.AAA.AAA/AAAA-00') -> '12.ABC.345/01DE-35'; applyMask('CPF: 529.982.247-25', '000.000.000-00')
 * -> '529.982.247-25'; applyMask('+55 11 98765-4321', '(00) 00000-0000') -> '(11) 98765-4321'.
 */
export function applyMask(value: string, mask: string): string {
  return fillMask(maskCharacters(value, mask), mask).text;
}

/** Whether a mask takes every character a value offers, in order: none left over, none skipped. */
export function keepsEveryCharacter(value: string, mask: string): boolean {
  const chars = slotCharacters(value, mask);
  return fillMask(chars, mask).placed === chars.length;
}

export type MaskFill = 'empty' | 'partial' | 'complete';

/** How many of a mask's slots a value fills; characters beyond the slots are ignored, as applyMask drops them. */
export function maskDigitsFilled(value: string, mask: string): MaskFill {
  const chars = maskCharacters(value, mask);
  if (chars.length === 0) return 'empty';
  return fillMask(chars, mask).placed >= maskSlots(mask) ? 'complete' : 'partial';
}

/** Formats when the value has exactly the digits the mask wants; otherwise returns it untouched. */
function formatExact(value: string, mask: string): string {
  const digits = onlyDigits(value);
  const slots = [...mask].filter((slot) => slot === '0').length;
  return digits.length === slots ? applyMask(digits, mask) : value;
}

export const CPF_MASK = '000.000.000-00';

/** '12345678909' -> '123.456.789-09'. */
export const formatCpf = (value: string) => formatExact(value, CPF_MASK);

/** '11222333000181' -> '11.222.333/0001-81', '12abc34501de35' -> '12.ABC.345/01DE-35'. */
export function formatCnpj(value: string): string {
  const cnpj = canonicalCnpj(value);
  return cnpj !== null && /^[0-9A-Z]{12}\d{2}$/.test(cnpj) ? applyMask(cnpj, CNPJ_MASK) : value;
}

/** '01310100' -> '01310-100'. */
export const formatCep = (value: string) => formatExact(value, '00000-000');

/** '12061559835' -> '120.61559.83-5'. */
export const formatPis = (value: string) => formatExact(value, '000.00000.00-0');

/** A phone's digits without Brazil's country code: 12 or 13 digits starting with 55 lose the 55. */
export function withoutCountryCode(digits: string): string {
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * A phone's digits as written, without Brazil's country code: a '+55' before the number
 * ('Tel.: +55 (11) 98765-4321'), or 55 before 10 or 11 digits, is dropped; a 55 in brackets is a
 * DDD, so '(55) 91234-56789' keeps it.
 */
export function phoneDigits(text: string): string {
  if (/^\D*\+\s*55/.test(text)) return onlyDigits(text).slice(2);
  return /^\D*\(\s*55/.test(text) ? onlyDigits(text) : withoutCountryCode(onlyDigits(text));
}

/** A mobile's mask (DDD, 9 and 8 digits) and a landline's (DDD and 8 digits). */
export const MOBILE_PHONE_MASK = '(00) 00000-0000';
export const LANDLINE_PHONE_MASK = '(00) 0000-0000';

/** A Brazilian phone by its digits: DDD (no zero) and 8 digits (landline, 2–5 first) or 9 (mobile, 9 first). */
export function isValidPhone(digits: string): boolean {
  return /^[1-9][1-9](?:[2-5]\d{7}|9\d{8})$/.test(digits);
}

/**
 * A Brazilian phone: '11912345678' -> '(11) 91234-5678', '1131234567' -> '(11) 3123-4567'; the
 * country code 55 is dropped; without DDD only the number is grouped. Anything else is returned as it is.
 */
export function formatPhone(value: string): string {
  const digits = withoutCountryCode(onlyDigits(value));
  switch (digits.length) {
    case 11:
      return applyMask(digits, MOBILE_PHONE_MASK);
    case 10:
      return applyMask(digits, LANDLINE_PHONE_MASK);
    case 9:
      return applyMask(digits, '00000-0000');
    case 8:
      return applyMask(digits, '0000-0000');
    default:
      return value;
  }
}
