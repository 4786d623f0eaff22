/**
 * Access (docs/product/lookups.md#access): a user has access with an active subscription or a
 * `data_expiracao` in the future; otherwise the user is in trial mode. The web (trial banner) and
 * the server (lookup charging) both decide with `hasAccess`; the one place SQL must say the same
 * thing is countActiveUsers in apps/server/src/modules/metrics/stats-counters.repository.ts: change both.
 */
export interface AccessInput {
  data_expiracao: string | Date | null;
  active_subscription: { ends_at: string | Date } | null;
}

const toMillis = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

export function hasAccess(user: AccessInput, now: Date = new Date()): boolean {
  const nowMs = now.getTime();
  if (user.active_subscription && toMillis(user.active_subscription.ends_at) > nowMs) return true;
  return user.data_expiracao !== null && toMillis(user.data_expiracao) > nowMs;
}

/** Whole days left, rounded up, as the `dias_ativos` field shows; 0 when expired or unset. */
export function activeDaysLeft(dataExpiracao: string | Date | null, now: Date = new Date()): number {
  if (dataExpiracao === null) return 0;
  const left = toMillis(dataExpiracao) - now.getTime();
  return left > 0 ? Math.ceil(left / 86_400_000) : 0;
}
