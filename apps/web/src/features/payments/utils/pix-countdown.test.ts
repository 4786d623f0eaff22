import { describe, expect, it } from 'vitest';

import { formatPixCountdown, pixCountdownText } from '@/features/payments/utils/pix-countdown';

describe('PIX countdown', () => {
  it('shows minutes and seconds, rounded down, never negative', () => {
    expect(formatPixCountdown(30 * 60_000)).toBe('30:00');
    expect(formatPixCountdown(30 * 60_000 - 1)).toBe('29:59');
    expect(formatPixCountdown(61_999)).toBe('01:01');
    expect(formatPixCountdown(9_000)).toBe('00:09');
    expect(formatPixCountdown(0)).toBe('00:00');
    expect(formatPixCountdown(-5_000)).toBe('00:00');
  });

  it("counts down to expires_at, or says 'Expiração em até 30 min' without one", () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(pixCountdownText('2026-03-10T12:29:30.000Z', now)).toBe('Expira em 29:30');
    expect(pixCountdownText('2026-03-10T11:59:00.000Z', now)).toBe('Expira em 00:00');
    expect(pixCountdownText(null, now)).toBe('Expiração em até 30 min');
    expect(pixCountdownText('', now)).toBe('Expiração em até 30 min');
    expect(pixCountdownText('não é data', now)).toBe('Expiração em até 30 min');
  });
});
