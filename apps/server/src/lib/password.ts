import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), per docs/product/sessions.md#passwords. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a random secret: checking a login for an unknown email costs as much as a real one. */
export const dummyPasswordHash = await hashPassword(crypto.randomUUID());
