import type { Lote } from '@painel/shared/schemas/lotes';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useCancelLote } from '@/features/lotes/api/cancel-lote';
import { useConfirmLote } from '@/features/lotes/api/confirm-lote';
import { getLote } from '@/features/lotes/api/get-lote';
import { CancelLoteButton, DownloadResultButtons } from '@/features/lotes/components/lote-actions';
import { LoteProgress } from '@/features/lotes/components/lote-progress';
import { LoteQuote } from '@/features/lotes/components/lote-quote';
import { LoteStatusBadge } from '@/features/lotes/components/lote-status-badge';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import { creditsText, loteChargedText } from '@/features/lotes/utils/lote-display';
import { failureText } from '@/lib/notify-failure';

/**
 * A quote's invalid rows: the list and the live events leave them out (up to 10 000 a batch), so a
 * quote opened from the list reads them once with GET /lotes/{id}; a quote just sent has them.
 */
function useInvalidRows(lote: Lote) {
  const query = useQuery({
    queryKey: ['lote-invalidas', lote.id],
    queryFn: ({ signal }) => getLote(lote.id, signal),
    select: (fresh) => fresh.invalidas ?? [],
    enabled: lote.status === 'cotado' && lote.invalidas === undefined && lote.linhas > lote.validas,
    // A quote's invalid rows never change.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { rows: lote.invalidas ?? query.data, failed: query.isError };
}

/**
 * The batch in front of the user: its quote until it is confirmed, then its progress, then what it
 * charged and its results to download.
 */
export function LoteDetail({ lote, onClose }: { lote: Lote; onClose: () => void }) {
  const confirm = useConfirmLote();
  // Discarding a quote cancels it on the server, so it is not left 'Cotado' in the list.
  const discard = useCancelLote();
  const [error, setError] = useState<string | null>(null);
  const invalid = useInvalidRows(lote);
  const titleId = `lote-${lote.id}-title`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="font-semibold">
              {lote.status === 'cotado' ? `Cotação do lote #${lote.id}` : `Lote #${lote.id}`}
            </h2>
            <LoteStatusBadge status={lote.status} />
          </div>
          <p className="text-sm break-words text-muted-foreground">
            {lote.modulo.nome} · {lote.arquivo}
          </p>
        </div>
        {lote.status !== 'cotado' && (
          <Button variant="ghost" size="icon" aria-label="Fechar" title="Fechar" onClick={onClose}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>

      {lote.status === 'cotado' ? (
        <LoteQuote
          lote={invalid.rows === lote.invalidas ? lote : { ...lote, invalidas: invalid.rows }}
          invalidRowsFailed={invalid.failed}
          confirming={confirm.isPending}
          discarding={discard.isPending}
          error={error}
          onDiscard={() => {
            setError(null);
            discard.mutate(lote.id, {
              onSuccess: onClose,
              onError: (failure) => setError(failureText(lotesMessages.discardFailed, failure)),
            });
          }}
          onConfirm={() => {
            setError(null);
            confirm.mutate(lote.id, {
              onError: (failure) => setError(failureText(lotesMessages.confirmFailed, failure)),
            });
          }}
        />
      ) : (
        <>
          <LoteProgress lote={lote} />
          {lote.cobranca === 'creditos' && lote.cobrado > 0 && (
            <p className="text-sm">
              <span className="text-muted-foreground">Cobrado: </span>
              <span className="font-medium tabular-nums">{creditsText(lote.cobrado)}</span>
            </p>
          )}
          {lote.cobranca === 'quantidade' && lote.sucesso > 0 && (
            <p className="text-sm">
              <span className="text-muted-foreground">Cota usada: </span>
              <span className="font-medium tabular-nums">{loteChargedText(lote)}</span>
            </p>
          )}
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {lote.status === 'processando' && <CancelLoteButton lote={lote} size="default" />}
            <DownloadResultButtons lote={lote} size="default" />
          </div>
        </>
      )}
    </section>
  );
}
