import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { eraseExpiredIdempotencyKeys } from './idempotency.repository.ts';
import {
  eraseExpiredResults,
  type ReleasedLookup,
  releaseStaleReservations,
  STALE_RELEASED_AT_ONCE,
} from './lookup.repository.ts';
import type { LookupWrites } from './lookup-writes.ts';
import type { ProcessLease } from './process-lease.ts';

/**
 * Longest a lookup can legitimately stay pending: the 300 s maximum timeout plus a margin. So long
 * an Idempotency-Key may stay 'running' too (idempotency.ts).
 */
export const STALE_AFTER_SECONDS = 600;
const EVERY_MS = 10 * 60_000;
/** A dead process is seen on two sweeps this far apart: its lookups are released within 30 s. */
const SWEEP_EVERY_MS = 10_000;

export interface RetentionJobDeps {
  db: Database;
  log: FastifyBaseLogger;
  lease: ProcessLease;
  writes: LookupWrites;
  /** Told of the lookups the stale sweep failed (the metrics count them as lookups that ended). */
  onReleased?: (released: ReleasedLookup[]) => void;
}

/**
 * Every ten seconds (and at start): release what the lookups of dead processes still hold, and
 * fail this process's lookups whose last write the database missed. Every ten minutes (and five
 * seconds after start): erase results past their retention and Idempotency-Keys past their 24 h,
 * and release any lookup pending for over ten minutes, whoever opened it (the safety net: the first
 * time over the whole history, then over what came since the last complete pass). Every
 * process runs it; every step is idempotent.
 */
export function startRetentionJob({ db, log, lease, writes, onReleased }: RetentionJobDeps): {
  stop(): Promise<void>;
} {
  const running = new Set<Promise<void>>();
  /** A step never overlaps itself, and stop() waits for the one under way. */
  const guarded = (name: string, step: () => Promise<void>) => {
    let current: Promise<void> | null = null;
    return () => {
      if (current) return;
      const run = step()
        .catch((error: unknown) => log.warn({ err: error }, `${name} failed`))
        .finally(() => {
          current = null;
          running.delete(run);
        });
      current = run;
      running.add(run);
    };
  };
  const sweep = guarded('lease sweep', async () => {
    await lease.releaseDeadOwners();
    const settled = await writes.settle();
    if (settled) log.info({ settled }, 'failed the lookups the database missed');
  });
  // Where the stale sweep and the erasure look from: everything on the first pass of this process,
  // then only back to an hour before what the last complete one covered (clocks of this process and
  // the database may differ a little), so neither reads the whole history again.
  let staleSince: Date | null = null;
  let expiredSince: Date | null = null;
  const retention = guarded('retention job', async () => {
    const startedAt = Date.now();
    const erased = await eraseExpiredResults(db, expiredSince);
    expiredSince = new Date(startedAt - 3_600_000);
    const stale = await releaseStaleReservations(db, STALE_AFTER_SECONDS, staleSince);
    if (stale.length > 0) onReleased?.(stale);
    const released = stale.length;
    if (released < STALE_RELEASED_AT_ONCE) {
      staleSince = new Date(startedAt - STALE_AFTER_SECONDS * 1000 - 3_600_000);
    }
    const keys = await eraseExpiredIdempotencyKeys(db);
    if (erased || released || keys) log.info({ erased, released, keys }, 'retention job');
  });
  const timers = [
    setTimeout(sweep, 0),
    setInterval(sweep, SWEEP_EVERY_MS),
    setTimeout(retention, 5_000),
    setInterval(retention, EVERY_MS),
  ];
  for (const timer of timers) timer.unref();
  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
