import { type LucideIcon, Store, UserCheck, Users } from 'lucide-react';

import type { MetricsResponse } from '@/features/metrics/api/get-metrics';
import { formatInteger } from '@/lib/format';

function MetricCard({
  icon: Icon,
  title,
  value,
  caption,
}: {
  icon: LucideIcon;
  title: string;
  value: number;
  caption: string;
}) {
  return (
    <section aria-label={title} className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <h2 className="text-sm text-muted-foreground">{title}</h2>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{formatInteger(value)}</p>
        <p className="text-xs text-muted-foreground">{caption}</p>
      </div>
    </section>
  );
}

/** Total de Usuários, Usuários Ativos, Total Revendedores (docs/product/admin.md#metrics). */
export function MetricsCards({ totals }: { totals: MetricsResponse['totalMetrics'] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <MetricCard
        icon={Users}
        title="Total de Usuários"
        value={totals.total_users}
        caption="Contas no filtro, hoje"
      />
      <MetricCard
        icon={UserCheck}
        title="Usuários Ativos"
        value={totals.active_users}
        caption="Com plano ou tempo válido"
      />
      <MetricCard
        icon={Store}
        title="Total Revendedores"
        value={totals.total_resellers}
        caption="Contas do tipo revendedor"
      />
    </div>
  );
}
