import { planContract } from '@painel/shared/contracts/plans';
import { messages } from '@painel/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { allPlansKey } from '@/features/plans-admin/api/get-plans';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** Refused with 409 PLAN_IN_USE (and the reason) for a plan that was ever sold or charged. */
export function deletePlan(id: number) {
  return callEndpoint(
    planContract.remove,
    { params: { id: String(id) } },
    { fallbackError: plansAdminMessages.deleteFailed },
  );
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    // The row (and its confirmation) may be gone by then, so the hook reports, not the caller.
    onSuccess: () => {
      toast.success(messages.planDeleted);
      return queryClient.invalidateQueries({ queryKey: allPlansKey });
    },
    onError: (error) => notifyFailure(plansAdminMessages.deleteFailed, error),
  });
}
