import { z } from 'zod';
import { messages } from '../messages.ts';
import { idQueryValueSchema, isDateInRange } from './common.ts';

/** The business counts its days in Brazil (decisions in docs/decisions/0004). */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
/** Period used when the metrics screen sends no dates: the last 30 days, today included. */
export const METRICS_DEFAULT_DAYS = 30;
/** Longest period a metrics query may ask for, both dates included. */
export const METRICS_MAX_DAYS = 366;
/** 'Usuários por Revendedor' page sizes (docs/product/admin.md#metrics). */
export const METRICS_PAGE_SIZES = [5, 10, 20, 50] as const;
/** Recent daily creation counts shown per reseller. */
export const METRICS_RECENT_DAYS = 3;

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) in São Paulo. */
export function businessToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from start to end, both included (1 when they are the same day). */
export function daysInPeriod(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A calendar date as a date input sends it (YYYY-MM-DD); '' counts as not given. */
export const calendarDateSchema = z
  .string({ error: messages.invalidDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: messages.invalidDate, abort: true })
  .refine(isCalendarDate, { message: messages.invalidDate, abort: true })
  .refine((value) => isDateInRange(new Date(`${value}T00:00:00Z`)), messages.dateOutOfRange);

const optionalDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  calendarDateSchema.optional(),
);

/** Checks a period; the message goes under startDate, where the forms show it. */
function checkPeriod(
  period: { startDate?: string | undefined; endDate?: string | undefined },
  maxDays: number | null,
  ctx: z.RefinementCtx,
) {
  if (!period.startDate || !period.endDate) return;
  if (period.startDate > period.endDate)
    ctx.addIssue({ code: 'custom', message: messages.periodStartAfterEnd, path: ['startDate'] });
  else if (maxDays !== null && daysInPeriod(period.startDate, period.endDate) > maxDays)
    ctx.addIssue({ code: 'custom', message: messages.periodTooLong(maxDays), path: ['startDate'] });
}

const metricsFilterFields = {
  startDate: optionalDate,
  endDate: optionalDate,
  revendedorId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    idQueryValueSchema.optional(),
  ),
};

/** The metrics filters as the form holds them (both dates optional). */
export const metricsFiltersSchema = z
  .object(metricsFilterFields)
  .superRefine((filters, ctx) => checkPeriod(filters, METRICS_MAX_DAYS, ctx));
export type MetricsFilters = z.input<typeof metricsFiltersSchema>;

/**
 * The period a metrics query covers: no dates is the last 30 days; a start alone runs to today
 * (or 30 days when it is in the future); an end alone starts 29 days before it.
 */
export function resolveMetricsPeriod(
  filters: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date = new Date(),
): { startDate: string; endDate: string } {
  const today = businessToday(now);
  const endDate =
    filters.endDate ??
    (filters.startDate && filters.startDate > today
      ? addDays(filters.startDate, METRICS_DEFAULT_DAYS - 1)
      : today);
  const startDate = filters.startDate ?? addDays(endDate, -(METRICS_DEFAULT_DAYS - 1));
  return { startDate, endDate };
}

function resolvedPeriod<T extends { startDate?: string | undefined; endDate?: string | undefined }>(
  filters: T,
  ctx: z.RefinementCtx,
): Omit<T, 'startDate' | 'endDate'> & { startDate: string; endDate: string } {
  const period = resolveMetricsPeriod(filters);
  checkPeriod(period, METRICS_MAX_DAYS, ctx);
  return { ...filters, ...period };
}

/** GET /users/metrics: filters with the period resolved and checked. */
export const metricsQuerySchema = z.object(metricsFilterFields).transform(resolvedPeriod);

/** GET /users/metrics/export.csv: the same filters, and which table (daily series or resellers). */
export const METRICS_EXPORT_TABLES = ['diario', 'revendedores'] as const;
export const metricsExportQuerySchema = z
  .object({
    ...metricsFilterFields,
    tabela: z.enum(METRICS_EXPORT_TABLES, { error: messages.invalidValue }).default('diario'),
  })
  .transform(resolvedPeriod);

/**
 * Filters with an optional period (GET /logs and its export): either date may be left out, start
 * not after end, no maximum.
 */
export function withOptionalPeriod<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, startDate: optionalDate, endDate: optionalDate })
    .superRefine((period, ctx) =>
      checkPeriod(period as { startDate?: string | undefined; endDate?: string | undefined }, null, ctx),
    );
}

const count = z.number().int();

/**
 * GET /users/metrics. Scope (docs/product/admin.md#metrics): an admin sees everything, or one responsible's
 * clients with revendedorId; a reseller sees their own clients (and their own lookups).
 */
export const metricsResponseSchema = z.object({
  /** The period the figures below cover (YYYY-MM-DD, São Paulo days, both included). */
  startDate: z.string(),
  endDate: z.string(),
  totalMetrics: z.object({
    /** Users in scope now (for a reseller or a revendedorId filter: that responsible's clients). */
    total_users: count,
    /** Of those, users with access now (active subscription or future data_expiracao). */
    active_users: count,
    /** Of those, users of type revendedor. */
    total_resellers: count,
    /** Users in scope created in the period. */
    new_users: count,
    /** Lookups in scope made in the period. */
    lookups: count,
  }),
  /**
   * One row per responsible (every reseller, plus admins with clients, plus revendedor_id null
   * for users without one), largest first. total_users is the current number of clients;
   * recent_days the last days of the period with sign-ups (up to three, newest first), and
   * creation_date the newest of them.
   */
  usersByReseller: z.array(
    z.object({
      revendedor_id: z.number().nullable(),
      revendedor: z.object({ nome: z.string(), email: z.string() }).nullable(),
      total_users: count,
      creation_date: z.string().nullable(),
      recent_days: z.array(z.object({ date: z.string(), total_users: count })),
    }),
  ),
  /** Every day of the period, oldest first, zeros included: sign-ups and lookups in scope. */
  daily: z.array(z.object({ date: z.string(), signups: count, lookups: count })),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;
