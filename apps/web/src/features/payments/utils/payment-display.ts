import { formatReais } from '@painel/shared/rules/pix-status';
import type { PixPayment } from '@painel/shared/schemas/payments';

import { formatCredits } from '@/lib/format';

/** 2990 -> 'R$ 29,90'. */
export function formatMoney(cents: number): string {
  return `R$ ${formatReais(cents)}`;
}

/** What a payment buys, as the user reads it: 'Plano Semanal' or 'Recarga de 50,00 créditos'. */
export function paymentDescription(payment: Pick<PixPayment, 'purpose' | 'Plan' | 'amount_cents'>): string {
  if (payment.purpose === 'plan') return `Plano ${payment.Plan?.name ?? ''}`.trim();
  const credits = payment.amount_cents / 100;
  return `Recarga de ${formatCredits(credits)} ${credits === 1 ? 'crédito' : 'créditos'}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** An ISO instant as '10/03/2026, 12:30' in the viewer's time zone; '–' when absent or invalid. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '–' : dateTimeFormat.format(date);
}
