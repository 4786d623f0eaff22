import { messages } from '../messages.ts';
import {
  applyMask,
  CNPJ_MASK,
  CPF_MASK,
  keepsEveryCharacter,
  LANDLINE_PHONE_MASK,
  MOBILE_PHONE_MASK,
  maskDigitsFilled,
  maskSlots,
  onlyDigits,
  phoneDigits,
  wholeValueIn,
} from './documents.ts';
import { checkIdentifier, IDENTIFIER_RULES, type IdentifierType, isIdentifierType } from './identifiers.ts';

export interface QueryField {
  nome: string;
  tipo: 'string' | 'text' | 'email' | 'number' | IdentifierType;
  obrigatorio: boolean;
  mascara: string | null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Invisible control characters (not tab or line breaks): a NUL cannot even be stored. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const MAX_VALUE_LENGTH = 200;

/** Removes a mask's literals: what is left of the value without the mask's fixed characters. */
function stripMaskLiterals(value: string, mask: string): string {
  const literals = new Set([...mask].filter((char) => char !== '0' && char !== 'A'));
  return [...value].filter((char) => !literals.has(char)).join('');
}

export interface QueryInputResult {
  /** What is sent upstream: trimmed text, digits only for masked fields. */
  values: Record<string, string>;
  /** Field name -> the message the form shows (docs/product/lookups.md#query-form). */
  errors: Record<string, string>;
}

/**
 * The query form's rules, the same on the client and on the server: required, email, digits only
 * for numbers (after the mask's literals are removed), every digit slot of a mask filled; invisible
 * control characters are dropped.
 */
export function validateQueryInput(fields: QueryField[], raw: Record<string, unknown>): QueryInputResult {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const given = raw[field.nome];
    const text =
      typeof given === 'string' || typeof given === 'number'
        ? String(given).replace(CONTROL_CHARACTERS, '').trim()
        : '';
    if (text === '') {
      if (field.obrigatorio) errors[field.nome] = messages.required;
      continue;
    }
    if (text.length > MAX_VALUE_LENGTH) {
      errors[field.nome] = messages.tooLong(MAX_VALUE_LENGTH);
      continue;
    }
    // A typed identifier is checked as what it is (check digits included) and sent canonical; its
    // mask only formats it in the form.
    if (isIdentifierType(field.tipo)) {
      const mask = fieldMask(field);
      if (mask && maskDigitsFilled(text, mask) === 'partial') {
        errors[field.nome] = messages.fillAllDigits;
        continue;
      }
      const checked = checkIdentifier(field.tipo, text);
      if (checked.ok) values[field.nome] = checked.value;
      else errors[field.nome] = checked.message;
      continue;
    }
    if (field.tipo === 'email' && !EMAIL_PATTERN.test(text)) {
      errors[field.nome] = messages.invalidEmail;
      continue;
    }
    // A mask with `A` slots takes letters too (upper-cased); one of `0` slots only, digits.
    const lettersToo = field.mascara?.includes('A') ?? false;
    const unmasked = field.mascara ? stripMaskLiterals(text, field.mascara) : text;
    const allowed = lettersToo ? /^[0-9A-Za-z]+$/ : /^\d+$/;
    if ((field.tipo === 'number' || field.mascara) && !allowed.test(unmasked)) {
      errors[field.nome] = messages.onlyDigits;
      continue;
    }
    if (field.mascara) {
      const canonical = lettersToo ? unmasked.toUpperCase() : onlyDigits(text);
      if (
        canonical.length !== maskSlots(field.mascara) ||
        maskDigitsFilled(canonical, field.mascara) !== 'complete'
      ) {
        errors[field.nome] = messages.fillAllDigits;
        continue;
      }
      values[field.nome] = canonical;
      continue;
    }
    values[field.nome] = text;
  }
  return { values, errors };
}

/** The mask a field's input shows: its own, else its identifier type's default. */
export function fieldMask(field: Pick<QueryField, 'tipo' | 'mascara'>): string | null {
  return field.mascara ?? (isIdentifierType(field.tipo) ? IDENTIFIER_RULES[field.tipo].mask : null);
}

/**
 * The mask a field's input fits a value into: the field's own or its type's; a phone's and a CPF's
 * or CNPJ's follow the value: a mobile's when the number after its DDD starts with 9; a CPF's when
 * the text holds one, or up to 11 digits as it is typed.
 */
export function inputMask(field: Pick<QueryField, 'tipo' | 'mascara'>, text: string): string | null {
  const fixed = fieldMask(field);
  if (fixed !== null || !isIdentifierType(field.tipo)) return fixed;
  if (field.tipo === 'telefone')
    return phoneDigits(text)[2] === '9' ? MOBILE_PHONE_MASK : LANDLINE_PHONE_MASK;
  // A CNPJ of letters and 11 digits also fills a CPF's slots: a CPF is one written with digits only.
  const cpf = wholeValueIn(text, CPF_MASK);
  if (cpf !== null) return /[A-Za-z]/.test(cpf) ? CNPJ_MASK : CPF_MASK;
  return /^\d{0,11}$/.test(text.replace(/[^0-9A-Za-z]/g, '')) ? CPF_MASK : CNPJ_MASK;
}

/** What a field's input shows as the user types: the text fitted into its mask, if it has one. */
export function formatInput(field: Pick<QueryField, 'tipo' | 'mascara'>, text: string): string {
  const mask = inputMask(field, text);
  return mask === null ? text : applyMask(text, mask);
}

/**
 * What a masked input shows after a paste (docs/product/lookups.md#pasting): a pasted text that holds
 * one whole value replaces what the field had, fitted into the mask; any other is taken where it
 * was pasted (`inserted`, the field's text with the paste in place), fitted only if the mask keeps
 * every character of it, else as it is, so the check names its fault instead of a shortened value
 * passing for a good one.
 */
export function pastedInput(
  field: Pick<QueryField, 'tipo' | 'mascara'>,
  pasted: string,
  inserted: string,
): string {
  const mask = inputMask(field, pasted);
  if (mask !== null && wholeValueIn(pasted, mask) !== null) return applyMask(pasted, mask);
  const insertedMask = inputMask(field, inserted);
  if (insertedMask === null) return inserted;
  return keepsEveryCharacter(inserted, insertedMask) ? applyMask(inserted, insertedMask) : inserted.trim();
}

/** The longest text a field's input takes as the user types: its longest mask, else 200 characters. */
export function inputMaxLength(field: Pick<QueryField, 'tipo' | 'mascara'>): number {
  const fixed = fieldMask(field);
  if (fixed !== null) return fixed.length;
  if (field.tipo === 'telefone') return MOBILE_PHONE_MASK.length;
  if (field.tipo === 'cpf_cnpj') return CNPJ_MASK.length;
  return MAX_VALUE_LENGTH;
}
