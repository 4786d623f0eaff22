import { messages } from '@painel/shared/messages';
import type { PaymentReceipt } from '@painel/shared/schemas/payments';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { notFound } from '../../lib/app-error.ts';
import { findPayment, paymentView } from './payment.repository.ts';

/**
 * GET /payments/{id}/receipt: the caller's own payment as it stands (no provider call) and, for a
 * plan, the period it bought. Another user's payment is 404, as if it did not exist.
 */
export async function paymentReceipt(db: Executor, userId: number, id: number): Promise<PaymentReceipt> {
  const row = await findPayment(db, id);
  if (!row || row.userId !== userId) throw notFound(messages.paymentNotFound);
  const view = await paymentView(db, id);
  if (!view) throw notFound(messages.paymentNotFound);
  let subscription: PaymentReceipt['subscription'] = null;
  if (row.subscriptionId !== null) {
    const [period] = await db
      .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, row.subscriptionId))
      .limit(1);
    if (period)
      subscription = { starts_at: period.startsAt.toISOString(), ends_at: period.endsAt.toISOString() };
  }
  return { pixPayment: view, subscription };
}
