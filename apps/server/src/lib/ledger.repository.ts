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

/**
 * The sum of one user's ledger entries with these reasons and this reference: how much of a
 * balance came from (and went back to) one counterparty. Exact only while the user's row is
 * locked, as every entry that moves credits between the same pair is written under that lock.
 */
export async function ledgerSum(
  db: Executor,
  filter: { userId: number; reasons: readonly string[]; reference: string },
): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(amount_cents), 0) as cents from credit_ledger
    where user_id = ${filter.userId} and reference = ${filter.reference}
      and reason in (${sql.join(
        filter.reasons.map((reason) => sql`${reason}`),
        sql`, `,
      )})`);
  const [row] = rowsOf<{ cents: string | number }>(result);
  // Stryker disable next-line OptionalChaining: a sum without GROUP BY always returns one row
  return Number(row?.cents ?? 0);
}
