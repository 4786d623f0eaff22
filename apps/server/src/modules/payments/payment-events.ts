import { PAYMENT_UPDATED_EVENT, type PaymentUpdatedEvent } from '@painel/shared/schemas/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NoticeBus } from '../../lib/notice-bus.ts';
import { PAYMENT_UPDATED } from './payment.service.ts';

const HEARTBEAT_MS = 20_000;

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
): void {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.write(': conectado\n\n');
  const unsubscribe = notices.subscribe(PAYMENT_UPDATED, (payload) => {
    const notice = payload as PaymentNotice;
    if (notice.userId !== userId || out.writableEnded) return;
    const event: PaymentUpdatedEvent = { paymentId: notice.paymentId, status: notice.status };
    out.write(`event: ${PAYMENT_UPDATED_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
  const close = () => {
    streams.delete(close);
    clearInterval(heartbeat);
    unsubscribe();
    if (!out.writableEnded) out.end();
  };
  streams.add(close);
  request.raw.on('close', close);
}
