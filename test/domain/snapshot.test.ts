import { describe, expect, it } from 'vitest';
import { handicapSnapshot } from '../../shared/domain/rounds.js';
import { ScorecardDoc, type RoundFormat } from '../../shared/schemas/round.js';

/** An 18-hole par-72 course (stroke indexes 1–18) with the tee of the WHS worked example and a second one. */
function course(holes: 9 | 18 = 18, tee = { name: 'White', courseRating: 71.6, slope: 125 }) {
  const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4].slice(0, holes);
  return {
    name: 'Old Links',
    holes: pars.map((par, i) => ({ number: i + 1, par, strokeIndex: holes === 18 ? [7, 11, 15, 1, 3, 13, 17, 9, 5, 8, 16, 2, 6, 10, 12, 18, 4, 14][i]! : 2 * i + 1 })),
    tees: [tee, { name: 'Blue', courseRating: 72, slope: 113 }],
  };
}
const round = (format?: RoundFormat) => ({ course: course(), defaultTee: 'White', playerTees: { plus: 'Blue' }, ...(format ? { format } : {}) });

describe('handicapSnapshot: Course and Playing Handicap frozen on the scorecard', () => {
  it('follows the WHS worked example: HI 14.2, Slope 125, CR 71.6, par 72 → CH 15.308, PH 15 at 95 %', () => {
    const s = handicapSnapshot(round('stroke_play'), 'p1', 14.2);
    // Rule 6.1a: 14.2 × 125 ÷ 113 + (71.6 − 72) = 15.70796… − 0.4
    expect(s.courseHandicap).toBeCloseTo(15.30796, 5);
    // Rule 6.2a on the unrounded CH: 15.30796 × 0.95 = 14.5426 → 15
    expect(s).toMatchObject({ handicapIndex: 14.2, tee: 'White', courseRating: 71.6, slope: 125, par: 72, holes: 18, allowancePercent: 95, playingHandicap: 15 });
  });

  it.each([
    // format, allowance (WHS Appendix C), Playing Handicap of CH 15.30796
    ['stroke_play', 95, 15], // 14.543
    ['stableford', 95, 15], // 14.543
    ['match_play', 100, 15], // 15.308
    ['four_ball', 85, 13], // 13.012
    ['best_ball', 75, 11], // 11.481 (best 1 of 4 stroke play)
    ['scramble', 100, 15], // the team handicap comes from the Course Handicaps by team size
  ] as const)('plays %s at %i %% → PH %i', (format, allowance, ph) => {
    const s = handicapSnapshot(round(format), 'p1', 14.2);
    expect(s.courseHandicap).toBeCloseTo(15.30796, 5);
    expect(s.allowancePercent).toBe(allowance);
    expect(s.playingHandicap).toBe(ph);
  });

  it('treats a round without a format as stroke play', () => {
    expect(handicapSnapshot(round(), 'p1', 14.2)).toMatchObject({ allowancePercent: 95, playingHandicap: 15 });
  });

  it('uses the 9-hole formula (Rule 6.1b) for a 9-hole round: HI 8.7, Slope 121, CR 35.3, par 36 → CH 4.011, PH 4', () => {
    const nine = { course: course(9, { name: 'White', courseRating: 35.3, slope: 121 }), defaultTee: 'White', playerTees: {}, format: 'stroke_play' as const };
    const s = handicapSnapshot(nine, 'p1', 8.7);
    // (8.7 ÷ 2 = 4.35 → 4.4) × 121 ÷ 113 + (35.3 − 36) = 4.7115 − 0.7
    expect(s.courseHandicap).toBeCloseTo(4.0115, 4);
    expect(s).toMatchObject({ par: 36, holes: 9, playingHandicap: 4 }); // 3.81 → 4
  });

  it('rounds a plus handicap towards zero: +2.5 on a 113 slope, CR = par → CH −2.5, PH −2 at 95 % and 100 %', () => {
    const stroke = handicapSnapshot(round('stroke_play'), 'plus', -2.5);
    expect(stroke).toMatchObject({ tee: 'Blue', courseHandicap: -2.5, playingHandicap: -2 }); // −2.375 → −2
    expect(handicapSnapshot(round('match_play'), 'plus', -2.5).playingHandicap).toBe(-2); // −2.5 → −2
  });

  it('gives a Handicap Index of 0 the rating adjustment only: CH −0.4, PH 0', () => {
    expect(handicapSnapshot(round('stroke_play'), 'p1', 0)).toMatchObject({ courseHandicap: expect.closeTo(-0.4, 9), playingHandicap: 0 }); // −0.38 → 0
  });

  it('freezes null handicaps for a player without a Handicap Index', () => {
    expect(handicapSnapshot(round('stroke_play'), 'p1', undefined)).toMatchObject({ handicapIndex: null, courseHandicap: null, playingHandicap: null, allowancePercent: 95 });
  });
});

describe('ScorecardDoc with a handicap snapshot', () => {
  const card = (handicap: Record<string, unknown>) => ({
    _id: 'scorecard:round1-player1',
    type: 'scorecard',
    id: 'round1-player1',
    roundId: 'round1',
    playerId: 'player1',
    groupId: null,
    handicap,
    createdAt: '2027-04-11T08:00:00Z',
    updatedAt: '2027-04-11T08:00:00Z',
  });
  const inputs = { handicapIndex: 14.2, tee: 'White', courseRating: 71.6, slope: 125, par: 72, holes: 18 };

  it('still reads a card frozen before the Course and Playing Handicap were recorded', () => {
    const r = ScorecardDoc.safeParse(card(inputs));
    expect(r.success).toBe(true);
    expect(r.data?.handicap).toEqual(inputs);
  });

  it('reads a card with the new fields, and refuses a fractional Playing Handicap', () => {
    const snapshot = handicapSnapshot(round('stroke_play'), 'p1', 14.2);
    expect(ScorecardDoc.safeParse(card(snapshot)).success).toBe(true);
    expect(ScorecardDoc.safeParse(card({ ...snapshot, courseHandicap: null, playingHandicap: null })).success).toBe(true);
    expect(ScorecardDoc.safeParse(card({ ...snapshot, playingHandicap: 14.5 })).success).toBe(false);
  });
});
