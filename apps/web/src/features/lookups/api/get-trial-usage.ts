import { lookupContract } from '@painel/shared/contracts/lookups';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Trial counters refresh every 5 s (docs/product/lookups.md#dashboard), paused while the tab is hidden. */
export const TRIAL_USAGE_REFRESH_MS = 5_000;

export const trialUsageKey = (userId: number) => ['trial-usage', userId] as const;

export function getTrialUsage(signal?: AbortSignal) {
  return callEndpoint(lookupContract.trialUsage, {}, { signal });
}

export function useTrialUsage(userId: number) {
  return useQuery({
    queryKey: trialUsageKey(userId),
    queryFn: ({ signal }) => getTrialUsage(signal),
    refetchInterval: TRIAL_USAGE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
