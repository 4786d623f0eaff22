import type { Lote, LoteStatus } from '@painel/shared/schemas/lotes';

import type { Tone } from '@/components/ui/tone-badge';
import { formatCredits, formatInteger, formatMoney, reaisToCents } from '@/lib/format';

/** A batch's status as the list and the detail show it. */
export const loteStatusLabels: Record<LoteStatus, string> = {
  cotado: 'Cotado',
  processando: 'Processando',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
  falhou: 'Falhou',
};

export const loteStatusTones: Record<LoteStatus, Tone> = {
  cotado: 'blue',
  processando: 'yellow',
  concluido: 'green',
  cancelado: 'grey',
  falhou: 'red',
};

/** The statuses a batch never leaves. */
export function isFinished(status: LoteStatus): boolean {
  return status === 'concluido' || status === 'cancelado' || status === 'falhou';
}

/** Whole percent of the rows done, 0 to 100 (a batch with no rows to run counts as done). */
export function lotePercent(lote: Pick<Lote, 'processadas' | 'total'>): number {
  if (lote.total <= 0) return 100;
  return Math.min(100, Math.floor((lote.processadas / lote.total) * 100));
}

/** The rows looked up so far (success or failure); a cancel's dropped rows are `canceladas`. */
export function loteDone(lote: Pick<Lote, 'processadas'>): number {
  return lote.processadas;
}

/** The rows still to run: neither looked up nor dropped by a cancel. */
export function loteRemaining(lote: Pick<Lote, 'processadas' | 'canceladas' | 'total'>): number {
  return Math.max(0, lote.total - lote.processadas - lote.canceladas);
}

/** Overall percent of several running batches, weighted by their rows. */
export function overallPercent(lotes: Pick<Lote, 'processadas' | 'total'>[]): number {
  const total = lotes.reduce((sum, lote) => sum + lote.total, 0);
  const done = lotes.reduce((sum, lote) => sum + Math.min(lote.processadas, lote.total), 0);
  return lotePercent({ processadas: done, total });
}

/** 130 → 'cerca de 2 min'; null (no pace yet) → 'calculando...'. */
export function etaText(seconds: number | null): string {
  if (seconds === null) return 'calculando...';
  if (seconds < 60) return 'menos de 1 min';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `cerca de ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `cerca de ${hours} h` : `cerca de ${hours} h ${rest} min`;
}

/** Credits as money and as credits: 12.5 → 'R$ 12,50 (12,50 créditos)'. */
export function creditsText(credits: number): string {
  return `${formatMoney(reaisToCents(credits))} (${formatCredits(credits)} créditos)`;
}

/** What a batch costs at most: credits, or the quota slots it would take. */
export function loteCostText(lote: Pick<Lote, 'cobranca' | 'custo_maximo' | 'cotas'>): string {
  if (lote.cobranca === 'quantidade') {
    return `${formatInteger(lote.cotas)} ${lote.cotas === 1 ? 'consulta' : 'consultas'} da cota de 24 h`;
  }
  return creditsText(lote.custo_maximo);
}

/** What a batch took: money, or the quota slots its successes took (quota modules charge no credits). */
export function loteChargedText(lote: Pick<Lote, 'cobranca' | 'cobrado' | 'sucesso'>): string {
  if (lote.cobranca === 'quantidade') return `${formatInteger(lote.sucesso)} da cota`;
  return formatMoney(reaisToCents(lote.cobrado));
}

const finishVerbs: Record<'concluido' | 'cancelado' | 'falhou', string> = {
  concluido: 'concluído',
  cancelado: 'cancelado',
  falhou: 'falhou',
};

/** The toast when a batch ends: 'Lote #12 concluído: 95 com sucesso, 5 com falha'. */
export function finishText(lote: Pick<Lote, 'id' | 'status' | 'sucesso' | 'falha'>): string {
  const verb = isFinished(lote.status) ? finishVerbs[lote.status as keyof typeof finishVerbs] : lote.status;
  return `Lote #${lote.id} ${verb}: ${formatInteger(lote.sucesso)} com sucesso, ${formatInteger(lote.falha)} com falha`;
}
