import { messages } from '@painel/shared/messages';
import { formatReais } from '@painel/shared/rules/pix-status';
import { durationLabel } from '@painel/shared/rules/plan-duration';
import type { Plan } from '@painel/shared/schemas/plans';
import { Check, LoaderCircle, PackageOpen, Sparkles } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { popularPlanIndex, sortPlansByPrice } from '@/features/plans/utils/plan-order';
import { cn } from '@/lib/utils';

interface PlanCardsProps {
  plans: Plan[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The plan whose charge is being created, if any: its button spins, the others wait. */
  buyingPlanId: number | null;
  onSubscribe: (plan: Plan) => void;
}

/** Plan cards, cheapest first, the middle one 'Mais popular' (docs/product/plans-and-payments.md#plans-page). */
export function PlanCards({ plans, loading, failed, buyingPlanId, onSubscribe }: PlanCardsProps) {
  if (loading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Carregando planos">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-64 rounded-xl" />
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">
        Não foi possível carregar os planos. Tente novamente em instantes.
      </p>
    );
  }
  const ordered = sortPlansByPrice(plans ?? []);
  if (ordered.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        <PackageOpen className="size-8" aria-hidden="true" />
        <p>{messages.noPlansAvailable}</p>
      </div>
    );
  }
  const popular = popularPlanIndex(ordered.length);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Planos">
      {ordered.map((plan, index) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          popular={index === popular}
          busy={buyingPlanId === plan.id}
          disabled={buyingPlanId !== null}
          onSubscribe={() => onSubscribe(plan)}
        />
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  popular,
  busy,
  disabled,
  onSubscribe,
}: {
  plan: Plan;
  popular: boolean;
  busy: boolean;
  disabled: boolean;
  onSubscribe: () => void;
}) {
  const [reais, cents] = formatReais(plan.price_cents).split(',');
  return (
    <li
      aria-label={plan.name}
      className={cn(
        'relative flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm',
        popular && 'border-primary ring-2 ring-primary/30',
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-5 inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
          <Sparkles className="size-3" aria-hidden="true" />
          Mais popular
        </span>
      )}
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{plan.name}</h3>
        {plan.description && <p className="text-sm text-muted-foreground">{plan.description}</p>}
      </div>
      <p className="flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-sm text-muted-foreground">R$</span>
        <span className="text-3xl font-bold tabular-nums">
          {reais}
          <span className="text-lg">,{cents}</span>
        </span>
        <span className="text-sm text-muted-foreground">
          / {durationLabel(plan.duration_value, plan.duration_unit)}
        </span>
      </p>
      <ul className="grid flex-1 content-start gap-1.5 text-sm">
        {plan.metadata.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Check
              className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              aria-hidden="true"
            />
            <span>{benefit}</span>
          </li>
        ))}
        <li className="flex gap-2 text-muted-foreground">
          <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {plan.allowed_concurrent_ips === 1
              ? '1 acesso simultâneo'
              : `${plan.allowed_concurrent_ips} acessos simultâneos`}
          </span>
        </li>
      </ul>
      <Button
        onClick={onSubscribe}
        disabled={disabled}
        variant={popular ? 'default' : 'outline'}
        aria-label={`Assinar agora: ${plan.name}`}
      >
        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {busy ? 'Gerando PIX...' : 'Assinar agora'}
      </Button>
    </li>
  );
}
