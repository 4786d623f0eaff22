import { messages } from '@painel/shared/messages';
import { captchaSchema } from '@painel/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

export function getCaptcha(signal?: AbortSignal) {
  return apiRequest('/captcha', { schema: captchaSchema, fallbackError: messages.captchaLoadFailed, signal });
}

/**
 * The current captcha. It is single-use and any failed login or registration consumes it, so it
 * is never refetched on its own (focus, reconnect): only `refetch()` after a failure or 'Trocar'.
 */
export function useCaptcha() {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
