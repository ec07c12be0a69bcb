/**
 * The seeded random generator every scheduling function takes (STYLE.md habit 4: no hidden randomness), so a
 * schedule is reproducible from its seed. Mulberry32: 32-bit state, fast, and good enough for shuffling players.
 *
 * @example const rng = createRng(42); rng.shuffle(['a', 'b', 'c']) // the same order for seed 42, every time
 */
export interface Rng {
  /** The seed it was made from (returned in responses). */
  readonly seed: number;
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new RangeError('the seed must be a whole number');
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    seed,
    next,
    int,
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** A seed for a request that gave none (the server draws it; the response returns it). */
export function drawSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 2 ** 31);
}
