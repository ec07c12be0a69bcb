/**
 * The exact best spread of group totals for a small field, for the scheduling benchmark (issue 14): not product code,
 * and written apart from balance.ts / deal.ts on purpose, so the benchmark measures the optimiser against an
 * independent answer rather than against itself.
 *
 * The least spread s is the least s for which some window [L, L + s] takes every group's total. For each s from the
 * counting bound up (0 when the groups can share the total evenly, else 1) and each L whose window can hold the mean,
 * a branch and bound deals the players, largest value first, into the groups: a group may not pass L + s, nor be left
 * unable to reach L with the largest values still to come; groups alike (same size left, same total) are tried once.
 */

/** The least possible spread (max − min of group totals) of `values` dealt into groups of `sizes` (sum = values.length). */
export function exactBestSpread(values: readonly number[], sizes: readonly number[]): number {
  if (sizes.reduce((a, b) => a + b, 0) !== values.length) throw new RangeError('the group sizes must add up to the players');
  const sorted = [...values].sort((a, b) => b - a);
  const total = sorted.reduce((a, b) => a + b, 0);
  const g = sizes.length;
  if (g < 2) return 0;
  const mod = ((total % g) + g) % g;
  for (let s = mod === 0 ? 0 : 1; ; s++) {
    // Every total lies in [L, L + s] and they sum to `total`: L·g ≤ total ≤ (L + s)·g.
    const lowest = Math.ceil(total / g) - s;
    const highest = Math.floor(total / g);
    for (let low = highest; low >= lowest; low--) if (dealsInto(sorted, sizes, low, low + s)) return s;
  }
}

/**
 * Whether `sorted` (largest first) can be dealt into groups of `sizes` with every total in [low, high]. Groups are
 * made one after the other, each around the largest player left (of either size while both are left); a set of
 * players left that cannot be dealt is remembered (by bit mask, at most 24 players), so no set is tried twice.
 */
export function dealsInto(sorted: readonly number[], sizes: readonly number[], low: number, high: number): boolean {
  const n = sorted.length;
  if (n > 24) throw new RangeError('exact deals take at most 24 players');
  const big = Math.max(...sizes);
  const small = Math.min(...sizes);
  if (sizes.some((x) => x !== big && x !== small)) throw new RangeError('groups of at most two sizes');
  if (sizes.length > 15) throw new RangeError('at most 15 groups');
  // failed[left]: bit b set when the players of `left` cannot be dealt with b groups of the larger size among them.
  const failed = new Uint16Array(2 ** n);
  const full = 2 ** n - 1;
  const deal = (left: number, bigs: number): boolean => {
    if (left === 0) return true;
    if (failed[left]! & (1 << bigs)) return false;
    const first = 31 - Math.clz32(left & -left);
    const rest = left & ~(1 << first);
    const smalls = (popcount(left) - bigs * big) / small;
    const ok = (bigs > 0 && pick(rest, first + 1, big - 1, sorted[first]!, bigs - 1)) || (small !== big && smalls > 0 && pick(rest, first + 1, small - 1, sorted[first]!, bigs));
    if (!ok) failed[left]! |= 1 << bigs;
    return ok;
  };
  // Adds `need` more players of `pool` from index `from` to a group whose total so far is `total`.
  const pick = (pool: number, from: number, need: number, total: number, bigs: number): boolean => {
    if (need === 0) {
      if (total < low || total > high) return false;
      return deal(pool, bigs);
    }
    for (let j = from; j < n; j++) {
      if (!(pool & (1 << j))) continue;
      const t = total + sorted[j]!;
      // Values only fall from here: if even the largest completion is short of `low`, later ones are too.
      let most = t;
      let k = need - 1;
      for (let q = j + 1; q < n && k > 0; q++) if (pool & (1 << q)) (most += sorted[q]!), k--;
      if (k > 0 || most < low) break;
      let least = t;
      k = need - 1;
      for (let q = n - 1; q > j && k > 0; q--) if (pool & (1 << q)) (least += sorted[q]!), k--;
      if (least > high) continue;
      if (pick(pool & ~(1 << j), j + 1, need - 1, t, bigs)) return true;
    }
    return false;
  };
  return deal(full, sizes.filter((x) => x === big).length);
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}
