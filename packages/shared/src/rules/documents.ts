/**
 * Brazilian document numbers: check digits, display formats and input masks (product.md §5).
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

/** The two check digits that complete a 12-digit CNPJ base (root, order). */
export function cnpjCheckDigits(base: string): string {
  const digits = digitsOfLength(base, 12, 'A CNPJ base');
  const digitFor = (values: number[]) => {
    const remainder = weightedSum(values, CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - values.length)) % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digitFor(digits);
  return `${first}${digitFor([...digits, first])}`;
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

/** A CNPJ with or without punctuation whose check digits match; all-equal digits are refused. */
export function isValidCnpj(value: string): boolean {
  const digits = documentDigits(value, 14);
  return digits !== null && cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12);
}

/** A PIS/PASEP/NIT/NIS with or without punctuation whose check digit matches. */
export function isValidPis(value: string): boolean {
  const digits = documentDigits(value, 11);
  return digits !== null && pisCheckDigit(digits.slice(0, 10)) === digits.slice(10);
}

/** An 11-digit Renavam (9 digits are accepted as the zero-padded old form) whose check digit matches. */
export function isValidRenavam(value: string): boolean {
  if (!/^\d{9,11}$/.test(value.trim())) return false;
  const digits = value.trim().padStart(11, '0');
  return !allSameDigit(digits) && renavamCheckDigit(digits.slice(0, 10)) === digits.slice(10);
}

/**
 * Fits the digits of a value into a mask, as the user types: '0' is a digit slot, anything else a
 * literal. Literals are written only while digits remain to place; extra digits are dropped.
 * applyMask('1234567', '000.000.000-00') -> '123.456.7'.
 */
export function applyMask(value: string, mask: string): string {
  const digits = onlyDigits(value);
  let next = 0;
  let result = '';
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '0') {
      result += digits[next];
      next += 1;
    } else {
      result += slot;
    }
  }
  return result;
}

export type MaskFill = 'empty' | 'partial' | 'complete';

/** How many of a mask's digit slots a value fills; digits beyond the slots are ignored, as applyMask drops them. */
export function maskDigitsFilled(value: string, mask: string): MaskFill {
  const digits = onlyDigits(value).length;
  if (digits === 0) return 'empty';
  const slots = [...mask].filter((slot) => slot === '0').length;
  return digits >= slots ? 'complete' : 'partial';
}

/** Formats when the value has exactly the digits the mask wants; otherwise returns it untouched. */
function formatExact(value: string, mask: string): string {
  const digits = onlyDigits(value);
  const slots = [...mask].filter((slot) => slot === '0').length;
  return digits.length === slots ? applyMask(digits, mask) : value;
}

/** '12345678909' -> '123.456.789-09'. */
export const formatCpf = (value: string) => formatExact(value, '000.000.000-00');

/** '11222333000181' -> '11.222.333/0001-81'. */
export const formatCnpj = (value: string) => formatExact(value, '00.000.000/0000-00');

/** '01310100' -> '01310-100'. */
export const formatCep = (value: string) => formatExact(value, '00000-000');

/** '12061559835' -> '120.61559.83-5'. */
export const formatPis = (value: string) => formatExact(value, '000.00000.00-0');

/**
 * A Brazilian phone: '11912345678' -> '(11) 91234-5678', '1131234567' -> '(11) 3123-4567'; the
 * country code 55 is dropped; without DDD only the number is grouped. Anything else is returned as it is.
 */
export function formatPhone(value: string): string {
  let digits = onlyDigits(value);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  switch (digits.length) {
    case 11:
      return applyMask(digits, '(00) 00000-0000');
    case 10:
      return applyMask(digits, '(00) 0000-0000');
    case 9:
      return applyMask(digits, '00000-0000');
    case 8:
      return applyMask(digits, '0000-0000');
    default:
      return value;
  }
}
