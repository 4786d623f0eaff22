import { type AdminStats, adminContract } from '@painel/shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { adminDashboardKey } from '@/features/admin-dashboard/api/dashboard-keys';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/admin.md#admin-dashboard: the admin dashboard polls every 30 s. */
export const ADMIN_POLL_MS = 30_000;

export type { AdminStats };

export const adminStatsKey = [...adminDashboardKey, 'stats'] as const;

export function getAdminStats(signal?: AbortSignal) {
  return callEndpoint(adminContract.stats, {}, { fallbackError: adminDashboardMessages.statsFailed, signal });
}

/** Figures and system status (reseller: their own clients). Polled always: sign-ups send no event. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsKey,
    queryFn: ({ signal }) => getAdminStats(signal),
    refetchInterval: ADMIN_POLL_MS,
  });
}
