import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Redis for rate limits and notices, which both get by without it: a command never waits for a
 * connection (no offline queue) nor longer than `timeoutMs` for an answer, so a Redis that is down
 * or silent costs a request at most that. It reconnects on its own, forever, every 2 s at most.
 * Resolves once connected, or after `timeoutMs` without it (the panel starts degraded).
 */
export async function connectRedis(url: string, timeoutMs: number): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Until watchRedis logs them: a failed attempt must not print to the console on its own.
  redis.on('error', () => {});
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
  return redis;
}

/** One log line when Redis goes away and one when it is back, however many attempts in between. */
export function watchRedis(redis: Redis, log: FastifyBaseLogger): void {
  let up = redis.status === 'ready';
  if (!up)
    log.warn('Redis unreachable at start; rate limits and notices stay in this process until it is back');
  // A lost connection shows as the error of the first reconnection that fails.
  redis.on('error', (error: Error) => {
    if (up) log.warn({ err: error }, 'Redis unreachable; rate limits and notices stay in this process');
    up = false;
  });
  redis.on('ready', () => {
    if (!up) log.info('Redis reachable again');
    up = true;
  });
}
