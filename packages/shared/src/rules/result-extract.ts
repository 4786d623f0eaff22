/**
 * Pieces of a lookup result that the result view gathers from wherever they occur
 * (docs/product/lookups.md#result-view): certificates, PIS/NIT numbers and RG details.
 */
import { onlyDigits } from './documents.ts';
import { isObject, type JsonObject, readField, spellingsOf } from './result-fields.ts';

export const RESULT_LIMITS = {
  certificates: 20,
  pis: 12,
  chips: 50,
  interestsPerGroup: 60,
} as const;

/** Every value stored under any spelling of `field`, anywhere in the result, in document order. */
export function findAll(root: unknown, field: string): unknown[] {
  const spellings = new Set(spellingsOf(field));
  const found: unknown[] = [];
  const stack: unknown[] = [root];
  // Depth-first, children pushed in reverse so the first occurrence in the document comes first.
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push(value[index]);
    } else if (isObject(value)) {
      const entries = Object.entries(value);
      const children: unknown[] = [];
      for (const [key, child] of entries) {
        if (spellings.has(key)) found.push(child);
        else children.push(child);
      }
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
    }
  }
  return found;
}

export interface Capped<T> {
  items: T[];
  /** How many there were before the cap. */
  total: number;
}

function cap<T>(items: T[], limit: number): Capped<T> {
  return { items: items.slice(0, limit), total: items.length };
}

/** Certificates (certidões) wherever they occur, top-level or nested, at most 20. */
export function extractCertificates(root: unknown): Capped<JsonObject> {
  const seen = new Set<string>();
  const certificates: JsonObject[] = [];
  for (const value of findAll(root, 'certidoes')) {
    for (const item of [value].flat()) {
      if (!isObject(item)) continue;
      const key = JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
      certificates.push(item);
    }
  }
  return cap(certificates, RESULT_LIMITS.certificates);
}

export interface PisEntry {
  numero: string;
  details: JsonObject;
}

/** The number a PIS entry is known by, punctuation dropped (masked digits stay as '*'). */
function pisKey(numero: string): string {
  return numero.replace(/[\s.\-/]/g, '');
}

/** PIS/NIT numbers wherever they occur (top-level, inside jobs…), de-duplicated by number, at most 12. */
export function extractPis(root: unknown): Capped<PisEntry> {
  const byNumber = new Map<string, PisEntry>();
  const add = (numero: string, details: JsonObject) => {
    const key = pisKey(numero);
    if (key === '' || byNumber.has(key)) return;
    byNumber.set(key, { numero, details });
  };
  for (const value of findAll(root, 'pis')) {
    for (const item of [value].flat()) {
      if (typeof item === 'string' || typeof item === 'number') add(String(item), {});
      else if (isObject(item)) {
        const numero = readField(item, 'numero');
        if (typeof numero === 'string' || typeof numero === 'number') add(String(numero), item);
      }
    }
  }
  return cap([...byNumber.values()], RESULT_LIMITS.pis);
}

export interface RgDetails {
  numero: string;
  orgao: string;
  uf: string;
  data: string;
  serie: string;
  digito: string;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The first RG (registro geral) found anywhere: an object with its details, or a bare number. */
export function extractRg(root: unknown): RgDetails | null {
  for (const value of findAll(root, 'registroGeral')) {
    if (isObject(value)) {
      const numero = text(readField(value, 'numero'));
      if (numero === '') continue;
      return {
        numero,
        orgao: text(readField(value, 'orgao')),
        uf: text(readField(value, 'uf')),
        data: text(readField(value, 'data')),
        serie: text(readField(value, 'serie')),
        digito: text(readField(value, 'digito')),
      };
    }
    const numero = text(value);
    if (numero !== '') return { numero, orgao: '', uf: '', data: '', serie: '', digito: '' };
  }
  return null;
}

/** A person's basic data: inside its wrapper when there is one, else the person itself (flat). */
export function basicDataOf(person: unknown): JsonObject {
  const wrapped = readField(person, 'dadosBasicos');
  if (isObject(wrapped)) return wrapped;
  return isObject(person) ? person : {};
}

/** True when the object looks like a person report (a name and a CPF, wrapped or flat). */
export function isPersonResult(value: unknown): boolean {
  const basic = basicDataOf(value);
  return readField(basic, 'cpf') !== undefined && readField(basic, 'nome') !== undefined;
}

/** Digits of a CPF, when the value is a full 11-digit one. */
export function cpfDigits(value: string): string | null {
  const digits = onlyDigits(value);
  return digits.length === 11 ? digits : null;
}
