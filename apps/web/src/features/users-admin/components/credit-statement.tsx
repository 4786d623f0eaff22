import { ledgerReasonLabel, ledgerReferenceLabel } from '@painel/shared/rules/ledger-labels';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreditStatement } from '@/features/users-admin/api/get-credit-statement';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { formatCredits, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatCredits(Math.abs(value))}`;

/** The user's credit ledger (who moved how much, why), newest first, 10 per page. */
export function CreditStatement({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const statement = useCreditStatement(userId, page);

  return (
    <section aria-labelledby={`statement-${userId}`} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`statement-${userId}`} className="font-semibold">
          Extrato de créditos
        </h3>
        {statement.data && (
          <p className="text-sm text-muted-foreground">
            Saldo:{' '}
            <span className="font-medium text-foreground tabular-nums">
              {formatCredits(statement.data.creditos)}
            </span>
          </p>
        )}
      </div>
      {statement.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Carregando extrato">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : statement.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          <p>{usersAdminMessages.statementLoadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void statement.refetch()}>
            <RefreshCw aria-hidden="true" />
            Tentar de novo
          </Button>
        </div>
      ) : statement.data.lancamentos.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">
          {usersAdminMessages.statementEmpty}
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-md border text-sm" aria-label="Lançamentos">
            {statement.data.lancamentos.map((entry) => (
              <li key={entry.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {ledgerReasonLabel(entry.motivo, 'manager')}
                </span>
                <span
                  className={cn(
                    'text-right font-medium tabular-nums',
                    entry.valor > 0 && 'text-emerald-700 dark:text-emerald-400',
                    entry.valor < 0 && 'text-destructive',
                  )}
                >
                  {signed(entry.valor)}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(entry.data)}
                  {entry.referencia && ` • ${ledgerReferenceLabel(entry.referencia, entry.referencia_nome)}`}
                </span>
                <span className="text-right text-xs text-muted-foreground tabular-nums">
                  saldo {formatCredits(entry.saldo_apos)}
                </span>
              </li>
            ))}
          </ul>
          {statement.data.totalPages > 1 && (
            <div className="flex items-center justify-between gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage(page - 1)}
                disabled={page <= 1 || statement.isFetching}
              >
                <ChevronLeft aria-hidden="true" />
                Anterior
              </Button>
              <span className="text-xs text-muted-foreground tabular-nums">
                {page} de {statement.data.totalPages}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage(page + 1)}
                disabled={page >= statement.data.totalPages || statement.isFetching}
              >
                Próxima
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
