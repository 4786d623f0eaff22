import { QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

/** A 4xx will not change by asking again; network hiccups and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Mutations run at once whatever the browser thinks of the network ('always'): TanStack Query's
 * default ('online') would hold a mutation made offline and send it when the connection returns,
 * a lookup charged with nobody watching. Offline, the API client fails it at once instead.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 2_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
