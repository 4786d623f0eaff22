import { userContract } from '@painel/shared/contracts/users';
import type { UserListResponse } from '@painel/shared/schemas/users-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Every query of this screen starts with 'users', so one invalidation refreshes the list, limits and statement. */
export const usersKey = ['users'] as const;

export interface UserListParams {
  page: number;
  limit: number;
  q: string;
}

/** docs/product/users.md#users-screen: the list refreshes every 30 s (paused while a form, dialog or load is open). */
export const USERS_POLL_MS = 30_000;

export function usersListKey(params: UserListParams) {
  return [...usersKey, 'list', params] as const;
}

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  // An empty q is left out of the query string.
  return callEndpoint(
    userContract.list,
    { query: { page: params.page, limit: params.limit, q: params.q } },
    { fallbackError: usersAdminMessages.loadFailed, signal },
  );
}

/** One page of the list; the previous page stays on screen while the next one loads. */
export function useUsers(params: UserListParams, { paused }: { paused: boolean }) {
  return useQuery({
    queryKey: usersListKey(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: paused ? false : USERS_POLL_MS,
  });
}
