/**
 * Exact deals: the players of a few groups dealt again so that every group's total lands in a given range. The
 * balanced optimiser (balance.ts) uses them to repair groups no single exchange can fix, and to solve small fields
 * outright.
 */

/** Steps one deal may take before it gives up (a deal of four foursomes rarely needs 7,000). */
export const DEAL_WORK = 20_000;

/** The index sets of `size` out of 0..n−1, in lexicographic order. */
export function* combinations(n: number, size: number): Generator<number[]> {
  const combo = Array.from({ length: size }, (_, i) => i);
  if (size > n) return;
  for (;;) {
    yield [...combo];
    let i = size - 1;
    while (i >= 0 && combo[i] === n - size + i) i--;
    if (i < 0) return;
    combo[i]!++;
    for (let j = i + 1; j < size; j++) combo[j] = combo[j - 1]! + 1;
  }
}

/**
 * A deal of the items to groups (the group of each item) giving group x exactly caps[x] items whose values sum into
 * ranges[x], or undefined. Depth first, group by group, each group's items chosen in ascending value: a choice whose
 * smallest completion overshoots the range ends the loop, one whose largest falls short is skipped, and the ranges of
 * the groups still to deal narrow each group's. `budget.work` counts the choices looked at (at most DEAL_WORK).
 */
export function dealExactly(
  values: readonly number[],
  caps: readonly number[],
  ranges: readonly (readonly [number, number])[],
  budget: { work: number },
): number[] | undefined {
  const n = values.length;
  const k = caps.length;
  // A group with nothing to deal keeps its total: when its range leaves that out, no deal is worth searching for.
  for (let x = 0; x < k; x++) if (caps[x] === 0 && (ranges[x]![0] > 0 || ranges[x]![1] < 0)) return undefined;
  const order = values.map((_, i) => i).sort((x, y) => values[x]! - values[y]!);
  const sorted = order.map((i) => values[i]!);
  const owner = new Int32Array(n).fill(-1);
  // Per group x: the items still free when it is dealt (free[x·n…]), their prefix sums, its narrowed range and what
  // is left to deal.
  const free = new Int32Array(k * n);
  const prefix = new Float64Array(k * (n + 1));
  const size = new Int32Array(k);
  const lo = new Float64Array(k);
  const hi = new Float64Array(k);
  const rest = new Float64Array(k);
  const restLow = new Float64Array(k);
  const restHigh = new Float64Array(k);
  for (let x = k - 2; x >= 0; x--) {
    restLow[x] = restLow[x + 1]! + ranges[x + 1]![0];
    restHigh[x] = restHigh[x + 1]! + ranges[x + 1]![1];
  }
  let work = 0;
  function enter(x: number, left: number): boolean {
    if (x === k - 1) return left >= ranges[x]![0] && left <= ranges[x]![1];
    lo[x] = Math.max(ranges[x]![0], left - restHigh[x]!);
    hi[x] = Math.min(ranges[x]![1], left - restLow[x]!);
    if (lo[x]! > hi[x]!) return false;
    const f = x * n;
    const pre = x * (n + 1);
    let m = 0;
    prefix[pre] = 0;
    for (let i = 0; i < n; i++) {
      if (owner[i] !== -1) continue;
      free[f + m] = i;
      prefix[pre + m + 1] = prefix[pre + m]! + sorted[i]!;
      m++;
    }
    size[x] = m;
    rest[x] = left;
    return choose(x, 0, caps[x]!, 0);
  }
  function choose(x: number, start: number, left: number, sum: number): boolean {
    if (++work > DEAL_WORK) return false;
    // Full: the loop below keeps a sum under hi[x] whenever it chooses an item; a group with no item to choose (all
    // its players locked) is checked here, or its fixed total would pass whatever the range.
    if (left === 0) return sum >= lo[x]! && sum <= hi[x]! && enter(x + 1, rest[x]! - sum);
    const f = x * n;
    const pre = x * (n + 1);
    const m = size[x]!;
    if (sum + prefix[pre + m]! - prefix[pre + m - left]! < lo[x]!) return false;
    for (let j = start; j <= m - left; j++) {
      if (sum + prefix[pre + j + left]! - prefix[pre + j]! > hi[x]!) break;
      const item = free[f + j]!;
      owner[item] = x;
      if (choose(x, j + 1, left - 1, sum + sorted[item]!)) return true;
      owner[item] = -1;
      if (work > DEAL_WORK) return false;
    }
    return false;
  }
  const found = enter(0, sorted.reduce((a, b) => a + b, 0));
  budget.work += work;
  if (!found) return undefined;
  const dealt = new Array<number>(n);
  order.forEach((i, j) => (dealt[i] = owner[j] === -1 ? k - 1 : owner[j]!));
  return dealt;
}

