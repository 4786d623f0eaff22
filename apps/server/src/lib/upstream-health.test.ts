import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpstreamHealth } from './upstream-health.ts';

const options = { window: 20, minCalls: 10, failureRate: 0.5, cooldownMs: 30_000 };

describe('upstream health and circuit breaker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports error rate and median latency of the recent calls', async () => {
    const health = createUpstreamHealth(options);
    for (const latency of [10, 20, 30]) await health.record(1, true, latency);
    await health.record(1, false, null);
    expect(health.report(1)).toEqual({
      estado: 'instavel',
      taxa_erro: 0.25,
      latencia_p50_ms: 20,
      amostras: 4,
    });
    expect(health.report(2)).toEqual({ estado: 'ok', taxa_erro: 0, latencia_p50_ms: null, amostras: 0 });
  });

  it('opens after half of at least ten calls fail, rests, then lets one probe through', async () => {
    const health = createUpstreamHealth(options);
    for (let i = 0; i < 9; i += 1) await health.record(1, false, null);
    expect(health.isOpen(1)).toBe(false);
    expect(health.isClosed(1)).toBe(true);
    await health.record(1, false, null);
    expect(health.isOpen(1)).toBe(true);
    expect(health.report(1).estado).toBe('fora');
    expect(health.allow(1)).toBe(false);

    vi.advanceTimersByTime(30_000);
    // Rested: not refusing, yet not closed either — the next call is the probe.
    expect(health.isOpen(1)).toBe(false);
    expect(health.isClosed(1)).toBe(false);
    expect(health.allow(1)).toBe(true);
    expect(health.allow(1)).toBe(false);
    expect(health.isOpen(1)).toBe(true);
    await health.record(1, false, null);
    expect(health.isOpen(1)).toBe(true);

    vi.advanceTimersByTime(30_000);
    expect(health.allow(1)).toBe(true);
    await health.record(1, true, 15);
    expect(health.isOpen(1)).toBe(false);
    expect(health.isClosed(1)).toBe(true);
    expect(health.report(1)).toMatchObject({ estado: 'ok', taxa_erro: 0 });
  });

  it('opens at exactly half failures of the window, not one fewer', async () => {
    const health = createUpstreamHealth(options);
    for (let i = 0; i < 11; i += 1) await health.record(1, i < 6, 5);
    expect(health.isOpen(1)).toBe(false);
    await health.record(1, false, null);
    expect(health.report(1)).toMatchObject({ estado: 'fora', taxa_erro: 0.5, amostras: 12 });
  });

  it('keeps resting when a call that was already out comes back after the circuit opened', async () => {
    const health = createUpstreamHealth(options);
    for (let i = 0; i < 10; i += 1) await health.record(1, false, null);
    await health.record(1, true, 5);
    expect(health.isOpen(1)).toBe(true);
    expect(health.allow(1)).toBe(false);
  });

  it('never opens on a few failures among many successes', async () => {
    const health = createUpstreamHealth(options);
    for (let i = 0; i < 40; i += 1) await health.record(1, i % 3 !== 0, 5);
    expect(health.isOpen(1)).toBe(false);
  });
});
