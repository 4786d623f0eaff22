import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Admin: every usuario and revendedor; reseller: its own clients (the server decides the set). */
export function bulkAddTime(body: { days: number; hours: number }) {
  return callEndpoint(
    userContract.bulkAddTime,
    { body },
    { spendsMoney: true, fallbackError: usersAdminMessages.bulkTimeFailed },
  );
}

export function useBulkAddTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAddTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
