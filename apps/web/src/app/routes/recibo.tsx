import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { usePaymentReceipt } from '@/features/payments/api/get-payment-receipt';
import { PaymentReceipt } from '@/features/payments/components/payment-receipt';

/** /pagamentos/:id/recibo: the receipt of one's own confirmed payment. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const receipt = usePaymentReceipt(valid ? id : 0);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button asChild variant="outline" size="sm">
          <Link to="/planos">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
      </div>
      {!valid ? (
        <ReceiptError message="Pagamento não encontrado" />
      ) : receipt.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Carregando recibo...
        </p>
      ) : receipt.isError ? (
        <ReceiptError message={receipt.error.message} />
      ) : (
        <PaymentReceipt receipt={receipt.data} />
      )}
    </div>
  );
}

function ReceiptError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-xl border border-destructive/40 bg-card p-5 text-sm text-destructive">
      {message}
    </p>
  );
}
