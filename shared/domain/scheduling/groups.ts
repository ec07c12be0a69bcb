/**
 * Group sizes and the small helpers every pairing strategy shares. Players per group: 2 to 6 (spec, Limits).
 */

/** Smallest and largest players per group (spec, Limits: "Players per group: 2 to 6"). */
export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 6;

/**
 * Sizes of groups for `playerCount` players at `groupSize` (2–6): the fewest groups whose sizes are at most
 * `groupSize` and differ by at most one, larger groups first (they tee off first). The one exception is twosomes with
 * an odd field: a group of 1 is no game, so one threesome goes out (9 at 2 → [3, 2, 2, 2]), as golfers arrange it.
 * Pairings, each wave of a wave plan and each split round-robin match all cut their players with it.
 * Answers `{ problem }` (user-facing English) for fewer than 2 players or a size outside 2–6.
 *
 * @example groupSizes(10, 4) // { sizes: [4, 3, 3] }
 * @example groupSizes(9, 4) // { sizes: [3, 3, 3] }
 * @example groupSizes(5, 4) // { sizes: [3, 2] }
 */
export function groupSizes(playerCount: number, groupSize: number): { sizes: number[] } | { problem: string } {
  if (!Number.isSafeInteger(groupSize) || groupSize < MIN_GROUP_SIZE || groupSize > MAX_GROUP_SIZE) {
    return { problem: `players per group must be a whole number from ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}, got ${groupSize}` };
  }
  if (!Number.isSafeInteger(playerCount) || playerCount < MIN_GROUP_SIZE) {
    return { problem: `a pairing needs at least ${MIN_GROUP_SIZE} players, got ${playerCount}` };
  }
  let count = Math.ceil(playerCount / groupSize);
  // Only twosomes with an odd field leave a group of 1 here; fold that player into a threesome instead.
  if (Math.floor(playerCount / count) < MIN_GROUP_SIZE) count = Math.floor(playerCount / MIN_GROUP_SIZE);
  const base = Math.floor(playerCount / count);
  const larger = playerCount % count;
  return { sizes: Array.from({ length: count }, (_, i) => (i < larger ? base + 1 : base)) };
}

/** `ids` cut into consecutive groups of `sizes` (their sum must equal ids.length). */
export function fillInOrder(ids: readonly string[], sizes: readonly number[]): string[][] {
  const groups: string[][] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(ids.slice(at, at + size));
    at += size;
  }
  return groups;
}

/** A handicap index in whole tenths of a stroke (indexes have one decimal), so totals add without float error. */
export function tenths(index: number): number {
  return Math.round(index * 10);
}

/** Per group, the sum of its players' indexes; null when nobody in the group has one. */
export function handicapTotals(groups: readonly (readonly string[])[], indexOf: ReadonlyMap<string, number | null>): (number | null)[] {
  return groups.map((group) => {
    let sum = 0;
    let any = false;
    for (const id of group) {
      const index = indexOf.get(id);
      if (index === null || index === undefined) continue;
      sum += tenths(index);
      any = true;
    }
    return any ? sum / 10 : null;
  });
}

/** max − min of the totals that exist (to the tenth); null when no group has one. */
export function totalsSpread(totals: readonly (number | null)[]): number | null {
  const present = totals.filter((t): t is number => t !== null).map(tenths);
  if (present.length === 0) return null;
  return (Math.max(...present) - Math.min(...present)) / 10;
}
