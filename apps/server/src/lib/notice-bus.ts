import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Notices between server processes: in-process without Redis; with REDIS_URL every process gets
 * every notice (docs/ARCHITECTURE.md#sessions), so several processes behave as one panel. While Redis is down
 * a notice reaches only its own process; the session cache's short life bounds what the others
 * miss (docs/decisions/0009-crashes-and-outages.md).
 */
export interface NoticeBus {
  publish(topic: string, payload: unknown): void;
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'painel:notices';

/** Topic of a finished lookup: { id, userId, moduleId, status }. */
export const LOOKUP_FINISHED = 'lookup-finished';

/** Topic of a changed user (payload: the user's id): their cached session and polled answers go. */
export const USER_CHANGED = 'user-changed';

/** Topic of a change every user's polled answers show (the settings, a reseller's contacts). */
export const POLLED_ANSWERS_RESET = 'polled-answers-reset';

export function createNoticeBus(redis: Redis | null): NoticeBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const origin = randomUUID();
  // Publishing never waits for Redis (a notice Redis misses is still delivered in this process);
  // the subscription waits for it, however long, and is renewed on every reconnection.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true, commandTimeout: undefined }) ?? null;
  subscriber?.on('error', () => {});

  if (subscriber) {
    void subscriber.subscribe(CHANNEL).catch(() => {});
    subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as { origin: string; topic: string; payload: unknown };
        // This process already delivered its own notices locally.
        if (message.origin !== origin) local.emit(message.topic, message.payload);
      } catch {
        // A malformed notice is dropped; it cannot be acted on.
      }
    });
  }

  return {
    publish(topic, payload) {
      local.emit(topic, payload);
      if (redis) void redis.publish(CHANNEL, JSON.stringify({ origin, topic, payload })).catch(() => {});
    },
    subscribe(topic, handler) {
      local.on(topic, handler);
      return () => local.off(topic, handler);
    },
    async close() {
      local.removeAllListeners();
      subscriber?.disconnect();
    },
  };
}
