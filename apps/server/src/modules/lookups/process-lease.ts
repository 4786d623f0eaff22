import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, DatabaseSession } from '../../db/client.ts';
import {
  deadProcesses,
  dropProcessLock,
  forgetProcesses,
  type ReleasedLookup,
  registerProcess,
  releaseReservationsOf,
  retakeProcess,
} from './lookup.repository.ts';

/**
 * This process's lease (docs/decisions/0009-crashes-and-outages.md): a row in `processos` and an
 * advisory lock keyed by its id, held on a connection of its own. When the process dies, however
 * it dies, the connection ends and PostgreSQL frees the lock; any other process (or this one's
 * next start) then sees a registered process without its lock and releases what that process's
 * pending lookups hold.
 */
export interface ProcessLease {
  /** This process's id, stamped on every lookup it opens. */
  owner(): number;
  /**
   * Releases the pending lookups of every process found dead on this call and on the one before
   * (on PGlite, on this call alone); how many lookups it released.
   */
  releaseDeadOwners(): Promise<number>;
  close(): Promise<void>;
}

export interface LeaseOptions {
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Wait between attempts to take the lock back after the lease's connection was lost. */
  retryMs?: number;
  /** Told of the lookups a release failed (the metrics count them as lookups that ended). */
  onReleased?: (released: ReleasedLookup[]) => void;
}

export async function acquireProcessLease(
  database: DatabaseHandle,
  { log, retryMs = 1_000, onReleased }: LeaseOptions,
): Promise<ProcessLease> {
  let session = await database.openSession();
  let owner: number;
  try {
    owner = await registerProcess(session.db);
  } catch (error) {
    await session.close();
    throw error;
  }
  let closed = false;
  /**
   * A process that lost its lease's connection (a database restart, a network blip) takes its lock
   * back within seconds; seeing a process dead twice, a sweep apart, keeps its lookups from being
   * released meanwhile. PGlite has one process, so there a missing lock is a dead process.
   */
  const sightingsNeeded = database.dialect === 'pglite' ? 1 : 2;
  let seenDead = new Set<number>();

  const watch = (current: DatabaseSession) =>
    current.onLost((error) => {
      if (closed) return;
      log.warn({ err: error, processId: owner }, 'process lease connection lost; taking the lock back');
      void recover();
    });

  async function recover() {
    while (!closed) {
      await sleep(retryMs);
      let next: DatabaseSession | null = null;
      try {
        next = await database.openSession();
        if (!(await retakeProcess(next.db, owner))) {
          // Judged dead meanwhile: its lookups were released, so it starts afresh under a new id.
          owner = await registerProcess(next.db);
        }
        if (closed) {
          await next.close();
          return;
        }
        session = next;
        watch(next);
        log.info({ processId: owner }, 'process lease held again');
        return;
      } catch (error) {
        await next?.close();
        log.warn({ err: error }, 'process lease not taken back yet');
      }
    }
  }

  watch(session);
  return {
    owner: () => owner,
    async releaseDeadOwners() {
      const dead = (await deadProcesses(database.db)).filter((id) => id !== owner);
      const confirmed = dead.filter((id) => sightingsNeeded === 1 || seenDead.has(id));
      seenDead = new Set(dead);
      if (confirmed.length === 0) return 0;
      const released = await releaseReservationsOf(database.db, confirmed);
      await forgetProcesses(database.db, confirmed);
      if (released.length > 0) onReleased?.(released);
      log.info({ processes: confirmed, released: released.length }, 'released the lookups of dead processes');
      return released.length;
    },
    async close() {
      closed = true;
      // On PGlite the session is shared with everything else, so the lock is dropped by hand.
      await dropProcessLock(session.db, owner).catch(() => {});
      await session.close();
    },
  };
}
