/**
 * World Handicap System (WHS), Rules of Handicapping, 2024 edition (USGA and The R&A): Course Handicap (Rule 6.1),
 * Playing Handicap (Rule 6.2), handicap allowances (Appendix C). Stroke allocation by stroke index (Appendix E) and
 * the net double bogey cap (Rule 3.1) live in `strokes.ts` and are re-exported here.
 *
 * Rounding, as followed here:
 * - Rule 6.1 note: the Course Handicap is rounded to the nearest whole number only for net double bogey, holes not
 *   played and Score Differentials; "otherwise, the full calculated value is retained and rounding occurs only after
 *   the Playing Handicap calculation". Appendix C (2024): allowances "are applied to the unrounded Course Handicap",
 *   and the USGA FAQ "Where does rounding occur?" instructs every technology provider to do so. So
 *   {@link courseHandicap} returns the unrounded value and {@link playingHandicap} rounds once, at the end. Rule 6.2a
 *   (2024, from the September 2021 clarification) leaves a Committee discretion to round first: that is the
 *   `roundCourseHandicapFirst` option.
 * - ".5 rounded upwards" is read on the signed number: 14.5 → 15, and for plus handicaps (negative numbers here)
 *   -2.5 → -2, i.e. "+2.5" becomes "+2". Appendix C: "a player with a plus Playing Handicap moves up towards zero
 *   including rounding".
 */

export { strokeIndexOrder, strokesPerHole, netDoubleBogey, adjustedGross } from './strokes.js';

/**
 * Slope Rating of a course of standard playing difficulty (Rules of Handicapping, Definitions).
 * @example courseHandicap({ handicapIndex: 10, slope: STANDARD_SLOPE, courseRating: 72, par: 72 }) // 10
 */
export const STANDARD_SLOPE = 113;

/** Tee figures and Handicap Index for a Course Handicap. Plus indexes are negative (+1.2 is -1.2). */
export interface CourseHandicapInput {
  handicapIndex: number;
  slope: number;
  courseRating: number;
  par: number;
}

/**
 * Rounds to the nearest whole number with .5 rounded upwards (Rules 6.1 and 6.2); -2.5 rounds to -2 (towards zero
 * for plus handicaps, Appendix C). A 1e-9 tolerance absorbs binary floating-point error, far below the smallest
 * real gap a one-decimal index, integer slope and one-decimal rating can produce.
 * @example roundHandicap(15.308) // 15; roundHandicap(22.5) // 23; roundHandicap(-2.5) // -2
 */
export function roundHandicap(value: number): number {
  const r = Math.floor(value + 0.5 + 1e-9);
  return r === 0 ? 0 : r;
}

/**
 * 18-hole Course Handicap, Rule 6.1a: Handicap Index × (Slope Rating ÷ 113) + (Course Rating − Par), unrounded
 * (see the module note). Round with {@link roundHandicap} for net double bogey.
 * @example courseHandicap({ handicapIndex: 14.2, slope: 125, courseRating: 71.6, par: 72 }) // 15.308 (rounded: 15)
 */
export function courseHandicap(input: CourseHandicapInput): number {
  checkInput(input);
  return (input.handicapIndex * input.slope) / STANDARD_SLOPE + (input.courseRating - input.par);
}

/**
 * 9-hole Course Handicap, Rule 6.1b: (Handicap Index ÷ 2) × (Slope Rating ÷ 113) + (Course Rating − Par), with the
 * 9-hole Course Rating, Slope Rating and par of the nine played. The halved index is first rounded to the nearest
 * tenth (USGA Local Guidance for Rule 6, "9-Hole Course Handicap"). Unrounded, like {@link courseHandicap}.
 * @example nineHoleCourseHandicap({ handicapIndex: 8.7, slope: 121, courseRating: 35.3, par: 36 }) // 4.011 (rounded: 4)
 */
export function nineHoleCourseHandicap(input: CourseHandicapInput): number {
  checkInput(input);
  const halfIndex = Math.floor((input.handicapIndex / 2) * 10 + 0.5 + 1e-9) / 10;
  return courseHandicap({ ...input, handicapIndex: halfIndex });
}

/**
 * Playing Handicap, Rule 6.2a: Course Handicap × handicap allowance, rounded (.5 up, see {@link roundHandicap}).
 * Pass the unrounded Course Handicap (2024 Appendix C); `roundCourseHandicapFirst` applies the allowance to the
 * rounded Course Handicap instead, for a Committee that chose that under Rule 6.2a.
 * @example playingHandicap(15.308, 95) // 15 (14.54…); playingHandicap(15.308, 95, { roundCourseHandicapFirst: true }) // 14
 */
export function playingHandicap(courseHandicapValue: number, allowancePercent: number, options: { roundCourseHandicapFirst?: boolean } = {}): number {
  if (!Number.isFinite(courseHandicapValue)) throw new RangeError('a Course Handicap is a finite number');
  if (!(allowancePercent >= 0 && allowancePercent <= 100)) throw new RangeError('a handicap allowance is 0 to 100 percent');
  const ch = options.roundCourseHandicapFirst ? roundHandicap(courseHandicapValue) : courseHandicapValue;
  return roundHandicap((ch * allowancePercent) / 100);
}

/**
 * Recommended handicap allowances in percent, WHS Rules of Handicapping Appendix C (2024). Committees may set others
 * in the terms of the competition. Scramble percentages apply to the team's Course Handicaps sorted lowest first.
 * @example playingHandicap(30.722, ALLOWANCES.fourBallStrokePlay) // 26
 */
export const ALLOWANCES = {
  individualStrokePlay: 95,
  individualStableford: 95,
  individualParBogey: 95,
  individualMaximumScore: 95,
  fourBallStrokePlay: 85,
  fourBallStableford: 85,
  fourBallParBogey: 90,
  /** The lowest Playing Handicap then plays off zero: {@link matchPlayStrokes}. */
  individualMatchPlay: 100,
  fourBallMatchPlay: 90,
  /** Percent of the side's combined Course Handicaps. */
  foursomes: 50,
  /** Greensomes and Pinehurst/Chapman: 60 % of the lower, 40 % of the higher Course Handicap. */
  greensomes: [60, 40],
  /** Best n of 4 stroke play, by n. */
  bestOfFourStrokePlay: { 1: 75, 2: 85, 3: 100, 4: 100 },
  /** Best n of 4 Par/Bogey, by n. */
  bestOfFourParBogey: { 1: 75, 2: 80, 3: 90, 4: 100 },
  /** Scramble by team size: percent of each member's Course Handicap, lowest first. */
  scramble: { 2: [35, 15], 3: [30, 20, 10], 4: [25, 20, 15, 10] },
} as const;

/**
 * Match play strokes, Appendix C "Handicap Competitions": after allowances, the player with the lowest Playing
 * Handicap plays off zero and every other player receives the difference. Works for singles and four-ball (pass
 * all four Playing Handicaps at 90 %), plus handicaps included.
 * @example matchPlayStrokes([12, 5, 20]) // [7, 0, 15]; matchPlayStrokes([-2, 3]) // [0, 5]
 */
export function matchPlayStrokes(playingHandicaps: readonly number[]): number[] {
  if (playingHandicaps.length === 0) return [];
  const lowest = Math.min(...playingHandicaps);
  return playingHandicaps.map((ph) => ph - lowest);
}

/** The handicap inputs frozen on a scorecard (`HandicapSnapshot` in `shared/schemas/round.ts`). */
export interface HandicapInputs {
  handicapIndex: number | null;
  courseRating: number;
  slope: number;
  par: number;
  holes: number;
}

/**
 * Course Handicap (unrounded) from a scorecard's frozen snapshot: the 9-hole formula for a 9-hole round (its rating
 * and par are 9-hole figures), the 18-hole formula otherwise; `null` when the player has no Handicap Index.
 * @example courseHandicapFromSnapshot({ handicapIndex: 8.7, courseRating: 35.3, slope: 121, par: 36, holes: 9 }) // 4.011
 */
export function courseHandicapFromSnapshot(snapshot: HandicapInputs): number | null {
  if (snapshot.handicapIndex === null) return null;
  const input = { handicapIndex: snapshot.handicapIndex, slope: snapshot.slope, courseRating: snapshot.courseRating, par: snapshot.par };
  return snapshot.holes === 9 ? nineHoleCourseHandicap(input) : courseHandicap(input);
}

function checkInput(input: CourseHandicapInput): void {
  const { handicapIndex, slope, courseRating, par } = input;
  if (![handicapIndex, slope, courseRating, par].every(Number.isFinite)) throw new RangeError('handicap inputs must be finite numbers');
  if (slope <= 0) throw new RangeError('a Slope Rating is positive (55 to 155)');
}
