import { Database, type LucideIcon, Radio, Server, Zap } from 'lucide-react';
import type { ReactNode } from 'react';

import { type Tone, ToneBadge } from '@/components/ui/tone-badge';
import type { AdminStats } from '@/features/admin-dashboard/api/get-admin-stats';
import type { EventStreamStatus } from '@/features/admin-dashboard/hooks/use-admin-events';

const health: Record<'ok' | 'erro', { tone: Tone; label: string }> = {
  ok: { tone: 'green', label: 'Operacional' },
  erro: { tone: 'red', label: 'Com falha' },
};

const stream: Record<EventStreamStatus, { tone: Tone; label: string; note: string }> = {
  live: { tone: 'green', label: 'Ao vivo', note: 'Novas consultas aparecem na hora.' },
  connecting: { tone: 'grey', label: 'Conectando', note: 'Abrindo a conexão ao vivo...' },
  down: { tone: 'yellow', label: 'Reconectando', note: 'Enquanto isso, atualizamos a cada 30 segundos.' },
};

function StatusRow({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="grid gap-1.5 rounded-lg border bg-background/60 p-3">
      <span className="flex items-center gap-2 text-sm font-medium">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">{children}</div>
    </li>
  );
}

interface SystemStatusPanelProps {
  /** null: /admin/stats could not be read, so nothing is known about the server's parts. */
  sistema: AdminStats['sistema'] | null;
  streamStatus: EventStreamStatus;
}

/** Database, Redis (only when configured), upstream providers and the live connection. */
export function SystemStatusPanel({ sistema, streamStatus }: SystemStatusPanelProps) {
  const live = stream[streamStatus];
  return (
    <section
      aria-labelledby="system-status-title"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="system-status-title" className="font-semibold">
        Status do Sistema
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
        <StatusRow icon={Database} label="Banco de dados">
          {sistema ? (
            <ToneBadge tone={health[sistema.banco].tone}>{health[sistema.banco].label}</ToneBadge>
          ) : (
            <ToneBadge tone="grey">Desconhecido</ToneBadge>
          )}
        </StatusRow>
        {sistema && sistema.redis !== 'desativado' && (
          <StatusRow icon={Zap} label="Redis">
            <ToneBadge tone={health[sistema.redis].tone}>{health[sistema.redis].label}</ToneBadge>
          </StatusRow>
        )}
        <StatusRow icon={Server} label="Provedores de dados">
          {sistema ? (
            <>
              <ToneBadge tone="green">{sistema.provedores.ok} ok</ToneBadge>
              <ToneBadge tone={sistema.provedores.instavel > 0 ? 'yellow' : 'grey'}>
                {sistema.provedores.instavel} {sistema.provedores.instavel === 1 ? 'instável' : 'instáveis'}
              </ToneBadge>
              <ToneBadge tone={sistema.provedores.fora > 0 ? 'red' : 'grey'}>
                {sistema.provedores.fora} fora do ar
              </ToneBadge>
            </>
          ) : (
            <ToneBadge tone="grey">Desconhecido</ToneBadge>
          )}
        </StatusRow>
        <StatusRow icon={Radio} label="Atualização ao vivo">
          <ToneBadge tone={live.tone} data-testid="live-status" data-status={streamStatus}>
            {live.label}
          </ToneBadge>
          <span>{live.note}</span>
        </StatusRow>
      </ul>
    </section>
  );
}
