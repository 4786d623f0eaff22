import { type LookupListItem, lookupContract } from '@painel/shared/contracts/lookups';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Query history, 10 per page (docs/product/lookups.md#history). */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryItem = LookupListItem;

/** One page; `busca` finds a document, plate or phone with or without punctuation, or a module by name. */
export function getLookupHistory(page: number, busca: string, signal?: AbortSignal) {
  return callEndpoint(
    lookupContract.history,
    { query: { page, limit: HISTORY_PAGE_SIZE, ...(busca ? { busca } : {}) } },
    { signal },
  );
}

export function useLookupHistory(page: number, busca = '') {
  return useQuery({
    queryKey: ['lookups', 'history', page, busca],
    queryFn: ({ signal }) => getLookupHistory(page, busca, signal),
    placeholderData: (previous) => previous,
  });
}
