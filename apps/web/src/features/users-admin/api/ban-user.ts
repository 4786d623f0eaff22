import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Bans with its reason; the server ends every session of the user. */
export function banUser({ id, motivo }: { id: number; motivo: string }) {
  return callEndpoint(
    userContract.ban,
    { params: { id: String(id) }, body: { motivo } },
    { fallbackError: usersAdminMessages.operationFailed },
  );
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
