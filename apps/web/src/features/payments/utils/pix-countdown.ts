import { messages } from '@painel/shared/messages';

const pad = (value: number) => String(value).padStart(2, '0');

/** 1_799_000 ms -> '29:59'; never negative, seconds rounded down (never more than is left). */
export function formatPixCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(totalSeconds / 60))}:${pad(totalSeconds % 60)}`;
}

/**
 * The PIX panel's countdown (docs/product/plans-and-payments.md#pix-charge): mm:ss to expires_at, or 'Expiração em até 30 min'
 * when the charge carries no usable expiry.
 */
export function pixCountdownText(expiresAt: string | null | undefined, now: Date): string {
  const end = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(end)) return messages.pixExpiresWithin;
  return `Expira em ${formatPixCountdown(end - now.getTime())}`;
}
