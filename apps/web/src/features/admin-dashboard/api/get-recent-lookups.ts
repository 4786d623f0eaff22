import { type LookupListItem, lookupContract } from '@painel/shared/contracts/lookups';
import { useQuery } from '@tanstack/react-query';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { adminDashboardKey } from '@/features/admin-dashboard/api/dashboard-keys';
import { ADMIN_POLL_MS } from '@/features/admin-dashboard/api/get-admin-stats';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/admin.md#admin-dashboard: the 10 latest lookups. */
export const RECENT_LOOKUPS_LIMIT = 10;

export type RecentLookup = LookupListItem;

export const recentLookupsKey = [...adminDashboardKey, 'recent-lookups'] as const;

/** The latest lookups; with `busca`, the latest that match it (a document, plate, phone or module name). */
export async function getRecentLookups(busca: string, signal?: AbortSignal) {
  const { consultas } = await callEndpoint(
    lookupContract.recent,
    { query: { page: 1, limit: RECENT_LOOKUPS_LIMIT, ...(busca ? { busca } : {}) } },
    { fallbackError: adminDashboardMessages.recentFailed, signal },
  );
  return consultas;
}

/**
 * The live list. While the event stream is up it refreshes on each lookup event; when the stream
 * is down (`live` false) it falls back to polling every 30 s.
 */
export function useRecentLookups({ live, busca = '' }: { live: boolean; busca?: string }) {
  return useQuery({
    queryKey: [...recentLookupsKey, busca],
    queryFn: ({ signal }) => getRecentLookups(busca, signal),
    placeholderData: (previous) => previous,
    refetchInterval: live ? false : ADMIN_POLL_MS,
  });
}
