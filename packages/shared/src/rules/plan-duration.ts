export const DURATION_UNITS = ['days', 'months', 'years'] as const;

/**
 * The span an access end (data_expiracao, a plan's end) may take: dates outside it are refused at
 * the edge, so repeated valid additions or removals stop at its bounds instead of leaving it.
 */
export const ACCESS_END_MIN = new Date('1970-01-01T00:00:00.000Z');
export const ACCESS_END_MAX = new Date('9999-12-31T23:59:59.999Z');

/** Holds an access end within ACCESS_END_MIN..ACCESS_END_MAX. */
export function clampAccessEnd(end: Date): Date {
  if (Number.isNaN(end.getTime()) || end > ACCESS_END_MAX) return new Date(ACCESS_END_MAX);
  if (end < ACCESS_END_MIN) return new Date(ACCESS_END_MIN);
  return end;
}
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * The end of a plan started at `start`, in calendar units (UTC). A month or year that lands past
 * the end of a shorter month stops on its last day (31 Jan + 1 month = 28/29 Feb), never spilling
 * into the next month. The end never passes ACCESS_END_MAX.
 */
export function addPlanDuration(start: Date, value: number, unit: DurationUnit): Date {
  const end = new Date(start);
  if (unit === 'days') {
    end.setUTCDate(end.getUTCDate() + value);
    return clampAccessEnd(end);
  }
  const months = unit === 'months' ? value : value * 12;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return clampAccessEnd(end);
}

/** When a new plan starts: at the later of now and the end of the time already paid for. */
export function planStart(now: Date, ...currentEnds: (Date | null | undefined)[]): Date {
  let start = now;
  for (const end of currentEnds) if (end && end > start) start = end;
  return start;
}

const unitLabels: Record<DurationUnit, [singular: string, plural: string]> = {
  days: ['dia', 'dias'],
  months: ['mês', 'meses'],
  years: ['ano', 'anos'],
};

/** '7 dias', '1 mês', '2 anos'. */
export function durationLabel(value: number, unit: DurationUnit): string {
  const [singular, plural] = unitLabels[unit];
  return `${value} ${value === 1 ? singular : plural}`;
}
