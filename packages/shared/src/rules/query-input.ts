import { messages } from '../messages.ts';
import { maskDigitsFilled, maskSlots, onlyDigits } from './documents.ts';
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
