import { fail, ok, type Result } from '../../errors.js';
import { netHoleScores, type HoleInfo, type HoleScore, type HoleScores } from './card.js';
import { ALLOWANCES, roundHandicap } from './handicap.js';
import { strokePlayCard, type StrokePlayTotals } from './stroke-play.js';

/**
 * Scramble: the team plays one ball from the best shot each time and returns one gross score per hole. Team handicap,
 * WHS Rules of Handicapping Appendix C: a percentage of each member's Course Handicap, lowest Course Handicap first
 * (4 players 25/20/15/10 %, 3 players 30/20/10 %, 2 players 35/15 %), summed from the unrounded Course Handicaps
 * and rounded once, as in the USGA's worked example (Local Guidance for Rule 7, "Scramble (4 Players) Example").
 */

/**
 * The team's Playing Handicap: Course Handicaps sorted lowest first (plus handicaps lowest), each times its
 * percentage, summed and rounded (.5 up). `percents` default to Appendix C for teams of 2, 3 or 4. Fails
 * (`unprocessable`) for another team size without percentages, or percentages not matching the team.
 * @example scrambleTeamHandicap([15.353, 10.335, 37.574, 28.255]) // ok(14): 2.583 + 3.071 + 4.238 + 3.757 = 13.65
 */
export function scrambleTeamHandicap(courseHandicaps: readonly number[], percents?: readonly number[]): Result<number> {
  const size = courseHandicaps.length;
  const shares = percents ?? defaultPercents(size);
  if (!shares) return fail('unprocessable', `no recommended scramble allowance for a team of ${size}: give the percentages`);
  if (shares.length !== size) return fail('unprocessable', `${shares.length} percentages for a team of ${size}`);
  if (!courseHandicaps.every(Number.isFinite)) return fail('unprocessable', 'every member needs a Course Handicap');
  if (!shares.every((p) => p >= 0 && p <= 100)) return fail('unprocessable', 'scramble percentages are 0 to 100');
  const sorted = [...courseHandicaps].sort((a, b) => a - b);
  const exact = sorted.reduce((sum, ch, i) => sum + (ch * shares[i]!) / 100, 0);
  return ok(roundHandicap(exact));
}

function defaultPercents(size: number): readonly number[] | undefined {
  return size === 2 || size === 3 || size === 4 ? ALLOWANCES.scramble[size] : undefined;
}

/**
 * The team's card: team handicap strokes allocated by stroke index, net per hole = team gross − strokes, and the
 * stroke play totals (thru, gross, net, to par). Fails when the stroke indexes are invalid.
 * @example scrambleCard(holes18, teamGross, 14) // ok({ strokes, netScores, gross, net, netToPar, thru, … })
 */
export function scrambleCard(holes: readonly HoleInfo[], teamGross: HoleScores, teamHandicap: number): Result<StrokePlayTotals & { strokes: number[]; netScores: HoleScore[] }> {
  const card = strokePlayCard(holes, teamGross, teamHandicap);
  if (!card.ok) return card;
  return ok({ ...card.value, netScores: netHoleScores(teamGross, card.value.strokes) });
}
