import { describe, expect, it } from 'vitest';
import { formatToPar, holeScoresFromDocs, netHoleScores, type HoleScore } from '../../../shared/domain/golf/card.js';
import { strokePlayCard, strokePlayTotals } from '../../../shared/domain/golf/stroke-play.js';
import { strokesPerHole } from '../../../shared/domain/golf/strokes.js';
import { HOLES_18, PARS_18, int, mulberry32, range } from './generators.js';

describe('stroke play totals', () => {
  const holes = [
    { number: 1, par: 4 },
    { number: 2, par: 3 },
    { number: 3, par: 5 },
  ];

  it('totals gross, net and to-par over the holes played only', () => {
    expect(strokePlayTotals({ holes, scores: [5, null, 6], strokes: [1, 1, 0] })).toEqual({
      thru: 2,
      holesPlayed: [1, 3],
      gross: 11,
      net: 10,
      par: 9,
      grossToPar: 2,
      netToPar: 1,
      pickups: 0,
      complete: false,
    });
  });

  it('a player through 9 of 18 shows to par for those 9 holes', () => {
    const scores: HoleScore[] = PARS_18.map((p, i) => (i < 9 ? p + 1 : null));
    const strokes = strokesPerHole(18, HOLES_18);
    if (!strokes.ok) throw new Error('bad card');
    const t = strokePlayTotals({ holes: HOLES_18, scores, strokes: strokes.value });
    expect(t.thru).toBe(9);
    expect(t.par).toBe(PARS_18.slice(0, 9).reduce((a, b) => a + b, 0));
    expect(t.grossToPar).toBe(9);
    expect(t.netToPar).toBe(0);
    expect(t.complete).toBe(false);
  });

  it('counts a picked-up hole at net double bogey and reports it', () => {
    const t = strokePlayTotals({ holes, scores: [4, 'pickup', 5], strokes: [0, 1, 0] });
    expect(t.gross).toBe(4 + (3 + 2 + 1) + 5);
    expect(t.net).toBe(4 + 5 + 5);
    expect(t.pickups).toBe(1);
    expect(t.thru).toBe(3);
    expect(t.complete).toBe(true);
  });

  it('nothing played: zero totals, thru 0', () => {
    expect(strokePlayTotals({ holes, scores: [null, undefined, null], strokes: [0, 0, 0] })).toMatchObject({ thru: 0, gross: 0, net: 0, par: 0, netToPar: 0 });
  });

  it('mismatched arrays are a programmer error', () => {
    expect(() => strokePlayTotals({ holes, scores: [4], strokes: [0, 0, 0] })).toThrow(RangeError);
  });

  it('from a Playing Handicap: a plus handicap adds strokes back; invalid stroke indexes fail', () => {
    const scores = PARS_18.map((p) => p);
    const plus = strokePlayCard(HOLES_18, scores, -2);
    expect(plus.ok && plus.value.net).toBe(72 + 2);
    expect(plus.ok && plus.value.netToPar).toBe(2);
    const bad = strokePlayCard(HOLES_18.map((h) => ({ ...h, strokeIndex: 1 })), scores, 5);
    expect(bad.ok).toBe(false);
  });

  it('net = gross − strokes received, hole by hole and in total (property)', () => {
    const rng = mulberry32(3_3);
    for (let n = 0; n < 800; n++) {
      const ph = int(rng, -10, 54);
      const strokes = strokesPerHole(ph, HOLES_18);
      if (!strokes.ok) throw new Error('bad card');
      const played = int(rng, 0, 18);
      const scores: HoleScore[] = PARS_18.map((p, i) => (i < played ? int(rng, 1, p + 6) : null));
      const net = netHoleScores(scores, strokes.value);
      net.forEach((s, i) => {
        const g = scores[i];
        if (typeof g === 'number') expect(s).toBe(g - strokes.value[i]!);
        else expect(s).toBe(g);
      });
      const t = strokePlayTotals({ holes: HOLES_18, scores, strokes: strokes.value });
      const received = strokes.value.slice(0, played).reduce((a, b) => a + b, 0);
      expect(t.net).toBe(t.gross - received);
      expect(t.thru).toBe(played);
      if (played === 18) expect(t.net).toBe(t.gross - ph);
    }
  });
});

describe('card helpers', () => {
  it('builds a card from score documents, one per hole', () => {
    expect(holeScoresFromDocs([{ hole: 2, strokes: 5 }, { hole: 1, strokes: 4 }, { hole: 19, strokes: 3 }], 3)).toEqual([4, 5, null]);
    expect(holeScoresFromDocs([], 18)).toEqual(range(1, 18).map(() => null));
  });

  it('reads a score document with strokes null as a picked-up hole (WHS Rule 3.1b), not as a hole not played', () => {
    expect(holeScoresFromDocs([{ hole: 1, strokes: null }, { hole: 3, strokes: 5 }], 3)).toEqual(['pickup', null, 5]);
  });

  it('formats to par', () => {
    expect([0, 3, -2].map(formatToPar)).toEqual(['E', '+3', '-2']);
  });
});
