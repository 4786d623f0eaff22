import { messages } from '@painel/shared/messages';
import { userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { apiRequest } from '@/lib/api-client';

export function banUser({ id, motivo }: { id: number; motivo: string }) {
  return apiRequest(`/users/${id}/ban`, {
    method: 'POST',
    body: { motivo },
    schema: userMutationResponseSchema,
    fallbackError: adminDashboardMessages.banFailed,
  });
}

/** Bans with a reason; the server also ends every session of that user. */
export function useBanUser() {
  return useMutation({
    mutationFn: banUser,
    onSuccess: ({ message }) => toast.success(message || messages.userBannedDone),
  });
}
