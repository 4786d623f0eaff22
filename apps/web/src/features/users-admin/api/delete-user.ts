import { messageResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Admin only, never oneself (the server refuses both). */
export function deleteUser(id: number) {
  return apiRequest(`/users/${id}`, {
    method: 'DELETE',
    schema: messageResponseSchema,
    fallbackError: usersAdminMessages.operationFailed,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
