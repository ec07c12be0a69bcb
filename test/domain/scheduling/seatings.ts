/** Brute-force helpers of the scheduling tests: every grouping of a small field. */
import type { Groups } from '../../../shared/domain/scheduling/types.js';

/** Every way to seat `count` players into groups of `sizes`: the group of each player. */
export function* seatings(count: number, sizes: readonly number[]): Generator<number[]> {
  const left = [...sizes];
  const seat: number[] = [];
  function* next(i: number): Generator<number[]> {
    if (i === count) {
      yield [...seat];
      return;
    }
    for (let g = 0; g < left.length; g++) {
      if (left[g] === 0) continue;
      left[g]!--;
      seat.push(g);
      yield* next(i + 1);
      seat.pop();
      left[g]!++;
    }
  }
  yield* next(0);
}

/** The groups a seating makes of `ids`. */
export const toGroups = (ids: readonly string[], seat: readonly number[], count: number): Groups =>
  Array.from({ length: count }, (_, g) => ids.filter((_, i) => seat[i] === g));
