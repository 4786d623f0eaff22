import { formatReais } from '@painel/shared/rules/pix-status';

/**
 * Every number, amount and date the panel shows goes through here, in pt-BR. Inside the app
 * money is integer cents and time is an ISO instant; these are the edge where they become text.
 * A date that is absent or cannot be read shows as NO_VALUE everywhere, never as the raw string.
 */

export const NO_VALUE = '–';

const creditsFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('pt-BR');

/** 12.5 → '12,50' (1 credit = R$ 1,00). */
export function formatCredits(credits: number): string {
  return creditsFormat.format(credits);
}

/** 12345 → '12.345'. */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** 2990 → 'R$ 29,90'. Callers holding reais (credits) convert at their edge with reaisToCents. */
export function formatMoney(cents: number): string {
  return `R$ ${formatReais(cents)}`;
}

/** 500 → '+R$ 5,00', -500 → '-R$ 5,00', 0 → 'R$ 0,00': a ledger movement. */
export function formatSignedMoney(cents: number): string {
  const sign = cents > 0 ? '+' : cents < 0 ? '-' : '';
  return `${sign}${formatMoney(Math.abs(cents))}`;
}

/** 12.5 (reais or credits) → 1250 cents, rounded so float noise never shows. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

const dateFormats = {
  date: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }),
  time: new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short' }),
  dateTime: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }),
  dateTimeSeconds: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' }),
  long: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' }),
} as const;

export type DateStyle = keyof typeof dateFormats;

function formatInstant(value: string | Date | null | undefined, style: DateStyle): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? NO_VALUE : dateFormats[style].format(date);
}

/** An instant as '01/01/2026' in the viewer's time zone. */
export const formatDate = (value: string | Date | null | undefined) => formatInstant(value, 'date');
/** An instant as '09:00' in the viewer's time zone. */
export const formatTime = (value: string | Date | null | undefined) => formatInstant(value, 'time');
/** An instant as '01/01/2026, 09:00' in the viewer's time zone. */
export const formatDateTime = (value: string | Date | null | undefined) => formatInstant(value, 'dateTime');
/** An instant as '01/01/2026, 09:00:05', for logs and live activity where seconds matter. */
export const formatDateTimeSeconds = (value: string | Date | null | undefined) =>
  formatInstant(value, 'dateTimeSeconds');
/** An instant as '1 de janeiro de 2026'. */
export const formatLongDate = (value: string | Date | null | undefined) => formatInstant(value, 'long');

/** A calendar day (YYYY-MM-DD, already a São Paulo day) as '01/03/2026' or '01/03', with no time-zone shift. */
export function formatDay(day: string, { withYear = true } = {}): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  if (!year || !month || !date) return NO_VALUE;
  return withYear ? `${date}/${month}/${year}` : `${date}/${month}`;
}
