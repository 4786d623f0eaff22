import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { adminDashboardKey } from '@/features/admin-dashboard/api/dashboard-keys';
import { apiRequest } from '@/lib/api-client';

/** docs/product/admin.md#admin-dashboard: the admin dashboard polls every 30 s. */
export const ADMIN_POLL_MS = 30_000;

const healthSchema = z.enum(['ok', 'erro']);

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  totalConsultations: z.number(),
  consultationsToday: z.number(),
  totalModules: z.number(),
  activeModules: z.number(),
  uptimeSeconds: z.number(),
  sistema: z.object({
    banco: healthSchema,
    redis: z.enum(['ok', 'erro', 'desativado']),
    provedores: z.object({ ok: z.number(), instavel: z.number(), fora: z.number() }),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsKey = [...adminDashboardKey, 'stats'] as const;

export function getAdminStats(signal?: AbortSignal) {
  return apiRequest('/admin/stats', {
    schema: adminStatsSchema,
    fallbackError: adminDashboardMessages.statsFailed,
    signal,
  });
}

/** Figures and system status (reseller: their own clients). Polled always: sign-ups send no event. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsKey,
    queryFn: ({ signal }) => getAdminStats(signal),
    refetchInterval: ADMIN_POLL_MS,
  });
}
