export const DURATION_UNITS = ['days', 'months', 'years'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * The end of a plan started at `start`, in calendar units (UTC). A month or year that lands past
 * the end of a shorter month stops on its last day (31 Jan + 1 month = 28/29 Feb), never spilling
 * into the next month.
 */
export function addPlanDuration(start: Date, value: number, unit: DurationUnit): Date {
  const end = new Date(start);
  if (unit === 'days') {
    end.setUTCDate(end.getUTCDate() + value);
    return end;
  }
  const months = unit === 'months' ? value : value * 12;
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
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
