import { messages } from '@painel/shared/messages';
import type { Captcha } from '@painel/shared/schemas/auth';
import { useCallback, useEffect, useRef, useState } from 'react';

import { apiRequest } from '@/lib/api-client';
import { captchaShape } from '@/lib/first-load-schemas';

export function getCaptcha(signal?: AbortSignal) {
  return apiRequest('/captcha', { schema: captchaShape, fallbackError: messages.captchaLoadFailed, signal });
}

export interface CaptchaState {
  data: Captcha | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  /** Brings a new captcha ('Trocar', or after a failed attempt consumed this one). */
  refetch: () => Promise<void>;
}

/**
 * The current captcha. It is single-use and any failed login or registration consumes it, so it
 * is loaded once when the form opens and again only on `refetch()`; a newer load cancels an
 * older one. Plain React state: the sign-in screens need no query cache.
 */
export function useCaptcha(): CaptchaState {
  const [state, setState] = useState<Pick<CaptchaState, 'data' | 'error'>>({ data: undefined, error: null });
  const [isFetching, setFetching] = useState(true);
  const pending = useRef<AbortController | null>(null);

  const refetch = useCallback(async () => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setFetching(true);
    try {
      const data = await getCaptcha(controller.signal);
      if (!controller.signal.aborted) setState({ data, error: null });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The old image belongs to a consumed captcha: show why there is none instead.
      setState({
        data: undefined,
        error: error instanceof Error ? error : new Error(messages.captchaLoadFailed),
      });
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setFetching(false);
      }
    }
  }, []);

  useEffect(() => {
    void refetch();
    return () => pending.current?.abort();
  }, [refetch]);

  return { ...state, isFetching, isError: state.error !== null, refetch };
}
