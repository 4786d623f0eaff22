import { messages } from '@painel/shared/messages';
import { pixStatusLabel } from '@painel/shared/rules/pix-status';
import type { PixPayment } from '@painel/shared/schemas/payments';
import { QrCode, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ToneBadge } from '@/components/ui/tone-badge';
import { paymentDescription } from '@/features/payments/utils/payment-display';
import { formatDateTime, formatMoney } from '@/lib/format';

interface PaymentHistoryProps {
  payments: PixPayment[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Shows a waiting charge on the PIX panel again. */
  onShow: (payment: PixPayment) => void;
  /** The charge already on the PIX panel (no 'Ver PIX' for it). */
  shownId: number | null;
  /** The print/PDF button, in the section's header. */
  action?: ReactNode;
}

/** The user's payments, newest first; a confirmed one links to its receipt (docs/product/plans-and-payments.md#plans-page). */
export function PaymentHistory({ action, ...list }: PaymentHistoryProps) {
  return (
    <section
      aria-labelledby="payment-history-title"
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-history-title" className="font-semibold">
          Histórico de pagamentos
        </h2>
        {action}
      </div>
      <HistoryBody {...list} />
    </section>
  );
}

function HistoryBody({ payments, loading, failed, onShow, shownId }: Omit<PaymentHistoryProps, 'action'>) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Carregando pagamentos">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (failed && !payments) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível carregar os pagamentos. Tente novamente em instantes.
      </p>
    );
  }
  if (!payments || payments.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">{messages.noPayments}</p>;
  }
  const now = Date.now();
  return (
    <ul className="divide-y" aria-label="Pagamentos">
      {payments.map((payment) => {
        const status = pixStatusLabel(payment.status);
        const payable =
          payment.status === 'waiting' && Date.parse(payment.expires_at) > now && payment.id !== shownId;
        return (
          <li key={payment.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="grid min-w-40 flex-1 gap-0.5">
              <p className="font-medium">{paymentDescription(payment)}</p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(payment.createdAt)} · #{payment.id}
              </p>
            </div>
            <p className="font-semibold tabular-nums">{formatMoney(payment.amount_cents)}</p>
            <ToneBadge tone={status.tone}>{status.label}</ToneBadge>
            {payment.status === 'verified' && (
              <Button asChild variant="outline" size="sm">
                <Link
                  to={`/pagamentos/${payment.id}/recibo`}
                  aria-label={`Recibo do pagamento #${payment.id}`}
                >
                  <ReceiptText aria-hidden="true" />
                  Recibo
                </Link>
              </Button>
            )}
            {payable && (
              <Button variant="outline" size="sm" onClick={() => onShow(payment)}>
                <QrCode aria-hidden="true" />
                Ver PIX
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
