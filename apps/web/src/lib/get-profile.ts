import { sessionContract } from '@painel/shared/contracts/session';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';
import { getSession, updateSessionUser } from '@/lib/session';

/** Profile refresh interval (5 s, docs/product/lookups.md#dashboard), paused while the tab is hidden. */
export const PROFILE_REFRESH_MS = 5_000;

export async function getProfile(signal?: AbortSignal) {
  const { user } = await callEndpoint(sessionContract.me, {}, { signal });
  // Credits and expiry change on the server; the stored user follows so a reload shows them.
  if (getSession()?.user.id === user.id) updateSessionUser(user);
  return user;
}

export function useProfile(userId: number) {
  return useQuery({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) => getProfile(signal),
    refetchInterval: PROFILE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
