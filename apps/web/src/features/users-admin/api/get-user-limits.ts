import { userContract } from '@painel/shared/contracts/users';
import { useQuery } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export function userLimitsKey(id: number) {
  return [...usersKey, 'limits', id] as const;
}

export function getUserLimits(id: number, signal?: AbortSignal) {
  return callEndpoint(
    userContract.limits,
    { params: { id: String(id) } },
    { fallbackError: usersAdminMessages.limitsLoadFailed, signal },
  );
}

/** Credits, expiry and each quantity module's 24 h usage against its limit (null = unlimited). */
export function useUserLimits(id: number) {
  return useQuery({ queryKey: userLimitsKey(id), queryFn: ({ signal }) => getUserLimits(id, signal) });
}
