import { userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function unbanUser(id: number) {
  return apiRequest(`/users/${id}/unban`, {
    method: 'POST',
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.unbanFailed,
  });
}

/** A one-click action (no dialog), so the hook reports the outcome itself. */
export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: async ({ message }) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (error) => notifyFailure(usersAdminMessages.unbanFailed, error),
  });
}
