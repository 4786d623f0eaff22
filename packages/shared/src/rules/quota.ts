/** A quantity module counts a user's lookups over this many hours, a sliding window. */
export const QUOTA_WINDOW_HOURS = 24;

/**
 * The 24 h limit of a quantity module for one user (docs/product/lookups.md#quotas): the user's override when set
 * (null = unlimited), else the module's effective limit, else its default, else 0.
 */
export function effectiveQuantityLimit(
  module: { limite_efetivo_quantidade: number | null; limite_padrao_quantidade: number | null },
  override: { limite: number | null } | undefined,
): number | null {
  if (override) return override.limite;
  return module.limite_efetivo_quantidade ?? module.limite_padrao_quantidade ?? 0;
}
