import { createHmac } from 'node:crypto';
import { documentsOfLookup } from '@painel/shared/rules/titular-documents';

/**
 * The keyed hash of the titulares index (docs/decisions/0019-titulares-index.md): HMAC-SHA256
 * under DOCUMENT_HASH_SECRET of a document's canonical form (a CPF's 11 digits, a CNPJ's 14 capital
 * letters and digits). A plain SHA-256 of a CPF would be no secret: there are only 10^9 of them, a
 * laptop hashes them all in minutes. Without the key the hashes tell nothing.
 */
export interface DocumentHasher {
  /** The index's hash of one canonical document. */
  hash(document: string): Buffer;
  /** The hashes of every document a lookup's input carries (rules/titular-documents.ts), each once. */
  hashesOfLookup(
    input: Readonly<Record<string, unknown>>,
    types: Readonly<Record<string, string>> | null | undefined,
  ): Buffer[];
  /** Names the key without revealing it, so rows made with another key are recognised. */
  keyId: Buffer;
}

/** What the key id is the HMAC of: a text no canonical document can be. */
const KEY_ID_TEXT = 'painel:consulta_documentos:chave';

export function createDocumentHasher(secret: string): DocumentHasher {
  const hash = (text: string) => createHmac('sha256', secret).update(text, 'utf8').digest();
  return {
    hash,
    hashesOfLookup: (input, types) => documentsOfLookup(input, types).map(hash),
    keyId: hash(KEY_ID_TEXT),
  };
}
