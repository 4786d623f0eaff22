import { LOOKUP_SEARCH_MAX } from '@painel/shared/contracts/lookups';
import { can } from '@painel/shared/rules/policy';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { type BanTarget, BanUserDialog } from '@/components/ban-user-dialog';
import { SearchField } from '@/components/search-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ToneBadge } from '@/components/ui/tone-badge';
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { useBanUser } from '@/features/admin-dashboard/api/ban-user';
import { useAdminStats } from '@/features/admin-dashboard/api/get-admin-stats';
import { useRecentLookups } from '@/features/admin-dashboard/api/get-recent-lookups';
import { RecentLookups } from '@/features/admin-dashboard/components/recent-lookups';
import { SAMPLE_STATS, StatCards } from '@/features/admin-dashboard/components/stat-cards';
import { SystemStatusPanel } from '@/features/admin-dashboard/components/system-status-panel';
import { useLiveDashboard } from '@/features/admin-dashboard/hooks/use-live-dashboard';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** /admin: figures, system status and the live list of recent lookups (docs/product/admin.md#admin-dashboard). */
export function AdminDashboardPage() {
  const session = useSession();
  const streamStatus = useLiveDashboard();
  const stats = useAdminStats();
  const [search, setSearch] = useState('');
  const busca = useDebouncedValue(search.trim());
  const recent = useRecentLookups({ live: streamStatus === 'live', busca });
  const [banTarget, setBanTarget] = useState<BanTarget | null>(null);
  const ban = useBanUser();
  const isReseller = session ? can(session.user.tipo, 'serveOwnClients') : false;

  const sample = stats.isError && !stats.data;
  const shown = stats.data ?? (sample ? SAMPLE_STATS : null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard administrativo</h1>
        <p className="text-sm text-muted-foreground">
          {isReseller
            ? 'Os números e as consultas dos seus clientes, atualizados ao vivo.'
            : 'Os números do painel e as consultas mais recentes, atualizados ao vivo.'}
        </p>
      </div>

      {stats.isError && (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{adminDashboardMessages.statsFailed}</AlertTitle>
          <AlertDescription>
            {sample ? adminDashboardMessages.statsSample : adminDashboardMessages.statsStale}
          </AlertDescription>
        </Alert>
      )}

      {shown ? (
        <StatCards stats={shown} sample={sample} scope={isReseller ? 'own' : 'all'} />
      ) : (
        <div
          className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
          role="status"
          aria-label="Carregando estatísticas"
        >
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-28 rounded-xl" />
          ))}
        </div>
      )}

      <SystemStatusPanel sistema={stats.data?.sistema ?? null} streamStatus={streamStatus} />

      <section
        aria-labelledby="recent-lookups-title"
        className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
          <h2 id="recent-lookups-title" className="font-semibold">
            Consultas recentes
          </h2>
          <SearchField
            label="Buscar consultas"
            placeholder="CPF, CNPJ, placa, telefone ou módulo..."
            className="order-last w-full sm:order-none sm:ml-auto sm:w-72"
            maxLength={LOOKUP_SEARCH_MAX}
            value={search}
            onChange={setSearch}
          />
          {streamStatus === 'live' ? (
            <ToneBadge tone="green">
              <span
                className="size-1.5 rounded-full bg-current motion-safe:animate-pulse"
                aria-hidden="true"
              />
              Ao vivo
            </ToneBadge>
          ) : (
            <span className="text-xs text-muted-foreground">Atualiza a cada 30 segundos</span>
          )}
        </div>
        <RecentLookups
          lookups={recent.data}
          searched={busca}
          loading={recent.isPending}
          failed={recent.isError}
          selfId={session?.user.id ?? 0}
          onBan={setBanTarget}
        />
      </section>

      {banTarget && (
        <BanUserDialog
          key={banTarget.id}
          target={banTarget}
          onBan={(motivo) => ban.mutateAsync({ id: banTarget.id, motivo })}
          failureTitle={adminDashboardMessages.banFailed}
          onClose={() => setBanTarget(null)}
        />
      )}
    </div>
  );
}

export { AdminDashboardPage as Component };
