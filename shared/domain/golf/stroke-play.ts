import { ok, type Result } from '../../errors.js';
import { PICKUP, isPlayed, sameLength, type HoleInfo, type HoleScores } from './card.js';
import { netDoubleBogey, strokesPerHole } from './strokes.js';

/**
 * Individual stroke play, gross and net (Rules of Golf Rule 3.3; net score = gross − handicap strokes). Totals run
 * over the holes played so far, so a leaderboard can show a player through 9 at their score for those 9 holes.
 */

/** A player's card for stroke play: holes in order, one gross score per hole, strokes received per hole. */
export interface StrokePlayInput {
  holes: readonly Pick<HoleInfo, 'number' | 'par'>[];
  scores: HoleScores;
  /** Handicap strokes per hole, e.g. from `strokesPerHole` (zeros for a gross-only game). */
  strokes: readonly number[];
}

/** Stroke play totals over the holes played. */
export interface StrokePlayTotals {
  /** Holes played, picked-up holes included (the leaderboard's "thru"). */
  thru: number;
  /** Numbers of the holes played, in card order. */
  holesPlayed: number[];
  gross: number;
  net: number;
  /** Par of the holes played: the to-par reference. */
  par: number;
  grossToPar: number;
  netToPar: number;
  /** Holes picked up; each is counted at net double bogey (see {@link strokePlayTotals}). */
  pickups: number;
  /** Whether every hole of the card has been played. */
  complete: boolean;
}

/**
 * Gross and net totals and to-par over the holes played; unplayed holes count nothing and leave par out too, so a
 * player through 9 is compared with the par of those 9 holes.
 *
 * A picked-up hole is strictly "no score returned" in stroke play (Rules of Golf 3.3c). So that a friendly trip
 * leaderboard can still rank the player, it is counted at net double bogey (the WHS Rule 3.1/3.3 cap for a hole not
 * holed out) and reported in `pickups`, for a Committee that wants to treat it otherwise.
 * @example
 * strokePlayTotals({ holes: [{ number: 1, par: 4 }, { number: 2, par: 3 }], scores: [5, null], strokes: [1, 0] })
 * // { thru: 1, holesPlayed: [1], gross: 5, net: 4, par: 4, grossToPar: 1, netToPar: 0, pickups: 0, complete: false }
 */
export function strokePlayTotals(input: StrokePlayInput): StrokePlayTotals {
  const { holes, scores, strokes } = input;
  sameLength(holes, scores, 'holes', 'scores');
  sameLength(holes, strokes, 'holes', 'strokes');
  let gross = 0;
  let received = 0;
  let par = 0;
  let pickups = 0;
  const holesPlayed: number[] = [];
  holes.forEach((hole, i) => {
    const score = scores[i];
    if (!isPlayed(score)) return;
    const s = strokes[i]!;
    if (score === PICKUP) pickups += 1;
    gross += score === PICKUP ? netDoubleBogey(hole.par, s) : score;
    received += s;
    par += hole.par;
    holesPlayed.push(hole.number);
  });
  const net = gross - received;
  return {
    thru: holesPlayed.length,
    holesPlayed,
    gross,
    net,
    par,
    grossToPar: gross - par,
    netToPar: net - par,
    pickups,
    complete: holesPlayed.length === holes.length,
  };
}

/**
 * Stroke play totals straight from a Playing Handicap: allocates the strokes by stroke index (`strokesPerHole`), then
 * {@link strokePlayTotals}. Fails when the stroke indexes are invalid.
 * @example strokePlayCard(holes18, scores, 15) // ok({ thru, gross, net, grossToPar, netToPar, … })
 */
export function strokePlayCard(holes: readonly HoleInfo[], scores: HoleScores, playingHandicap: number): Result<StrokePlayTotals & { strokes: number[] }> {
  const strokes = strokesPerHole(playingHandicap, holes);
  if (!strokes.ok) return strokes;
  return ok({ ...strokePlayTotals({ holes, scores, strokes: strokes.value }), strokes: strokes.value });
}
