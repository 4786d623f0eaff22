import { pixStatusLabel } from '@painel/shared/rules/pix-status';
import type { PixPayment } from '@painel/shared/schemas/payments';
import type { PublicUser } from '@painel/shared/schemas/user';
import { Printer } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { PIX_QR_SIZE } from '@/features/payments/components/pix-panel';
import { paymentDescription } from '@/features/payments/utils/payment-display';
import { A4_PAGE, LIGHT_PRINT_VARS } from '@/features/payments/utils/print-sheet';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePrintSheet } from '@/lib/use-print-sheet';

const PRINT_CSS = `
@media screen { .payments-print { display: none; } }
@media print {
  ${A4_PAGE}
  html, body { background: #fff !important; }
  body > *:not(.payments-print) { display: none !important; }
  .payments-print { display: block; font-size: 10pt; ${LIGHT_PRINT_VARS} }
  .payments-print table { width: 100%; border-collapse: collapse; }
  .payments-print th, .payments-print td { border-bottom: 1px solid #ccc; padding: 4px 6px; text-align: left; }
  .payments-print tr { break-inside: avoid; }
}
`;

interface PaymentsPrintProps {
  user: PublicUser;
  current: PixPayment | null;
  payments: PixPayment[];
}

/**
 * 'PDF / Imprimir' on /planos (docs/product/plans-and-payments.md#plans-page): the open PIX charge (QR code and copy-and-paste
 * code, to pay from another device) and the payment history on an A4 sheet; the browser's print
 * dialog also saves it as PDF. Ctrl+P prints the same sheet.
 */
export function PaymentsPrintButton(props: PaymentsPrintProps) {
  const { printing, print } = usePrintSheet();

  return (
    <>
      <Button variant="outline" size="sm" onClick={print}>
        <Printer aria-hidden="true" />
        PDF / Imprimir
      </Button>
      {printing && createPortal(<PaymentsSheet {...props} />, document.body)}
    </>
  );
}

function PaymentsSheet({ user, current, payments }: PaymentsPrintProps) {
  const open = current?.status === 'waiting' ? current : null;
  return (
    <div className="payments-print" data-testid="payments-print">
      <style>{PRINT_CSS}</style>
      <header className="mb-4 border-b pb-3">
        <h1 className="text-xl font-bold">Pagamentos — Painel Consulta</h1>
        <p>
          {user.nome} ({user.email})
        </p>
        <p>Emitido em {formatDateTime(new Date().toISOString())}</p>
      </header>
      {open && (
        <section className="mb-6 grid gap-2">
          <h2 className="font-semibold">
            PIX em aberto: {paymentDescription(open)} — {formatMoney(open.amount_cents)}
          </h2>
          <p>Válido até {formatDateTime(open.expires_at)}</p>
          <QRCodeSVG value={open.pix_code ?? ''} size={PIX_QR_SIZE} level="M" />
          <p className="font-mono text-xs break-all">{open.pix_code}</p>
        </section>
      )}
      <h2 className="mb-2 font-semibold">Histórico de pagamentos</h2>
      <table>
        <thead>
          <tr>
            <th>Data</th>
            <th>Descrição</th>
            <th>Valor</th>
            <th>Status</th>
            <th>Nº</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDateTime(payment.createdAt)}</td>
              <td>{paymentDescription(payment)}</td>
              <td>{formatMoney(payment.amount_cents)}</td>
              <td>{pixStatusLabel(payment.status).label}</td>
              <td>#{payment.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
