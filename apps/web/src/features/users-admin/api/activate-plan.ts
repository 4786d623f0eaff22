import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Manual plan activation (no payment; a reseller is not charged for it). */
export function activatePlan({ id, planId }: { id: number; planId: number }) {
  return callEndpoint(
    userContract.activatePlan,
    { params: { id: String(id) }, body: { plan_id: planId } },
    { spendsMoney: true, fallbackError: usersAdminMessages.activatePlanFailed },
  );
}

export function useActivatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
