/**
 * Retention in sight (docs/product/lookups.md#results-and-retention): a successful lookup's result is kept for
 * RESULT_RETENTION_DAYS and then erased; the history says until when, or that it is gone.
 */

/** Where a lookup's stored result stands: kept until an instant, erased, or none was brought. */
export type ResultRetention = { kind: 'kept'; until: string } | { kind: 'erased' } | { kind: 'none' };

export function resultRetention(expiresAt: string | null, now: number): ResultRetention {
  if (expiresAt === null) return { kind: 'none' };
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return { kind: 'none' };
  return at <= now ? { kind: 'erased' } : { kind: 'kept', until: expiresAt };
}

/** 'Resultado expirado (retenção de 30 dias)': what an erased result reads, wherever it is shown. */
export function expiredResultText(retentionDays: number): string {
  return `Resultado expirado (retenção de ${retentionDays} ${retentionDays === 1 ? 'dia' : 'dias'})`;
}
