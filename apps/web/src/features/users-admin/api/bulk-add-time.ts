import { bulkAddTimeResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Admin: every usuario and revendedor; reseller: its own clients (the server decides the set). */
export function bulkAddTime(body: { days: number; hours: number }) {
  return apiRequest('/users/bulk/add-time', {
    method: 'POST',
    spendsMoney: true,
    body,
    schema: bulkAddTimeResponseSchema,
    fallbackError: usersAdminMessages.bulkTimeFailed,
  });
}

export function useBulkAddTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAddTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
