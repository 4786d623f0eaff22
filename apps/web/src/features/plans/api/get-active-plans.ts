import { ACTIVE_PLANS_DEFAULT_LIMIT, activePlansResponseSchema } from '@painel/shared/schemas/plans';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** Under 'plans', so the admin's plan changes (which invalidate ['plans']) refresh /planos too. */
export const activePlansKey = ['plans', 'active'] as const;

export async function getActivePlans(signal?: AbortSignal) {
  const { plans } = await apiRequest(`/plans/active?limit=${ACTIVE_PLANS_DEFAULT_LIMIT}`, {
    schema: activePlansResponseSchema,
    signal,
  });
  return plans;
}

/** The plans on sale (GET /plans/active, limit 50: docs/product/plans-and-payments.md#plans-page). */
export function useActivePlans() {
  return useQuery({ queryKey: activePlansKey, queryFn: ({ signal }) => getActivePlans(signal) });
}
