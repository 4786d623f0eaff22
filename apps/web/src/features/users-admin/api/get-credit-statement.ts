import { userContract } from '@painel/shared/contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export const STATEMENT_PAGE_SIZE = 10;

export function getCreditStatement(id: number, page: number, signal?: AbortSignal) {
  return callEndpoint(
    userContract.creditStatement,
    { params: { id: String(id) }, query: { page, limit: STATEMENT_PAGE_SIZE } },
    { fallbackError: usersAdminMessages.statementLoadFailed, signal },
  );
}

/** The user's credit ledger, newest first (GET /users/{id}/credits). */
export function useCreditStatement(id: number, page: number) {
  return useQuery({
    queryKey: [...usersKey, 'credits', id, page],
    queryFn: ({ signal }) => getCreditStatement(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
