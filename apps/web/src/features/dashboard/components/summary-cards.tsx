import type { TimeLeft } from '@painel/shared/rules/time-left';
import { BadgeCheck, Clock, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

import { formatCredits } from '@/lib/format';
import { cn } from '@/lib/utils';

function SummaryCard({
  icon,
  title,
  children,
  caption,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  caption?: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        {icon}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <h2 className="text-sm text-muted-foreground">{title}</h2>
        <div className="truncate text-xl font-semibold tabular-nums">{children}</div>
        {caption && <p className="text-xs text-muted-foreground">{caption}</p>}
      </div>
    </section>
  );
}

interface SummaryCardsProps {
  creditos: number | null;
  left: TimeLeft;
  planName: string | null;
}

/** The three cards of the dashboard: credits, time left, active plan (docs/product/lookups.md#dashboard). */
export function SummaryCards({ creditos, left, planName }: SummaryCardsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        icon={<Wallet className="size-5" aria-hidden="true" />}
        title="Créditos disponíveis"
        caption="1 crédito = R$ 1,00"
      >
        {creditos === null ? '–' : formatCredits(creditos)}
      </SummaryCard>
      <SummaryCard
        icon={<Clock className="size-5" aria-hidden="true" />}
        title="Tempo restante"
        caption={
          left.caption ?? (left.kind === 'expired' ? 'Renove para voltar a consultar' : 'Assine um plano')
        }
      >
        <span
          className={cn(
            left.kind === 'expired' && 'text-destructive',
            left.warning && 'text-amber-700 dark:text-amber-400',
          )}
        >
          {left.value}
        </span>
      </SummaryCard>
      <SummaryCard icon={<BadgeCheck className="size-5" aria-hidden="true" />} title="Plano ativo">
        {planName ?? 'Nenhum plano'}
      </SummaryCard>
    </div>
  );
}
