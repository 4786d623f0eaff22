import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import type { CreateApiKeyInput } from '@painel/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ownApiKeysKey } from '@/features/api-keys/api/get-api-keys';
import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';
import { callEndpoint } from '@/lib/api-client';

/** The answer holds the whole key, once: 409 API_KEY_LIMIT past 10 keys. */
export function createApiKey(body: CreateApiKeyInput) {
  return callEndpoint(apiKeyContract.create, { body }, { fallbackError: apiKeysMessages.createFailed });
}

const createApiKeyKey = ['api-keys', 'create'] as const;

/**
 * The creation. Its answer (the whole key) lives only in the dialog's state: `forget` drops the
 * mutation from the cache too, so once the dialog closes the key is nowhere in the panel.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: createApiKeyKey,
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownApiKeysKey }),
  });
  const forget = () => {
    mutation.reset();
    const cache = queryClient.getMutationCache();
    for (const entry of cache.findAll({ mutationKey: createApiKeyKey })) cache.remove(entry);
  };
  return { ...mutation, forget };
}
