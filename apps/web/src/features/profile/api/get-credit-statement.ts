import { profileContract } from '@painel/shared/contracts/profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Entries per page at first (the server takes 10, 20, 50 or 100). */
export const STATEMENT_PAGE_SIZE = 10;

export const creditStatementKey = ['profile', 'credits'] as const;

/** GET /profile/credits: the signed-in user's credit ledger, newest first. */
export function getCreditStatement(page: number, limit: number, signal?: AbortSignal) {
  return callEndpoint(profileContract.credits, { query: { page, limit } }, { signal });
}

export function useCreditStatement(page: number, limit: number) {
  return useQuery({
    queryKey: [...creditStatementKey, page, limit],
    queryFn: ({ signal }) => getCreditStatement(page, limit, signal),
    placeholderData: keepPreviousData,
  });
}
