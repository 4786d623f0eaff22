import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Stops the last 24 h from counting, for one module or (without moduloId) all of them. */
export function resetUsage({ id, moduloId }: { id: number; moduloId?: number }) {
  return callEndpoint(
    userContract.resetUsage,
    { params: { id: String(id) }, body: moduloId === undefined ? {} : { modulo_id: moduloId } },
    { fallbackError: usersAdminMessages.resetFailed },
  );
}

export function useResetUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUsage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
