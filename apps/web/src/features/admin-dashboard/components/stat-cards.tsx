import { Activity, Clock, FileSearch, type LucideIcon, SquareStack, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';

import { ToneBadge } from '@/components/ui/tone-badge';
import type { AdminStats } from '@/features/admin-dashboard/api/get-admin-stats';
import { formatUptime } from '@/features/admin-dashboard/utils/format-uptime';
import { formatInteger } from '@/lib/format';

/**
 * What the cards show when /admin/stats cannot be read: sample figures
 * (docs/product/admin.md#admin-dashboard). Every card then says 'Exemplo', so nobody takes them for real.
 */
export const SAMPLE_STATS: AdminStats = {
  totalUsers: 1_250,
  activeUsers: 830,
  totalConsultations: 15_420,
  consultationsToday: 342,
  totalModules: 12,
  activeModules: 10,
  uptimeSeconds: 5 * 86_400 + 7 * 3_600,
  sistema: { banco: 'ok', redis: 'desativado', provedores: { ok: 0, instavel: 0, fora: 0 } },
};

interface StatCardProps {
  icon: LucideIcon;
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  sample: boolean;
}

function StatCard({ icon: Icon, title, value, caption, sample }: StatCardProps) {
  return (
    <section
      aria-label={title}
      className="grid min-w-0 content-start gap-2 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm leading-tight text-muted-foreground">{title}</h2>
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl">{value}</p>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {sample && <ToneBadge tone="yellow">Exemplo</ToneBadge>}
        {caption}
      </div>
    </section>
  );
}

interface StatCardsProps {
  stats: AdminStats;
  sample: boolean;
  /** A reseller sees figures about their own clients. */
  scope: 'all' | 'own';
}

/** The six cards of the admin dashboard (docs/product/admin.md#admin-dashboard). */
export function StatCards({ stats, sample, scope }: StatCardsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      <StatCard
        icon={Users}
        title="Total de Usuários"
        value={formatInteger(stats.totalUsers)}
        caption={scope === 'own' ? 'Seus clientes' : 'Todas as contas'}
        sample={sample}
      />
      <StatCard
        icon={FileSearch}
        title="Total de Consultas"
        value={formatInteger(stats.totalConsultations)}
        caption="Desde o início"
        sample={sample}
      />
      <StatCard
        icon={UserCheck}
        title="Usuários Ativos"
        value={formatInteger(stats.activeUsers)}
        caption="Com plano ou tempo válido"
        sample={sample}
      />
      <StatCard
        icon={SquareStack}
        title="Módulos"
        value={formatInteger(stats.totalModules)}
        caption={`${formatInteger(stats.activeModules)} ${stats.activeModules === 1 ? 'ativo' : 'ativos'}`}
        sample={sample}
      />
      <StatCard
        icon={Activity}
        title="Consultas Hoje"
        value={formatInteger(stats.consultationsToday)}
        caption="Desde 00:00 (Brasília)"
        sample={sample}
      />
      <StatCard
        icon={Clock}
        title="Servidor Online"
        value={<span className="text-lg sm:text-xl">{formatUptime(stats.uptimeSeconds)}</span>}
        caption="Tempo desde o último início"
        sample={sample}
      />
    </div>
  );
}
