import { messages } from '@painel/shared/messages';
import { businessToday } from '@painel/shared/schemas/metrics';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApiKeyUse } from '../auth/session.service.ts';
import { holdDailySpend, releaseDailySpend } from './api-key.repository.ts';

/** A price counted against a key's daily cap until the lookup is charged, or given back. */
export interface CapHold {
  release(): Promise<void>;
}

/**
 * A capped key's lookup of a credit module holds its price against the day's cap before anything
 * is reserved (docs/product/api-keys.md#daily-cap): 429 API_KEY_DAILY_CAP when it does not fit.
 * Null when there is nothing to hold (the panel, no cap, a free lookup).
 */
export async function holdKeyCap(
  db: Database,
  key: ApiKeyUse | undefined,
  priceCents: number,
): Promise<CapHold | null> {
  if (!key || key.limiteDiarioCents === null || priceCents <= 0) return null;
  const day = businessToday();
  if (!(await holdDailySpend(db, key.id, day, priceCents, key.limiteDiarioCents))) {
    throw new AppError('API_KEY_DAILY_CAP', messages.apiKeyDailyCap);
  }
  return { release: () => releaseDailySpend(db, key.id, day, priceCents) };
}
