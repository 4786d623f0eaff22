import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NoticeBus } from './notice-bus.ts';

const HEARTBEAT_MS = 20_000;

/** What a stream does with one notice: the event to write, or null to skip it. */
export type NoticeToEvent = (
  payload: unknown,
) => { event: string; data: unknown } | null | Promise<{ event: string; data: unknown } | null>;

/**
 * A Server-Sent Events stream fed by one notice of the bus (GET /admin/events, GET
 * /payments/events): the headers proxies need to pass it unbuffered, a greeting comment, a
 * heartbeat every 20 s, and everything released when the client goes or the server closes
 * (`streams` holds the closers the app calls on shutdown). `toEvent` decides, per notice, what this
 * reader may see; a notice it refuses is never written, not even its id.
 */
export function openEventStream(
  notices: NoticeBus,
  streams: Set<() => void>,
  notice: string,
  toEvent: NoticeToEvent,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.write(': conectado\n\n');
  const unsubscribe = notices.subscribe(notice, (payload) => {
    void Promise.resolve(toEvent(payload))
      .then((message) => {
        if (message && !out.writableEnded) {
          out.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
        }
      })
      .catch(() => {});
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
  return reply;
}
