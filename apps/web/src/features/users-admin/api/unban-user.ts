import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function unbanUser(id: number) {
  return callEndpoint(
    userContract.unban,
    { params: { id: String(id) } },
    { fallbackError: usersAdminMessages.unbanFailed },
  );
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
