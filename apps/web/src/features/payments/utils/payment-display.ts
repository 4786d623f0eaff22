import type { PixPayment } from '@painel/shared/schemas/payments';

import { formatCredits } from '@/lib/format';

/** What a payment buys, as the user reads it: 'Plano Semanal' or 'Recarga de 50,00 créditos'. */
export function paymentDescription(payment: Pick<PixPayment, 'purpose' | 'Plan' | 'amount_cents'>): string {
  if (payment.purpose === 'plan') return `Plano ${payment.Plan?.name ?? ''}`.trim();
  const credits = payment.amount_cents / 100;
  return `Recarga de ${formatCredits(credits)} ${credits === 1 ? 'crédito' : 'créditos'}`;
}
