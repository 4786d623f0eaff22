/**
 * Subscription time left (docs/product/lookups.md#time-left): from data_expiracao, 'Sem Assinatura' when
 * there is none, 'Acesso Expirado' at zero or less, an HH:MM:SS countdown under 24 hours ('Horas
 * Restantes'), otherwise whole days rounded up ('Dias Restantes'). The warning banner shows while
 * the time left is positive and at most 48 hours.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const EXPIRY_WARNING_MS = 48 * HOUR_MS;

export type TimeLeft =
  | { kind: 'none'; ms: null; value: 'Sem Assinatura'; caption: null; warning: false }
  | { kind: 'expired'; ms: number; value: 'Acesso Expirado'; caption: null; warning: false }
  | { kind: 'hours'; ms: number; value: string; caption: 'Horas Restantes'; warning: boolean }
  | { kind: 'days'; ms: number; value: string; caption: 'Dias Restantes'; warning: boolean };

const pad = (value: number) => String(value).padStart(2, '0');

/** 3_723_000 ms -> '01:02:03' (seconds rounded down: the countdown never shows more than is left). */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(totalSeconds % 60)}`;
}

export function timeLeft(expiry: string | Date | null | undefined, now: Date = new Date()): TimeLeft {
  if (expiry === null || expiry === undefined || expiry === '') {
    return { kind: 'none', ms: null, value: 'Sem Assinatura', caption: null, warning: false };
  }
  const end = expiry instanceof Date ? expiry.getTime() : Date.parse(expiry);
  if (Number.isNaN(end))
    return { kind: 'none', ms: null, value: 'Sem Assinatura', caption: null, warning: false };
  const ms = end - now.getTime();
  if (ms <= 0) return { kind: 'expired', ms, value: 'Acesso Expirado', caption: null, warning: false };
  const warning = ms <= EXPIRY_WARNING_MS;
  if (ms < DAY_MS)
    return { kind: 'hours', ms, value: formatCountdown(ms), caption: 'Horas Restantes', warning };
  return { kind: 'days', ms, value: String(Math.ceil(ms / DAY_MS)), caption: 'Dias Restantes', warning };
}

/**
 * The expiry the dashboard counts down to: data_expiracao, or the active subscription's end when
 * that is later (a plan bought while days were left ends later than the days).
 */
export function accessExpiry(user: {
  data_expiracao: string | null;
  active_subscription: { ends_at: string } | null;
}): string | null {
  const candidates = [user.data_expiracao, user.active_subscription?.ends_at ?? null].filter(
    (value): value is string => value !== null && !Number.isNaN(Date.parse(value)),
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((latest, value) => (Date.parse(value) > Date.parse(latest) ? value : latest));
}
