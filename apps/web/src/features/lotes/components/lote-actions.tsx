import type { Lote } from '@painel/shared/schemas/lotes';
import { Download, LoaderCircle, OctagonX } from 'lucide-react';

import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';
import { useCancelLote } from '@/features/lotes/api/cancel-lote';
import { type LoteResultFormat, useDownloadLoteResult } from '@/features/lotes/api/download-lote-result';
import { lotesMessages } from '@/features/lotes/lotes-messages';
import { isFinished } from '@/features/lotes/utils/lote-display';
import { notifyFailure } from '@/lib/notify-failure';

/** 'Cancelar lote', asked first: the rows under way finish, the rest are never looked up. */
export function CancelLoteButton({ lote, size = 'sm' }: { lote: Lote; size?: 'sm' | 'default' }) {
  const cancel = useCancelLote();
  return (
    <ConfirmActionDialog
      trigger={
        <Button variant="outline" size={size} disabled={cancel.isPending} className="text-destructive">
          {cancel.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <OctagonX aria-hidden="true" />
          )}
          Cancelar lote
        </Button>
      }
      title={`Cancelar o lote #${lote.id}?`}
      description="As linhas em andamento terminam e as restantes não serão consultadas. O que já foi consultado continua cobrado e pode ser baixado."
      confirmLabel="Cancelar lote"
      cancelLabel="Voltar"
      onConfirm={() =>
        cancel.mutate(lote.id, { onError: (error) => notifyFailure(lotesMessages.cancelFailed, error) })
      }
    />
  );
}

/** 'Baixar CSV' and 'Baixar XLSX': the results, one row per input line, fetched with the session token. */
export function DownloadResultButtons({ lote, size = 'sm' }: { lote: Lote; size?: 'sm' | 'default' }) {
  const download = useDownloadLoteResult();
  // Nothing to download until the batch has ended, nor when no row was looked up (a discarded quote).
  if (!isFinished(lote.status) || lote.sucesso + lote.falha === 0) return null;
  const busy = (format: LoteResultFormat) => download.isPending && download.variables?.format === format;
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size={size}
          disabled={download.isPending}
          onClick={() => download.mutate({ id: lote.id, format })}
          aria-label={`Baixar ${format.toUpperCase()} do lote #${lote.id}`}
        >
          {busy(format) ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Baixar {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
