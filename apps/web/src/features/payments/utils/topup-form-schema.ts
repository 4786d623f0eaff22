import { type TopupLimits, topupAmountText } from '@painel/shared/schemas/payments';
import { z } from 'zod';

/** The top-up form: the typed amount, within the configured limits (docs/product/plans-and-payments.md#top-up). */
export function topupFormSchema(limits: TopupLimits) {
  return z.object({ amount: topupAmountText(limits) });
}
