import { loteContract } from '@painel/shared/contracts/lotes';
import { type Lote, loteSchema } from '@painel/shared/schemas/lotes';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { getLote } from '@/features/lotes/api/get-lote';
import { getLotes, mergeLote } from '@/features/lotes/api/get-lotes';
import { ApiError, apiResponse, endpointPath } from '@/lib/api-client';
import { readEventStream } from '@/lib/read-event-stream';

/** The batches' event name on GET /lotes/eventos; its data is the whole batch. */
export const LOTE_EVENT = 'lote';
/** While the stream is down each running batch is read again this often. */
export const LOTE_POLL_MS = 3_000;
/** Wait before reconnecting a dropped stream; the poll covers the gap. */
export const LOTE_EVENTS_RECONNECT_MS = 5_000;

export type LoteStreamStatus = 'live' | 'down';

/**
 * GET /lotes/eventos while `enabled`: each 'lote' event is merged into the list. Read with fetch
 * (EventSource cannot send the token) under the API client's session rules; a 4xx refusal is
 * final, anything else reconnects after a pause.
 */
function useLoteEvents(enabled: boolean): LoteStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LoteStreamStatus>('down');

  useEffect(() => {
    if (!enabled) {
      setStatus('down');
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    let timer: number | undefined;

    const connect = async () => {
      try {
        const response = await apiResponse(endpointPath(loteContract.events, {}), { signal });
        if (!response.body) throw new Error('event stream without a body');
        setStatus('live');
        // The stream carries only batches still running when it connects: one that ended while it
        // was down (or before it first connected) is learned from the list, read again now.
        void getLotes(signal)
          .then(({ lotes }) => {
            for (const lote of lotes) mergeLote(queryClient, lote);
          })
          .catch(() => undefined);
        for await (const message of readEventStream(response.body, signal)) {
          if (message.event !== LOTE_EVENT) continue;
          try {
            const parsed = loteSchema.safeParse(JSON.parse(message.data));
            if (parsed.success) mergeLote(queryClient, parsed.data);
          } catch {
            // A malformed event carries nothing to show; the next one or the poll will.
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        setStatus('down');
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          return;
      }
      if (signal.aborted) return;
      setStatus('down');
      timer = window.setTimeout(() => void connect(), LOTE_EVENTS_RECONNECT_MS);
    };

    void connect();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled, queryClient]);

  return status;
}

/**
 * Keeps the running batches in `lotes` moving: the live stream while the user has one running,
 * and GET /lotes/{id} every 3 s for each running batch the stream does not carry (all of them
 * while it is down; another user's, which the stream never sends, always).
 */
export function useLoteLive(lotes: Lote[] | undefined, userId: number): LoteStreamStatus {
  const queryClient = useQueryClient();
  const running = (lotes ?? []).filter((lote) => lote.status === 'processando');
  const status = useLoteEvents(running.some((lote) => lote.usuario.id === userId));
  useQueries({
    queries: running.map((lote) => ({
      queryKey: ['lotes', 'poll', lote.id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const fresh = await getLote(lote.id, signal);
        mergeLote(queryClient, fresh);
        return fresh;
      },
      enabled: status !== 'live' || lote.usuario.id !== userId,
      refetchInterval: LOTE_POLL_MS,
      gcTime: 0,
    })),
  });
  return status;
}

/**
 * Calls `onFinish` once for each of the user's batches seen running and then ended (concluído,
 * cancelado, falhou), whichever way the news came (stream, poll, a refetch of the list).
 */
export function useLoteFinished(lotes: Lote[] | undefined, userId: number, onFinish: (lote: Lote) => void) {
  const seen = useRef(new Map<number, Lote['status']>());
  const onFinishRef = useRef(onFinish);
  useEffect(() => {
    onFinishRef.current = onFinish;
  }, [onFinish]);

  useEffect(() => {
    if (!lotes) return;
    for (const lote of lotes) {
      if (lote.usuario.id !== userId) continue;
      const before = seen.current.get(lote.id);
      seen.current.set(lote.id, lote.status);
      if (before === 'processando' && lote.status !== 'processando' && lote.status !== 'cotado') {
        onFinishRef.current(lote);
      }
    }
  }, [lotes, userId]);
}
