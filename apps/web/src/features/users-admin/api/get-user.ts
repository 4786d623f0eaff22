import { userContract } from '@painel/shared/contracts/users';
import { useQuery } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { callEndpoint } from '@/lib/api-client';

export async function getUser(id: number, signal?: AbortSignal) {
  const { user } = await callEndpoint(userContract.get, { params: { id: String(id) } }, { signal });
  return user;
}

/** The user named by ?highlight= (to find it when it is not on the page shown). */
export function useUser(id: number | null) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id as number, signal),
    enabled: id !== null,
  });
}
