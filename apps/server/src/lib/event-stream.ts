import { messages } from '@painel/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { NoticeBus } from './notice-bus.ts';

const HEARTBEAT_MS = 20_000;

/**
 * Streams of one route a user may hold open on one process (a page needs one; a few tabs or
 * devices fit). Each open stream costs its reads or its subscription for as long as it lasts, so
 * past this a new one is refused (429, before anything is written) until one closes.
 */
export const MAX_STREAMS_PER_USER = 5;
const STREAM_LIMIT_RETRY_SECONDS = 30;

/** Per route (its set of closers): how many streams each user has open on this process. */
const openPerUser = new WeakMap<Set<() => void>, Map<number, number>>();

/** What a notice stream does with one notice: the event to write, or null to skip it. */
export type NoticeToEvent = (
  payload: unknown,
) => { event: string; data: unknown } | null | Promise<{ event: string; data: unknown } | null>;

/** What feeds a stream writes to: an event, or the stream's end. */
export interface EventSink {
  send(event: string, data: unknown): void;
  end(): void;
}

/**
 * A Server-Sent Events stream: the headers proxies need to pass it unbuffered, a greeting comment,
 * a heartbeat every 20 s, and everything released when the client goes or the server closes
 * (`streams` holds the closers the app calls on shutdown). `feed` starts writing to it and returns
 * what stops that. `userId` is the reader: past MAX_STREAMS_PER_USER of this route it throws
 * RATE_LIMITED, answered as any error since nothing was written yet.
 */
export function openStream(
  streams: Set<() => void>,
  userId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  feed: (sink: EventSink) => () => void,
): FastifyReply {
  let perUser = openPerUser.get(streams);
  if (!perUser) {
    perUser = new Map();
    openPerUser.set(streams, perUser);
  }
  const open = perUser.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) {
    throw new AppError('RATE_LIMITED', messages.eventStreamLimit(MAX_STREAMS_PER_USER), {
      retryAfterSeconds: STREAM_LIMIT_RETRY_SECONDS,
    });
  }
  perUser.set(userId, open + 1);
  const counted = perUser;
  const uncount = () => {
    const left = (counted.get(userId) ?? 1) - 1;
    if (left > 0) counted.set(userId, left);
    else counted.delete(userId);
  };
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.write(': conectado\n\n');
  const write = (text: string) => {
    if (!out.writableEnded) out.write(text);
  };
  let stop: (() => void) | null = null;
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    uncount();
    streams.delete(close);
    clearInterval(heartbeat);
    stop?.();
    if (!out.writableEnded) out.end();
  };
  streams.add(close);
  request.raw.on('close', close);
  stop = feed({
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end: close,
  });
  // Ended while starting: what the feed started stops now.
  if (closed) stop();
  return reply;
}

/**
 * A stream fed by one notice of the bus (GET /admin/events, GET /payments/events). `toEvent`
 * decides, per notice, what this reader may see; a notice it refuses is never written, not even
 * its id.
 */
export function openEventStream(
  notices: NoticeBus,
  streams: Set<() => void>,
  userId: number,
  notice: string,
  toEvent: NoticeToEvent,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return openStream(streams, userId, request, reply, (sink) =>
    notices.subscribe(notice, (payload) => {
      void Promise.resolve(toEvent(payload))
        .then((message) => {
          if (message) sink.send(message.event, message.data);
        })
        .catch(() => {});
    }),
  );
}

/**
 * A stream fed by reading (GET /lotes/eventos): `read` runs at once and then every `everyMs`, never
 * two at once; a read that fails is tried again at the next tick.
 */
export function openPolledStream(
  streams: Set<() => void>,
  userId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  everyMs: number,
  read: (sink: EventSink) => Promise<void>,
): FastifyReply {
  return openStream(streams, userId, request, reply, (sink) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      read(sink)
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    };
    const timer = setInterval(tick, everyMs);
    tick();
    return () => clearInterval(timer);
  });
}
