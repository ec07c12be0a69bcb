import { fail, ok, type Result } from '../../errors.js';
import { PICKUP, sameLength, type HoleScores } from './card.js';

/**
 * Handicap strokes hole by hole. WHS Rules of Handicapping Appendix E (stroke index allocation, 9-hole play) and
 * Appendix C ("Plus Playing Handicaps"); Rule 3.1 (net double bogey).
 */

/**
 * Checks a card's stroke indexes and ranks its holes by them: element i is hole i's place in the allocation order
 * (0 = lowest stroke index, receives the first stroke). The indexes must be whole numbers from 1 to 18, each used
 * once; an 18-hole card therefore uses 1–18. A 9-hole card may use 1–9 or the odd or even indexes of an 18-hole card
 * (Appendix E, "Stroke Index Allocation for 9-Hole Play": strokes are taken in ascending order of the published
 * indexes). Fails with `unprocessable` otherwise.
 * @example strokeIndexOrder([{ strokeIndex: 5 }, { strokeIndex: 1 }, { strokeIndex: 17 }]) // ok([1, 0, 2])
 */
export function strokeIndexOrder(holes: readonly { strokeIndex: number }[]): Result<number[]> {
  if (holes.length < 1 || holes.length > 18) return fail('unprocessable', `a card has 1 to 18 holes, not ${holes.length}`);
  const seen = new Map<number, number>();
  for (const [i, h] of holes.entries()) {
    const si = h.strokeIndex;
    if (!Number.isInteger(si) || si < 1 || si > 18) {
      return fail('unprocessable', `hole ${i + 1} has stroke index ${si}; stroke indexes run from 1 to 18`, [{ path: [i, 'strokeIndex'], message: 'out of range' }]);
    }
    const other = seen.get(si);
    if (other !== undefined) {
      return fail('unprocessable', `stroke index ${si} is used by holes ${other + 1} and ${i + 1}`, [{ path: [i, 'strokeIndex'], message: 'duplicate stroke index' }]);
    }
    seen.set(si, i);
  }
  const byIndex = [...seen.entries()].sort((a, b) => a[0] - b[0]);
  const order: number[] = Array.from({ length: holes.length }, () => 0);
  byIndex.forEach(([, holeIdx], rank) => (order[holeIdx] = rank));
  return ok(order);
}

/**
 * Strokes received on each hole for a Playing Handicap, in the card's hole order.
 *
 * - Appendix E: strokes go to holes in ascending stroke index; beyond one per hole the order repeats ("stroke index 1
 *   repeating as stroke index 19, 37 and 55"), so 20 on 18 holes gives 2 on SI 1–2 and 1 elsewhere.
 * - Appendix C, plus handicaps: a negative Playing Handicap gives strokes back (negative values) "beginning at the
 *   hole with stroke index 18": +2 gives back on SI 18 and 17.
 * - 9 holes: the handicap (a 9-hole Playing Handicap) is spread over the nine by the order of their stroke indexes,
 *   giving back from the highest index of the nine.
 *
 * The strokes always add up to the Playing Handicap. Fails (`unprocessable`) when the handicap is not a whole number
 * or the stroke indexes are invalid (see {@link strokeIndexOrder}).
 * @example strokesPerHole(20, holes18) // ok: 2 on SI 1 and 2, 1 on every other hole
 */
export function strokesPerHole(playingHandicap: number, holes: readonly { strokeIndex: number }[]): Result<number[]> {
  if (!Number.isSafeInteger(playingHandicap)) return fail('unprocessable', `a Playing Handicap is a whole number, not ${playingHandicap}`);
  const order = strokeIndexOrder(holes);
  if (!order.ok) return order;
  const n = holes.length;
  const given = Math.abs(playingHandicap);
  const base = Math.floor(given / n);
  const extra = given % n;
  if (playingHandicap >= 0) return ok(order.value.map((rank) => base + (rank < extra ? 1 : 0)));
  // Given back from the easiest hole (highest stroke index) down.
  return ok(order.value.map((rank) => -(base + (rank >= n - extra ? 1 : 0)) || 0));
}

/**
 * Net double bogey, WHS Rule 3.1b: the maximum hole score for handicap purposes is par + 2 + the handicap strokes
 * received on the hole (strokes given back by a plus handicap are negative and lower it). Use strokes from the
 * rounded Course Handicap, not the Playing Handicap (Rule 3.1).
 * @example netDoubleBogey(4, 2) // 8; netDoubleBogey(3, 1) // 6; netDoubleBogey(4, -1) // 5
 */
export function netDoubleBogey(par: number, strokesReceived: number): number {
  return par + 2 + strokesReceived;
}

/**
 * Adjusted gross score, WHS Rules 3.1 and 3.3: each played hole counts its strokes capped at net double bogey; a
 * picked-up hole counts net double bogey (the cap on the "most likely score"). Holes not played are left out
 * (Rule 3.2's expected score for unplayed holes is the handicap authority's business, not a leaderboard's).
 * @example adjustedGross([9, 4, 'pickup', null], [4, 4, 3, 5], [1, 1, 0, 0]) // 7 + 4 + 5 = 16
 */
export function adjustedGross(scores: HoleScores, pars: readonly number[], strokes: readonly number[]): number {
  sameLength(scores, pars, 'scores', 'pars');
  sameLength(scores, strokes, 'scores', 'strokes');
  let total = 0;
  scores.forEach((s, i) => {
    const cap = netDoubleBogey(pars[i]!, strokes[i]!);
    if (s === PICKUP) total += cap;
    else if (typeof s === 'number') total += Math.min(s, cap);
  });
  return total;
}
