import { planContract } from '@painel/shared/contracts/plans';
import type { CreatePlanInput } from '@painel/shared/schemas/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { allPlansKey } from '@/features/plans-admin/api/get-plans';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export function createPlan(body: CreatePlanInput) {
  return callEndpoint(planContract.create, { body }, { fallbackError: plansAdminMessages.createFailed });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allPlansKey }),
  });
}
