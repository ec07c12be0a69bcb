import { ok, type Result } from '../../errors.js';
import { sameLength, type HoleInfo, type HoleScores } from './card.js';
import { strokesPerHole } from './strokes.js';

/**
 * Stableford, Rules of Golf Rule 21.1b(1): points per hole by comparing the score with a fixed target score, par
 * unless the Committee sets another. In a handicap competition the net score is compared (Rule 21.1 is "written for
 * scratch competitions, but can be adapted for handicap competitions"). The table: more than one over or no score
 * returned 0, one over 1, target 2, one under 3, two under 4, three under 5, four under 6.
 */

/**
 * Points for one hole: max(0, 2 + target − net score), which is Rule 21.1b's table (net double bogey or worse 0,
 * bogey 1, par 2, birdie 3, eagle 4, albatross 5, condor 6) continued by the same step.
 * @example stablefordPoints(4, 4) // 2; stablefordPoints(5, 2) // 5; stablefordPoints(4, 6) // 0
 */
export function stablefordPoints(target: number, netScore: number): number {
  return Math.max(0, 2 + target - netScore);
}

/** Points per hole (`null` for a hole not played yet), their total and the holes played. */
export interface StablefordTotals {
  points: (number | null)[];
  total: number;
  /** Holes played, picked-up holes included. */
  thru: number;
}

/**
 * Stableford points over a card. A picked-up hole is "no score returned": 0 points, and it counts as played.
 * Holes not played yet have `null` points and add nothing.
 * @example
 * stablefordTotals({ holes: [{ par: 4 }, { par: 3 }, { par: 5 }], scores: [5, 'pickup', null], strokes: [1, 1, 0] })
 * // { points: [2, 0, null], total: 2, thru: 2 }
 */
export function stablefordTotals(input: { holes: readonly Pick<HoleInfo, 'par'>[]; scores: HoleScores; strokes: readonly number[] }): StablefordTotals {
  const { holes, scores, strokes } = input;
  sameLength(holes, scores, 'holes', 'scores');
  sameLength(holes, strokes, 'holes', 'strokes');
  let total = 0;
  let thru = 0;
  const points = holes.map((hole, i) => {
    const score = scores[i];
    if (score === null || score === undefined) return null;
    thru += 1;
    const p = score === 'pickup' ? 0 : stablefordPoints(hole.par, score - strokes[i]!);
    total += p;
    return p;
  });
  return { points, total, thru };
}

/**
 * Stableford from a Playing Handicap (95 % of Course Handicap by WHS Appendix C): strokes by stroke index, then
 * {@link stablefordTotals}. Fails when the stroke indexes are invalid.
 * @example stablefordCard(holes18, scores, 18) // ok({ points, total, thru, strokes })
 */
export function stablefordCard(holes: readonly HoleInfo[], scores: HoleScores, playingHandicap: number): Result<StablefordTotals & { strokes: number[] }> {
  const strokes = strokesPerHole(playingHandicap, holes);
  if (!strokes.ok) return strokes;
  return ok({ ...stablefordTotals({ holes, scores, strokes: strokes.value }), strokes: strokes.value });
}
