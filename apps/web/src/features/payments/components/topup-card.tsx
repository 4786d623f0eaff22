import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { formatReais } from '@painel/shared/rules/pix-status';
import { reaisToCents, type TopupLimits } from '@painel/shared/schemas/payments';
import { LoaderCircle, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { topupFormSchema } from '@/features/payments/utils/topup-form-schema';
import { ApiError } from '@/lib/api-client';

interface TopupCardProps {
  /** The configured minimum and maximum in reais; undefined while they load. */
  limits: { minReais: number; maxReais: number } | undefined;
  busy: boolean;
  onTopUp: (amountReais: number) => Promise<void>;
}

/**
 * Credit top-up by PIX (docs/product/plans-and-payments.md#top-up): 1 credit = R$ 1,00, between
 * the configured minimum and maximum, and the amount confirmed before the charge is created.
 */
export function TopupCard({ limits, busy, onTopUp }: TopupCardProps) {
  return (
    <section aria-labelledby="topup-title" className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-0.5">
          <h2 id="topup-title" className="font-semibold">
            Recarga de créditos
          </h2>
          <p className="text-sm text-muted-foreground">
            Pague por PIX e os créditos entram na hora. 1 crédito = R$ 1,00.
          </p>
        </div>
      </div>
      {limits === undefined ? (
        <Skeleton className="h-20" aria-label="Carregando recarga" />
      ) : (
        <TopupForm
          limits={{ minCents: reaisToCents(limits.minReais), maxCents: reaisToCents(limits.maxReais) }}
          busy={busy}
          onTopUp={onTopUp}
        />
      )}
    </section>
  );
}

/** Three quick amounts from the minimum (R$ 50,00 when there is none), those within the limits. */
function suggestedAmounts({ minCents, maxCents }: TopupLimits): number[] {
  const base = minCents > 0 ? minCents : 5_000;
  return [base, base * 2, base * 4].filter((cents) => cents >= minCents && cents <= maxCents);
}

function TopupForm({
  limits,
  busy,
  onTopUp,
}: {
  limits: TopupLimits;
  busy: boolean;
  onTopUp: (amountReais: number) => Promise<void>;
}) {
  const { minCents, maxCents } = limits;
  const schema = useMemo(() => topupFormSchema({ minCents, maxCents }), [minCents, maxCents]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: minCents > 0 ? formatReais(minCents) : '' },
  });
  /** The amount waiting for 'Confirmar' in the dialog; null while it is closed. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const suggestions = suggestedAmounts(limits);

  const createCharge = async (amount: number) => {
    try {
      await onTopUp(amount);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.amount_reais : undefined;
      if (fieldMessage) {
        form.setError('amount', { message: fieldMessage });
        return;
      }
      const reason =
        error instanceof Error && error.message !== messages.pixFailed ? error.message : undefined;
      toast.error(messages.pixFailed, { description: reason });
    }
  };

  const onSubmit = form.handleSubmit(({ amount }) => setConfirming(amount));

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3">
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Valor da recarga (R$)</FormLabel>
              <FormControl>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={formatReais(minCents > 0 ? minCents : 5_000)}
                  {...field}
                />
              </FormControl>
              <FormDescription>
                Mínimo R$&nbsp;{formatReais(minCents)} · máximo R$&nbsp;{formatReais(maxCents)}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {suggestions.length > 0 && (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Valores sugeridos</legend>
            {suggestions.map((cents) => (
              <Button
                key={cents}
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => form.setValue('amount', formatReais(cents), { shouldValidate: true })}
              >
                R$ {formatReais(cents)}
              </Button>
            ))}
          </fieldset>
        )}
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? 'Gerando PIX...' : 'Gerar PIX de recarga'}
        </Button>
      </form>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirmar recarga</AlertDialogTitle>
            <AlertDialogDescription>
              Será gerado um PIX de recarga no valor abaixo. Os créditos entram quando o pagamento for
              confirmado.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {confirming !== null && (
            <p className="grid gap-1 rounded-lg border bg-muted/50 p-4 text-center">
              <span className="text-sm text-muted-foreground">Valor da recarga</span>
              <span data-testid="topup-confirm-amount" className="text-3xl font-semibold tabular-nums">
                R$ {formatReais(reaisToCents(confirming))}
              </span>
              <span className="text-sm text-muted-foreground">
                {formatReais(reaisToCents(confirming))} créditos
              </span>
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirming !== null) void createCharge(confirming);
              }}
            >
              Confirmar e gerar PIX
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  );
}
