import { userContract } from '@painel/shared/contracts/users';
import type { PublicUser } from '@painel/shared/schemas/user';

import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/users.md#edit-user: reseller lookups return up to 50 users. */
const RESPONSIBLE_LOOKUP_LIMIT = 50;

export type Responsible = Pick<PublicUser, 'id' | 'nome' | 'email' | 'tipo'>;

async function searchRole(text: string, tipo: 'revendedor' | 'admin') {
  const { users } = await callEndpoint(
    userContract.list,
    { query: { q: text, tipo, limit: RESPONSIBLE_LOOKUP_LIMIT, page: 1 } },
    { fallbackError: usersAdminMessages.responsibleLookupFailed },
  );
  return users;
}

/**
 * The responsible reseller or admin a typed text names (docs/product/users.md#edit-user): an exact id
 * first, then an exact email, then an exact name, then the only match; null when none (or when
 * a partial text matches several). Throws when the lookup itself fails.
 */
export async function findResponsible(text: string): Promise<Responsible | null> {
  const typed = text.trim();
  if (!typed) return null;
  const [resellers, admins] = await Promise.all([
    searchRole(typed, 'revendedor'),
    searchRole(typed, 'admin'),
  ]);
  const candidates = [...resellers, ...admins];
  const lower = typed.toLowerCase();
  const found =
    candidates.find((user) => /^\d+$/.test(typed) && user.id === Number(typed)) ??
    candidates.find((user) => user.email.toLowerCase() === lower) ??
    candidates.find((user) => user.nome.toLowerCase() === lower) ??
    (candidates.length === 1 ? candidates[0] : undefined);
  return found ? { id: found.id, nome: found.nome, email: found.email, tipo: found.tipo } : null;
}
