import { type CircuitBreakerPolicy, CircuitState, CountBreaker, circuitBreaker, handleAll } from 'cockatiel';

/**
 * Per-module upstream health in this process: a rolling window of recent calls, and a circuit
 * breaker (cockatiel's) that fails fast while a provider is down, so a dead provider cannot tie up
 * the server (or anyone's credits) with calls that wait for their timeout.
 */
export type HealthState = 'ok' | 'instavel' | 'fora';

export interface ModuleHealth {
  estado: HealthState;
  taxa_erro: number;
  latencia_p50_ms: number | null;
  amostras: number;
}

export interface BreakerOptions {
  window: number;
  /** Calls in the window before the breaker may open. */
  minCalls: number;
  /** Share of failed calls in the window that opens it. */
  failureRate: number;
  cooldownMs: number;
  /** Told of every call counted, with its latency when the answer says something about speed (the metrics). */
  onRecord?(moduleId: number, latencyMs: number | null): void;
}

interface Sample {
  ok: boolean;
  /** Null when the answer says nothing about speed (e.g. 'no result'). */
  latencyMs: number | null;
}

interface Circuit {
  breaker: CircuitBreakerPolicy;
  openedAt: number | null;
  /** The one call let through after the rest; its outcome closes or reopens the circuit. */
  probe: { settle(ok: boolean): void; counted: Promise<void> } | null;
  /** The same window as the breaker's, with latencies, for the report. */
  samples: Sample[];
}

export interface UpstreamHealth {
  /** Open and resting (or already probing): refuse before reserving anything. */
  isOpen(moduleId: number): boolean;
  /** Closed: calls go through freely (neither resting nor waiting on a probe). */
  isClosed(moduleId: number): boolean;
  /** Claims the right to call now; after the rest, one probe call goes through. */
  allow(moduleId: number): boolean;
  /** Counts a finished call; settles once the breaker has taken it into account. */
  record(moduleId: number, ok: boolean, latencyMs: number | null): Promise<void>;
  report(moduleId: number): ModuleHealth;
}

const ignore = () => {};
const failed = () => Promise.reject(new Error('upstream call failed'));

/**
 * The lookup flow claims a call (allow) before it knows the outcome and reports it later (record),
 * with a reservation in between, so the calls are handed to cockatiel's policy as promises: the
 * probe's promise is created when it is claimed and settled by its record.
 */
export function createUpstreamHealth(options: BreakerOptions): UpstreamHealth {
  const circuits = new Map<number, Circuit>();
  const circuitOf = (id: number) => {
    let circuit = circuits.get(id);
    if (!circuit) {
      const breaker = circuitBreaker(handleAll, {
        halfOpenAfter: options.cooldownMs,
        breaker: new CountBreaker({
          size: options.window,
          minimumNumberOfCalls: options.minCalls,
          // CountBreaker opens when failures are above its threshold; the rule is "at least".
          threshold: options.failureRate - Number.EPSILON,
        }),
      });
      const created: Circuit = { breaker, openedAt: null, probe: null, samples: [] };
      breaker.onBreak(() => {
        created.openedAt = Date.now();
      });
      breaker.onReset(() => {
        created.openedAt = null;
      });
      circuits.set(id, created);
      circuit = created;
    }
    return circuit;
  };
  const resting = (circuit: Circuit) =>
    circuit.openedAt !== null && Date.now() - circuit.openedAt < options.cooldownMs;

  return {
    isOpen(moduleId) {
      const circuit = circuitOf(moduleId);
      return circuit.breaker.state === CircuitState.HalfOpen || resting(circuit);
    },
    isClosed(moduleId) {
      return circuitOf(moduleId).breaker.state === CircuitState.Closed;
    },
    allow(moduleId) {
      const circuit = circuitOf(moduleId);
      const { breaker } = circuit;
      if (breaker.state === CircuitState.Closed) return true;
      if (breaker.state !== CircuitState.Open || resting(circuit)) return false;
      // After the rest the policy turns half-open as soon as it is handed a call: this one.
      let settle: (ok: boolean) => void = ignore;
      const outcome = new Promise<void>((resolve, reject) => {
        settle = (ok) => (ok ? resolve() : reject(new Error('probe failed')));
      });
      circuit.probe = { settle, counted: breaker.execute(() => outcome).catch(ignore) };
      return true;
    },
    record(moduleId, ok, latencyMs) {
      options.onRecord?.(moduleId, latencyMs);
      const circuit = circuitOf(moduleId);
      const sample = { ok, latencyMs };
      const { probe } = circuit;
      if (probe) {
        circuit.probe = null;
        // A provider that answered the probe starts a fresh window, as the breaker's does.
        circuit.samples = ok ? [sample] : [...circuit.samples, sample].slice(-options.window);
        probe.settle(ok);
        return probe.counted;
      }
      circuit.samples = [...circuit.samples, sample].slice(-options.window);
      // A call that was already out when the circuit opened does not cut the rest short.
      if (circuit.breaker.state !== CircuitState.Closed) return Promise.resolve();
      return circuit.breaker.execute(ok ? ignore : failed).catch(ignore);
    },
    report(moduleId) {
      const circuit = circuitOf(moduleId);
      const total = circuit.samples.length;
      const failures = circuit.samples.filter((sample) => !sample.ok).length;
      const latencies = circuit.samples
        .map((sample) => sample.latencyMs)
        .filter((latency): latency is number => latency !== null)
        .sort((a, b) => a - b);
      const rate = total === 0 ? 0 : failures / total;
      const estado: HealthState =
        circuit.breaker.state !== CircuitState.Closed ? 'fora' : rate >= 0.2 ? 'instavel' : 'ok';
      return {
        estado,
        taxa_erro: Math.round(rate * 1000) / 1000,
        latencia_p50_ms: latencies.length ? latencies[Math.floor((latencies.length - 1) / 2)]! : null,
        amostras: total,
      };
    },
  };
}
