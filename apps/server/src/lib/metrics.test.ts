import { describe, expect, it, vi } from 'vitest';
import { type Backlog, createMetrics, type ScrapeSources } from './metrics.ts';

const backlog: Backlog = {
  orphanedReservations: 2,
  oldestOrphanedReservationAgeSeconds: 7.5,
  waitingPayments: 1,
  oldestWaitingPaymentAgeSeconds: 90,
};

function sources(overrides: Partial<ScrapeSources> = {}): ScrapeSources {
  return {
    breakerOpen: (moduleId) => moduleId === 9,
    pool: () => ({ size: 10, inUse: 4, waiting: 1 }),
    backlog: async () => backlog,
    onBacklogError: () => {},
    ...overrides,
  };
}

const lines = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(name));

describe('createMetrics', () => {
  it('reads the breakers, the pool and the backlog at scrape time', async () => {
    const metrics = createMetrics({ enabled: true });
    metrics.upstreamCall(9, null);
    metrics.upstreamCall(3, 120);
    const text = await metrics.scrape(sources());
    expect(lines(text, 'painel_upstream_breaker_open{')).toEqual([
      'painel_upstream_breaker_open{modulo_id="9"} 1',
      'painel_upstream_breaker_open{modulo_id="3"} 0',
    ]);
    expect(lines(text, 'painel_upstream_duration_seconds_count')).toEqual([
      'painel_upstream_duration_seconds_count{modulo_id="3"} 1',
    ]);
    expect(lines(text, 'painel_db_pool_')).toEqual([
      'painel_db_pool_size 10',
      'painel_db_pool_in_use 4',
      'painel_db_pool_waiting 1',
    ]);
    expect(lines(text, 'painel_lookup_oldest_orphaned_reservation_age_seconds ')).toEqual([
      'painel_lookup_oldest_orphaned_reservation_age_seconds 7.5',
    ]);
    expect(lines(text, 'painel_pix_oldest_waiting_age_seconds ')).toEqual([
      'painel_pix_oldest_waiting_age_seconds 90',
    ]);
  });

  it('leaves out the pool without one (PGlite) and a backlog the database could not give, not a stale figure', async () => {
    const metrics = createMetrics({ enabled: true });
    expect(await metrics.scrape(sources())).toContain('painel_lookup_orphaned_reservations 2');
    const onBacklogError = vi.fn();
    const failure = new Error('sem banco');
    const text = await metrics.scrape(
      sources({ pool: () => null, backlog: () => Promise.reject(failure), onBacklogError }),
    );
    expect(onBacklogError).toHaveBeenCalledWith(failure);
    for (const name of [
      'painel_db_pool',
      'painel_lookup_orphaned_reservations',
      'painel_pix_waiting_payments',
    ])
      expect(text).not.toContain(name);
    expect(await metrics.scrape(sources())).toContain('painel_pix_waiting_payments 1');
  });

  it('labels a request by its route pattern and status class, an unknown route and an unusual method by one fixed value each', async () => {
    const metrics = createMetrics({ enabled: true });
    metrics.httpRequest('GET', '/api/consultas/:id', 200, 0.01);
    metrics.httpRequest('GET', undefined, 404, 0.001);
    metrics.httpRequest('PROPFIND', undefined, 404, 0.001);
    metrics.lookupFinished({ moduleId: 4, status: 'falha', errorCode: 'UPSTREAM_TIMEOUT' });
    metrics.lookupFinished({ moduleId: 4, status: 'sucesso', costCents: 250 });
    const text = await metrics.scrape(sources());
    expect(lines(text, 'http_request_duration_seconds_count')).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/api/consultas/:id",status_class="2xx"} 1',
      'http_request_duration_seconds_count{method="GET",route="nao_encontrada",status_class="4xx"} 1',
      'http_request_duration_seconds_count{method="outro",route="nao_encontrada",status_class="4xx"} 1',
    ]);
    expect(lines(text, 'painel_lookups_total{')).toEqual([
      'painel_lookups_total{modulo_id="4",status="falha",error_code="UPSTREAM_TIMEOUT"} 1',
      'painel_lookups_total{modulo_id="4",status="sucesso"} 1',
    ]);
    expect(lines(text, 'painel_lookup_charged_credits_total{')).toEqual([
      'painel_lookup_charged_credits_total{modulo_id="4"} 2.5',
    ]);
  });

  it("counts this process's open reservations and the age of the oldest, from memory", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    try {
      const metrics = createMetrics({ enabled: true });
      const empty = await metrics.scrape(sources());
      expect(lines(empty, 'painel_lookup_reservations_pending ')).toEqual([
        'painel_lookup_reservations_pending 0',
      ]);
      expect(lines(empty, 'painel_lookup_oldest_reservation_age_seconds ')).toEqual([
        'painel_lookup_oldest_reservation_age_seconds 0',
      ]);
      metrics.reservation('aberta', 1);
      vi.advanceTimersByTime(2_000);
      metrics.reservation('aberta', 2);
      metrics.reservation('aberta', 3);
      vi.advanceTimersByTime(500);
      let text = await metrics.scrape(sources());
      expect(lines(text, 'painel_lookup_reservations_pending ')).toEqual([
        'painel_lookup_reservations_pending 3',
      ]);
      expect(lines(text, 'painel_lookup_oldest_reservation_age_seconds ')).toEqual([
        'painel_lookup_oldest_reservation_age_seconds 2.5',
      ]);
      metrics.reservation('fechada', 1);
      metrics.reservation('fechada', 3);
      text = await metrics.scrape(sources());
      expect(lines(text, 'painel_lookup_reservations_pending ')).toEqual([
        'painel_lookup_reservations_pending 1',
      ]);
      expect(lines(text, 'painel_lookup_oldest_reservation_age_seconds ')).toEqual([
        'painel_lookup_oldest_reservation_age_seconds 0.5',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('switched off, records nothing and serves nothing', async () => {
    const metrics = createMetrics({ enabled: false });
    metrics.httpRequest('GET', '/api/health', 200, 0.001);
    metrics.reservation('aberta', 1);
    metrics.lookupFinished({ moduleId: 1, status: 'sucesso', costCents: 100 });
    expect(metrics.enabled).toBe(false);
    expect(await metrics.scrape(sources())).toBe('');
  });
});
