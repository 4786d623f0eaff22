import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import type { ApiKey } from '@painel/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { ownApiKeysKey } from '@/features/api-keys/api/get-api-keys';
import { apiKeysMessages } from '@/features/api-keys/api-keys-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function revokeApiKey(id: number) {
  return callEndpoint(
    apiKeyContract.revoke,
    { params: { id: String(id) } },
    { fallbackError: apiKeysMessages.revokeFailed },
  );
}

/** The key leaves the list at once; the server's 'Chave de API revogada' as the toast. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: ({ message }, id) => {
      queryClient.setQueryData<ApiKey[]>(ownApiKeysKey, (keys) => keys?.filter((key) => key.id !== id));
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: ownApiKeysKey });
    },
    onError: (error) => notifyFailure(apiKeysMessages.revokeFailed, error),
  });
}
