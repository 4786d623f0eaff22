import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';

import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';
import { callEndpoint } from '@/lib/api-client';

export const ownApiKeysKey = ['api-keys', 'own'] as const;

export async function getApiKeys(signal?: AbortSignal) {
  const { chaves } = await callEndpoint(
    apiKeyContract.list,
    {},
    { fallbackError: apiKeysMessages.loadFailed, signal },
  );
  return chaves;
}

/** The signed-in user's keys not revoked, oldest first (never the key, only its prefix). */
export function useApiKeys() {
  return useQuery({ queryKey: ownApiKeysKey, queryFn: ({ signal }) => getApiKeys(signal) });
}
