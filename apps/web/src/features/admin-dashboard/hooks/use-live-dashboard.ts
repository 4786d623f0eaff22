import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { adminDashboardKey } from '@/features/admin-dashboard/api/dashboard-keys';
import { type EventStreamStatus, useAdminEvents } from '@/features/admin-dashboard/hooks/use-admin-events';

/** A burst of lookups becomes one refetch, at most this long after the first event. */
export const LIVE_REFRESH_DELAY_MS = 300;

/** Keeps the recent list and the stats fresh from /admin/events; says whether the stream is up. */
export function useLiveDashboard(): EventStreamStatus {
  const queryClient = useQueryClient();
  const pending = useRef<number | undefined>(undefined);

  const refresh = useCallback(() => {
    if (pending.current !== undefined) return;
    pending.current = window.setTimeout(() => {
      pending.current = undefined;
      void queryClient.invalidateQueries({ queryKey: adminDashboardKey });
    }, LIVE_REFRESH_DELAY_MS);
  }, [queryClient]);

  useEffect(() => () => window.clearTimeout(pending.current), []);

  return useAdminEvents({ onLookup: refresh });
}
