import { can } from '@painel/shared/rules/policy';
import { Download, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { PaginationBar } from '@/components/pagination-bar';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useExportLogsCsv } from '@/features/logs/api/export-logs-csv';
import {
  LOG_DEFAULT_PAGE_SIZE,
  LOG_PAGE_SIZES,
  LOG_TYPES,
  type LogsQuery,
  type LogType,
  useLogs,
} from '@/features/logs/api/get-logs';
import { logTypeLabels } from '@/features/logs/components/log-type';
import { LogsTable } from '@/features/logs/components/logs-table';
import { logsMessages } from '@/features/logs/logs-messages';
import { useSession } from '@/lib/session';

/** The URL holds the filter and the page, so a reload or a shared link shows the same logs. */
function readQuery(params: URLSearchParams): LogsQuery {
  const tipo = params.get('tipo');
  const limit = Number(params.get('limit'));
  const page = Number(params.get('page'));
  return {
    tipo: (LOG_TYPES as readonly string[]).includes(tipo ?? '') ? (tipo as LogType) : null,
    limit: (LOG_PAGE_SIZES as readonly number[]).includes(limit) ? limit : LOG_DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** /admin/logs (docs/product/admin.md#logs). */
export function LogsPage() {
  const session = useSession();
  const typeId = useId();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const logs = useLogs(query);
  const exporter = useExportLogsCsv();
  const data = logs.data;

  const update = (next: Partial<LogsQuery>) => {
    const merged = { ...query, ...next };
    const search = new URLSearchParams();
    if (merged.tipo) search.set('tipo', merged.tipo);
    if (merged.limit !== LOG_DEFAULT_PAGE_SIZE) search.set('limit', String(merged.limit));
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Logs</h1>
        <p className="text-sm text-muted-foreground">
          {session && can(session.user.tipo, 'serveOwnClients')
            ? 'As suas ações e as dos seus clientes. Atualiza a cada 30 segundos.'
            : 'Ações de administradores e revendedores, logins e consultas. Atualiza a cada 30 segundos.'}
        </p>
      </div>

      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-2 sm:w-72">
          <Label htmlFor={typeId}>Tipo</Label>
          <NativeSelect
            id={typeId}
            value={query.tipo ?? ''}
            onChange={(event) => update({ tipo: (event.target.value || null) as LogType | null, page: 1 })}
          >
            <option value="">Todos os tipos</option>
            {LOG_TYPES.map((tipo) => (
              <option key={tipo} value={tipo}>
                {logTypeLabels[tipo]} ({tipo})
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
            <RefreshCw className={logs.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Atualizar
          </Button>
          <Button
            variant="outline"
            onClick={() => exporter.mutate({ tipo: query.tipo })}
            disabled={exporter.isPending}
          >
            {exporter.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Exportar CSV
          </Button>
        </div>
      </div>

      {logs.isError && (
        <Alert variant="destructive" role="alert">
          <AlertTitle className="line-clamp-none">{logsMessages.loadFailed}</AlertTitle>
          <AlertDescription>{logs.error.message}</AlertDescription>
        </Alert>
      )}

      <section aria-label="Registros" className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-sm">
        <LogsTable logs={data?.logs} loading={logs.isPending} failed={logs.isError} />
      </section>

      {data && data.total > 0 && (
        <PaginationBar
          page={data.page}
          totalPages={data.totalPages}
          total={data.total}
          limit={query.limit}
          sizes={LOG_PAGE_SIZES}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit, page: 1 })}
          busy={logs.isFetching}
        />
      )}
    </div>
  );
}

export { LogsPage as Component };
