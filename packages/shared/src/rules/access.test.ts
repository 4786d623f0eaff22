import { describe, expect, it } from 'vitest';
import { activeDaysLeft, hasAccess } from './access.ts';

const now = new Date('2026-01-10T12:00:00Z');

describe('hasAccess', () => {
  it('grants access while data_expiracao is in the future', () => {
    expect(hasAccess({ data_expiracao: '2026-01-10T12:00:01Z', active_subscription: null }, now)).toBe(true);
  });
  it('puts the user in trial when data_expiracao has passed or is unset', () => {
    expect(hasAccess({ data_expiracao: '2026-01-10T12:00:00Z', active_subscription: null }, now)).toBe(false);
    expect(hasAccess({ data_expiracao: null, active_subscription: null }, now)).toBe(false);
  });
  it('grants access with an active subscription even without data_expiracao', () => {
    expect(
      hasAccess({ data_expiracao: null, active_subscription: { ends_at: '2026-02-01T00:00:00Z' } }, now),
    ).toBe(true);
    expect(
      hasAccess({ data_expiracao: null, active_subscription: { ends_at: '2026-01-01T00:00:00Z' } }, now),
    ).toBe(false);
  });
});

describe('activeDaysLeft', () => {
  it('rounds partial days up and never goes below zero', () => {
    expect(activeDaysLeft('2026-01-10T13:00:00Z', now)).toBe(1);
    expect(activeDaysLeft('2026-01-12T12:00:00Z', now)).toBe(2);
    expect(activeDaysLeft('2026-01-12T12:00:01Z', now)).toBe(3);
    expect(activeDaysLeft('2026-01-01T00:00:00Z', now)).toBe(0);
    expect(activeDaysLeft(null, now)).toBe(0);
  });
});

describe('the moment access ends', () => {
  it('a subscription ending exactly now no longer gives access, a second later still does', () => {
    const at = (endsAt: string) =>
      hasAccess({ data_expiracao: null, active_subscription: { ends_at: endsAt } }, now);
    expect(at('2026-01-10T12:00:00Z')).toBe(false);
    expect(at('2026-01-10T12:00:01Z')).toBe(true);
  });
  it('an ended subscription leaves access to data_expiracao, in either direction', () => {
    const ended = { ends_at: new Date('2026-01-01T00:00:00Z') };
    expect(
      hasAccess({ data_expiracao: new Date('2026-01-11T00:00:00Z'), active_subscription: ended }, now),
    ).toBe(true);
    expect(
      hasAccess({ data_expiracao: new Date('2026-01-09T00:00:00Z'), active_subscription: ended }, now),
    ).toBe(false);
  });
  it('counts no day left at the very moment of expiry', () => {
    expect(activeDaysLeft('2026-01-10T12:00:00Z', now)).toBe(0);
    expect(activeDaysLeft(new Date('2026-01-10T12:00:00.001Z'), now)).toBe(1);
  });
});
