import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A run whose batches (an item alone is a batch of one) are recorded and finish only when told to. */
function recorder() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => pending.push(resolve));
  return {
    batches,
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
    run: async (items: number[]) => {
      batches.push(items);
      await gate();
      return items.map((item) => item * 10);
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit (createBatcher)', () => {
  it('sends an item at once while under the limit, and groups the ones that waited', async () => {
    const r = recorder();
    const batcher = createBatcher({ maxBatch: 3, maxInFlight: 1, run: r.run });

    const first = batcher.submit(1);
    await tick();
    expect(r.batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5, 6].map((item) => batcher.submit(item));
    await tick();
    expect(r.batches).toEqual([[1]]);

    r.release();
    expect(await first).toBe(10);
    await tick();
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    r.release();
    await tick();
    expect(r.batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    r.release();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50, 60]);
  });

  it('never puts two items with the same key in one batch', async () => {
    const r = recorder();
    const batcher = createBatcher({
      maxBatch: 10,
      maxInFlight: 1,
      keyOf: (item: number) => item % 2,
      run: r.run,
    });
    const all = [1, 2, 3, 4, 5].map((item) => batcher.submit(item));
    for (let i = 0; i < 5; i += 1) {
      await tick();
      r.release();
    }
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    // 1 went alone; then at most one odd and one even per batch, in arrival order.
    expect(r.batches[0]).toEqual([1]);
    for (const batch of r.batches) expect(new Set(batch.map((item) => item % 2)).size).toBe(batch.length);
  });

  it("runs each item alone when the database refuses the batch, so one item's problem fails only that item", async () => {
    const seen: number[][] = [];
    const batcher = createBatcher({
      maxBatch: 10,
      maxInFlight: 1,
      run: async (items: number[]) => {
        if (items.length > 1) {
          seen.push(items);
          // As Drizzle gives it: the database's own error as the cause.
          throw new Error('Failed query', {
            cause: Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }),
          });
        }
        if (items[0] === 3) throw Object.assign(new Error('bad item'), { code: '22P02', severity: 'ERROR' });
        return items.map((item) => item * 10);
      },
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((item) => batcher.submit(item)));
    expect(seen).toEqual([[2, 3, 4]]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'falhou'))).toEqual([
      10,
      20,
      'falhou',
      40,
    ]);
  });

  it.each([
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ["a socket's EPIPE", Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
  ])('never retries after an error that may have come after the commit (%s)', async (_, failure) => {
    let singles = 0;
    const batcher = createBatcher({
      maxBatch: 10,
      maxInFlight: 1,
      run: async (items: number[]) => {
        if (items.length > 1) throw failure;
        singles += 1;
        if (singles === 1) await new Promise((resolve) => setTimeout(resolve, 5));
        return items;
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((item) => batcher.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(singles).toBe(1);
  });
});
