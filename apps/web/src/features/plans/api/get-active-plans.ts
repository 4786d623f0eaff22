import { planContract } from '@painel/shared/contracts/plans';
import { ACTIVE_PLANS_DEFAULT_LIMIT } from '@painel/shared/schemas/plans';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Under 'plans', so the admin's plan changes (which invalidate ['plans']) refresh /planos too. */
export const activePlansKey = ['plans', 'active'] as const;

export async function getActivePlans(signal?: AbortSignal) {
  const { plans } = await callEndpoint(
    planContract.active,
    { query: { limit: ACTIVE_PLANS_DEFAULT_LIMIT } },
    { signal },
  );
  return plans;
}

/** The plans on sale (GET /plans/active, limit 50: docs/product/plans-and-payments.md#plans-page). */
export function useActivePlans() {
  return useQuery({ queryKey: activePlansKey, queryFn: ({ signal }) => getActivePlans(signal) });
}
