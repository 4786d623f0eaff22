import { LOOKUP_SEARCH_MAX, type LookupDetail } from '@painel/shared/contracts/lookups';
import { expiredResultText } from '@painel/shared/rules/retention';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useLookup } from '@/features/history/api/get-lookup';
import { type HistoryItem, useLookupHistory } from '@/features/history/api/get-lookup-history';
import { formatHistoryDate, HistoryList, Pagination } from '@/features/history/components/history-list';
import { ResultActions } from '@/features/results/components/result-actions';
import { MinorBadge, ResultMaskNotice } from '@/features/results/components/result-masking';
import { ResultPurpose } from '@/features/results/components/result-purpose';
import { ResultView } from '@/features/results/components/result-view';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The page number from ?page=, a whole number from 1. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A past lookup's stored result (GET /consultas/:id), masked as the answer says; 'Revelar' shows it
 * whole here only, until the dialog closes (docs/product/reveal-and-minors.md). Results expire after
 * the retention period.
 */
function StoredResult({ item }: { item: HistoryItem }) {
  const lookup = useLookup(item.id);
  const [revealed, setRevealed] = useState<LookupDetail | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The reveal dialog's 'Revelar' is gone once it closes: the keyboard goes on from the whole result.
  useEffect(() => {
    if (revealed) resultRef.current?.focus();
  }, [revealed]);
  if (lookup.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Carregando resultado...
      </p>
    );
  }
  if (lookup.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {lookup.error.message}
      </p>
    );
  }
  const detail = revealed ?? lookup.data;
  const { retorno, finalidade, justificativa } = detail;
  const purpose = (
    <ResultPurpose
      purpose={finalidade}
      justification={justificativa}
      className="rounded-lg border bg-muted/40 p-3"
    />
  );
  if (retorno === null || retorno === undefined) {
    return (
      <div className="grid min-w-0 gap-4">
        {purpose}
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{expiredResultText(detail.retencao_dias)}</p>
          <p className="text-muted-foreground">A entrada e o status continuam no histórico.</p>
        </div>
      </div>
    );
  }
  const issuedAt = new Date(detail.data ?? detail.createdAt ?? Date.now());
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MinorBadge masking={detail} />
        <ResultActions
          retorno={retorno}
          info={{
            moduleName: item.Modulo?.nome ?? 'Consulta',
            issuedAt,
            purpose: finalidade,
            justification: justificativa,
          }}
        />
      </div>
      {purpose}
      <ResultMaskNotice lookupId={item.id} masking={detail} onRevealed={setRevealed} />
      <div ref={resultRef} tabIndex={-1} className="min-w-0 outline-none">
        <ResultView retorno={retorno} />
      </div>
    </div>
  );
}

/** Query history, 10 per page (docs/product/lookups.md#history). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const [search, setSearch] = useState(params.get('busca') ?? '');
  const busca = useDebouncedValue(search.trim());
  // The settled search lives in the address (?busca=), so a reload or a shared link keeps it; a new
  // search starts again at page 1.
  useEffect(() => {
    if (busca === (params.get('busca') ?? '')) return;
    setParams(busca ? { busca } : {}, { replace: true });
  }, [busca, params, setParams]);
  const history = useLookupHistory(page, params.get('busca') ?? '');
  const totalPages = history.data?.totalPages ?? 1;
  const [open, setOpen] = useState<HistoryItem | null>(null);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight">Histórico de consultas</h1>
        {history.data?.total !== undefined && (
          <span className="text-sm text-muted-foreground">
            {history.data.total.toLocaleString('pt-BR')} no total
          </span>
        )}
      </div>
      <SearchField
        label="Buscar no histórico"
        placeholder="Buscar por CPF, CNPJ, placa, telefone ou módulo..."
        className="max-w-md"
        maxLength={LOOKUP_SEARCH_MAX}
        value={search}
        onChange={setSearch}
      />
      <HistoryList
        items={history.data?.consultas}
        searched={params.get('busca') ?? ''}
        loading={history.isPending}
        failed={history.isError}
        onOpen={setOpen}
        retentionDays={history.data?.retencao_dias}
      />
      <Pagination
        page={page}
        totalPages={totalPages}
        busy={history.isFetching}
        onPage={(next) => {
          const kept = params.get('busca');
          setParams({ ...(kept ? { busca: kept } : {}), ...(next === 1 ? {} : { page: String(next) }) });
        }}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-5xl">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>{open.Modulo?.nome ?? 'Consulta'}</DialogTitle>
                <DialogDescription>Consulta de {formatHistoryDate(open)}</DialogDescription>
              </DialogHeader>
              <StoredResult key={open.id} item={open} />
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
