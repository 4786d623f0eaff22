import { resetUsageResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Stops the last 24 h from counting, for one module or (without moduloId) all of them. */
export function resetUsage({ id, moduloId }: { id: number; moduloId?: number }) {
  return apiRequest(`/users/${id}/modules/reset-usage`, {
    method: 'POST',
    body: moduloId === undefined ? {} : { modulo_id: moduloId },
    schema: resetUsageResponseSchema,
    fallbackError: usersAdminMessages.resetFailed,
  });
}

export function useResetUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUsage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
