import { messages } from '@painel/shared/messages';
import type { PaymentReceipt } from '@painel/shared/schemas/payments';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { subscriptionPeriod } from '../plans/plan.repository.ts';
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
    const period = await subscriptionPeriod(db, row.subscriptionId);
    if (period)
      subscription = { starts_at: period.startsAt.toISOString(), ends_at: period.endsAt.toISOString() };
  }
  return { pixPayment: view, subscription };
}
