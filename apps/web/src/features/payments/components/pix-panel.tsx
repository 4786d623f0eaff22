import { messages } from '@painel/shared/messages';
import { pixStatusLabel } from '@painel/shared/rules/pix-status';
import type { PixPayment } from '@painel/shared/schemas/payments';
import { CircleCheck, CircleX, Copy, FlaskConical, LoaderCircle, QrCode, X } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { ToneBadge } from '@/components/ui/tone-badge';
import { usePaySandboxCharge } from '@/features/payments/api/pay-sandbox-charge';
import { PixCountdown } from '@/features/payments/components/pix-countdown';
import { paymentDescription } from '@/features/payments/utils/payment-display';
import { copyText } from '@/lib/copy-text';
import { formatMoney } from '@/lib/format';

/** docs/product/plans-and-payments.md#pix-charge: the QR code is drawn in the browser, 220 px wide. */
export const PIX_QR_SIZE = 220;

interface PixPanelProps {
  payment: PixPayment | null;
  /** The sandbox provider's switch exists here (never in production). */
  sandboxSwitch: boolean;
  onClose: () => void;
  /** Reads the status again (after the sandbox switch). */
  onRefresh: () => void;
}

/** The sticky PIX panel of /planos: QR code, copy-and-paste code, countdown and status. */
export function PixPanel({ payment, sandboxSwitch, onClose, onRefresh }: PixPanelProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="pix-panel"
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 font-semibold">
          <QrCode className="size-5 text-primary" aria-hidden="true" />
          Pagamento PIX
        </h2>
        {payment && payment.status !== 'verified' && (
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Fechar pagamento PIX">
            <X aria-hidden="true" />
            Fechar
          </Button>
        )}
      </div>
      {payment ? (
        <PaymentDetails payment={payment} sandboxSwitch={sandboxSwitch} onRefresh={onRefresh} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Escolha um plano ou uma recarga de créditos: o QR Code do PIX aparece aqui.
        </p>
      )}
    </section>
  );
}

function PaymentDetails({
  payment,
  sandboxSwitch,
  onRefresh,
}: {
  payment: PixPayment;
  sandboxSwitch: boolean;
  onRefresh: () => void;
}) {
  const status = pixStatusLabel(payment.status);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{paymentDescription(payment)}</p>
          <p className="text-2xl font-semibold tabular-nums">{formatMoney(payment.amount_cents)}</p>
        </div>
        <ToneBadge tone={status.tone}>{status.label}</ToneBadge>
      </div>
      {payment.status === 'waiting' && (
        <WaitingCharge payment={payment} sandboxSwitch={sandboxSwitch} onRefresh={onRefresh} />
      )}
      {payment.status === 'verified' && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-emerald-600/30 bg-emerald-500/12 px-4 py-3 font-semibold text-emerald-800 dark:text-emerald-300"
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          {messages.paymentConfirmed}
        </p>
      )}
      {payment.status === 'expired' && <ClosedNotice text={messages.paymentExpired} />}
      {payment.status === 'failed' && <ClosedNotice text="Pagamento não concluído" />}
    </div>
  );
}

function ClosedNotice({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-lg border border-red-600/30 bg-red-500/10 px-4 py-3 font-semibold text-red-800 dark:text-red-300"
    >
      <CircleX className="size-5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

function WaitingCharge({
  payment,
  sandboxSwitch,
  onRefresh,
}: {
  payment: PixPayment;
  sandboxSwitch: boolean;
  onRefresh: () => void;
}) {
  const codeId = useId();
  const pay = usePaySandboxCharge();
  const code = payment.pix_code ?? '';

  const copy = async () => {
    try {
      await copyText(code);
      toast.success(messages.pixCodeCopied);
    } catch {
      toast.error('Não foi possível copiar o código. Selecione o texto e copie manualmente.');
    }
  };

  const simulate = () => {
    if (!payment.pix_id_external) return;
    pay.mutate(payment.pix_id_external, {
      onSuccess: onRefresh,
      onError: (error) => toast.error('Não foi possível simular o pagamento', { description: error.message }),
    });
  };

  return (
    <>
      <div className="flex justify-center">
        {/* A white quiet zone keeps the code readable by a camera in dark mode too. */}
        <div className="rounded-lg bg-white p-3 shadow-xs ring-1 ring-border">
          <QRCodeSVG
            value={code}
            size={PIX_QR_SIZE}
            level="M"
            role="img"
            aria-label="QR Code do PIX"
            data-testid="pix-qr"
          />
        </div>
      </div>
      <PixCountdown expiresAt={payment.expires_at} />
      <div className="grid gap-2">
        <label htmlFor={codeId} className="text-sm font-medium">
          PIX copia e cola
        </label>
        <textarea
          id={codeId}
          readOnly
          value={code}
          rows={3}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full resize-none rounded-md border border-input bg-muted/50 px-3 py-2 font-mono text-xs break-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <Button onClick={copy} variant="outline">
          <Copy aria-hidden="true" />
          Copiar código PIX
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Abra o app do seu banco, escolha pagar com PIX e leia o QR Code ou cole o código. A confirmação
        aparece aqui sozinha.
      </p>
      {sandboxSwitch && payment.provider === 'sandbox' && (
        <div className="grid gap-1.5 rounded-lg border border-dashed p-3">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Ambiente de testes (sandbox): nenhum dinheiro de verdade é cobrado.
          </p>
          <Button onClick={simulate} disabled={pay.isPending || pay.isSuccess} variant="secondary">
            {pay.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Simular pagamento
          </Button>
        </div>
      )}
    </>
  );
}
