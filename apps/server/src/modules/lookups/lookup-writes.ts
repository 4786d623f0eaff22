import type { Executor } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { DocumentHasher } from '../titulares/document-hash.ts';
import {
  type Charge,
  type Completion,
  type CreditReservation,
  completeLookups,
  failLookup,
  type Reservation,
  reserveCredits,
  reserveQuotaSlot,
  reserveTrialSlot,
} from './lookup.repository.ts';

/**
 * Every write that opens or closes a lookup. Each lookup opened records the process that opened it
 * (process-lease.ts), so what it reserved is released if that process dies, and is written with the
 * titulares index's rows for the documents its input carries (modules/titulares). Credit reservations
 * and completions use group commit (lib/batcher.ts): concurrent ones share one statement and one
 * commit; a lookup on its own goes straight to the database.
 */
export interface LookupWrites {
  /** The pending lookup's id, or null when the credits do not cover the price. */
  reserveCredits(item: CreditReservation): Promise<number | null>;
  /** The pending lookup's id, or null when the trial is used up. */
  reserveTrial(userId: number, trialLimit: number, lookup: Reservation): Promise<number | null>;
  /** The pending lookup's id, or null when the 24 h quota is used up. */
  reserveQuota(userId: number, limit: number | null, lookup: Reservation): Promise<number | null>;
  /**
   * What the lookup cost and the balance then; null when it was no longer pending (released as
   * interrupted meanwhile).
   */
  complete(item: Completion): Promise<Charge | null>;
  /** Fails the lookup and gives back what it reserved. */
  fail(id: number, errorCode: string): Promise<void>;
  /**
   * Fails the lookups whose completion or failure could not be written (the database was
   * unreachable), now that it may answer again; how many it failed. Throws while it still cannot.
   */
  settle(): Promise<number>;
  /** The process lease's id these writes stamp on every lookup they open (null without one). */
  owner?(): number | null;
}

export interface LookupWritesOptions {
  /** The process lease's id, stamped on every lookup opened; none in tests of the writes alone. */
  owner?: () => number | null;
  /** Hashes the documents each lookup opened carries into the titulares index; none in tests of the writes alone. */
  documents?: DocumentHasher;
  maxBatch?: number;
  maxInFlight?: number;
  /** Told the size of every group-commit statement, by batcher (the metrics). */
  onBatch?: (batcher: 'reserva' | 'conclusao', size: number) => void;
  /**
   * Told each lookup this process opens, and once its completion or failure is written (after a
   * missed write, when settle() writes it): the metrics' reservations in flight.
   */
  onReservation?: (event: 'aberta' | 'fechada', id: number) => void;
}

/** A result this large is stored on its own, not inside a batch's one statement. */
const SOLO_RESULT_CHARS = 256 * 1024;

export function createLookupWrites(
  db: Executor,
  {
    owner = () => null,
    documents,
    maxBatch = 32,
    maxInFlight = 2,
    onBatch,
    onReservation,
  }: LookupWritesOptions = {},
): LookupWrites {
  const opened = (id: number | null) => {
    if (id !== null) onReservation?.('aberta', id);
    return id;
  };
  const indexed = (lookup: Reservation): Reservation =>
    documents
      ? { ...lookup, documentHashes: documents.hashesOfLookup(lookup.input, lookup.inputTypes) }
      : lookup;
  const reservations = createBatcher<CreditReservation, number | null>({
    maxBatch,
    maxInFlight,
    keyOf: (item) => item.userId,
    run: (items) => reserveCredits(db, items, owner()),
    ...(onBatch ? { onBatch: (size: number) => onBatch('reserva', size) } : {}),
  });
  const completions = createBatcher<Completion, Charge | null>({
    maxBatch,
    maxInFlight,
    run: (items) => completeLookups(db, items),
    ...(onBatch ? { onBatch: (size: number) => onBatch('conclusao', size) } : {}),
  });
  /**
   * Lookup id -> the failure to record. Failing a lookup is safe whatever happened to the write
   * that threw: a completion that did commit leaves nothing pending, and nothing is given back twice.
   */
  const unsettled = new Map<number, string>();

  const remembering = async <T>(id: number, errorCode: string, write: () => Promise<T>): Promise<T> => {
    try {
      const written = await write();
      onReservation?.('fechada', id);
      return written;
    } catch (error) {
      unsettled.set(id, errorCode);
      throw error;
    }
  };

  return {
    reserveCredits: (item) => reservations.submit({ ...item, lookup: indexed(item.lookup) }).then(opened),
    reserveTrial: (userId, trialLimit, lookup) =>
      reserveTrialSlot(db, userId, trialLimit, indexed(lookup), owner()).then(opened),
    reserveQuota: (userId, limit, lookup) =>
      db.transaction((tx) => reserveQuotaSlot(tx, userId, limit, indexed(lookup), owner())).then(opened),
    complete: (item) =>
      remembering(item.id, 'INTERRUPTED', async () => {
        // Stryker disable next-line ConditionalExpression,EqualityOperator: both paths store the same row; the split only keeps a huge result out of a shared statement
        if (item.resultJson.length <= SOLO_RESULT_CHARS) return completions.submit(item);
        const [done] = await completeLookups(db, [item]);
        return done ?? null;
      }),
    fail: (id, errorCode) => remembering(id, errorCode, () => failLookup(db, id, errorCode, null)),
    async settle() {
      let settled = 0;
      for (const [id, errorCode] of unsettled) {
        await failLookup(db, id, errorCode, null);
        unsettled.delete(id);
        onReservation?.('fechada', id);
        settled += 1;
      }
      return settled;
    },
    owner,
  };
}
