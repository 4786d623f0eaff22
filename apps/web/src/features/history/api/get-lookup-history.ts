import { type LookupListItem, lookupContract } from '@painel/shared/contracts/lookups';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Query history, 10 per page (docs/product/lookups.md#history). */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryItem = LookupListItem;

export function getLookupHistory(page: number, signal?: AbortSignal) {
  return callEndpoint(lookupContract.history, { query: { page, limit: HISTORY_PAGE_SIZE } }, { signal });
}

export function useLookupHistory(page: number) {
  return useQuery({
    queryKey: ['lookups', 'history', page],
    queryFn: ({ signal }) => getLookupHistory(page, signal),
    placeholderData: (previous) => previous,
  });
}
