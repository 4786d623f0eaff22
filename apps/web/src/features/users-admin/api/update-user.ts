import { type UpdateUserInput, userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

export function updateUser({ id, body }: { id: number; body: UpdateUserInput }) {
  return apiRequest(`/users/${id}`, {
    method: 'PUT',
    spendsMoney: true,
    body,
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.updateFailed,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
