import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { addDays, businessToday, daysInPeriod, metricsQuerySchema, resolveMetricsPeriod } from './metrics.ts';

describe('metrics period', () => {
  it('counts days in São Paulo: 01:30 UTC is still the day before there', () => {
    expect(businessToday(new Date('2026-03-10T01:30:00Z'))).toBe('2026-03-09');
    expect(businessToday(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
  });

  it('fills in what the filters leave out', () => {
    const now = new Date('2026-03-10T15:00:00Z');
    expect(resolveMetricsPeriod({}, now)).toEqual({ startDate: '2026-02-09', endDate: '2026-03-10' });
    expect(resolveMetricsPeriod({ startDate: '2026-03-01' }, now)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-10',
    });
    expect(resolveMetricsPeriod({ startDate: '2026-04-01' }, now)).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-04-30',
    });
    expect(resolveMetricsPeriod({ endDate: '2026-01-31' }, now)).toEqual({
      startDate: '2026-01-02',
      endDate: '2026-01-31',
    });
  });

  it('moves and counts calendar days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInPeriod('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInPeriod('2026-03-10', '2026-03-10')).toBe(1);
  });

  it('refuses impossible dates, reversed and too long periods with the form messages', () => {
    const errorOf = (query: Record<string, string>) => metricsQuerySchema.safeParse(query).error?.issues[0];
    expect(errorOf({ startDate: '2026-02-29' })).toMatchObject({
      message: messages.invalidDate,
      path: ['startDate'],
    });
    expect(errorOf({ startDate: '2026-03-10', endDate: '2026-03-01' })).toMatchObject({
      message: messages.periodStartAfterEnd,
      path: ['startDate'],
    });
    expect(errorOf({ startDate: '2025-01-01', endDate: '2026-01-02' })?.message).toBe(
      messages.periodTooLong(366),
    );
    expect(metricsQuerySchema.parse({ startDate: '', endDate: '2026-01-31', revendedorId: '7' })).toEqual({
      startDate: '2026-01-02',
      endDate: '2026-01-31',
      revendedorId: 7,
    });
  });
});
