import { lookupContract } from '@painel/shared/contracts/lookups';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** One past lookup with its result; retorno is null once the stored result has expired. */
export function getLookup(id: number, signal?: AbortSignal) {
  return callEndpoint(lookupContract.detail, { params: { id: String(id) } }, { signal });
}

export function useLookup(id: number | null) {
  return useQuery({
    queryKey: ['lookups', 'detail', id],
    queryFn: ({ signal }) => getLookup(id!, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
