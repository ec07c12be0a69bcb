import { describe, expect, it } from 'vitest';
import {
  ALLOWANCES,
  courseHandicap,
  courseHandicapFromSnapshot,
  matchPlayStrokes,
  nineHoleCourseHandicap,
  playingHandicap,
  roundHandicap,
  STANDARD_SLOPE,
} from '../../../shared/domain/golf/handicap.js';

/*
 * Rounding and input rules of the WHS handicap calculations (Rules of Handicapping 2024, Rules 6.1 and 6.2,
 * Appendix C) that the worked examples in handicap.test.ts leave open: where exactly .5 goes, the edges of the
 * allowance range, and the inputs that are refused.
 */

describe('rounding, WHS Rules 6.1 and 6.2: nearest whole number, .5 rounded upwards', () => {
  it.each([
    [14.5, 15],
    [14.49, 14],
    [14.51, 15],
    [0.5, 1],
    [0.49, 0],
    [-0.49, 0],
    // Plus handicaps move up towards zero on an exact .5 (Appendix C): "+2.5" is "+2", "+0.5" is 0.
    [-0.5, 0],
    [-2.5, -2],
    [-2.51, -3],
    [-2.49, -2],
    [36, 36],
  ])('%d → %d', (value, rounded) => {
    expect(roundHandicap(value)).toBe(rounded);
  });

  it('an exact .5 still rounds up when binary arithmetic lands just below it', () => {
    // HI 12.2 at the standard slope, CR 72.3, par 72: 12.2 + 0.3 = 12.5 exactly, computed as 12.4999…
    const ch = courseHandicap({ handicapIndex: 12.2, slope: STANDARD_SLOPE, courseRating: 72.3, par: 72 });
    expect(ch).toBeLessThan(12.5);
    expect(roundHandicap(ch)).toBe(13);
    expect(playingHandicap(ch, 100)).toBe(13);
    // HI 0.2, CR 72.3, par 72: 0.5 exactly, computed as 0.4999…
    expect(roundHandicap(courseHandicap({ handicapIndex: 0.2, slope: STANDARD_SLOPE, courseRating: 72.3, par: 72 }))).toBe(1);
  });

  it('the standard slope (113) leaves the index unscaled: CH = HI + (CR − Par)', () => {
    expect(STANDARD_SLOPE).toBe(113);
    expect(courseHandicap({ handicapIndex: 18.4, slope: 113, courseRating: 70.1, par: 71 })).toBeCloseTo(17.5, 9);
    // A steeper course scales the index: 18.4 × 131 / 113 = 21.33…, minus 0.9.
    expect(courseHandicap({ handicapIndex: 18.4, slope: 131, courseRating: 70.1, par: 71 })).toBeCloseTo((18.4 * 131) / 113 - 0.9, 9);
  });
});

describe('Playing Handicap, Rule 6.2a: the allowance range and its inputs', () => {
  it('0 % gives a scratch (gross) competition, 100 % the Course Handicap rounded once', () => {
    expect(playingHandicap(24.6, 0)).toBe(0);
    expect(playingHandicap(-3.7, 0)).toBe(0);
    expect(playingHandicap(24.6, 100)).toBe(25);
    expect(playingHandicap(24.4, 100)).toBe(24);
  });

  it('the allowance applies to the unrounded Course Handicap unless the Committee rounds first', () => {
    // 20.6 × 75 % = 15.45 → 15; rounded first, 21 × 75 % = 15.75 → 16.
    expect(playingHandicap(20.6, 75)).toBe(15);
    expect(playingHandicap(20.6, 75, { roundCourseHandicapFirst: true })).toBe(16);
    expect(playingHandicap(20.6, 75, {})).toBe(15);
  });

  it('refuses a non-finite Course Handicap and an allowance that is not 0–100 %', () => {
    expect(() => playingHandicap(Number.NaN, 95)).toThrow(/Course Handicap/);
    expect(() => playingHandicap(Number.POSITIVE_INFINITY, 95)).toThrow(RangeError);
    expect(() => playingHandicap(10, Number.NaN)).toThrow(/allowance/);
    expect(() => playingHandicap(10, 100.5)).toThrow(/allowance/);
    expect(() => playingHandicap(10, -0.5)).toThrow(/allowance/);
  });
});

describe('Course Handicap inputs, Rule 6.1', () => {
  const valid = { handicapIndex: 10, slope: 113, courseRating: 72, par: 72 };
  it.each([
    ['a NaN index', { handicapIndex: Number.NaN }],
    ['an infinite slope', { slope: Number.POSITIVE_INFINITY }],
    ['a NaN Course Rating', { courseRating: Number.NaN }],
    ['an infinite par', { par: Number.NEGATIVE_INFINITY }],
  ])('refuses %s', (_label, change) => {
    expect(() => courseHandicap({ ...valid, ...change })).toThrow(/finite/);
    expect(() => nineHoleCourseHandicap({ ...valid, ...change })).toThrow(RangeError);
  });

  it.each([0, -113])('refuses a Slope Rating of %d (a Slope Rating is positive)', (slope) => {
    expect(() => courseHandicap({ ...valid, slope })).toThrow(/Slope Rating/);
    expect(() => nineHoleCourseHandicap({ ...valid, slope })).toThrow(/Slope Rating/);
  });

  it('accepts the lowest and highest Slope Ratings (55 and 155)', () => {
    expect(courseHandicap({ ...valid, slope: 55 })).toBeCloseTo((10 * 55) / 113, 9);
    expect(courseHandicap({ ...valid, slope: 155 })).toBeCloseTo((10 * 155) / 113, 9);
  });
});

describe('9-hole Course Handicap, Rule 6.1b: the halved index rounded to the nearest tenth', () => {
  it.each([
    [5.1, 2.6], // 2.55 → 2.6 (.05 rounds up)
    [5.2, 2.6],
    [5.0, 2.5],
    [0.1, 0.1], // 0.05 → 0.1
    [17.9, 9.0], // 8.95 → 9.0
    [54, 27],
  ])('HI %d: half index %d', (hi, half) => {
    expect(nineHoleCourseHandicap({ handicapIndex: hi, slope: 113, courseRating: 36, par: 36 })).toBeCloseTo(half, 9);
  });

  it('applies the nine holes’ slope, rating and par to the halved index', () => {
    // 12.4 ÷ 2 = 6.2; 6.2 × 128 / 113 + (35.1 − 36)
    expect(nineHoleCourseHandicap({ handicapIndex: 12.4, slope: 128, courseRating: 35.1, par: 36 })).toBeCloseTo((6.2 * 128) / 113 - 0.9, 9);
  });

  it('a 9-hole snapshot without an index has no Course Handicap; any other hole count uses the 18-hole formula', () => {
    expect(courseHandicapFromSnapshot({ handicapIndex: null, courseRating: 35.3, slope: 121, par: 36, holes: 9 })).toBeNull();
    const eighteen = courseHandicapFromSnapshot({ handicapIndex: 8.7, courseRating: 72.1, slope: 121, par: 72, holes: 18 });
    expect(eighteen).toBeCloseTo((8.7 * 121) / 113 + 0.1, 9);
    expect(() => courseHandicapFromSnapshot({ handicapIndex: 8.7, courseRating: 72.1, slope: 0, par: 72, holes: 18 })).toThrow(RangeError);
  });
});

describe('recommended allowances, WHS Rules of Handicapping (2024) Appendix C', () => {
  it('matches the published table for every format', () => {
    // Appendix C, "Recommended Handicap Allowances" (USGA/R&A Rules of Handicapping, 2024 edition).
    expect(ALLOWANCES).toEqual({
      individualStrokePlay: 95,
      individualStableford: 95,
      individualParBogey: 95,
      individualMaximumScore: 95,
      fourBallStrokePlay: 85,
      fourBallStableford: 85,
      fourBallParBogey: 90,
      individualMatchPlay: 100,
      fourBallMatchPlay: 90,
      foursomes: 50,
      greensomes: [60, 40],
      bestOfFourStrokePlay: { 1: 75, 2: 85, 3: 100, 4: 100 },
      bestOfFourParBogey: { 1: 75, 2: 80, 3: 90, 4: 100 },
      scramble: { 2: [35, 15], 3: [30, 20, 10], 4: [25, 20, 15, 10] },
    });
  });

  it('greensomes: 60 % of the lower plus 40 % of the higher Course Handicap', () => {
    const [low, high] = ALLOWANCES.greensomes;
    // Course Handicaps 10.2 and 21.7: 6.12 + 8.68 = 14.8 → 15.
    expect(roundHandicap((10.2 * low) / 100 + (21.7 * high) / 100)).toBe(15);
  });
});

describe('match play strokes, Appendix C: the lowest plays off zero', () => {
  it('gives the difference from the lowest, plus handicaps included, in the players’ order', () => {
    expect(matchPlayStrokes([9, 9])).toEqual([0, 0]);
    expect(matchPlayStrokes([-4, -1, 2])).toEqual([0, 3, 6]);
    expect(matchPlayStrokes([7])).toEqual([0]);
    expect(matchPlayStrokes([20, 3, 11, 3])).toEqual([17, 0, 8, 0]);
  });
});
