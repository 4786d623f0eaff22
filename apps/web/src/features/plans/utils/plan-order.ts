import type { Plan } from '@painel/shared/schemas/plans';

/** Cheapest first (docs/product/plans-and-payments.md#plans-page); equal prices keep the order they were created in. */
export function sortPlansByPrice(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.price_cents - b.price_cents || a.id - b.id);
}

/**
 * The card marked 'Mais popular': the middle one (the upper middle for an even count). A single
 * plan has no middle, so it gets no mark.
 */
export function popularPlanIndex(count: number): number | null {
  return count < 2 ? null : Math.floor(count / 2);
}
