import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { moduleContract } from '@painel/shared/contracts/modules';
import { useQuery } from '@tanstack/react-query';

import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export const userApiKeysKey = (userId: number) => ['users', userId, 'api-keys'] as const;

export async function getUserApiKeys(userId: number, signal?: AbortSignal) {
  const { chaves } = await callEndpoint(
    apiKeyContract.listOfUser,
    { params: { id: String(userId) } },
    { fallbackError: usersAdminMessages.apiKeysLoadFailed, signal },
  );
  return chaves;
}

/** A managed user's keys not revoked (admin: anyone; reseller: its clients; the server decides). */
export function useUserApiKeys(userId: number) {
  return useQuery({
    queryKey: userApiKeysKey(userId),
    queryFn: ({ signal }) => getUserApiKeys(userId, signal),
  });
}

/** The dashboard's key and shape (only `ativo` modules): names for a key's module list. */
const activeModulesKey = ['modules', 'active'] as const;

export function useActiveModuleNames() {
  return useQuery({
    queryKey: activeModulesKey,
    queryFn: async ({ signal }) => {
      const { modulos } = await callEndpoint(moduleContract.active, {}, { signal });
      return modulos.filter((module) => module.ativo);
    },
    select: (modules) => new Map(modules.map((module) => [module.id, module.nome])),
  });
}
