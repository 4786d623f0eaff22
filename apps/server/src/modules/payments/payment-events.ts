import { PAYMENT_UPDATED_EVENT, type PaymentUpdatedEvent } from '@painel/shared/schemas/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from '../../lib/event-stream.ts';
import type { NoticeBus } from '../../lib/notice-bus.ts';
import { PAYMENT_UPDATED } from './payment.service.ts';

/** What payment.service.ts publishes on every transition. */
interface PaymentNotice {
  paymentId: number;
  userId: number;
  status: PaymentUpdatedEvent['status'];
}

/**
 * Streams (Server-Sent Events) the status changes of one user's own payments, so the /planos
 * panel refetches the moment a payment is confirmed; the 5 s status poll stays as the fallback.
 * Another user's payments are never written to the stream, not even their ids.
 */
export function streamPaymentEvents(
  notices: NoticeBus,
  streams: Set<() => void>,
  userId: number,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return openEventStream(
    notices,
    streams,
    userId,
    PAYMENT_UPDATED,
    (payload) => {
      const notice = payload as PaymentNotice;
      if (notice.userId !== userId) return null;
      const event: PaymentUpdatedEvent = { paymentId: notice.paymentId, status: notice.status };
      return { event: PAYMENT_UPDATED_EVENT, data: event };
    },
    request,
    reply,
  );
}
