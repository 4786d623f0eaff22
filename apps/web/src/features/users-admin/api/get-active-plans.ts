import { planContract } from '@painel/shared/contracts/plans';
import { ACTIVE_PLANS_MAX_LIMIT } from '@painel/shared/schemas/plans';
import { useQuery } from '@tanstack/react-query';

import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** The assign dialog lists up to 100 active plans (docs/product/users.md#activate-plan). */
export async function getActivePlans(signal?: AbortSignal) {
  const { plans } = await callEndpoint(
    planContract.active,
    { query: { limit: ACTIVE_PLANS_MAX_LIMIT } },
    { fallbackError: usersAdminMessages.plansLoadFailed, signal },
  );
  return plans;
}

export function useActivePlans({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['plans', 'active', ACTIVE_PLANS_MAX_LIMIT],
    queryFn: ({ signal }) => getActivePlans(signal),
    enabled,
  });
}
