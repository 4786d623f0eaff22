import { userContract } from '@painel/shared/contracts/users';
import { messages } from '@painel/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { callEndpoint } from '@/lib/api-client';

export function banUser({ id, motivo }: { id: number; motivo: string }) {
  return callEndpoint(
    userContract.ban,
    { params: { id: String(id) }, body: { motivo } },
    { fallbackError: adminDashboardMessages.banFailed },
  );
}

/** Bans with a reason; the server also ends every session of that user. */
export function useBanUser() {
  return useMutation({
    mutationFn: banUser,
    onSuccess: ({ message }) => toast.success(message || messages.userBannedDone),
  });
}
