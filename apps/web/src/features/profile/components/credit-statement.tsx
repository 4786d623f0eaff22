import { ledgerReasonLabel, ledgerReferenceLabel } from '@painel/shared/rules/ledger-labels';
import { USER_PAGE_SIZES } from '@painel/shared/schemas/users-admin';
import { ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';

import { PaginationBar } from '@/components/pagination-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { STATEMENT_PAGE_SIZE, useCreditStatement } from '@/features/profile/api/get-credit-statement';
import { profileMessages } from '@/features/profile/profile-messages';
import { formatDateTime, formatMoney, formatSignedMoney, reaisToCents } from '@/lib/format';
import { cn } from '@/lib/utils';

/** 1 credit = R$ 1,00 (docs/product/README.md#glossary), so the ledger reads as money. */
const creditsAsMoney = (credits: number) => formatMoney(reaisToCents(credits));

const GRID = 'sm:grid-cols-[8.5rem_minmax(0,1fr)_8rem_8rem]';

interface CreditStatementProps {
  /** The balance the header shows; when it moves, the statement is read again to explain it. */
  balance: number;
}

/** The user's credit ledger, newest first, paged: every real of the balance with its reason. */
export function CreditStatement({ balance }: CreditStatementProps) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(STATEMENT_PAGE_SIZE);
  const statement = useCreditStatement(page, limit);
  const { data, refetch } = statement;
  const staleBalance = data !== undefined && data.creditos !== balance;

  useEffect(() => {
    if (staleBalance) void refetch();
  }, [staleBalance, refetch]);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
        {/* A list of terms holds only term groups: the rate note stands beside it. */}
        <dl className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
          <div className="flex items-baseline gap-2">
            <dt className="text-muted-foreground">Saldo atual</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {creditsAsMoney(data?.creditos ?? balance)}
            </dd>
          </div>
          <div className="flex items-baseline gap-2">
            <dt className="text-muted-foreground">Movimentações</dt>
            <dd className="tabular-nums">{data ? data.total.toLocaleString('pt-BR') : '–'}</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">1 crédito = R$ 1,00</p>
      </div>
      <StatementEntries statement={statement} />
      {data && data.total > USER_PAGE_SIZES[0] && (
        <PaginationBar
          label="Páginas do extrato"
          page={page}
          totalPages={data.totalPages}
          total={data.total}
          limit={limit}
          sizes={USER_PAGE_SIZES}
          busy={statement.isFetching}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}

function StatementEntries({ statement }: { statement: ReturnType<typeof useCreditStatement> }) {
  if (statement.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Carregando extrato">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-12 rounded-lg" />
        ))}
      </div>
    );
  }
  if (statement.isError && !statement.data) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      >
        {profileMessages.statementLoadFailed}
      </p>
    );
  }
  const entries = statement.data?.lancamentos ?? [];
  if (entries.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
        <ReceiptText className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{profileMessages.statementEmpty}</p>
        <p className="text-sm text-muted-foreground">
          Recargas, consultas cobradas e estornos aparecerão aqui.
        </p>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border">
      <div
        className={`hidden gap-4 border-b bg-muted px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid ${GRID}`}
        aria-hidden="true"
      >
        <span>Data</span>
        <span>Descrição</span>
        <span className="text-right">Valor</span>
        <span className="text-right">Saldo após</span>
      </div>
      <ul aria-label="Movimentações de créditos">
        {entries.map((entry) => {
          const reference = ledgerReferenceLabel(entry.referencia, entry.referencia_nome);
          return (
            <li
              key={entry.id}
              className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 border-b px-4 py-3 text-sm last:border-0 sm:items-center ${GRID}`}
            >
              <span className="text-xs text-muted-foreground tabular-nums sm:text-sm">
                <span className="sr-only">Data: </span>
                {formatDateTime(entry.data)}
              </span>
              <div className="col-start-1 row-start-2 grid min-w-0 gap-0.5 sm:col-auto sm:row-auto">
                <span className="font-medium break-words">{ledgerReasonLabel(entry.motivo, 'owner')}</span>
                {reference && <span className="text-xs text-muted-foreground">{reference}</span>}
              </div>
              <span
                className={cn(
                  'col-start-2 row-start-1 text-right font-semibold tabular-nums sm:col-auto sm:row-auto',
                  entry.valor > 0 && 'text-emerald-700 dark:text-emerald-400',
                  entry.valor < 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                <span className="sr-only">Valor: </span>
                {formatSignedMoney(reaisToCents(entry.valor))}
              </span>
              <span className="col-start-2 row-start-2 text-right text-xs text-muted-foreground tabular-nums sm:col-auto sm:row-auto sm:text-sm sm:text-foreground">
                <span className="sm:sr-only">Saldo após </span>
                {creditsAsMoney(entry.saldo_apos)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
