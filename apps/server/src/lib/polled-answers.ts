import { LOOKUP_FINISHED, type NoticeBus, POLLED_ANSWERS_RESET, USER_CHANGED } from './notice-bus.ts';

/**
 * The answers a signed-in page polls every 5 s (GET /profile, /modulos/ativos,
 * /profile/trial-usage: docs/product/limits.md#screens-and-polling), kept per user in this process so a poll
 * costs no database round trip (docs/decisions/0018-polled-answers.md).
 *
 * An answer is dropped, in every process, as soon as what it shows changes: the user changed
 * (USER_CHANGED: role, ban, expiry, limits, plan, credits moved by an admin or a reseller, a
 * confirmed payment, the own profile, a usage reset), a lookup of theirs finished (LOOKUP_FINISHED:
 * credits, trial and quota taken or given back), or something every user sees changed
 * (POLLED_ANSWERS_RESET: the settings, a reseller's contacts). A `stamp` given with the answer
 * (the module catalog's version) must match too. What no notice follows (the stale-reservation
 * sweep, a notice lost while Redis is down) is bounded by the answer's life, `ttlMs`.
 */
export interface PolledAnswers {
  get<T>(userId: number, kind: string, stamp: number, compute: () => Promise<T>): Promise<T>;
  close(): void;
}

interface Entry {
  value: unknown;
  stamp: number;
  at: number;
}

const MAX_USERS = 50_000;

export function createPolledAnswers(bus: NoticeBus, ttlMs: number): PolledAnswers {
  const byUser = new Map<number, Map<string, Entry>>();
  // A computation that started before a drop must not store what it read.
  const generations = new Map<number, number>();
  let everyone = 0;

  const dropUser = (userId: unknown) => {
    const id = Number(userId);
    byUser.delete(id);
    generations.set(id, (generations.get(id) ?? 0) + 1);
  };
  const dropAll = () => {
    byUser.clear();
    everyone += 1;
  };
  const unsubscribe = [
    bus.subscribe(USER_CHANGED, dropUser),
    bus.subscribe(LOOKUP_FINISHED, (payload) => dropUser((payload as { userId?: unknown } | null)?.userId)),
    bus.subscribe(POLLED_ANSWERS_RESET, dropAll),
  ];

  return {
    async get<T>(userId: number, kind: string, stamp: number, compute: () => Promise<T>): Promise<T> {
      const entry = byUser.get(userId)?.get(kind);
      if (entry && entry.stamp === stamp && Date.now() - entry.at < ttlMs) return entry.value as T;
      const generation = generations.get(userId) ?? 0;
      const round = everyone;
      const value = await compute();
      if (ttlMs > 0 && generation === (generations.get(userId) ?? 0) && round === everyone) {
        let answers = byUser.get(userId);
        if (!answers) {
          if (byUser.size >= MAX_USERS) byUser.delete(byUser.keys().next().value as number);
          answers = new Map();
          byUser.set(userId, answers);
        }
        answers.set(kind, { value, stamp, at: Date.now() });
      }
      return value;
    },
    close() {
      for (const stop of unsubscribe) stop();
      byUser.clear();
    },
  };
}
