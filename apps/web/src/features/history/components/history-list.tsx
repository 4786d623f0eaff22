import { formatLookupInput } from '@painel/shared/rules/identifiers';
import { legalBasisText } from '@painel/shared/rules/legal-bases';
import { fieldLabel } from '@painel/shared/rules/result-display';
import { expiredResultText, type ResultRetention, resultRetention } from '@painel/shared/rules/retention';
import { ChevronLeft, ChevronRight, Eye, History } from 'lucide-react';

import { LookupKeyNote } from '@/components/api-key-facts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ToneBadge } from '@/components/ui/tone-badge';
import type { HistoryItem } from '@/features/history/api/get-lookup-history';
import { formatDateTime } from '@/lib/format';

export function formatHistoryDate(item: HistoryItem): string {
  return formatDateTime(item.data ?? item.createdAt);
}

/** 'sucesso' is a success; anything else shows as Falha (docs/product/lookups.md#history). */
export function HistoryStatus({ status }: { status: string }) {
  return status === 'sucesso' ? (
    <ToneBadge tone="green">Sucesso</ToneBadge>
  ) : (
    <ToneBadge tone="red">Falha</ToneBadge>
  );
}

/** Why the lookup was run: its purpose and legal basis; nothing for a lookup from before purposes. */
function PurposeSummary({ purpose }: { purpose: HistoryItem['finalidade'] }) {
  if (!purpose) return null;
  return (
    <p className="text-xs break-words">
      <span className="text-muted-foreground">Finalidade: </span>
      <span className="font-medium">{purpose.nome}</span>
      <span className="text-muted-foreground"> · {legalBasisText(purpose.base_legal)}</span>
    </p>
  );
}

/**
 * Retention in sight: until when a success's result is kept, or that it is gone ('Resultado
 * expirado (retenção de N dias)'); nothing for a failure, which kept no result (retentionOf).
 */
function RetentionNote({
  retention,
  retentionDays,
}: {
  retention: ResultRetention;
  retentionDays: number | undefined;
}) {
  if (retention.kind === 'kept') {
    return (
      <span className="text-xs text-muted-foreground">
        Resultado guardado até <time dateTime={retention.until}>{formatDateTime(retention.until)}</time>
      </span>
    );
  }
  if (retention.kind === 'erased') {
    return (
      <span className="text-xs text-muted-foreground">
        {retentionDays === undefined ? 'Resultado expirado' : expiredResultText(retentionDays)}
      </span>
    );
  }
  return null;
}

/** Where a row's result stands; a failure kept none. */
function retentionOf(item: HistoryItem): ResultRetention {
  return item.status === 'sucesso' ? resultRetention(item.resultado_expira_em, Date.now()) : { kind: 'none' };
}

/** The input as it was typed: each value formatted by the type its field had (formatLookupInput). */
function InputSummary({
  input,
  types,
}: {
  input: HistoryItem['input'];
  types: HistoryItem['tipos_entrada'];
}) {
  const entries = Object.entries(input ?? {});
  if (entries.length === 0) return <span className="text-muted-foreground">-</span>;
  return (
    <dl className="grid gap-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="text-muted-foreground">{fieldLabel(key)}:</dt>
          <dd className="min-w-0 font-mono break-all">
            {typeof value === 'string' ? formatLookupInput(key, value, types?.[key]) : JSON.stringify(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const GRID = 'sm:grid-cols-[9rem_minmax(0,1.4fr)_8rem_minmax(0,1fr)]';

interface HistoryListProps {
  items: HistoryItem[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The search the rows answer, if any: an empty answer says so. */
  searched?: string;
  /** Opens a successful lookup's stored result. */
  onOpen?: (item: HistoryItem) => void;
  /** How many days results are kept (the page's `retencao_dias`), for an erased result's note. */
  retentionDays?: number;
}

/** The history rows: date, module (name, description, purpose), status and input. */
export function HistoryList({
  items,
  loading,
  failed,
  searched = '',
  onOpen,
  retentionDays,
}: HistoryListProps) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Carregando histórico">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  }
  if (failed && !items) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      >
        Não foi possível carregar o histórico. Tente novamente em instantes.
      </p>
    );
  }
  if (!items || items.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
        <History className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">Nenhuma consulta encontrada</p>
        <p className="text-sm text-muted-foreground">
          {searched
            ? `Nada no seu histórico corresponde a “${searched}”. Confira o número ou busque por parte dele.`
            : 'As consultas que você fizer aparecerão aqui.'}
        </p>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div
        className={`hidden gap-4 border-b bg-muted px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid ${GRID}`}
        aria-hidden="true"
      >
        <span>Data</span>
        <span>Módulo</span>
        <span>Status</span>
        <span>Entrada</span>
      </div>
      <ul aria-label="Consultas">
        {items.map((item) => {
          const retention = retentionOf(item);
          return (
            <li
              key={item.id}
              className={`grid gap-2 border-b px-4 py-3 text-sm last:border-0 sm:gap-4 ${GRID}`}
            >
              <span className="text-muted-foreground tabular-nums">
                <span className="sr-only">Data: </span>
                {formatHistoryDate(item)}
              </span>
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{item.Modulo?.nome ?? 'Módulo removido'}</span>
                {item.Modulo?.descricao && (
                  <span className="text-xs text-muted-foreground">{item.Modulo.descricao}</span>
                )}
                <PurposeSummary purpose={item.finalidade} />
                {item.chave_api && <LookupKeyNote prefixo={item.chave_api} />}
                {item.lote_id !== null && item.lote_id !== undefined && (
                  <span className="text-xs text-muted-foreground">Do lote #{item.lote_id}</span>
                )}
              </div>
              <span className="flex flex-wrap items-start gap-2 sm:flex-col">
                <HistoryStatus status={item.status} />
                {onOpen && item.status === 'sucesso' && retention.kind !== 'erased' && (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0 has-[>svg]:px-0"
                    onClick={() => onOpen(item)}
                    aria-label={`Ver resultado de ${item.Modulo?.nome ?? 'consulta'} de ${formatHistoryDate(item)}`}
                  >
                    <Eye aria-hidden="true" />
                    Ver resultado
                  </Button>
                )}
                <RetentionNote retention={retention} retentionDays={retentionDays} />
              </span>
              <InputSummary input={item.input} types={item.tipos_entrada} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  busy?: boolean;
}

export function Pagination({ page, totalPages, onPage, busy = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        <ChevronLeft aria-hidden="true" />
        Anterior
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        Página {page} de {totalPages}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages || busy}
      >
        Próxima
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
