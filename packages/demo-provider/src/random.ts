/**
 * A small seeded PRNG: the same seed text always gives the same sequence, so the demo provider
 * answers the same input with the same data. cyrb128 hashes the text into sfc32's 128-bit state.
 */

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Four independent floats in [0, 1) from a text: a cheap stand-in for a generator used once. */
export function hashToUnits(text: string): [number, number, number, number] {
  const [a, b, c, d] = cyrb128(text);
  return [a / 4294967296, b / 4294967296, c / 4294967296, d / 4294967296];
}

function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export interface Random {
  /** The text this generator was seeded with. */
  readonly seed: string;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` different items, in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** `count` random digits, as text. */
  digits(count: number): string;
  /** A money amount in reais with two decimals, in [min, max]. */
  money(min: number, max: number): number;
  /** An independent generator for one part of the output, so parts do not shift each other. */
  fork(label: string): Random;
}

export function createRandom(seed: string): Random {
  const next = sfc32(cyrb128(seed));
  // The first outputs of a fresh sfc32 state are correlated with the seed: skip them.
  for (let warmUp = 0; warmUp < 12; warmUp += 1) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    sample: (items, count) => {
      const pool = [...items];
      const taken = Math.min(count, pool.length);
      for (let index = 0; index < taken; index += 1) {
        const swap = index + Math.floor(next() * (pool.length - index));
        [pool[index], pool[swap]] = [pool[swap]!, pool[index]!];
      }
      return pool.slice(0, taken);
    },
    digits: (count) => {
      let text = '';
      for (let index = 0; index < count; index += 1) text += String(Math.floor(next() * 10));
      return text;
    },
    money: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    fork: (label) => createRandom(`${seed}/${label}`),
  };
}
