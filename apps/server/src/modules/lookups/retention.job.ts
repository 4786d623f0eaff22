import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { eraseExpiredResults, releaseStaleReservations } from './lookup.repository.ts';

/** Longest a lookup can legitimately stay pending: the 300 s maximum timeout plus a margin. */
const STALE_AFTER_SECONDS = 600;
const EVERY_MS = 10 * 60_000;

/**
 * Every ten minutes (and once at start): erase results past their retention, and release what
 * lookups cut off by a crash still hold. Several processes may run it; both steps are idempotent.
 */
export function startRetentionJob(db: Database, log: FastifyBaseLogger): { stop(): void } {
  const run = async () => {
    try {
      const erased = await eraseExpiredResults(db);
      const released = await releaseStaleReservations(db, STALE_AFTER_SECONDS);
      if (erased || released) log.info({ erased, released }, 'retention job');
    } catch (error) {
      log.warn({ err: error }, 'retention job failed');
    }
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
