import { messages } from '@painel/shared/messages';
import { METRICS_PAGE_SIZES } from '@painel/shared/schemas/metrics';
import { useState } from 'react';

import { EmailText } from '@/components/email-text';
import { PaginationBar } from '@/components/pagination-bar';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { MetricsResponse } from '@/features/metrics/api/get-metrics';
import { metricsMessages } from '@/features/metrics/metrics-messages';
import { formatDay, formatInteger } from '@/lib/format';

const DEFAULT_PAGE_SIZE = 10;

type ResellerRow = MetricsResponse['usersByReseller'][number];

/** 'Usuários por Revendedor': name, total, up to 3 recent daily sign-up counts; paged here, 5/10/20/50. */
export function ResellersTable({ rows }: { rows: ResellerRow[] }) {
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(rows.length / limit));
  // New filters can shrink the list under the current page.
  const current = Math.min(page, totalPages);
  const visible = rows.slice((current - 1) * limit, current * limit);

  if (rows.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground">{metricsMessages.noResellerRows}</p>
    );
  }

  return (
    <div className="grid gap-3">
      <Table aria-label="Usuários por Revendedor">
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">Revendedor</TableHead>
            <TableHead className="text-right">Usuários</TableHead>
            <TableHead className="pr-4 whitespace-normal">Cadastros recentes</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.revendedor_id ?? 'none'}>
              <TableCell className="pl-4">
                <div className="grid min-w-32 gap-0.5">
                  <span className="font-medium">{row.revendedor?.nome ?? messages.metricsNoReseller}</span>
                  {row.revendedor && (
                    <EmailText email={row.revendedor.email} className="text-xs text-muted-foreground" />
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatInteger(row.total_users)}
              </TableCell>
              <TableCell className="pr-4">
                {row.recent_days.length === 0 ? (
                  <span className="text-muted-foreground">-</span>
                ) : (
                  <ul className="flex flex-wrap gap-1.5" aria-label="Cadastros por dia">
                    {row.recent_days.map((day) => (
                      <li
                        key={day.date}
                        className="rounded-md border bg-muted px-2 py-0.5 text-xs whitespace-nowrap tabular-nums"
                      >
                        {formatDay(day.date, { withYear: false })}: <strong>{day.total_users}</strong>
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="px-4 pb-4">
        <PaginationBar
          label="Paginação de revendedores"
          page={current}
          totalPages={totalPages}
          total={rows.length}
          limit={limit}
          sizes={METRICS_PAGE_SIZES}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      </div>
    </div>
  );
}
