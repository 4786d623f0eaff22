import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import type { ApiKey } from '@painel/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { userApiKeysKey } from '@/features/users-admin/api/get-user-api-keys';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function revokeUserApiKey({ userId, keyId }: { userId: number; keyId: number }) {
  return callEndpoint(
    apiKeyContract.revokeOfUser,
    { params: { id: String(userId), keyId: String(keyId) } },
    { fallbackError: usersAdminMessages.apiKeyRevokeFailed },
  );
}

/** Logged as the manager's action; the key stops working at once. */
export function useRevokeUserApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserApiKey,
    onSuccess: ({ message }, { userId, keyId }) => {
      queryClient.setQueryData<ApiKey[]>(userApiKeysKey(userId), (keys) =>
        keys?.filter((key) => key.id !== keyId),
      );
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: userApiKeysKey(userId) });
    },
    onError: (error) => notifyFailure(usersAdminMessages.apiKeyRevokeFailed, error),
  });
}
