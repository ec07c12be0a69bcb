import { describe, expect, it } from 'vitest';
import { dealsInto, exactBestSpread } from '../../bench/exact-spread.js';
import { createRng } from '../../shared/domain/scheduling/random.js';

/** Every way to deal the values into groups of `sizes` (small fields only): the least spread, by enumeration. */
function bruteForce(values: readonly number[], sizes: readonly number[]): number {
  let best = Infinity;
  const totals = sizes.map(() => 0);
  const left = [...sizes];
  const go = (i: number) => {
    if (i === values.length) {
      best = Math.min(best, Math.max(...totals) - Math.min(...totals));
      return;
    }
    for (let x = 0; x < sizes.length; x++) {
      if (left[x] === 0) continue;
      left[x]!--;
      totals[x]! += values[i]!;
      go(i + 1);
      left[x]!++;
      totals[x]! -= values[i]!;
    }
  };
  go(0);
  return best;
}

describe('the benchmark\'s exact best spread (bench/exact-spread.ts)', () => {
  it('agrees with enumerating every grouping on random small fields, sizes even and uneven', () => {
    const rng = createRng(7);
    for (let f = 0; f < 60; f++) {
      const sizes = [[4, 4], [4, 4, 4], [3, 3, 3], [4, 3, 3], [3, 3, 2, 2], [2, 2, 2, 2, 2]][f % 6]!;
      const count = sizes.reduce((a, b) => a + b, 0);
      const values = Array.from({ length: count }, () => rng.int(400) - 40);
      expect(exactBestSpread(values, sizes), JSON.stringify({ values, sizes })).toBe(bruteForce(values, sizes));
    }
  });

  it('finds a perfect deal that exists and proves none exists when the values cannot split', () => {
    // 1+8, 2+7, 3+6, 4+5 in twosomes: all 9.
    expect(exactBestSpread([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2, 2])).toBe(0);
    // One huge value: its group's total is at least 100 + 0, the other's at most 3.
    expect(exactBestSpread([100, 0, 1, 2], [2, 2])).toBe(100 + 0 - (1 + 2));
    expect(dealsInto([10, 1, 1, 1], [2, 2], 2, 11)).toBe(true);
    expect(dealsInto([10, 1, 1, 1], [2, 2], 3, 11)).toBe(false);
  });
});
