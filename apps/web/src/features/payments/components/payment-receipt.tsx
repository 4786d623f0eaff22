import { pixStatusLabel } from '@painel/shared/rules/pix-status';
import type { PaymentReceipt as Receipt } from '@painel/shared/schemas/payments';
import { CircleAlert, Printer, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ToneBadge } from '@/components/ui/tone-badge';
import { paymentDescription } from '@/features/payments/utils/payment-display';
import { A4_PAGE, LIGHT_PRINT_VARS } from '@/features/payments/utils/print-sheet';
import { formatCredits, formatDateTime, formatMoney } from '@/lib/format';

/**
 * On paper only the receipt shows (every element that neither holds it nor sits inside it is
 * hidden), on A4, in light colours, without the buttons.
 */
const RECEIPT_PRINT_CSS = `
@media print {
  ${A4_PAGE}
  html, body { background: #fff !important; }
  body *:not(:has(.receipt-sheet)):not(.receipt-sheet):not(.receipt-sheet *) { display: none !important; }
  body *:has(.receipt-sheet) { margin: 0 !important; padding: 0 !important; max-width: none !important; min-height: 0 !important; }
  .receipt-sheet { border: none !important; box-shadow: none !important; padding: 0 !important; font-size: 10.5pt; ${LIGHT_PRINT_VARS} }
}
`;

const providerLabels: Record<Receipt['pixPayment']['provider'], string> = {
  sandbox: 'PIX (ambiente de testes)',
  mercadopago: 'PIX (Mercado Pago)',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

/** The receipt of a confirmed payment: payer, what was bought, amount, dates, ids and status. */
export function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const { pixPayment: payment, subscription } = receipt;
  const status = pixStatusLabel(payment.status);

  if (payment.status !== 'verified') {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-xl border bg-card p-5 shadow-sm">
        <CircleAlert
          className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400"
          aria-hidden="true"
        />
        <div className="grid gap-1">
          <p className="font-semibold">Recibo indisponível</p>
          <p className="text-sm text-muted-foreground">
            {payment.status === 'waiting'
              ? 'Este pagamento ainda aguarda a confirmação do PIX. O recibo fica disponível assim que ele for confirmado.'
              : `Este pagamento não foi confirmado (${status.label}), por isso não há recibo.`}
          </p>
          <p className="text-sm">
            {paymentDescription(payment)} · {formatMoney(payment.amount_cents)} · #{payment.id}
          </p>
        </div>
      </div>
    );
  }

  return (
    <article
      aria-labelledby="receipt-title"
      className="receipt-sheet grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-8"
    >
      <style>{RECEIPT_PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b pb-4">
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ReceiptText className="size-4" aria-hidden="true" />
            Painel Consulta
          </p>
          <h1 id="receipt-title" className="text-2xl font-semibold tracking-tight">
            Recibo de pagamento
          </h1>
          <p className="text-sm text-muted-foreground">Pagamento nº {payment.id}</p>
        </div>
        <ToneBadge tone={status.tone} className="text-sm">
          {status.label}
        </ToneBadge>
      </header>

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-medium">{paymentDescription(payment)}</p>
        <p className="text-3xl font-bold tabular-nums">{formatMoney(payment.amount_cents)}</p>
      </div>

      <dl className="divide-y">
        <Row label="Pagador">
          {payment.User?.nome ?? '–'}
          {payment.User?.email && (
            <span className="block text-sm font-normal text-muted-foreground">{payment.User.email}</span>
          )}
        </Row>
        <Row label="Descrição">{paymentDescription(payment)}</Row>
        {subscription && (
          <Row label="Período do plano">
            {formatDateTime(subscription.starts_at)} até {formatDateTime(subscription.ends_at)}
          </Row>
        )}
        {payment.purpose === 'credit' && (
          <Row label="Créditos adicionados">{formatCredits(payment.amount_cents / 100)}</Row>
        )}
        <Row label="Valor pago">{formatMoney(payment.amount_cents)}</Row>
        <Row label="Forma de pagamento">{providerLabels[payment.provider]}</Row>
        <Row label="Cobrança gerada em">{formatDateTime(payment.createdAt)}</Row>
        <Row label="Pagamento confirmado em">{formatDateTime(payment.verified_at)}</Row>
        <Row label="ID da transação">
          <span className="font-mono text-sm">{payment.pix_id_external ?? '–'}</span>
        </Row>
        <Row label="Status">{status.label}</Row>
      </dl>

      <footer className="grid gap-1 border-t pt-4 text-xs text-muted-foreground">
        <p>Documento gerado automaticamente pelo Painel Consulta.</p>
        <p>Emitido em {formatDateTime(new Date().toISOString())}.</p>
      </footer>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Imprimir
        </Button>
      </div>
    </article>
  );
}
