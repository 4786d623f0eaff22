import { planContract } from '@painel/shared/contracts/plans';
import { PLAN_DEFAULT_PAGE_SIZE } from '@painel/shared/schemas/plans';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Every plan query of the panel starts with 'plans', so a change here refreshes /planos too. */
export const allPlansKey = ['plans'] as const;
export const adminPlansKey = ['plans', 'admin'] as const;
export const adminPlansPageKey = (page: number, limit: number) => [...adminPlansKey, page, limit] as const;

export function getPlans(page: number, limit = PLAN_DEFAULT_PAGE_SIZE, signal?: AbortSignal) {
  return callEndpoint(
    planContract.list,
    { query: { page, limit } },
    { fallbackError: plansAdminMessages.loadFailed, signal },
  );
}

/** One server page of plans, newest first (admin and revendedor, docs/product/roles.md#role-table). */
export function usePlans(page: number, limit: number) {
  return useQuery({
    queryKey: adminPlansPageKey(page, limit),
    queryFn: ({ signal }) => getPlans(page, limit, signal),
    placeholderData: keepPreviousData,
  });
}
