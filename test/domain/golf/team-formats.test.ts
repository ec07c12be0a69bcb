import { describe, expect, it } from 'vitest';
import type { HoleScore } from '../../../shared/domain/golf/card.js';
import { bestOfTeam } from '../../../shared/domain/golf/four-ball.js';
import { courseHandicap } from '../../../shared/domain/golf/handicap.js';
import { scrambleCard, scrambleTeamHandicap } from '../../../shared/domain/golf/scramble.js';
import { HOLES_18, PARS_18, SI_18, int, mulberry32, shuffle } from './generators.js';

describe('best n of m (four-ball, better ball)', () => {
  it('best 2 of 4 per hole, ties taken in member order, and to par against n × par', () => {
    const r = bestOfTeam([[4, 5], [5, 'pickup'], [6, 4], [3, null]], { count: 2, pars: [4, 4] });
    expect(r).toEqual({
      ok: true,
      value: { holes: [{ value: 7, counted: [3, 0], pickedUp: false }, { value: 9, counted: [2, 0], pickedUp: false }], total: 16, thru: 2, toPar: 0 },
    });
  });

  it('four-ball better ball: the lower of two partners', () => {
    const r = bestOfTeam([[4, 6, null], [5, 4, null]], { count: 1 });
    expect(r.ok && r.value).toEqual({ holes: [{ value: 4, counted: [0], pickedUp: false }, { value: 4, counted: [1], pickedUp: false }, { value: null, counted: [], pickedUp: false }], total: 8, thru: 2, toPar: null });
  });

  it('a hole with fewer scores than counted has no team value yet', () => {
    const r = bestOfTeam([[4], ['pickup'], [null], [5]], { count: 3 });
    expect(r.ok && r.value.holes[0]).toEqual({ value: null, counted: [], pickedUp: false });
  });

  it('counts a picked-up ball at the value given only when too few balls were holed (WHS Rule 3.1b)', () => {
    const ndb = (member: number) => 10 + member; // distinct per member, so the test sees which ball counts
    const r = bestOfTeam([[4, 'pickup', 'pickup'], ['pickup', 5, 'pickup'], ['pickup', 'pickup', 'pickup']], { count: 1, pickup: ndb });
    expect(r.ok && r.value.holes).toEqual([
      { value: 4, counted: [0], pickedUp: false },
      { value: 5, counted: [1], pickedUp: false },
      // Every ball picked up: the best picked-up value counts, and the hole says so.
      { value: 10, counted: [0], pickedUp: true },
    ]);
    const two = bestOfTeam([[4], ['pickup'], [6]], { count: 2, pickup: () => 3 });
    // The holed balls count before a picked-up one, even one valued lower.
    expect(two.ok && two.value.holes[0]).toEqual({ value: 10, counted: [0, 2], pickedUp: false });
    const short = bestOfTeam([[4], ['pickup'], [null]], { count: 2, pickup: () => 7 });
    expect(short.ok && short.value.holes[0]).toEqual({ value: 11, counted: [0, 1], pickedUp: true });
  });

  it('Stableford points: higher is better', () => {
    const r = bestOfTeam([[2, 0], [3, 1], [1, 4]], { count: 2, direction: 'higher' });
    expect(r.ok && r.value.holes.map((h) => h.value)).toEqual([5, 5]);
    expect(r.ok && r.value.total).toBe(10);
  });

  it('refuses a count outside 1 … team size', () => {
    expect(bestOfTeam([[4], [5]], { count: 3 })).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
    expect(bestOfTeam([[4], [5]], { count: 0 }).ok).toBe(false);
  });

  it('the team value never depends on the order of the members and is the sum of the n best (property)', () => {
    const rng = mulberry32(23);
    for (let n = 0; n < 500; n++) {
      const size = int(rng, 2, 4);
      const count = int(rng, 1, size);
      const members: HoleScore[][] = Array.from({ length: size }, () => Array.from({ length: 18 }, () => (rng() < 0.15 ? null : int(rng, 2, 9))));
      const a = bestOfTeam(members, { count });
      const b = bestOfTeam(shuffle(rng, members), { count });
      if (!a.ok || !b.ok) throw new Error('unexpected failure');
      expect(b.value.holes.map((h) => h.value)).toEqual(a.value.holes.map((h) => h.value));
      a.value.holes.forEach((h, i) => {
        const scores = members.map((m) => m[i]).filter((s): s is number => typeof s === 'number').sort((x, y) => x - y);
        expect(h.value).toBe(scores.length < count ? null : scores.slice(0, count).reduce((s, x) => s + x, 0));
      });
    }
  });
});

describe('scramble team handicap, WHS Appendix C', () => {
  it('USGA Local Guidance example: CR 72.3, slope 135, par 72, indexes 8.4, 12.6, 23.4, 31.2 → 13.65 → 14', () => {
    const chs = [31.2, 8.4, 23.4, 12.6].map((hi) => courseHandicap({ handicapIndex: hi, slope: 135, courseRating: 72.3, par: 72 }));
    expect(scrambleTeamHandicap(chs)).toEqual({ ok: true, value: 14 });
  });

  it('2 players 35 % low / 15 % high; 3 players 30/20/10 %', () => {
    expect(scrambleTeamHandicap([20, 10])).toEqual({ ok: true, value: 7 }); // 3.5 + 3 = 6.5 → 7
    expect(scrambleTeamHandicap([10, 5, 20])).toEqual({ ok: true, value: 6 }); // 1.5 + 2 + 2 = 5.5 → 6
  });

  it('a plus handicap is the lowest and takes the largest share', () => {
    expect(scrambleTeamHandicap([-2, 10])).toEqual({ ok: true, value: 1 }); // -0.7 + 1.5 = 0.8 → 1
  });

  it('other team sizes need percentages; mismatched percentages fail', () => {
    expect(scrambleTeamHandicap([1, 2, 3, 4, 5])).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
    expect(scrambleTeamHandicap([1, 2, 3, 4, 5], [20, 15, 10, 5, 0])).toEqual({ ok: true, value: 1 }); // 0.2+0.3+0.3+0.2 = 1.0
    expect(scrambleTeamHandicap([10, 20], [50])).toMatchObject({ ok: false });
    expect(scrambleTeamHandicap([10, Number.NaN])).toMatchObject({ ok: false });
  });

  it('team net = team gross − team handicap strokes per hole', () => {
    const gross = PARS_18.map((p) => p - 1);
    const r = scrambleCard(HOLES_18, gross, 14);
    if (!r.ok) throw new Error(r.failure.message);
    expect(r.value.gross).toBe(72 - 18);
    expect(r.value.net).toBe(72 - 18 - 14);
    expect(r.value.netScores[SI_18.indexOf(1)]).toBe(gross[SI_18.indexOf(1)]! - 1);
    expect(r.value.netScores[SI_18.indexOf(18)]).toBe(gross[SI_18.indexOf(18)]);
    expect(scrambleCard(HOLES_18.map((h) => ({ ...h, strokeIndex: 2 })), gross, 14).ok).toBe(false);
  });
});
