import { describe, expect, it } from 'vitest';
import { accessExpiry, formatCountdown, timeLeft } from './time-left.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('timeLeft', () => {
  it("says 'Sem Assinatura' without an expiry", () => {
    expect(timeLeft(null, now)).toMatchObject({ kind: 'none', value: 'Sem Assinatura', warning: false });
    expect(timeLeft(undefined, now).value).toBe('Sem Assinatura');
    expect(timeLeft('not a date', now).value).toBe('Sem Assinatura');
  });

  it("says 'Acesso Expirado' at zero or less", () => {
    expect(timeLeft(inMs(0), now)).toMatchObject({
      kind: 'expired',
      value: 'Acesso Expirado',
      warning: false,
    });
    expect(timeLeft(inMs(-5 * HOUR), now).value).toBe('Acesso Expirado');
  });

  it('counts down HH:MM:SS under 24 hours, with the warning', () => {
    expect(timeLeft(inMs(HOUR + 2 * 60_000 + 3_000), now)).toEqual({
      kind: 'hours',
      ms: HOUR + 123_000,
      value: '01:02:03',
      caption: 'Horas Restantes',
      warning: true,
    });
    expect(timeLeft(inMs(24 * HOUR - 1_000), now).value).toBe('23:59:59');
    expect(timeLeft(inMs(999), now).value).toBe('00:00:00');
  });

  it('shows days rounded up from 24 hours on', () => {
    expect(timeLeft(inMs(24 * HOUR), now)).toMatchObject({
      kind: 'days',
      value: '1',
      caption: 'Dias Restantes',
    });
    expect(timeLeft(inMs(24 * HOUR + 1), now).value).toBe('2');
    expect(timeLeft(inMs(30 * 24 * HOUR), now).value).toBe('30');
    expect(timeLeft(new Date(now.getTime() + 29.2 * 24 * HOUR), now).value).toBe('30');
  });

  it('warns while 0 < left <= 48 hours', () => {
    expect(timeLeft(inMs(48 * HOUR), now).warning).toBe(true);
    expect(timeLeft(inMs(48 * HOUR + 1), now).warning).toBe(false);
    expect(timeLeft(inMs(30 * HOUR), now)).toMatchObject({ kind: 'days', value: '2', warning: true });
  });
});

describe('formatCountdown', () => {
  it('pads and never goes negative', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-10)).toBe('00:00:00');
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(10 * HOUR)).toBe('10:00:00');
  });
});

describe('accessExpiry', () => {
  it('uses data_expiracao, or the later subscription end', () => {
    expect(accessExpiry({ data_expiracao: null, active_subscription: null })).toBeNull();
    expect(accessExpiry({ data_expiracao: '2026-04-01T00:00:00Z', active_subscription: null })).toBe(
      '2026-04-01T00:00:00Z',
    );
    expect(
      accessExpiry({
        data_expiracao: '2026-04-01T00:00:00Z',
        active_subscription: { ends_at: '2026-05-01T00:00:00Z' },
      }),
    ).toBe('2026-05-01T00:00:00Z');
    expect(
      accessExpiry({
        data_expiracao: '2026-06-01T00:00:00Z',
        active_subscription: { ends_at: '2026-05-01T00:00:00Z' },
      }),
    ).toBe('2026-06-01T00:00:00Z');
    expect(
      accessExpiry({ data_expiracao: null, active_subscription: { ends_at: '2026-05-01T00:00:00Z' } }),
    ).toBe('2026-05-01T00:00:00Z');
  });
});

describe('dates that cannot be read', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('an unreadable expiry shows as no subscription, without a warning', () => {
    expect(timeLeft('', now)).toMatchObject({ kind: 'none', value: 'Sem Assinatura', warning: false });
    expect(timeLeft('amanhã', now)).toEqual({
      kind: 'none',
      ms: null,
      value: 'Sem Assinatura',
      caption: null,
      warning: false,
    });
  });
  it('an unreadable data_expiracao leaves the count-down to the subscription', () => {
    expect(
      accessExpiry({ data_expiracao: 'sem data', active_subscription: { ends_at: '2026-05-01T00:00:00Z' } }),
    ).toBe('2026-05-01T00:00:00Z');
    expect(accessExpiry({ data_expiracao: 'sem data', active_subscription: null })).toBeNull();
  });
});
