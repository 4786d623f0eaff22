import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import type { ApiKey } from '@painel/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { userApiKeysKey } from '@/features/users-admin/api/get-user-api-keys';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Admin only: the key's requests per second, 1 to 1000. */
export function setApiKeyRate({
  userId,
  keyId,
  limite_por_segundo,
}: {
  userId: number;
  keyId: number;
  limite_por_segundo: number;
}) {
  return callEndpoint(
    apiKeyContract.setRate,
    { params: { id: String(userId), keyId: String(keyId) }, body: { limite_por_segundo } },
    { fallbackError: usersAdminMessages.apiKeyRateFailed },
  );
}

export function useSetApiKeyRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApiKeyRate,
    onSuccess: (updated, { userId }) =>
      queryClient.setQueryData<ApiKey[]>(userApiKeysKey(userId), (keys) =>
        keys?.map((key) => (key.id === updated.id ? updated : key)),
      ),
  });
}
