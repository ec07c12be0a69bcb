import type { Hole } from '../../schemas/course.js';
import type { ScoreDoc } from '../../schemas/round.js';

/**
 * Shared vocabulary of the golf scoring rules: a card is a list of holes in playing order (hole 1 first) and, per
 * player, one score per hole at the same index. Pure data, no clock, no I/O.
 */

/**
 * A hole started but not holed out (Rules of Golf 3.3c: no score returned for the hole).
 * @example const card: HoleScore[] = [5, PICKUP, 4];
 */
export const PICKUP = 'pickup' as const;

/**
 * One hole's strokes on a card: a number of strokes, {@link PICKUP}, or `null`/`undefined` for a hole not played
 * yet. Net scores use the same type (gross minus strokes received).
 * @example const front: HoleScore[] = [5, 4, 'pickup', null];
 */
export type HoleScore = number | typeof PICKUP | null | undefined;

/** One score per hole, index 0 = the card's first hole. */
export type HoleScores = readonly HoleScore[];

/** What the rules need of a hole: its number on the card, par and stroke index (1 = hardest). */
export type HoleInfo = Pick<Hole, 'number' | 'par' | 'strokeIndex'>;

/**
 * Whether a hole has been played: it has strokes or was picked up.
 * @example isPlayed(4) // true; isPlayed('pickup') // true; isPlayed(null) // false
 */
export function isPlayed(score: HoleScore): score is number | typeof PICKUP {
  return typeof score === 'number' || score === PICKUP;
}

/**
 * The card of one scorecard from its score documents (one per hole): index `hole - 1` holds the strokes, a document
 * with `strokes: null` is a picked-up hole ({@link PICKUP}, WHS Rule 3.1b), holes without a document are `null`.
 * Documents for holes beyond `holeCount` are ignored.
 * @example holeScoresFromDocs([{ hole: 2, strokes: 5 }, { hole: 3, strokes: null }], 3) // [null, 5, 'pickup']
 */
export function holeScoresFromDocs(docs: readonly Pick<ScoreDoc, 'hole' | 'strokes'>[], holeCount: number): HoleScore[] {
  const card: HoleScore[] = Array.from({ length: holeCount }, () => null);
  for (const d of docs) if (d.hole >= 1 && d.hole <= holeCount) card[d.hole - 1] = d.strokes ?? PICKUP;
  return card;
}

/**
 * Net score per hole: gross strokes minus the strokes received on the hole (a plus handicap's negative strokes add).
 * Picked-up and unplayed holes stay as they are.
 * @example netHoleScores([5, 'pickup', null], [1, 1, 0]) // [4, 'pickup', null]
 */
export function netHoleScores(gross: HoleScores, strokes: readonly number[]): HoleScore[] {
  sameLength(gross, strokes, 'scores', 'strokes');
  return gross.map((g, i) => (typeof g === 'number' ? g - strokes[i]! : g));
}

/**
 * Formats a score relative to par the way leaderboards show it: `E` for level, `+3`, `-2`.
 * @example formatToPar(0) // "E"; formatToPar(3) // "+3"; formatToPar(-2) // "-2"
 */
export function formatToPar(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : String(toPar);
}

/**
 * Throws when two per-hole arrays differ in length: a programmer error, not bad user input.
 * @example sameLength(scores, strokes, 'scores', 'strokes') // throws RangeError if they differ
 */
export function sameLength(a: readonly unknown[], b: readonly unknown[], aName: string, bName: string): void {
  if (a.length !== b.length) throw new RangeError(`${aName} has ${a.length} holes but ${bName} has ${b.length}`);
}
