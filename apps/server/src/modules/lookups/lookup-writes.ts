import type { Executor } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import {
  type Completion,
  type CreditReservation,
  completeLookup,
  completeLookupsBatch,
  reserveCredits,
  reserveCreditsBatch,
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
    run: (items) => reserveCreditsBatch(db, items),
    runOne: (item) => reserveCredits(db, item.userId, item.priceCents, item.lookup),
  });
  const completeOne = (item: Completion) =>
    completeLookup(db, item.id, item.resultJson, item.latencyMs, item.retentionDays);
  const completions = createBatcher<Completion, boolean>({
    maxBatch,
    maxInFlight,
    run: (items) => completeLookupsBatch(db, items),
    runOne: completeOne,
  });
  return {
    reserveCredits: (item) => reservations.submit(item),
    complete: (item) =>
      item.resultJson.length > SOLO_RESULT_CHARS ? completeOne(item) : completions.submit(item),
  };
}
