import type { Lote } from '@painel/shared/schemas/lotes';
import { Layers } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { useLotes } from '@/features/lotes/api/get-lotes';
import { useLoteFinished, useLoteLive } from '@/features/lotes/hooks/use-lote-live';
import { finishText, overallPercent } from '@/features/lotes/utils/lote-display';

/** The toast of a batch that ended: green when it finished, grey when cancelled, red when it failed. */
export function showFinishToast(lote: Lote, open: () => void) {
  const action = { label: 'Ver lotes', onClick: open };
  if (lote.status === 'concluido') toast.success(finishText(lote), { action });
  else if (lote.status === 'falhou') toast.error(finishText(lote), { action });
  else toast.info(finishText(lote), { action });
}

/**
 * The header's batch indicator (docs/product/lotes.md): while the user has batches running, their
 * overall percent, linking to /lotes. It also keeps them live (stream, or a 3 s poll while the
 * stream is down) and says when one ends, on whatever page the user is.
 */
export function LotesIndicator({ userId }: { userId: number }) {
  const lotes = useLotes();
  const navigate = useNavigate();
  useLoteLive(lotes.data, userId);
  const onFinish = useCallback((lote: Lote) => showFinishToast(lote, () => navigate('/lotes')), [navigate]);
  useLoteFinished(lotes.data, userId, onFinish);

  const running = (lotes.data ?? []).filter(
    (lote) => lote.status === 'processando' && lote.usuario.id === userId,
  );
  if (running.length === 0) return null;
  const percent = overallPercent(running);
  const label =
    running.length === 1
      ? `Lote em andamento: ${percent}% concluído`
      : `${running.length} lotes em andamento: ${percent}% concluído`;
  return (
    <Link
      to="/lotes"
      aria-label={label}
      title={label}
      className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:min-h-9"
    >
      <Layers className="size-4 animate-pulse motion-reduce:animate-none" aria-hidden="true" />
      <span aria-hidden="true">{percent}%</span>
      <span
        className="hidden h-1.5 w-12 overflow-hidden rounded-full bg-primary/15 sm:block"
        aria-hidden="true"
      >
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </Link>
  );
}
