import type { Lote } from '@painel/shared/schemas/lotes';

import { etaText, loteDone, lotePercent, loteRemaining } from '@/features/lotes/utils/lote-display';
import { formatInteger } from '@/lib/format';

function Count({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`font-semibold tabular-nums ${className ?? ''}`}>{formatInteger(value)}</dd>
    </div>
  );
}

/**
 * A batch's progress (docs/product/lotes.md): the bar, the rows done, succeeded, failed and left,
 * and while it runs the time left at the pace so far.
 */
export function LoteProgress({ lote }: { lote: Lote }) {
  const done = loteDone(lote);
  const percent = lotePercent({ processadas: done, total: lote.total });
  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium tabular-nums">{percent}% concluído</span>
        {lote.status === 'processando' && (
          <span className="text-muted-foreground">Tempo restante: {etaText(lote.eta_segundos)}</span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Progresso do lote #${lote.id}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatInteger(done)} de ${formatInteger(lote.total)} linhas`}
        className="h-2.5 overflow-hidden rounded-full bg-primary/15"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label="Processadas" value={done} />
        <Count label="Sucesso" value={lote.sucesso} className="text-emerald-700 dark:text-emerald-400" />
        <Count label="Falha" value={lote.falha} className={lote.falha > 0 ? 'text-destructive' : undefined} />
        {lote.status === 'cancelado' ? (
          <Count label="Canceladas" value={lote.canceladas} />
        ) : (
          <Count label="Restantes" value={loteRemaining(lote)} />
        )}
      </dl>
    </div>
  );
}
