import { type CreatePlanInput, planSchema } from '@painel/shared/schemas/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { allPlansKey } from '@/features/plans-admin/api/get-plans';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { apiRequest } from '@/lib/api-client';

export function createPlan(body: CreatePlanInput) {
  return apiRequest('/admin/plans', {
    method: 'POST',
    body,
    schema: planSchema,
    fallbackError: plansAdminMessages.createFailed,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allPlansKey }),
  });
}
