import { userContract } from '@painel/shared/contracts/users';
import type { Role } from '@painel/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Admin only, never on oneself (the server refuses both). */
export function changeRole({ id, tipo }: { id: number; tipo: Role }) {
  return callEndpoint(
    userContract.changeRole,
    { params: { id: String(id) }, body: { tipo } },
    { fallbackError: usersAdminMessages.operationFailed },
  );
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
