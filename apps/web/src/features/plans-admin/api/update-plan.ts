import { planContract } from '@painel/shared/contracts/plans';
import type { Plan, PlanListResponse, UpdatePlanInput } from '@painel/shared/schemas/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminPlansKey, allPlansKey } from '@/features/plans-admin/api/get-plans';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function updatePlan({ id, changes }: { id: number; changes: UpdatePlanInput }) {
  return callEndpoint(
    planContract.update,
    { params: { id: String(id) }, body: changes },
    { fallbackError: plansAdminMessages.updateFailed },
  );
}

function replacePlan(page: PlanListResponse | undefined, plan: Plan): PlanListResponse | undefined {
  return page && { ...page, plans: page.plans.map((current) => (current.id === plan.id ? plan : current)) };
}

/** Inline edit: the saved plan replaces its row at once, then every plan list is re-read. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: (plan) => {
      queryClient.setQueriesData<PlanListResponse>({ queryKey: adminPlansKey }, (page) =>
        replacePlan(page, plan),
      );
      return queryClient.invalidateQueries({ queryKey: allPlansKey });
    },
  });
}

/** The active switch shows at once (optimistic) and goes back if the server refuses. */
export function useTogglePlanActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      callEndpoint(
        planContract.update,
        { params: { id: String(id) }, body: { active } },
        { fallbackError: plansAdminMessages.statusFailed },
      ),
    onMutate: async ({ id, active }) => {
      await queryClient.cancelQueries({ queryKey: adminPlansKey });
      const previous = queryClient.getQueriesData<PlanListResponse>({ queryKey: adminPlansKey });
      queryClient.setQueriesData<PlanListResponse>(
        { queryKey: adminPlansKey },
        (page) =>
          page && {
            ...page,
            plans: page.plans.map((plan) => (plan.id === id ? { ...plan, active } : plan)),
          },
      );
      return { previous };
    },
    // Here, not in the caller: mutate's own callbacks fire only for the latest of several toggles.
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyFailure(plansAdminMessages.statusFailed, error);
    },
    onSuccess: (plan) =>
      queryClient.setQueriesData<PlanListResponse>({ queryKey: adminPlansKey }, (page) =>
        replacePlan(page, plan),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allPlansKey }),
  });
}
