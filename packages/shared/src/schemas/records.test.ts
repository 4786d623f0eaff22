import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { currentMonthPeriod, previousMonthPeriod, recordsPeriodSchema } from './records.ts';

describe('the period of a record of processing', () => {
  it('starts as the current month in São Paulo: on 1 March at 01:30 UTC it is still February there', () => {
    expect(currentMonthPeriod(new Date('2026-03-01T01:30:00Z'))).toEqual({
      de: '2026-02-01',
      ate: '2026-02-28',
    });
    expect(currentMonthPeriod(new Date('2026-03-17T15:00:00Z'))).toEqual({
      de: '2026-03-01',
      ate: '2026-03-17',
    });
  });

  it('offers the whole previous month, across a year', () => {
    expect(previousMonthPeriod(new Date('2026-03-17T15:00:00Z'))).toEqual({
      de: '2026-02-01',
      ate: '2026-02-28',
    });
    expect(previousMonthPeriod(new Date('2026-01-05T15:00:00Z'))).toEqual({
      de: '2025-12-01',
      ate: '2025-12-31',
    });
  });

  it('needs both days, real ones, the start not after the end, at most 366 days', () => {
    const issues = (period: Record<string, string>) =>
      recordsPeriodSchema
        .safeParse(period)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ de: '', ate: '2026-03-01' })).toEqual([['de', messages.required]]);
    expect(issues({ de: '2026-02-29', ate: '2026-03-01' })).toEqual([['de', messages.invalidDate]]);
    expect(issues({ de: '2026-03-02', ate: '2026-03-01' })).toEqual([['de', messages.periodStartAfterEnd]]);
    expect(issues({ de: '2024-01-01', ate: '2025-01-01' })).toEqual([['de', messages.periodTooLong(366)]]);
    expect(recordsPeriodSchema.parse({ de: '2024-01-01', ate: '2024-12-31' })).toEqual({
      de: '2024-01-01',
      ate: '2024-12-31',
    });
  });
});
