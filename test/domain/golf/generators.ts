/**
 * Seeded generators for the golf property tests: deterministic, no extra packages. `mulberry32` is the small public
 * 32-bit generator of that name, written out here.
 */
export type Rng = () => number;

/** A generator of floats in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [lo, hi]. */
export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(rng, 0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A random card of `n` holes: pars 3–5 and a random permutation of the given stroke indexes. */
export function randomHoles(rng: Rng, strokeIndexes: readonly number[]) {
  return shuffle(rng, strokeIndexes).map((strokeIndex, i) => ({ number: i + 1, par: int(rng, 3, 5), strokeIndex }));
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A published-style 18-hole card: pars and stroke indexes in hole order. */
export const PARS_18 = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];
export const SI_18 = [7, 11, 15, 1, 3, 13, 17, 9, 5, 8, 16, 2, 6, 10, 12, 18, 4, 14];
export const HOLES_18 = PARS_18.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_18[i]! }));
