import { messages } from '@painel/shared/messages';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';

export interface Limiter {
  /** Counts one attempt for the key; throws RATE_LIMITED (429) once the allowance is spent. */
  consume(key: string): Promise<void>;
  /** Throws RATE_LIMITED if the key has no allowance left, without counting an attempt. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface LimiterSpec {
  name: string;
  points: number;
  windowSeconds: number;
}

function rateLimited(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('RATE_LIMITED', messages.rateLimited(seconds), { retryAfterSeconds: seconds });
}

/**
 * In-process counters without Redis; shared by every process through Redis when it is configured.
 * While Redis cannot be reached, each process counts on its own (an attempt is never refused, nor
 * kept waiting, because Redis is down), and the shared counters take over again when it returns.
 */
export function createLimiter(spec: LimiterSpec, store: { namespace: string; redis?: Redis }): Limiter {
  const { redis } = store;
  const options = {
    keyPrefix: `${store.namespace}:rl:${spec.name}`,
    points: spec.points,
    duration: spec.windowSeconds,
  };
  const limiter = redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
        throw rejection;
      }
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= spec.points) throw rateLimited(state.msBeforeNext);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** One call counted in a fixed window: how many the key made in it so far, and when it ends. */
export interface WindowCount {
  consumed: number;
  msBeforeReset: number;
}

/**
 * Counts calls per key in windows of `windowSeconds`, leaving the verdict to the caller (each API
 * key has its own allowance, docs/product/api-keys.md#rate-limit). Shared through Redis when it is
 * configured, each process on its own while Redis cannot be reached, as createLimiter does.
 */
export function createWindowCounter(
  spec: { name: string; windowSeconds: number },
  store: { namespace: string; redis?: Redis },
): { hit(key: string): Promise<WindowCount> } {
  const options = {
    keyPrefix: `${store.namespace}:rl:${spec.name}`,
    // Never refused here: the caller compares the count with the key's own allowance.
    points: Number.MAX_SAFE_INTEGER,
    duration: spec.windowSeconds,
  };
  const counter = store.redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: store.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async hit(key) {
      const result = await counter.consume(key);
      return { consumed: result.consumedPoints, msBeforeReset: result.msBeforeNext };
    },
  };
}
