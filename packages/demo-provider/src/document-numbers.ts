/** Made-up document numbers that pass the same checks real ones do. */
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  formatPis,
  pisCheckDigit,
  renavamCheckDigit,
  voterTitleCheckDigits,
} from '@painel/shared/rules/documents';
import type { Dialect } from './field-variants.ts';
import type { Random } from './random.ts';

/**
 * A valid CPF (digits only) whose first digit is never 9: CPFs starting with 9 are the ones that
 * ask for a big report (docs/demo-provider.md), and only a CPF typed by the user should do that.
 */
export function generateCpf(random: Random): string {
  let base = String(random.int(0, 8)) + random.digits(8);
  if (/^(\d)\1*$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 9}`;
  return base + cpfCheckDigits(base);
}

/** '***.456.789-**', as the Receita prints partners' CPFs. */
export function maskedCpf(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/**
 * A valid CNPJ (canonical: capital letters and digits): a root of 8 and an order (0001 for the head
 * office). One root in four is alphanumeric, as companies registered since July 2026 have.
 */
export function generateCnpj(random: Random, root = cnpjRoot(random), order = 1): string {
  const base = root + String(order).padStart(4, '0');
  return base + cnpjCheckDigits(base);
}

const ROOT_CHARACTERS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

function cnpjRoot(random: Random): string {
  if (random.int(0, 3) > 0) return random.digits(8);
  let root = '';
  for (let index = 0; index < 8; index += 1) root += random.pick(ROOT_CHARACTERS);
  return root;
}

export function generatePis(random: Random): string {
  const base = String(random.int(1, 2)) + random.digits(9);
  return base + pisCheckDigit(base);
}

export function generateRenavam(random: Random): string {
  const base = `00${random.int(1, 9)}${random.digits(7)}`;
  return base + renavamCheckDigit(base);
}

/** A provisional CNS (starts with 7): the weighted sum of its 15 digits is a multiple of 11. */
export function generateCns(random: Random): string {
  for (;;) {
    const base = `7${random.int(0, 9)}${random.digits(12)}`;
    const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (15 - index), 0);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return base + String(last);
  }
}

/** The two-digit state codes of the voter title. */
const ELECTORAL_UF_CODES: Record<string, string> = {
  SP: '01',
  MG: '02',
  RJ: '03',
  RS: '04',
  BA: '05',
  PR: '06',
  CE: '07',
  PE: '08',
  SC: '09',
  GO: '10',
  MA: '11',
  PB: '12',
  PA: '13',
  ES: '14',
  PI: '15',
  RN: '16',
  AL: '17',
  MT: '18',
  MS: '19',
  DF: '20',
  SE: '21',
  AM: '22',
  RO: '23',
  AC: '24',
  AP: '25',
  RR: '26',
  TO: '27',
};

/** A voter title of 12 digits: sequence, state code and its two check digits. */
export function generateVoterTitle(random: Random, uf: string): string {
  const sequence = random.digits(8);
  const state = ELECTORAL_UF_CODES[uf] ?? '28';
  return `${sequence}${state}${voterTitleCheckDigits(sequence, state)}`;
}

/** An RG number of 8 digits and its modulo-11 digit (X for 10), as São Paulo writes them. */
export function generateRg(random: Random): { numero: string; digito: string } {
  const numero = String(random.int(10, 59)) + random.digits(6);
  return { numero, digito: rgDigit(numero) };
}

export function rgDigit(numero: string): string {
  const digits = numero.slice(-8).padStart(8, '0');
  const remainder = [...digits].reduce((sum, digit, index) => sum + Number(digit) * (index + 2), 0) % 11;
  const digit = 11 - remainder;
  return digit === 10 ? 'X' : digit === 11 ? '0' : String(digit);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function generatePlate(random: Random): string {
  const letter = () => random.pick([...LETTERS]);
  return `${letter()}${letter()}${letter()}${random.int(0, 9)}${letter()}${random.digits(2)}`;
}

/** Chassis characters: VINs never use I, O or Q. */
const VIN_CHARACTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];

/** A 17-character chassis: manufacturer prefix, random body, model-year letter and serial. */
export function generateChassis(random: Random, wmi: string, modelYear: number): string {
  const yearLetters = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  const yearLetter = yearLetters[(modelYear - 2010 + yearLetters.length * 4) % yearLetters.length]!;
  let body = '';
  for (let index = 0; index < 5; index += 1) body += random.pick(VIN_CHARACTERS);
  return `${wmi}${body}${random.int(0, 9)}${yearLetter}${random.pick(VIN_CHARACTERS)}${random.digits(6)}`;
}

/** CPF as this response writes documents: formatted or digits only. */
export const cpfFor = (dialect: Dialect, cpf: string) => (dialect.formattedDocuments ? formatCpf(cpf) : cpf);
export const cnpjFor = (dialect: Dialect, cnpj: string) =>
  dialect.formattedDocuments ? formatCnpj(cnpj) : cnpj;
export const pisFor = (dialect: Dialect, pis: string) => (dialect.formattedDocuments ? formatPis(pis) : pis);
