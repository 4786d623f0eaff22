/**
 * Group commit for a statement every request runs (docs/decisions/0007-lookup-throughput.md).
 * An item goes out at once while fewer than `maxInFlight` batches are running; otherwise it waits,
 * and the items that waited go out together (up to `maxBatch`) as soon as a batch finishes. Alone,
 * an item pays nothing; under load, many share one statement, one trigger run and one commit.
 *
 * - `run(items)` answers one outcome per item, in order; an item alone is a batch of one.
 * - Items with the same `keyOf` never share a batch (the later one waits for the next).
 * - When the database refuses a batch (an error it sent, with a SQLSTATE: the statement was rolled
 *   back, a deadlock for one), each of its items is run again on its own, so one item's problem
 *   never fails its neighbours. Any other error (a lost connection: the commit may have happened)
 *   is given to every item of the batch, never retried.
 * - The queue holds at most one item per request in progress, like a connection pool's queue.
 */
export interface BatcherOptions<I, O> {
  maxBatch: number;
  maxInFlight: number;
  run(items: I[]): Promise<O[]>;
  keyOf?(item: I): unknown;
  /** Told the size of every batch sent (the metrics' group-commit sizes); a retried item alone is not counted again. */
  onBatch?(size: number): void;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

/**
 * An error the database itself sent (node-postgres and PGlite both give its severity), not a
 * socket's; Drizzle wraps it as the `cause` of its own.
 */
export function isDatabaseRefusal(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return true;
  }
  return false;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const { maxBatch, maxInFlight, run, keyOf, onBatch } = options;
  if (maxBatch < 1 || maxInFlight < 1) throw new Error('maxBatch and maxInFlight must be at least 1');
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  function take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<unknown>();
    for (const waiting of queue) {
      const key = keyOf?.(waiting.item);
      if (batch.length < maxBatch && (key === undefined || !keys.has(key))) {
        batch.push(waiting);
        if (key !== undefined) keys.add(key);
      } else {
        rest.push(waiting);
      }
    }
    queue = rest;
    return batch;
  }

  async function execute(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: O[];
    try {
      outcomes = await run(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length)
        throw new Error(`batch of ${batch.length} answered ${outcomes.length}`);
    } catch (error) {
      if (batch.length > 1 && isDatabaseRefusal(error)) {
        await Promise.all(batch.map((waiting) => execute([waiting])));
      } else {
        for (const waiting of batch) waiting.reject(error);
      }
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index] as O);
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      onBatch?.(batch.length);
      inFlight += 1;
      void execute(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
