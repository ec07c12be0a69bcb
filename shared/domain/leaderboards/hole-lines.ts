import { holeScoresFromDocs, PICKUP, sameLength, type HoleInfo, type HoleScores } from '../golf/card.js';
import { ALLOWANCES, courseHandicapFromSnapshot, playingHandicap, roundHandicap, type HandicapInputs } from '../golf/handicap.js';
import { stablefordTotals } from '../golf/stableford.js';
import { strokePlayTotals } from '../golf/stroke-play.js';
import { netDoubleBogey } from '../golf/strokes.js';
import { holeStrokes, holeTotals } from './cards.js';

/**
 * Per-hole figures of a card as a golfer reads them (issue 14): par, stroke index, gross, strokes received, net and
 * Stableford points for every hole, and the handicaps they were taken from. Scorecard and leaderboard responses, and
 * the device, show these numbers; nothing downstream recomputes them.
 */

/** One hole of a card. `gross`, `net` and `points` are `null` while the hole is not played. */
export interface HoleLine {
  hole: number;
  par: number;
  strokeIndex: number;
  /** Strokes taken; `null` for a hole not played, and for a picked-up hole (no score returned, Rules of Golf 3.3c). */
  gross: number | null;
  /** Started but not holed out (`strokes: null` on the score): counts at net double bogey, 0 points (WHS Rule 3.1b). */
  pickedUp: boolean;
  /** Handicap strokes received on the hole by stroke index (WHS Appendix E); negative when a plus handicap gives back. */
  strokesReceived: number;
  /** Gross − strokes received; a picked-up hole counts net double bogey (par + 2 net). */
  net: number | null;
  /** Stableford points (Rules of Golf 21.1b, net against par); 0 for a picked-up hole. */
  points: number | null;
  /**
   * WHS Rule 3.1b net double bogey, the most a hole counts for handicap purposes: par + 2 + the strokes received on
   * the hole from the Course Handicap rounded to a whole number (Rule 6.1 note), not from the Playing Handicap. At an
   * allowance under 100 % it can exceed par + 2 + `strokesReceived`; the competition still counts a pick-up at net par + 2.
   */
  netDoubleBogey: number;
}

/**
 * The lines of a card: `scores` and `strokes` are per hole in card order, as `holes`. Net and points are what
 * {@link holeTotals} counts for the hole — the function the incremental engine updates a card's totals with, the
 * rules of `strokePlayTotals` and `stablefordTotals` — so the lines of a card add up to its totals on every board. A
 * picked-up hole shows no gross, a net double bogey (net par + 2) and 0 points. `handicapStrokes` are the strokes per
 * hole from the rounded Course Handicap, for `netDoubleBogey` (WHS 3.1b); without them the competition's strokes serve.
 * @example
 * holeLines([{ number: 1, par: 4, strokeIndex: 1 }, { number: 2, par: 3, strokeIndex: 2 }], [5, 'pickup'], [2, 1])
 * // [{ hole: 1, par: 4, strokeIndex: 1, gross: 5, pickedUp: false, strokesReceived: 2, net: 3, points: 3, netDoubleBogey: 8 },
 * //  { hole: 2, par: 3, strokeIndex: 2, gross: null, pickedUp: true, strokesReceived: 1, net: 5, points: 0, netDoubleBogey: 6 }]
 */
export function holeLines(holes: readonly HoleInfo[], scores: HoleScores, strokes: readonly number[], handicapStrokes: readonly number[] = strokes): HoleLine[] {
  sameLength(holes, scores, 'holes', 'scores');
  sameLength(holes, strokes, 'holes', 'strokes');
  sameLength(holes, handicapStrokes, 'holes', 'handicapStrokes');
  const lines: HoleLine[] = new Array(holes.length);
  for (let i = 0; i < holes.length; i++) {
    const h = holes[i]!;
    const score = scores[i];
    const received = strokes[i]!;
    const counted = holeTotals(score, h.par, received);
    // Built field by field (no spread): this runs for every hole of every line of a board.
    lines[i] = {
      hole: h.number,
      par: h.par,
      strokeIndex: h.strokeIndex,
      gross: typeof score === 'number' ? score : null,
      pickedUp: score === PICKUP,
      strokesReceived: received,
      net: counted ? counted.net : null,
      points: counted ? counted.points : null,
      netDoubleBogey: netDoubleBogey(h.par, handicapStrokes[i]!),
    };
  }
  return lines;
}

/** A scorecard's handicap frozen when its round became ready (`HandicapSnapshot` in `shared/schemas/round.ts`). */
export type FrozenHandicap = HandicapInputs & { courseHandicap?: number | null | undefined; allowancePercent?: number | undefined; playingHandicap?: number | null | undefined };

/** A scorecard as its player keeps it: handicaps used, a line per hole and the running totals. */
export interface ScorecardLines {
  /** WHS Rule 6.1 Course Handicap, unrounded, as frozen; `null` without a Handicap Index. */
  courseHandicap: number | null;
  /** The allowance (WHS Appendix C) the Playing Handicap was taken at. */
  allowancePercent: number;
  /** WHS Rule 6.2 Playing Handicap the strokes come from; `null` without a Handicap Index (off scratch). */
  playingHandicap: number | null;
  perHole: HoleLine[];
  /** Holes played, picked-up holes included. */
  thru: number;
  /** Gross counted over the holes played (a picked-up hole at net double bogey), net, and Stableford points. */
  gross: number;
  net: number;
  points: number;
}

/**
 * The handicaps a scorecard plays off: those frozen on it when its round became ready (Course Handicap, allowance,
 * Playing Handicap); a card frozen before those were kept gets them recomputed from its frozen inputs at the
 * individual stroke play allowance (WHS Appendix C, 95 %).
 * @example frozenHandicaps({ handicapIndex: 20, courseRating: 72, slope: 113, par: 72, holes: 18 }) // { courseHandicap: 20, allowancePercent: 95, playingHandicap: 19 }
 */
export function frozenHandicaps(handicap: FrozenHandicap | null): { courseHandicap: number | null; allowancePercent: number; playingHandicap: number | null } {
  const allowancePercent = handicap?.allowancePercent ?? ALLOWANCES.individualStrokePlay;
  if (!handicap) return { courseHandicap: null, allowancePercent, playingHandicap: null };
  const courseHandicap = handicap.courseHandicap !== undefined ? handicap.courseHandicap : courseHandicapFromSnapshot(handicap);
  const ph = handicap.playingHandicap !== undefined ? handicap.playingHandicap : courseHandicap === null ? null : playingHandicap(courseHandicap, allowancePercent);
  return { courseHandicap, allowancePercent, playingHandicap: ph };
}

/**
 * A scorecard's lines from its round's holes, its frozen handicap and its score documents (`strokes: null` is a
 * picked-up hole): strokes received from the frozen Playing Handicap by stroke index (WHS Appendix E), totals by
 * `strokePlayTotals` and `stablefordTotals`.
 * @example scorecardLines(round.course.holes, card.handicap, scores) // { playingHandicap: 19, perHole: [{ hole: 1, … }], thru: 2, … }
 */
export function scorecardLines(holes: readonly HoleInfo[], handicap: FrozenHandicap | null, scores: readonly { hole: number; strokes: number | null }[]): ScorecardLines {
  const h = frozenHandicaps(handicap);
  const strokes = holeStrokes(h.playingHandicap, holes);
  const card = holeScoresFromDocs(scores, holes.length);
  const sp = strokePlayTotals({ holes, scores: card, strokes });
  const sf = stablefordTotals({ holes, scores: card, strokes });
  return { ...h, perHole: holeLines(holes, card, strokes, ndbStrokes(h.courseHandicap, holes)), thru: sp.thru, gross: sp.gross, net: sp.net, points: sf.total };
}

/**
 * Strokes per hole from the Course Handicap rounded to a whole number, the ones WHS Rule 3.1b's net double bogey
 * adds (Rule 6.1 note: rounded for net double bogey); none without a Handicap Index.
 * @example ndbStrokes(20.4, holes18) // 2 on stroke index 1–2, 1 on the rest
 */
export function ndbStrokes(courseHandicap: number | null, holes: readonly { strokeIndex: number }[]): number[] {
  return holeStrokes(courseHandicap === null ? null : roundHandicap(courseHandicap), holes);
}
