import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from './documents.ts';
import { isIdentifierType } from './identifiers.ts';

/**
 * Which documents a lookup was about (docs/product/titulares.md): the CPFs and CNPJs in its input,
 * each in its canonical form, the one the index of titulares hashes and the search hashes again:
 * a CPF as its 11 digits, a CNPJ as its 14 capital letters and digits. Written with or without
 * punctuation, spaces or any other separator, in either case, a document has one canonical form.
 */
export type TitularDocument = { kind: 'cpf' | 'cnpj'; value: string };

/** A CPF or CNPJ however it is written, or null when the text is neither. */
export function canonicalDocument(text: string): TitularDocument | null {
  const value = text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(value)) return isValidCpf(value) ? { kind: 'cpf', value } : null;
  return isValidCnpj(value) ? { kind: 'cnpj', value } : null;
}

/** The identifier types whose values are documents of a titular, and the kinds each one holds. */
const DOCUMENT_KINDS: Record<string, readonly TitularDocument['kind'][]> = {
  cpf: ['cpf'],
  cnpj: ['cnpj'],
  cpf_cnpj: ['cpf', 'cnpj'],
};

/**
 * The canonical documents a lookup's input carries, each once: a typed field by its type (a CPF
 * field's CPF, a CPF-or-CNPJ field's either; a plate, phone, PIS… field's value is never one, even
 * where its digits would pass a CPF's check); an untyped field (a text or number field, or any
 * field of a lookup run before fields had types) by what its value is, when it is a valid CPF or
 * CNPJ. `types` is the lookup's `tipos_entrada`.
 */
export function documentsOfLookup(
  input: Readonly<Record<string, unknown>>,
  types: Readonly<Record<string, string>> | null | undefined,
): string[] {
  const found = new Set<string>();
  for (const [field, value] of Object.entries(input)) {
    if (typeof value !== 'string') continue;
    const type = types?.[field];
    const kinds =
      type !== undefined && isIdentifierType(type) ? (DOCUMENT_KINDS[type] ?? []) : ['cpf', 'cnpj'];
    const document = kinds.length === 0 ? null : canonicalDocument(value);
    if (document && kinds.includes(document.kind)) found.add(document.value);
  }
  return [...found];
}

/**
 * A titular's document as the audit trail and the titular's report show it, never whole: a CPF
 * with its first three and last two digits (529.***.***-25, as trial masking writes one), a CNPJ
 * with its first two and last two characters (12.***.***\/****-35).
 */
export function maskedTitularDocument(document: TitularDocument): string {
  const written = document.kind === 'cpf' ? formatCpf(document.value) : formatCnpj(document.value);
  const keepStart = document.kind === 'cpf' ? 3 : 2;
  const slots = written.replace(/[^0-9A-Z]/g, '').length;
  let seen = 0;
  return written.replace(/[0-9A-Z]/g, (char) => {
    seen += 1;
    return seen <= keepStart || seen > slots - 2 ? char : '*';
  });
}
