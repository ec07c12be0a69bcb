import { describe, expect, it } from 'vitest';
import {
  ALLOWANCES,
  courseHandicap,
  courseHandicapFromSnapshot,
  matchPlayStrokes,
  nineHoleCourseHandicap,
  playingHandicap,
  roundHandicap,
} from '../../../shared/domain/golf/handicap.js';
import { int, mulberry32 } from './generators.js';

describe('Course Handicap, WHS Rule 6.1a: HI × Slope ÷ 113 + (CR − Par)', () => {
  // [source, HI, slope, CR, par, unrounded CH, rounded CH]
  const table: [string, number, number, number, number, number, number][] = [
    ['brief example', 14.2, 125, 71.6, 72, 15.308, 15],
    ['Miami Valley Golf worked example 1', 27.7, 129, 71.1, 72, 30.722, 31],
    ['Miami Valley Golf worked example 2', 7.9, 129, 71.1, 72, 8.118, 8],
    ['USGA scramble example, player A', 8.4, 135, 72.3, 72, 10.335, 10],
    ['USGA scramble example, player B', 12.6, 135, 72.3, 72, 15.353, 15],
    ['USGA scramble example, player C', 23.4, 135, 72.3, 72, 28.255, 28],
    ['USGA scramble example, player D', 31.2, 135, 72.3, 72, 37.574, 38],
    ['standard slope, rating equal to par', 10, 113, 72, 72, 10, 10],
    ['plus index +2.0, slope 130, CR 73.4, par 72', -2, 130, 73.4, 72, -0.9009, -1],
    ['plus index +4.0 on an easy course', -4, 113, 70, 72, -6, -6],
  ];
  it.each(table)('%s: HI %d, slope %d, CR %d, par %d → %d (rounded %d)', (_src, hi, slope, cr, par, exact, rounded) => {
    const ch = courseHandicap({ handicapIndex: hi, slope, courseRating: cr, par });
    // Published figures are truncated to three decimals ("8.118…").
    expect(Math.abs(ch - exact)).toBeLessThan(0.001);
    expect(roundHandicap(ch)).toBe(rounded);
  });

  it('refuses a non-positive slope and non-finite inputs (programmer errors)', () => {
    expect(() => courseHandicap({ handicapIndex: 10, slope: 0, courseRating: 72, par: 72 })).toThrow(RangeError);
    expect(() => courseHandicap({ handicapIndex: Number.NaN, slope: 113, courseRating: 72, par: 72 })).toThrow(RangeError);
  });
});

describe('9-hole Course Handicap, WHS Rule 6.1b', () => {
  it('USGA Local Guidance example: HI 8.7, CR 35.3, slope 121, par 36 → 8.7 ÷ 2 = 4.35 → 4.4 → 4.011 → 4', () => {
    const ch = nineHoleCourseHandicap({ handicapIndex: 8.7, slope: 121, courseRating: 35.3, par: 36 });
    expect(ch).toBeCloseTo(4.0115, 3);
    expect(roundHandicap(ch)).toBe(4);
  });

  it('rounds the halved index to a tenth before the formula (5.3 ÷ 2 = 2.65 → 2.7)', () => {
    expect(nineHoleCourseHandicap({ handicapIndex: 5.3, slope: 113, courseRating: 36, par: 36 })).toBeCloseTo(2.7, 9);
  });

  it('a snapshot of a 9-hole round uses the 9-hole formula, an 18-hole one the 18-hole formula, no index gives null', () => {
    expect(courseHandicapFromSnapshot({ handicapIndex: 8.7, courseRating: 35.3, slope: 121, par: 36, holes: 9 })).toBeCloseTo(4.0115, 3);
    expect(courseHandicapFromSnapshot({ handicapIndex: 14.2, courseRating: 71.6, slope: 125, par: 72, holes: 18 })).toBeCloseTo(15.308, 3);
    expect(courseHandicapFromSnapshot({ handicapIndex: null, courseRating: 71.6, slope: 125, par: 72, holes: 18 })).toBeNull();
  });
});

describe('Playing Handicap, WHS Rule 6.2a and Appendix C (2024): allowance on the unrounded Course Handicap', () => {
  // [source, unrounded CH, allowance, playing handicap]
  const table: [string, number, number, number][] = [
    ['brief example, 95 %: 15.308 × 0.95 = 14.54', 15.308, 95, 15],
    ['Miami Valley 1, four-ball 85 %: 30.722 × 0.85 = 26.11', 30.722, 85, 26],
    ['Miami Valley 2, four-ball 85 %: 8.118 × 0.85 = 6.90', 8.118, 85, 7],
    ['.5 rounds up: 25 × 90 % = 22.5', 25, 90, 23],
    ['just below .5 rounds down: 15 × 95 % = 14.25', 15, 95, 14],
    ['100 % of a whole Course Handicap is itself', 12, 100, 12],
    ['plus handicap moves towards zero: -2.5 × 100 % → -2', -2.5, 100, -2],
    ['plus 3 at 95 %: -2.85 → -3', -3, 95, -3],
    ['plus 3 at 85 %: -2.55 → -3 (only an exact .5 moves up)', -3, 85, -3],
    ['plus 5 at 90 %: -4.5 → -4', -5, 90, -4],
  ];
  it.each(table)('%s: Course Handicap %d at %d %% → %d', (_src, ch, pct, expected) => {
    expect(playingHandicap(ch, pct)).toBe(expected);
  });

  it('the 2024 order differs from rounding the Course Handicap first (Rule 6.2a discretion)', () => {
    expect(playingHandicap(15.308, 95)).toBe(15);
    expect(playingHandicap(15.308, 95, { roundCourseHandicapFirst: true })).toBe(14);
  });

  it('refuses an allowance outside 0–100 %', () => {
    expect(() => playingHandicap(10, 120)).toThrow(RangeError);
    expect(() => playingHandicap(10, -5)).toThrow(RangeError);
  });

  it('is always the nearest whole number, within half a stroke (property, 2 000 cases)', () => {
    const rng = mulberry32(6_2);
    for (let n = 0; n < 2000; n++) {
      const ch = courseHandicap({ handicapIndex: int(rng, -100, 540) / 10, slope: int(rng, 55, 155), courseRating: int(rng, 600, 780) / 10, par: int(rng, 69, 73) });
      const pct = [100, 95, 90, 85, 75, 50][int(rng, 0, 5)]!;
      const ph = playingHandicap(ch, pct);
      expect(Number.isInteger(ph)).toBe(true);
      const exact = (ch * pct) / 100;
      expect(ph - exact).toBeGreaterThan(-0.5 - 1e-9);
      expect(ph - exact).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });
});

describe('allowances and match play strokes, WHS Appendix C', () => {
  it('carries the recommended defaults', () => {
    expect(ALLOWANCES.individualStrokePlay).toBe(95);
    expect(ALLOWANCES.individualStableford).toBe(95);
    expect(ALLOWANCES.fourBallStrokePlay).toBe(85);
    expect(ALLOWANCES.individualMatchPlay).toBe(100);
    expect(ALLOWANCES.fourBallMatchPlay).toBe(90);
    expect(ALLOWANCES.scramble[2]).toEqual([35, 15]);
    expect(ALLOWANCES.scramble[3]).toEqual([30, 20, 10]);
    expect(ALLOWANCES.scramble[4]).toEqual([25, 20, 15, 10]);
    expect(ALLOWANCES.bestOfFourStrokePlay[2]).toBe(85);
  });

  it('the lowest Playing Handicap plays off zero, the others receive the difference', () => {
    expect(matchPlayStrokes([17, 13])).toEqual([4, 0]);
    expect(matchPlayStrokes([4, 5, 10, 15])).toEqual([0, 1, 6, 11]);
    expect(matchPlayStrokes([-2, 3])).toEqual([0, 5]);
    expect(matchPlayStrokes([])).toEqual([]);
  });

  it('four-ball match play: 90 % of each Course Handicap, then the difference from the lowest', () => {
    const phs = [10.4, 15.2, 20.9, 4.1].map((ch) => playingHandicap(ch, ALLOWANCES.fourBallMatchPlay));
    expect(phs).toEqual([9, 14, 19, 4]);
    expect(matchPlayStrokes(phs)).toEqual([5, 10, 15, 0]);
  });
});
