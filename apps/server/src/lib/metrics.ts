import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ErrorCode } from './app-error.ts';

/**
 * The panel's Prometheus series (docs/decisions/0022-metrics.md), recorded through these small
 * functions and served by plugins/metrics.ts. Every label takes values from a bounded set: route
 * patterns, module ids, error codes, provider and status names; never a raw URL or a user's id.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** A finished HTTP request: `route` is the route's pattern, undefined for an unknown route. */
  httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /**
   * A lookup that reserved what it costs and then finished (lookup.service.ts's onFinished): what
   * the history records. One refused before anything is reserved is not a lookup and not counted.
   */
  lookupFinished(event: FinishedLookup): void;
  /**
   * Pending lookups a crash release or the stale sweep failed as INTERRUPTED (process-lease.ts,
   * retention.job.ts): lookups of the history that ended, counted where they were released.
   */
  lookupsReleased(released: { moduloId: number | null }[]): void;
  /** A provider's call counted by the breaker (lib/upstream-health.ts); latency null when unknown. */
  upstreamCall(moduleId: number, latencyMs: number | null): void;
  /** A PIX payment reached this status (waiting when its charge is created). */
  pixPayment(provider: string, status: string): void;
  /** How many items one group-commit statement carried (lib/batcher.ts). */
  groupCommit(batcher: string, size: number): void;
  /** A lookup this process opened (its reservation), or whose completion or failure it wrote (lookup-writes.ts). */
  reservation(event: 'aberta' | 'fechada', id: number): void;
  /** Every series in the text format, with the values read at scrape time first. */
  scrape(sources: ScrapeSources): Promise<string>;
  readonly contentType: string;
}

export interface FinishedLookup {
  moduleId: number;
  status: 'sucesso' | 'falha';
  /**
   * The failure's code (UPSTREAM_TIMEOUT, UPSTREAM_ERROR…): one of lib/app-error.ts's, or
   * INTERRUPTED for a lookup a crash release or the stale sweep failed; a bounded set.
   */
  errorCode?: ErrorCode | 'INTERRUPTED' | undefined;
  /** What a successful lookup charged, in cents (0 for quota and trial lookups). */
  costCents?: number | undefined;
}

export interface PoolStats {
  size: number;
  inUse: number;
  waiting: number;
}

/**
 * From the database (the same for every process): the lookups a dead process left reserved, until a
 * survivor releases them (the crash release), and the PIX charges still waiting.
 */
export interface Backlog {
  orphanedReservations: number;
  oldestOrphanedReservationAgeSeconds: number;
  waitingPayments: number;
  oldestWaitingPaymentAgeSeconds: number;
}

export interface ScrapeSources {
  breakerOpen(moduleId: number): boolean;
  /** The connection pool on PostgreSQL; null on PGlite, which has one connection and no pool. */
  pool(): PoolStats | null;
  backlog(): Promise<Backlog>;
  /** Told when the database could not be read; the backlog's series are then left out. */
  onBacklogError(error: unknown): void;
}

/** 'nao_encontrada' for a request no route matched (a 404): one label value, not its address. */
export const UNKNOWN_ROUTE = 'nao_encontrada';
/**
 * The methods the panel's routes answer; any other the HTTP parser accepts (PROPFIND, SEARCH,
 * TRACE… about thirty) is 'outro', so a scanner trying them adds one series, not thirty.
 */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const OTHER_METHOD = 'outro';

const UPSTREAM_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

/**
 * Node's process metrics (event loop lag, heap, GC) belong to the process, not to an app: they are
 * collected once, in a registry of their own (tests build many apps in one process, and each
 * collection would add a GC observer and an event-loop monitor that are never removed).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const noop = () => {};

/** Metrics turned off (METRICS_ENABLED=false): every call does nothing and nothing is served. */
const disabled: Metrics = {
  enabled: false,
  httpRequest: noop,
  lookupFinished: noop,
  lookupsReleased: noop,
  upstreamCall: noop,
  pixPayment: noop,
  groupCommit: noop,
  reservation: noop,
  scrape: async () => '',
  contentType: Registry.PROMETHEUS_CONTENT_TYPE,
};

/** One registry per app, so apps built in one process never share counters. */
export function createMetrics({ enabled }: { enabled: boolean }): Metrics {
  if (!enabled) return disabled;
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo das requisições HTTP, por método, padrão de rota e classe de status',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const lookups = new Counter({
    name: 'painel_lookups_total',
    help: 'Consultas terminadas (reservadas e concluídas ou falhas), por módulo, status e código de erro',
    labelNames: ['modulo_id', 'status', 'error_code'] as const,
    registers,
  });
  const chargedCredits = new Counter({
    name: 'painel_lookup_charged_credits_total',
    help: 'Créditos cobrados por consultas bem-sucedidas (1 crédito = R$ 1,00), por módulo',
    labelNames: ['modulo_id'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'painel_upstream_duration_seconds',
    help: 'Tempo de resposta dos provedores (chamadas com resposta), por módulo',
    labelNames: ['modulo_id'] as const,
    buckets: UPSTREAM_BUCKETS,
    registers,
  });
  const breakerOpen = new Gauge({
    name: 'painel_upstream_breaker_open',
    help: 'Disjuntor do provedor aberto neste processo (1) ou fechado (0), por módulo',
    labelNames: ['modulo_id'] as const,
    registers,
  });
  const pixPayments = new Counter({
    name: 'painel_pix_payments_total',
    help: 'Pagamentos PIX que chegaram a cada status, por provedor',
    labelNames: ['provider', 'status'] as const,
    registers,
  });
  const pixWaiting = new Gauge({
    name: 'painel_pix_waiting_payments',
    help: 'Cobranças PIX aguardando pagamento (banco inteiro)',
    registers: [],
  });
  const pixOldestWaiting = new Gauge({
    name: 'painel_pix_oldest_waiting_age_seconds',
    help: 'Idade da cobrança PIX aguardando mais antiga (0 sem nenhuma)',
    registers: [],
  });
  const poolSize = new Gauge({
    name: 'painel_db_pool_size',
    help: 'Conexões que o pool pode abrir (DATABASE_POOL_SIZE); só no PostgreSQL',
    registers: [],
  });
  const poolInUse = new Gauge({
    name: 'painel_db_pool_in_use',
    help: 'Conexões do pool em uso; só no PostgreSQL',
    registers: [],
  });
  const poolWaiting = new Gauge({
    name: 'painel_db_pool_waiting',
    help: 'Pedidos esperando uma conexão do pool; só no PostgreSQL',
    registers: [],
  });
  const batchSize = new Histogram({
    name: 'painel_group_commit_batch_size',
    help: 'Itens por instrução de group commit, por lote',
    labelNames: ['batcher'] as const,
    buckets: BATCH_BUCKETS,
    registers,
  });
  const pendingReservations = new Gauge({
    name: 'painel_lookup_reservations_pending',
    help: 'Consultas que este processo reservou e ainda não concluiu nem falhou',
    registers,
  });
  const oldestReservation = new Gauge({
    name: 'painel_lookup_oldest_reservation_age_seconds',
    help: 'Idade da reserva mais antiga ainda aberta neste processo (0 sem nenhuma)',
    registers,
  });
  const orphanedReservations = new Gauge({
    name: 'painel_lookup_orphaned_reservations',
    help: 'Consultas reservadas por processos mortos, à espera da liberação por um sobrevivente (banco inteiro)',
    registers: [],
  });
  const oldestOrphanedReservation = new Gauge({
    name: 'painel_lookup_oldest_orphaned_reservation_age_seconds',
    help: 'Idade da reserva mais antiga de um processo morto ainda não liberada (0 sem nenhuma)',
    registers: [],
  });

  /** Module ids whose provider was called here: the breaker's series. */
  const calledModules = new Set<number>();
  /** This process's open reservations: lookup id -> when it was opened (ms), oldest first. */
  const openReservations = new Map<number, number>();
  // Shown only while they hold a figure: PGlite has no pool, and a backlog the database could not
  // give would read as a true one.
  const poolGauges = [poolSize, poolInUse, poolWaiting];
  const backlogGauges = [orphanedReservations, oldestOrphanedReservation, pixWaiting, pixOldestWaiting];
  const show = (gauges: Gauge[], shown: boolean) => {
    for (const gauge of gauges) {
      if (shown) registry.registerMetric(gauge);
      else registry.removeSingleMetric((gauge as unknown as { name: string }).name);
    }
  };

  const lookupFinished = ({ moduleId, status, errorCode, costCents }: FinishedLookup) => {
    const modulo_id = String(moduleId);
    lookups.inc(
      status === 'falha'
        ? { modulo_id, status, error_code: errorCode ?? 'INTERNAL_ERROR' }
        : { modulo_id, status },
    );
    if (status === 'sucesso') chargedCredits.inc({ modulo_id }, (costCents ?? 0) / 100);
  };

  return {
    enabled: true,
    contentType: registry.contentType,
    httpRequest(method, route, statusCode, seconds) {
      httpDuration.observe(
        {
          method: KNOWN_METHODS.has(method) ? method : OTHER_METHOD,
          route: route ?? UNKNOWN_ROUTE,
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      );
    },
    lookupFinished,
    lookupsReleased(released) {
      for (const { moduloId } of released) {
        if (moduloId !== null)
          lookupFinished({ moduleId: moduloId, status: 'falha', errorCode: 'INTERRUPTED' });
      }
    },
    upstreamCall(moduleId, latencyMs) {
      calledModules.add(moduleId);
      if (latencyMs !== null) upstreamDuration.observe({ modulo_id: String(moduleId) }, latencyMs / 1000);
    },
    pixPayment(provider, status) {
      pixPayments.inc({ provider, status });
    },
    groupCommit(batcher, size) {
      batchSize.observe({ batcher }, size);
    },
    reservation(event, id) {
      if (event === 'aberta') openReservations.set(id, Date.now());
      else openReservations.delete(id);
    },
    async scrape(sources) {
      for (const id of calledModules)
        breakerOpen.set({ modulo_id: String(id) }, sources.breakerOpen(id) ? 1 : 0);
      const pool = sources.pool();
      if (pool) {
        poolSize.set(pool.size);
        poolInUse.set(pool.inUse);
        poolWaiting.set(pool.waiting);
      }
      show(poolGauges, pool !== null);
      pendingReservations.set(openReservations.size);
      const [oldest] = openReservations.values();
      oldestReservation.set(oldest === undefined ? 0 : Math.max(0, Date.now() - oldest) / 1000);
      try {
        const backlog = await sources.backlog();
        orphanedReservations.set(backlog.orphanedReservations);
        oldestOrphanedReservation.set(backlog.oldestOrphanedReservationAgeSeconds);
        pixWaiting.set(backlog.waitingPayments);
        pixOldestWaiting.set(backlog.oldestWaitingPaymentAgeSeconds);
        show(backlogGauges, true);
      } catch (error) {
        show(backlogGauges, false);
        sources.onBacklogError(error);
      }
      return (await processMetrics().metrics()) + (await registry.metrics());
    },
  };
}
