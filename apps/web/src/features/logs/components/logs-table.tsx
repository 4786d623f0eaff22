import { logActionLabel } from '@painel/shared/rules/log-actions';
import { ChevronDown, ChevronRight, ScrollText } from 'lucide-react';
import { useState } from 'react';

import { EmailText } from '@/components/email-text';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { LogEntry } from '@/features/logs/api/get-logs';
import { LogTypeBadge } from '@/features/logs/components/log-type';
import { logsMessages } from '@/features/logs/logs-messages';
import { formatDateTimeSeconds } from '@/lib/format';

export function formatLogDate(entry: LogEntry): string {
  return formatDateTimeSeconds(entry.data ?? entry.createdAt);
}

function hasDetails(detalhes: unknown): boolean {
  if (detalhes === null || detalhes === undefined) return false;
  if (typeof detalhes === 'object') return Object.keys(detalhes).length > 0;
  return true;
}

const GRID = 'md:grid-cols-[6.5rem_minmax(0,1fr)_9rem_minmax(0,1fr)_8.5rem]';

function LogRow({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = `log-details-${entry.id}`;
  const withDetails = hasDetails(entry.detalhes);
  return (
    <li
      data-testid="log-row"
      className={`grid gap-2 border-b px-4 py-3 text-sm last:border-0 md:items-start md:gap-4 ${GRID}`}
    >
      <span className="text-xs text-muted-foreground tabular-nums md:text-sm">
        <span className="sr-only">Data: </span>
        {formatLogDate(entry)}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{entry.User?.nome ?? 'Usuário removido'}</span>
        {entry.User && <EmailText email={entry.User.email} className="text-xs text-muted-foreground" />}
      </div>
      <LogTypeBadge tipo={entry.tipo} />
      <span className="break-words" title={entry.acao}>
        <span className="sr-only">Ação: </span>
        {logActionLabel(entry.acao)}
      </span>
      <div className="md:justify-self-end">
        {withDetails ? (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2.5 md:ml-0"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            {open ? 'Ocultar detalhes' : 'Ver detalhes'}
          </Button>
        ) : (
          <span className="text-xs text-muted-foreground">Sem detalhes</span>
        )}
      </div>
      {withDetails && open && (
        <pre
          id={detailsId}
          data-testid="log-details"
          className="max-h-96 overflow-auto rounded-lg border bg-muted p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap md:col-span-full"
        >
          {JSON.stringify(entry.detalhes, null, 2)}
        </pre>
      )}
    </li>
  );
}

interface LogsTableProps {
  logs: LogEntry[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** Date/time, user (name, email), type, action, details as formatted JSON (docs/product/admin.md#logs). */
export function LogsTable({ logs, loading, failed }: LogsTableProps) {
  if (loading) {
    return (
      <div className="grid gap-2 p-4" role="status" aria-label="Carregando logs">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-12 rounded-lg" />
        ))}
      </div>
    );
  }
  if (failed && !logs) return null;
  if (!logs || logs.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
        <ScrollText className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{logsMessages.empty}</p>
      </div>
    );
  }
  return (
    <div>
      <div
        className={`hidden gap-4 border-b bg-muted px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid ${GRID}`}
        aria-hidden="true"
      >
        <span>Data/Hora</span>
        <span>Usuário</span>
        <span>Tipo</span>
        <span>Ação</span>
        <span className="text-right">Detalhes</span>
      </div>
      <ul aria-label="Logs">
        {logs.map((entry) => (
          <LogRow key={entry.id} entry={entry} />
        ))}
      </ul>
    </div>
  );
}
