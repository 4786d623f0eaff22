import { describe, expect, it } from 'vitest';
import { addPlanDuration, clampAccessEnd, durationLabel, planStart } from './plan-duration.ts';

const at = (iso: string) => new Date(iso);

describe('addPlanDuration', () => {
  it('adds days, months and years in UTC', () => {
    expect(addPlanDuration(at('2026-03-10T12:00:00Z'), 7, 'days').toISOString()).toBe(
      '2026-03-17T12:00:00.000Z',
    );
    expect(addPlanDuration(at('2026-03-10T12:00:00Z'), 1, 'months').toISOString()).toBe(
      '2026-04-10T12:00:00.000Z',
    );
    expect(addPlanDuration(at('2026-03-10T12:00:00Z'), 1, 'years').toISOString()).toBe(
      '2027-03-10T12:00:00.000Z',
    );
    expect(addPlanDuration(at('2026-12-31T23:00:00Z'), 1, 'days').toISOString()).toBe(
      '2027-01-01T23:00:00.000Z',
    );
  });

  it('stops at the last day of a shorter month', () => {
    expect(addPlanDuration(at('2026-01-31T10:00:00Z'), 1, 'months').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addPlanDuration(at('2028-01-31T10:00:00Z'), 1, 'months').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addPlanDuration(at('2028-02-29T10:00:00Z'), 1, 'years').toISOString()).toBe(
      '2029-02-28T10:00:00.000Z',
    );
    expect(addPlanDuration(at('2026-10-31T10:00:00Z'), 14, 'months').toISOString()).toBe(
      '2027-12-31T10:00:00.000Z',
    );
  });
});

describe('planStart', () => {
  const now = at('2026-03-10T12:00:00Z');
  it('starts now without time left, or at the latest current end', () => {
    expect(planStart(now)).toBe(now);
    expect(planStart(now, null, at('2026-03-01T00:00:00Z'))).toBe(now);
    expect(planStart(now, at('2026-04-01T00:00:00Z'), at('2026-05-01T00:00:00Z')).toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
  });
});

describe('durationLabel', () => {
  it('says the unit in Portuguese, singular or plural', () => {
    expect(durationLabel(1, 'days')).toBe('1 dia');
    expect(durationLabel(7, 'days')).toBe('7 dias');
    expect(durationLabel(1, 'months')).toBe('1 mês');
    expect(durationLabel(3, 'months')).toBe('3 meses');
    expect(durationLabel(2, 'years')).toBe('2 anos');
  });
});

describe('clampAccessEnd', () => {
  it('holds an end past 9999 at its last instant and one before 1970 at its first', () => {
    expect(clampAccessEnd(at('+010000-01-01T00:00:00Z')).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(clampAccessEnd(at('1969-12-31T23:59:59Z')).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(clampAccessEnd(at('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('stops a plan that would end past 9999 there', () => {
    expect(addPlanDuration(at('9500-01-01T00:00:00Z'), 1_000, 'years').toISOString()).toBe(
      '9999-12-31T23:59:59.999Z',
    );
    expect(addPlanDuration(at('9999-12-30T00:00:00Z'), 5, 'days').toISOString()).toBe(
      '9999-12-31T23:59:59.999Z',
    );
  });
});
