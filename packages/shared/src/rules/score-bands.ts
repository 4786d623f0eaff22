/**
 * Credit scores (docs/product/lookups.md#result-view): a 0–1000 gauge in five colour bands. The colour
 * follows the band text the provider sends (faixa); when it sends none or one we do not know, the
 * band is read from the score itself.
 */
export const SCORE_MAX = 1000;

export type ScoreBand = 'muito-baixo' | 'baixo' | 'medio' | 'bom' | 'excelente';

/** The five bands, with the highest score each holds and the label providers use. */
export const SCORE_BANDS: readonly { band: ScoreBand; upTo: number; label: string }[] = [
  { band: 'muito-baixo', upTo: 200, label: 'MUITO BAIXO' },
  { band: 'baixo', upTo: 400, label: 'BAIXO' },
  { band: 'medio', upTo: 600, label: 'MÉDIO' },
  { band: 'bom', upTo: 800, label: 'BOM' },
  { band: 'excelente', upTo: 1000, label: 'EXCELENTE' },
];

/** The band a 0–1000 score falls in; out-of-range scores are clamped. */
export function bandOfScore(score: number): ScoreBand {
  const clamped = clampScore(score);
  return (SCORE_BANDS.find((entry) => clamped <= entry.upTo) ?? SCORE_BANDS[SCORE_BANDS.length - 1]!).band;
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The band a provider's band text names ('MUITO BAIXO', 'Médio', 'excelente'…), or null. */
export function bandOfText(text: string): ScoreBand | null {
  const value = normalise(text);
  if (value === '') return null;
  if (/MUITO BAIX|VERY LOW/.test(value)) return 'muito-baixo';
  if (/EXCELENT|OTIM|EXCELLENT|MUITO BOM|MUITO ALT/.test(value)) return 'excelente';
  if (/BAIX|LOW|RUIM/.test(value)) return 'baixo';
  if (/MEDI|REGULAR|MODERAD/.test(value)) return 'medio';
  if (/BOM|BOA|GOOD|ALT/.test(value)) return 'bom';
  return null;
}

/** The colour band of a score card: from its band text when known, else from the score. */
export function scoreBand(score: number, faixa?: string | null): ScoreBand {
  return (faixa ? bandOfText(faixa) : null) ?? bandOfScore(score);
}

export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(SCORE_MAX, Math.max(0, score));
}

/** Share of the gauge a score fills, 0 to 1. */
export function scoreFraction(score: number): number {
  return clampScore(score) / SCORE_MAX;
}
