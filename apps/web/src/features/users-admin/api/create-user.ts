import { userContract } from '@painel/shared/contracts/users';
import type { CreateUserInput } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export function createUser(body: CreateUserInput) {
  return callEndpoint(
    userContract.create,
    { body },
    { spendsMoney: true, fallbackError: usersAdminMessages.createFailed },
  );
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
