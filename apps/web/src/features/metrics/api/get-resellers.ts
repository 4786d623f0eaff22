import { userContract } from '@painel/shared/contracts/users';
import { useQuery } from '@tanstack/react-query';

import { metricsMessages } from '@/features/metrics/metrics-messages';
import { callEndpoint } from '@/lib/api-client';

/** The reseller filter lists up to this many (the users API's largest page). */
const RESELLERS_LIMIT = 100;

export async function getResellers(signal?: AbortSignal) {
  const { users } = await callEndpoint(
    userContract.list,
    { query: { tipo: 'revendedor', limit: RESELLERS_LIMIT, page: 1 } },
    { fallbackError: metricsMessages.resellersFailed, signal },
  );
  return users.map(({ id, nome, email }) => ({ id, nome, email }));
}

/** Only the admin filters by reseller (docs/product/admin.md#metrics), so only the admin asks for the list. */
export function useResellers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['metrics', 'resellers'],
    queryFn: ({ signal }) => getResellers(signal),
    enabled,
    staleTime: 60_000,
  });
}
