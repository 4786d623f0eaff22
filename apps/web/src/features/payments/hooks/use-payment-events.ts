import { paymentContract } from '@painel/shared/contracts/payments';
import {
  PAYMENT_UPDATED_EVENT,
  type PaymentUpdatedEvent,
  paymentUpdatedEventSchema,
} from '@painel/shared/schemas/payments';
import { useEffect, useRef } from 'react';
import { ApiError, apiResponse, endpointPath } from '@/lib/api-client';
import { readEventStream } from '@/lib/read-event-stream';

/** Wait before reconnecting a dropped stream; the 5 s status poll covers the gap meanwhile. */
export const PAYMENT_EVENTS_RECONNECT_MS = 5_000;

/**
 * GET /payments/events: the server pushes 'payment-updated' for the user's own payments, so a
 * confirmation shows at once instead of at the next poll. Read with fetch (EventSource cannot send
 * the token) through the API client's session rules. A 4xx refusal is final; anything else
 * reconnects after a pause. `enabled` false closes the stream.
 */
export function usePaymentEvents(onUpdate: (event: PaymentUpdatedEvent) => void, enabled = true): void {
  const onUpdateRef = useRef(onUpdate);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
  }, [onUpdate]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: number | undefined;

    const connect = async () => {
      try {
        const response = await apiResponse(endpointPath(paymentContract.events, {}), { signal });
        if (!response.body) throw new Error('event stream without a body');
        for await (const message of readEventStream(response.body, signal)) {
          if (message.event !== PAYMENT_UPDATED_EVENT) continue;
          try {
            const parsed = paymentUpdatedEventSchema.safeParse(JSON.parse(message.data));
            if (parsed.success) onUpdateRef.current(parsed.data);
          } catch {
            // A malformed event carries nothing to act on; the poll still runs.
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          return;
      }
      if (signal.aborted) return;
      timer = window.setTimeout(() => void connect(), PAYMENT_EVENTS_RECONNECT_MS);
    };

    void connect();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled]);
}
