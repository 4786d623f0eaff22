import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { adminDashboardKey } from '@/features/admin-dashboard/api/dashboard-keys';
import { ADMIN_POLL_MS } from '@/features/admin-dashboard/api/get-admin-stats';
import { apiRequest } from '@/lib/api-client';

/** docs/product/admin.md#admin-dashboard: the 10 latest lookups. */
export const RECENT_LOOKUPS_LIMIT = 10;

const recentLookupSchema = z.object({
  id: z.number(),
  status: z.string(),
  usuario_id: z.number(),
  trial: z.boolean().optional(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  Modulo: z.object({ nome: z.string(), descricao: z.string().nullable().optional() }).nullable(),
  input: z.record(z.string(), z.unknown()).nullable().optional(),
  data: z.string().optional(),
  createdAt: z.string().optional(),
});
export type RecentLookup = z.infer<typeof recentLookupSchema>;

const recentLookupsSchema = z.object({ consultas: z.array(recentLookupSchema) });

export const recentLookupsKey = [...adminDashboardKey, 'recent-lookups'] as const;

export async function getRecentLookups(signal?: AbortSignal) {
  const { consultas } = await apiRequest(`/consultas/admin/all?page=1&limit=${RECENT_LOOKUPS_LIMIT}`, {
    schema: recentLookupsSchema,
    fallbackError: adminDashboardMessages.recentFailed,
    signal,
  });
  return consultas;
}

/**
 * The live list. While the event stream is up it refreshes on each lookup event; when the stream
 * is down (`live` false) it falls back to polling every 30 s.
 */
export function useRecentLookups({ live }: { live: boolean }) {
  return useQuery({
    queryKey: recentLookupsKey,
    queryFn: ({ signal }) => getRecentLookups(signal),
    refetchInterval: live ? false : ADMIN_POLL_MS,
  });
}
