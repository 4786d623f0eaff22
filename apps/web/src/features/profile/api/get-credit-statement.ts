import { creditStatementResponseSchema } from '@painel/shared/schemas/users-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** Entries per page at first (the server takes 10, 20, 50 or 100). */
export const STATEMENT_PAGE_SIZE = 10;

export const creditStatementKey = ['profile', 'credits'] as const;

/** GET /profile/credits: the signed-in user's credit ledger, newest first. */
export function getCreditStatement(page: number, limit: number, signal?: AbortSignal) {
  return apiRequest(`/profile/credits?page=${page}&limit=${limit}`, {
    schema: creditStatementResponseSchema,
    signal,
  });
}

export function useCreditStatement(page: number, limit: number) {
  return useQuery({
    queryKey: [...creditStatementKey, page, limit],
    queryFn: ({ signal }) => getCreditStatement(page, limit, signal),
    placeholderData: keepPreviousData,
  });
}
