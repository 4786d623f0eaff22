import { QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

/** A 4xx will not change by asking again; network hiccups and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 2_000 },
      mutations: { retry: false },
    },
  });
}
