import { adminContract } from '@painel/shared/contracts/admin';
import { useEffect, useRef, useState } from 'react';
import { usePageVisible } from '@/features/admin-dashboard/hooks/use-page-visible';
import { ApiError, apiResponse, endpointPath } from '@/lib/api-client';
import { readEventStream } from '@/lib/read-event-stream';

/** 'live': events arrive; 'connecting': first attempt; 'down': waiting to reconnect, or refused. */
export type EventStreamStatus = 'connecting' | 'live' | 'down';

/** Waits before reconnect attempts 1, 2, 3…; the last repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** A stream that stayed open this long was healthy: the next drop starts the backoff over. */
const HEALTHY_STREAM_MS = 15_000;

interface AdminEventsOptions {
  /** Each 'consulta' event, and each reconnect (events may have been missed while down). */
  onLookup: () => void;
}

/**
 * GET /admin/events, read with fetch so it carries the session token (EventSource cannot send
 * headers) and goes through the API client's session rules. Reconnects with backoff; stops while
 * the tab is hidden and when the page unmounts. A 4xx refusal (session ended, role lost) is final.
 */
export function useAdminEvents({ onLookup }: AdminEventsOptions): EventStreamStatus {
  const [status, setStatus] = useState<EventStreamStatus>('connecting');
  const visible = usePageVisible();
  const onLookupRef = useRef(onLookup);

  useEffect(() => {
    onLookupRef.current = onLookup;
  }, [onLookup]);

  useEffect(() => {
    if (!visible) {
      setStatus('down');
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    let failures = 0;
    let connectedBefore = false;
    let timer: number | undefined;

    const connect = async () => {
      let openedAt: number | null = null;
      try {
        const response = await apiResponse(endpointPath(adminContract.events, {}), { signal });
        if (!response.body) throw new Error('event stream without a body');
        openedAt = Date.now();
        setStatus('live');
        if (connectedBefore) onLookupRef.current();
        connectedBefore = true;
        for await (const event of readEventStream(response.body, signal)) {
          if (event.event === 'consulta') onLookupRef.current();
        }
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          setStatus('down');
          return;
        }
      }
      if (signal.aborted) return;
      const wasHealthy = openedAt !== null && Date.now() - openedAt >= HEALTHY_STREAM_MS;
      failures = wasHealthy ? 1 : failures + 1;
      setStatus('down');
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length) - 1];
      timer = window.setTimeout(() => void connect(), delay);
    };

    setStatus('connecting');
    void connect();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [visible]);

  return status;
}
