import { messages } from '@painel/shared/messages';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { AppError } from './app-error.ts';

export interface CreditChange {
  userId: number;
  actorId: number | null;
  /** Positive adds, negative removes; in cents of a credit. */
  amountCents: number;
  reason: string;
  reference?: string | null;
}

/**
 * The one way to move a balance outside lookups: a conditional update (never below zero) and its
 * ledger entry in one statement. Returns the new balance; throws when the balance is short.
 */
export async function adjustCredits(db: Executor, change: CreditChange): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      update users set creditos_cents = creditos_cents + ${change.amountCents}, updated_at = now()
      where id = ${change.userId} and creditos_cents + ${change.amountCents} >= 0
      returning creditos_cents
    ), entry as (
      insert into credit_ledger (user_id, actor_id, amount_cents, balance_after_cents, reason, reference)
      select ${change.userId}, ${change.actorId}, ${change.amountCents}, moved.creditos_cents, ${change.reason},
             ${change.reference ?? null}
      from moved
    )
    select creditos_cents from moved`);
  const [row] = rowsOf<{ creditos_cents: string | number }>(result);
  if (!row) throw new AppError('INSUFFICIENT_CREDITS', messages.insufficientBalance);
  return Number(row.creditos_cents);
}
