import type { Executor } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import {
  type Completion,
  type CreditReservation,
  completeLookups,
  reserveCredits,
} from './lookup.repository.ts';

/**
 * The two writes every credit lookup makes, with group commit (lib/batcher.ts): concurrent
 * reservations share one statement and one commit, and so do concurrent completions. A lookup on
 * its own goes straight to the database, as before.
 */
export interface LookupWrites {
  /** The pending lookup's id, or null when the credits do not cover the price. */
  reserveCredits(item: CreditReservation): Promise<number | null>;
  /** False when the lookup was no longer pending (released as interrupted meanwhile). */
  complete(item: Completion): Promise<boolean>;
}

/** A result this large is stored on its own, not inside a batch's one statement. */
const SOLO_RESULT_CHARS = 256 * 1024;

export function createLookupWrites(db: Executor, { maxBatch = 32, maxInFlight = 2 } = {}): LookupWrites {
  const reservations = createBatcher<CreditReservation, number | null>({
    maxBatch,
    maxInFlight,
    keyOf: (item) => item.userId,
    run: (items) => reserveCredits(db, items),
  });
  const completions = createBatcher<Completion, boolean>({
    maxBatch,
    maxInFlight,
    run: (items) => completeLookups(db, items),
  });
  return {
    reserveCredits: (item) => reservations.submit(item),
    complete: async (item) => {
      if (item.resultJson.length <= SOLO_RESULT_CHARS) return completions.submit(item);
      const [done] = await completeLookups(db, [item]);
      return done === true;
    },
  };
}
