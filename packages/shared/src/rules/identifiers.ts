import { messages } from '../messages.ts';
import {
  applyMask,
  CNPJ_MASK,
  CPF_MASK,
  canonicalCnpj,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  formatPis,
  isValidCnpj,
  isValidCns,
  isValidCpf,
  isValidPhone,
  isValidPis,
  isValidRenavam,
  isValidVoterTitle,
  onlyDigits,
  phoneDigits,
} from './documents.ts';
import { fieldKind, formatFieldValue } from './result-display.ts';

/**
 * Brazilian identifiers as typed lookup fields (docs/product/lookups.md#typed-fields): each type
 * knows its label, its default mask, how a typed or pasted value becomes the canonical one the
 * upstream receives (upper-case letters and digits, no punctuation), whether that value can exist,
 * the Portuguese message when it cannot, and how the screen, the copy text and the PDF write it.
 * The same rules run in the form and on the server, before anything is reserved.
 */
export const IDENTIFIER_TYPES = [
  'cpf',
  'cnpj',
  'cpf_cnpj',
  'placa',
  'renavam',
  'chassi',
  'cep',
  'telefone',
  'pis',
  'cns',
  'titulo',
] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export interface IdentifierRule {
  /** The label of the type in the module form's type select. */
  label: string;
  /** The default mask; null where the shape depends on the value (CPF or CNPJ, phone). */
  mask: string | null;
  /** The message when the value cannot be one. */
  invalid: string;
  /** The value as sent upstream, or null when it holds characters this identifier never has. */
  canonical(text: string): string | null;
  /** Whether a canonical value can exist (length, shape, check digits). */
  isValid(canonical: string): boolean;
  /** A valid canonical value as the panel writes it. */
  format(canonical: string): string;
}

const NUMBER_PUNCTUATION = /^[\d.\-/\s]+$/;

/** Digits of a value written with digits and the usual punctuation only. */
function digitsOnly(text: string): string | null {
  return NUMBER_PUNCTUATION.test(text) ? onlyDigits(text) : null;
}

/** Letters (upper-cased) and digits of a value written with those, spaces and hyphens only. */
function lettersAndDigits(text: string): string | null {
  return /^[0-9A-Za-z\s-]+$/.test(text) ? text.replace(/[\s-]/g, '').toUpperCase() : null;
}

const CNS_MASK = '000 0000 0000 0000';
const VOTER_TITLE_MASK = '0000 0000 0000';
const OLD_PLATE = /^[A-Z]{3}\d{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}\d[A-Z]\d{2}$/;
/** A 17-character vehicle identification number: letters and digits without I, O and Q. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

const cpf: IdentifierRule = {
  label: 'CPF',
  mask: CPF_MASK,
  invalid: messages.invalidCpf,
  canonical: digitsOnly,
  isValid: isValidCpf,
  format: formatCpf,
};

const cnpj: IdentifierRule = {
  label: 'CNPJ (numérico ou alfanumérico)',
  mask: CNPJ_MASK,
  invalid: messages.invalidCnpj,
  canonical: canonicalCnpj,
  isValid: isValidCnpj,
  format: formatCnpj,
};

export const IDENTIFIER_RULES: Record<IdentifierType, IdentifierRule> = {
  cpf,
  cnpj,
  cpf_cnpj: {
    label: 'CPF ou CNPJ',
    mask: null,
    invalid: messages.invalidCpfCnpj,
    canonical: canonicalCnpj,
    isValid: (value) => (/^\d{11}$/.test(value) ? cpf.isValid(value) : cnpj.isValid(value)),
    format: (value) => (value.length === 11 ? cpf.format(value) : cnpj.format(value)),
  },
  placa: {
    label: 'Placa',
    mask: 'AAA0A00',
    invalid: messages.invalidPlate,
    canonical: lettersAndDigits,
    isValid: (value) => OLD_PLATE.test(value) || MERCOSUL_PLATE.test(value),
    format: (value) => (OLD_PLATE.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value),
  },
  renavam: {
    label: 'Renavam',
    mask: '00000000000',
    invalid: messages.invalidRenavam,
    canonical: digitsOnly,
    isValid: (value) => /^\d{11}$/.test(value) && isValidRenavam(value),
    format: (value) => value,
  },
  chassi: {
    label: 'Chassi',
    mask: 'AAAAAAAAAAAAAAAAA',
    invalid: messages.invalidChassis,
    canonical: lettersAndDigits,
    isValid: (value) => VIN.test(value),
    format: (value) => value,
  },
  cep: {
    label: 'CEP',
    mask: '00000-000',
    invalid: messages.invalidCep,
    canonical: digitsOnly,
    isValid: (value) => /^\d{8}$/.test(value) && value !== '00000000',
    format: formatCep,
  },
  telefone: {
    label: 'Telefone',
    mask: null,
    invalid: messages.invalidPhone,
    // A pasted +55 (or 55 before a DDD and number) is the country code, not part of the number.
    canonical: (text) => (/^[\d\s()+.-]+$/.test(text) ? phoneDigits(text) : null),
    isValid: isValidPhone,
    format: formatPhone,
  },
  pis: {
    label: 'PIS/NIS/NIT',
    mask: '000.00000.00-0',
    invalid: messages.invalidPis,
    canonical: digitsOnly,
    isValid: isValidPis,
    format: formatPis,
  },
  cns: {
    label: 'CNS (Cartão Nacional de Saúde)',
    mask: CNS_MASK,
    invalid: messages.invalidCns,
    canonical: digitsOnly,
    isValid: isValidCns,
    format: (value) => applyMask(value, CNS_MASK),
  },
  titulo: {
    label: 'Título de eleitor',
    mask: VOTER_TITLE_MASK,
    invalid: messages.invalidVoterTitle,
    canonical: digitsOnly,
    isValid: isValidVoterTitle,
    format: (value) => applyMask(value, VOTER_TITLE_MASK),
  },
};

export function isIdentifierType(type: string): type is IdentifierType {
  return (IDENTIFIER_TYPES as readonly string[]).includes(type);
}

/** A typed or pasted value checked as its type: the canonical value to send, or the message. */
export function checkIdentifier(
  type: IdentifierType,
  text: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const rule = IDENTIFIER_RULES[type];
  const value = rule.canonical(text.trim());
  return value !== null && rule.isValid(value) ? { ok: true, value } : { ok: false, message: rule.invalid };
}

/** Input keys that name an identifier, for lookups stored before their fields had types. */
const TYPE_BY_KEY: Record<string, IdentifierType> = {
  cpf: 'cpf',
  cnpj: 'cnpj',
  cpfcnpj: 'cpf_cnpj',
  documento: 'cpf_cnpj',
  placa: 'placa',
  renavam: 'renavam',
  chassi: 'chassi',
  cep: 'cep',
  telefone: 'telefone',
  celular: 'telefone',
  pis: 'pis',
  nis: 'pis',
  cns: 'cns',
  titulo: 'titulo',
  tituloeleitor: 'titulo',
};

/**
 * A lookup's input value as history shows it (docs/product/lookups.md#history): formatted by the
 * identifier type its field had when the lookup ran (consultas.tipos_entrada) or, for a lookup
 * stored before types existed, by a key that names one ('placa', 'cnpj'…); a value that is not a
 * valid one of that type (the field changed type since) is shown as it was stored. Other values as
 * the result view writes them (formatFieldValue).
 */
export function formatLookupInput(key: string, value: string, type?: string): string {
  const identifier = type !== undefined && isIdentifierType(type) ? type : TYPE_BY_KEY[fieldKind(key)];
  if (identifier === undefined) return formatFieldValue(key, value);
  const checked = checkIdentifier(identifier, value);
  return checked.ok ? IDENTIFIER_RULES[identifier].format(checked.value) : value;
}
