import { messages } from '@painel/shared/messages';
import { pixStatusLabel } from '@painel/shared/rules/pix-status';
import type { BatchPollResult, PixPayment } from '@painel/shared/schemas/payments';
import { LoaderCircle, Radar, ReceiptText, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ToneBadge } from '@/components/ui/tone-badge';
import { useBatchPollPayments } from '@/features/plans-admin/api/batch-poll-payments';
import { usePayments } from '@/features/plans-admin/api/get-payments';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notifyFailure } from '@/lib/notify-failure';

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? singular : pluralForm}`;
}

/** '3 consultados, 1 alterado (1 confirmado, 0 expirados, 0 com falha)'. */
function batchPollSummary(result: BatchPollResult): string {
  const changed = result.verified + result.expired + result.failed;
  return `${plural(result.checked, 'consultado', 'consultados')}, ${plural(changed, 'alterado', 'alterados')} (${plural(result.verified, 'confirmado', 'confirmados')}, ${plural(result.expired, 'expirado', 'expirados')}, ${result.failed.toLocaleString('pt-BR')} com falha)`;
}

function itemLabel(payment: PixPayment): string {
  if (payment.purpose === 'credit') return 'Recarga de créditos';
  return payment.Plan?.name ?? `Plano #${payment.plan_id ?? '?'}`;
}

/** The latest 50 PIX payments of every user, with 'Atualizar' and 'Rodar Poll' (admin). */
export function PixPaymentsTable() {
  const payments = usePayments();
  const poll = useBatchPollPayments();
  const [lastPoll, setLastPoll] = useState<string | null>(null);
  const titleId = useId();

  const runPoll = () =>
    poll.mutate(undefined, {
      onSuccess: (result) => {
        const summary = batchPollSummary(result);
        setLastPoll(summary);
        toast.success('Poll concluído', { description: summary });
      },
      onError: (error) => notifyFailure(plansAdminMessages.batchPollFailed, error),
    });

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0 gap-4 pb-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id={titleId}>Pagamentos PIX</h2>
          </CardTitle>
          <CardDescription>Os 50 mais recentes de todos os usuários; atualiza a cada 30 s.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void payments.refetch()} disabled={payments.isFetching}>
            <RefreshCw className={payments.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Atualizar
          </Button>
          <Button onClick={runPoll} disabled={poll.isPending}>
            {poll.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Radar aria-hidden="true" />
            )}
            Rodar Poll
          </Button>
        </div>
        {lastPoll && (
          <p role="status" className="w-full text-sm text-muted-foreground">
            Último poll: {lastPoll}
          </p>
        )}
      </CardHeader>
      <CardContent className="px-0 max-lg:px-4 max-lg:pb-4 lg:px-2">
        {payments.isPending ? (
          <div className="grid gap-3 p-4" role="status" aria-label="Carregando pagamentos">
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : payments.isError ? (
          <div className="p-4">
            <Alert variant="destructive">
              <AlertTitle>{plansAdminMessages.paymentsLoadFailed}</AlertTitle>
              <AlertDescription>{payments.error.message}</AlertDescription>
            </Alert>
          </div>
        ) : payments.data.length === 0 ? (
          <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
            <ReceiptText className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{messages.noPaymentsFound}</p>
          </div>
        ) : (
          <PaymentsList payments={payments.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PaymentsList({ payments }: { payments: PixPayment[] }) {
  return (
    <Table className="max-lg:block lg:min-w-[52rem]">
      <TableHeader className="max-lg:hidden">
        <TableRow className="hover:bg-transparent">
          <TableHead>Usuário</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>Valor</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Criado em</TableHead>
          <TableHead>Pago em</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:grid max-lg:gap-3">
        {payments.map((payment) => {
          const status = pixStatusLabel(payment.status);
          return (
            <TableRow
              key={payment.id}
              data-payment-id={payment.id}
              aria-label={`Pagamento ${payment.id}`}
              className="max-lg:grid max-lg:grid-cols-[1fr_auto] max-lg:gap-x-3 max-lg:gap-y-1 max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
            >
              <TableCell className="max-lg:col-start-1 max-lg:row-start-1 max-lg:min-w-0 max-lg:whitespace-normal">
                <p className="font-medium max-lg:[overflow-wrap:anywhere]">
                  {payment.User?.nome ?? `#${payment.user_id}`}
                </p>
                {payment.User && (
                  <p className="text-xs text-muted-foreground max-lg:[overflow-wrap:anywhere]">
                    {payment.User.email}
                  </p>
                )}
              </TableCell>
              <TableCell className="whitespace-normal max-lg:col-start-1 max-lg:row-start-2 max-lg:text-sm">
                {itemLabel(payment)}
              </TableCell>
              <TableCell className="font-medium whitespace-nowrap tabular-nums max-lg:col-start-2 max-lg:row-start-2 max-lg:justify-self-end">
                {formatMoney(payment.amount_cents)}
              </TableCell>
              <TableCell className="max-lg:col-start-2 max-lg:row-start-1 max-lg:justify-self-end">
                <ToneBadge tone={status.tone}>{status.label}</ToneBadge>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums max-lg:col-start-1 max-lg:row-start-3 max-lg:text-xs max-lg:text-muted-foreground">
                <span className="lg:hidden">Criado em </span>
                {formatDateTime(payment.createdAt)}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums max-lg:col-start-2 max-lg:row-start-3 max-lg:justify-self-end max-lg:text-xs max-lg:text-muted-foreground">
                <span className="lg:hidden">Pago em </span>
                {formatDateTime(payment.verified_at)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
