import { purposeContract } from '@painel/shared/contracts/finalidades';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/**
 * Under 'purposes', with the admin's list: a change on the Finalidades screen invalidates
 * ['purposes'] and so refreshes what the query screen offers (docs/product/purposes.md).
 */
export const activePurposesKey = ['purposes', 'active'] as const;

/** The active purposes, by name, and whether a lookup must name one (`exigir_finalidade`). */
export function getActivePurposes(signal?: AbortSignal) {
  return callEndpoint(purposeContract.active, {}, { signal });
}

export function useActivePurposes() {
  return useQuery({
    queryKey: activePurposesKey,
    queryFn: ({ signal }) => getActivePurposes(signal),
    staleTime: 60_000,
  });
}
