import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import { formatReais } from '@painel/shared/rules/pix-status';
import { LoaderCircle, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

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
  /** The configured minimum in reais; undefined while it loads. */
  minReais: number | undefined;
  busy: boolean;
  onTopUp: (amountReais: number) => Promise<void>;
}

/** Credit top-up by PIX (docs/product/plans-and-payments.md#top-up): 1 credit = R$ 1,00, at least the configured minimum. */
export function TopupCard({ minReais, busy, onTopUp }: TopupCardProps) {
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
      {minReais === undefined ? (
        <Skeleton className="h-20" aria-label="Carregando recarga" />
      ) : (
        <TopupForm minCents={Math.round(minReais * 100)} busy={busy} onTopUp={onTopUp} />
      )}
    </section>
  );
}

function TopupForm({
  minCents,
  busy,
  onTopUp,
}: {
  minCents: number;
  busy: boolean;
  onTopUp: (amountReais: number) => Promise<void>;
}) {
  const schema = useMemo(() => topupFormSchema(minCents), [minCents]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: formatReais(minCents) },
  });
  const suggestions = [minCents, minCents * 2, minCents * 4].filter((cents) => cents > 0);

  const onSubmit = form.handleSubmit(async ({ amount }) => {
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
  });

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
                  placeholder={formatReais(minCents)}
                  {...field}
                />
              </FormControl>
              <FormDescription>Mínimo R$ {formatReais(minCents)}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
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
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? 'Gerando PIX...' : 'Gerar PIX de recarga'}
        </Button>
      </form>
    </Form>
  );
}
