import { can } from '@painel/shared/rules/policy';
import { Download, LoaderCircle, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { type MetricsExportTable, useExportMetricsCsv } from '@/features/metrics/api/export-metrics-csv';
import { type AppliedMetricsFilters, useMetrics } from '@/features/metrics/api/get-metrics';
import { MetricsCards } from '@/features/metrics/components/metrics-cards';
import { MetricsFilters } from '@/features/metrics/components/metrics-filters';
import { ResellersTable } from '@/features/metrics/components/resellers-table';
import { metricsMessages } from '@/features/metrics/metrics-messages';
import { formatDay, formatInteger } from '@/lib/format';
import { useSession } from '@/lib/session';

// recharts is only needed here: its chunk downloads when this chart first renders.
const DailyChart = lazy(async () => ({
  default: (await import('@/features/metrics/components/daily-chart')).DailyChart,
}));

function ExportButton({
  table,
  label,
  filters,
}: {
  table: MetricsExportTable;
  label: string;
  filters: AppliedMetricsFilters;
}) {
  const exporter = useExportMetricsCsv();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      disabled={exporter.isPending}
      onClick={() => exporter.mutate({ filters, tabela: table })}
    >
      {exporter.isPending ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      Exportar CSV
    </Button>
  );
}

/** /admin/metricas (docs/product/admin.md#metrics; a reseller sees their own clients). */
export function MetricsPage() {
  const session = useSession();
  const isAdmin = session ? can(session.user.tipo, 'seeWholePanel') : false;
  const [filters, setFilters] = useState<AppliedMetricsFilters>({});
  const metrics = useMetrics(filters);
  const data = metrics.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Métricas</h1>
        <p className="text-sm text-muted-foreground">
          {data
            ? `Período: ${formatDay(data.startDate)} a ${formatDay(data.endDate)}`
            : 'Sem datas, o período é o dos últimos 30 dias.'}
        </p>
      </div>

      <MetricsFilters
        canFilterByReseller={isAdmin}
        period={data ? { startDate: data.startDate, endDate: data.endDate } : undefined}
        onApply={setFilters}
        busy={metrics.isFetching}
      />

      {metrics.isError && (
        <Alert variant="destructive" role="alert">
          <AlertTitle className="line-clamp-none">{metricsMessages.loadFailed}</AlertTitle>
          <AlertDescription>
            <p>{metrics.error.message}</p>
            <Button variant="outline" size="sm" className="mt-1" onClick={() => void metrics.refetch()}>
              <RefreshCw aria-hidden="true" />
              Tentar de novo
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {metrics.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Carregando métricas">
          <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-24 rounded-xl" />
          </div>
          <Skeleton className="h-80 rounded-xl" />
        </div>
      ) : (
        data && (
          <>
            <MetricsCards totals={data.totalMetrics} />

            <section
              aria-labelledby="daily-title"
              className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="grid gap-0.5">
                  <h2 id="daily-title" className="font-semibold">
                    Cadastros e consultas por dia
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    No período: {formatInteger(data.totalMetrics.new_users)}{' '}
                    {data.totalMetrics.new_users === 1 ? 'cadastro' : 'cadastros'} ·{' '}
                    {formatInteger(data.totalMetrics.lookups)}{' '}
                    {data.totalMetrics.lookups === 1 ? 'consulta' : 'consultas'}
                  </p>
                </div>
                <ExportButton table="diario" label="Exportar CSV diário" filters={filters} />
              </div>
              <Suspense fallback={<Skeleton className="h-72 rounded-lg" />}>
                <DailyChart daily={data.daily} />
              </Suspense>
            </section>

            <section
              aria-labelledby="resellers-title"
              className="grid min-w-0 gap-2 overflow-hidden rounded-xl border bg-card shadow-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
                <h2 id="resellers-title" className="font-semibold">
                  Usuários por Revendedor
                </h2>
                <ExportButton table="revendedores" label="Exportar CSV por revendedor" filters={filters} />
              </div>
              <ResellersTable rows={data.usersByReseller} />
            </section>
          </>
        )
      )}
    </div>
  );
}

export { MetricsPage as Component };
