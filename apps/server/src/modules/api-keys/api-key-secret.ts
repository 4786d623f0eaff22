import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_MARK } from '@painel/shared/schemas/api-keys';

/**
 * A key is 'pk_' and 40 base62 characters (about 238 random bits). It is stored as its SHA-256: a
 * key that random needs no slow hash, a guess is hopeless either way. Its first 12 characters
 * ('pk_' and 9) are the prefix that finds its row and tells keys apart in lists.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;
export const PREFIX_LENGTH = API_KEY_MARK.length + 9;
export const KEY_LENGTH = API_KEY_MARK.length + BODY_LENGTH;

export function newApiKey(): string {
  let body = '';
  // Rejection sampling: 248 = 4 × 62, so each kept byte picks a character with equal odds.
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return `${API_KEY_MARK}${body}`;
}

export const prefixOf = (key: string) => key.slice(0, PREFIX_LENGTH);

export const hashOf = (key: string): Buffer => createHash('sha256').update(key).digest();

/** Whether a presented key has the shape of one (checked before any lookup of its prefix). */
export function looksLikeApiKey(text: string): boolean {
  return text.length === KEY_LENGTH && text.startsWith(API_KEY_MARK) && /^[0-9A-Za-z]+$/.test(text.slice(3));
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
