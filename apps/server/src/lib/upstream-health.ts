/**
 * Per-module upstream health in this process: a rolling window of recent calls, and a circuit
 * breaker that fails fast while a provider is down, so a dead provider cannot tie up the server
 * (or anyone's credits) with calls that wait for their timeout.
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
}

interface Sample {
  ok: boolean;
  /** Null when the answer says nothing about speed (e.g. 'no result'). */
  latencyMs: number | null;
}

interface Circuit {
  samples: Sample[];
  openedAt: number | null;
  /** While half-open, one call is let through to probe the provider. */
  probing: boolean;
}

export interface UpstreamHealth {
  /** Open and resting (or already probing): refuse before reserving anything. */
  isOpen(moduleId: number): boolean;
  /** Claims the right to call now; after the rest, one probe call goes through. */
  allow(moduleId: number): boolean;
  record(moduleId: number, ok: boolean, latencyMs: number | null): void;
  report(moduleId: number): ModuleHealth;
}

export function createUpstreamHealth(options: BreakerOptions): UpstreamHealth {
  const circuits = new Map<number, Circuit>();
  const circuitOf = (id: number) => {
    let circuit = circuits.get(id);
    if (!circuit) {
      circuit = { samples: [], openedAt: null, probing: false };
      circuits.set(id, circuit);
    }
    return circuit;
  };

  return {
    isOpen(moduleId) {
      const circuit = circuitOf(moduleId);
      if (circuit.openedAt === null) return false;
      return circuit.probing || Date.now() - circuit.openedAt < options.cooldownMs;
    },
    allow(moduleId) {
      const circuit = circuitOf(moduleId);
      if (circuit.openedAt === null) return true;
      if (Date.now() - circuit.openedAt < options.cooldownMs || circuit.probing) return false;
      circuit.probing = true;
      return true;
    },
    record(moduleId, ok, latencyMs) {
      const circuit = circuitOf(moduleId);
      circuit.samples.push({ ok, latencyMs });
      if (circuit.samples.length > options.window) circuit.samples.shift();
      if (circuit.probing || circuit.openedAt !== null) {
        circuit.probing = false;
        circuit.openedAt = ok ? null : Date.now();
        if (ok) circuit.samples = [{ ok, latencyMs }];
        return;
      }
      const failures = circuit.samples.filter((sample) => !sample.ok).length;
      if (
        circuit.samples.length >= options.minCalls &&
        failures / circuit.samples.length >= options.failureRate
      ) {
        circuit.openedAt = Date.now();
      }
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
      const estado: HealthState = circuit.openedAt !== null ? 'fora' : rate >= 0.2 ? 'instavel' : 'ok';
      return {
        estado,
        taxa_erro: Math.round(rate * 1000) / 1000,
        latencia_p50_ms: latencies.length ? latencies[Math.floor((latencies.length - 1) / 2)]! : null,
        amostras: total,
      };
    },
  };
}
