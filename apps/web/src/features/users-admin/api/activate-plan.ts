import { userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Manual plan activation (no payment; a reseller is not charged for it). */
export function activatePlan({ id, planId }: { id: number; planId: number }) {
  return apiRequest(`/users/${id}/subscription`, {
    method: 'POST',
    spendsMoney: true,
    body: { plan_id: planId },
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.activatePlanFailed,
  });
}

export function useActivatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
