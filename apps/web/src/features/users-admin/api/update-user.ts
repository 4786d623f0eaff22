import { userContract } from '@painel/shared/contracts/users';
import type { UpdateUserInput } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export function updateUser({ id, body }: { id: number; body: UpdateUserInput }) {
  return callEndpoint(
    userContract.update,
    { params: { id: String(id) }, body },
    { spendsMoney: true, fallbackError: usersAdminMessages.updateFailed },
  );
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
