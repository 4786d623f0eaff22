import { type CreateUserInput, userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

export function createUser(body: CreateUserInput) {
  return apiRequest('/users', {
    method: 'POST',
    spendsMoney: true,
    body,
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.createFailed,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
