import { messages } from '@painel/shared/messages';
import type { Database } from '../../db/client.ts';
import type { PurposeRow } from '../../db/schema/finalidades.ts';
import type { NoticeBus } from '../../lib/notice-bus.ts';
import { purposeRules } from './purpose.repository.ts';

/** Topic of a change to the purposes or to `exigir_finalidade`: every process drops what it holds. */
export const PURPOSES_CHANGED = 'purposes-changed';

/** What a lookup's purpose is checked against (docs/product/purposes.md). */
export interface PurposeRules {
  /** settings.exigir_finalidade: a lookup without an active purpose is refused. */
  required: boolean;
  /** The active purposes by id, in name order. */
  active: ReadonlyMap<number, PurposeRow>;
}

/**
 * Every lookup checks its purpose, and purposes change rarely: each process keeps the active ones
 * and the setting, and drops them when a notice says they changed (here or in another process). A
 * notice Redis missed is made up for by the short life of what is kept.
 */
export interface PurposeCatalog {
  rules(): Promise<PurposeRules>;
  /** After a change to the purposes or to the setting is committed. */
  changed(): void;
  close(): void;
}

const TTL_MS = 5_000;

export function createPurposeCatalog(db: Database, notices: NoticeBus, ttlMs = TTL_MS): PurposeCatalog {
  let cached: { at: number; rules: PurposeRules } | null = null;
  let loading: Promise<PurposeRules> | null = null;
  // A load that started before a change must not keep what it read.
  let generation = 0;

  async function load(): Promise<PurposeRules> {
    const started = generation;
    const { required, active } = await purposeRules(db);
    const rules = { required, active: new Map(active.map((row) => [row.id, row])) };
    if (started === generation) cached = { at: Date.now(), rules };
    return rules;
  }

  const drop = () => {
    generation += 1;
    cached = null;
    loading = null;
  };
  const unsubscribe = notices.subscribe(PURPOSES_CHANGED, drop);

  return {
    async rules() {
      if (cached && Date.now() - cached.at < ttlMs) return cached.rules;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    changed() {
      // Delivered here at once, and to the other processes through Redis.
      notices.publish(PURPOSES_CHANGED, null);
    },
    close: unsubscribe,
  };
}

/**
 * Why a lookup's purpose is refused, or null (docs/product/purposes.md): one that is given must be
 * active, and none given is refused while the setting requires one.
 */
export function purposeProblem(rules: PurposeRules, purposeId: number | null | undefined): string | null {
  if (purposeId === null || purposeId === undefined) return rules.required ? messages.purposeRequired : null;
  return rules.active.has(purposeId) ? null : messages.purposeRequired;
}
