import type { Lote } from '@painel/shared/schemas/lotes';
import { Eye, Layers } from 'lucide-react';

import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CancelLoteButton, DownloadResultButtons } from '@/features/lotes/components/lote-actions';
import { LoteStatusBadge } from '@/features/lotes/components/lote-status-badge';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import { loteChargedText, loteDone, lotePercent } from '@/features/lotes/utils/lote-display';
import { formatDateTime, formatInteger, NO_VALUE } from '@/lib/format';

interface LoteListProps {
  lotes: Lote[] | undefined;
  loading: boolean;
  userId: number;
  onOpen: (lote: Lote) => void;
}

function ProgressCell({ lote }: { lote: Lote }) {
  if (lote.status === 'cotado') return <span className="text-muted-foreground">{NO_VALUE}</span>;
  const done = loteDone(lote);
  const percent = lotePercent({ processadas: done, total: lote.total });
  return (
    <div className="grid min-w-24 gap-1">
      <span className="text-xs tabular-nums">
        {formatInteger(done)}/{formatInteger(lote.total)} ({percent}%)
      </span>
      <div className="h-1.5 overflow-hidden rounded-full bg-primary/15" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Actions({ lote, onOpen }: { lote: Lote; onOpen: (lote: Lote) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen(lote)}
        aria-label={`Abrir o lote #${lote.id}`}
      >
        <Eye aria-hidden="true" />
        {lote.status === 'cotado' ? 'Ver cotação' : 'Abrir'}
      </Button>
      {lote.status === 'processando' && <CancelLoteButton lote={lote} />}
      <DownloadResultButtons lote={lote} />
    </div>
  );
}

/**
 * The caller's batches, newest first (docs/product/lotes.md): status, module, lines, progress,
 * what it charged, when it was sent, and what can be done with it. A table from 768 px; cards on a phone.
 */
export function LoteList({ lotes, loading, userId, onOpen }: LoteListProps) {
  if (loading) return <ListSkeleton label="Carregando lotes" />;
  if (!lotes || lotes.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
        <Layers className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{lotesMessages.empty}</p>
      </div>
    );
  }
  const owner = (lote: Lote) =>
    lote.usuario.id === userId ? null : (
      <span className="block text-xs text-muted-foreground">{lote.usuario.nome}</span>
    );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Lote</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Módulo</TableHead>
              <TableHead className="text-right">Linhas</TableHead>
              <TableHead>Progresso</TableHead>
              <TableHead className="text-right">Cobrado</TableHead>
              <TableHead>Criado em</TableHead>
              <TableHead>Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lotes.map((lote) => (
              <TableRow key={lote.id}>
                <TableCell className="font-medium tabular-nums">#{lote.id}</TableCell>
                <TableCell>
                  <LoteStatusBadge status={lote.status} />
                </TableCell>
                <TableCell className="max-w-56 whitespace-normal">
                  {lote.modulo.nome}
                  {owner(lote)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatInteger(lote.linhas)}</TableCell>
                <TableCell>
                  <ProgressCell lote={lote} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {lote.status === 'cotado' ? NO_VALUE : loteChargedText(lote)}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTime(lote.criado_em)}
                </TableCell>
                <TableCell>
                  <Actions lote={lote} onOpen={onOpen} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {lotes.map((lote) => (
          <li key={lote.id} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold tabular-nums">Lote #{lote.id}</span>
              <LoteStatusBadge status={lote.status} />
              <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                {formatDateTime(lote.criado_em)}
              </span>
            </div>
            <div className="text-sm break-words">
              {lote.modulo.nome}
              {owner(lote)}
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Linhas</dt>
                <dd className="tabular-nums">{formatInteger(lote.linhas)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Cobrado</dt>
                <dd className="tabular-nums">
                  {lote.status === 'cotado' ? NO_VALUE : loteChargedText(lote)}
                </dd>
              </div>
            </dl>
            {lote.status !== 'cotado' && <ProgressCell lote={lote} />}
            <Actions lote={lote} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </>
  );
}
