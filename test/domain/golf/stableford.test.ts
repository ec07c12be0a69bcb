import { describe, expect, it } from 'vitest';
import type { HoleScore } from '../../../shared/domain/golf/card.js';
import { stablefordCard, stablefordPoints, stablefordTotals } from '../../../shared/domain/golf/stableford.js';
import { strokePlayTotals } from '../../../shared/domain/golf/stroke-play.js';
import { strokesPerHole } from '../../../shared/domain/golf/strokes.js';
import { HOLES_18, PARS_18, SI_18, int, mulberry32 } from './generators.js';

describe('Stableford points, Rules of Golf Rule 21.1b(1)', () => {
  it.each([
    ['more than one over (net double bogey)', 4, 6, 0],
    ['much more than one over', 4, 11, 0],
    ['one over (bogey)', 4, 5, 1],
    ['fixed score (par)', 4, 4, 2],
    ['one under (birdie)', 4, 3, 3],
    ['two under (eagle)', 5, 3, 4],
    ['three under (albatross)', 5, 2, 5],
    ['four under (condor)', 5, 1, 6],
  ])('%s: par %d, net %d → %d points', (_name, par, net, points) => {
    expect(stablefordPoints(par, net)).toBe(points);
  });

  /** Strokes received on the hole with stroke index `si` for Playing Handicap `ph` on an 18-hole card. */
  function strokesOn(ph: number, si: number): number {
    const s = strokesPerHole(ph, HOLES_18);
    if (!s.ok) throw new Error('bad card');
    return s.value[SI_18.indexOf(si)]!;
  }

  // Published worked examples: [source, playing handicap, stroke index, par, gross, strokes received, points]
  const worked: [string, number, number, number, number, number, number][] = [
    ['bridgegolf.co.uk example A', 21, 8, 5, 7, 1, 1],
    ['futuregolf.com.au, 23 handicap, SI 1', 23, 1, 4, 5, 2, 3],
    ['futuregolf.com.au, 23 handicap, SI 4', 23, 4, 5, 5, 2, 4],
    ['futuregolf.com.au, 23 handicap, SI 15', 23, 15, 3, 5, 1, 1],
    ['futuregolf.com.au, 23 handicap, SI 18', 23, 18, 4, 5, 1, 2],
  ];
  it.each(worked)('%s: handicap %d, SI %d, par %d, gross %d → %d strokes, %d points', (_src, ph, si, par, gross, received, points) => {
    expect(strokesOn(ph, si)).toBe(received);
    expect(stablefordPoints(par, gross - received)).toBe(points);
  });
});

describe('Stableford card', () => {
  it('a picked-up hole scores 0 and counts as played; unplayed holes are null', () => {
    expect(stablefordTotals({ holes: [{ par: 4 }, { par: 3 }, { par: 5 }], scores: [5, 'pickup', null], strokes: [1, 1, 0] })).toEqual({
      points: [2, 0, null],
      total: 2,
      thru: 2,
    });
  });

  it('net par on every hole is 36 points whatever the handicap', () => {
    for (const ph of [-4, 0, 18, 36]) {
      const strokes = strokesPerHole(ph, HOLES_18);
      if (!strokes.ok) throw new Error('bad card');
      const gross = PARS_18.map((p, i) => p + strokes.value[i]!);
      const card = stablefordCard(HOLES_18, gross, ph);
      expect(card.ok && card.value.total).toBe(36);
    }
  });

  it('fails on an invalid stroke index set', () => {
    expect(stablefordCard(HOLES_18.map((h) => ({ ...h, strokeIndex: 3 })), PARS_18, 10).ok).toBe(false);
  });

  it('points are never negative and never below what the net score implies (property)', () => {
    const rng = mulberry32(21);
    for (let n = 0; n < 800; n++) {
      const ph = int(rng, -10, 54);
      const strokes = strokesPerHole(ph, HOLES_18);
      if (!strokes.ok) throw new Error('bad card');
      const scores: HoleScore[] = PARS_18.map((p) => {
        const r = rng();
        return r < 0.1 ? 'pickup' : r < 0.2 ? null : int(rng, 1, p + 8);
      });
      const t = stablefordTotals({ holes: HOLES_18, scores, strokes: strokes.value });
      for (const p of t.points) if (p !== null) expect(p).toBeGreaterThanOrEqual(0);
      expect(t.total).toBe(t.points.reduce<number>((a, p) => a + (p ?? 0), 0));
      // Against stroke play: on holes with a number, points ≥ 2 − net to par of that hole, summed.
      const numeric = scores.map((s) => (typeof s === 'number' ? s : null));
      const net = strokePlayTotals({ holes: HOLES_18, scores: numeric, strokes: strokes.value });
      const numericPoints = t.points.reduce<number>((a, p, i) => a + (typeof scores[i] === 'number' ? p! : 0), 0);
      expect(numericPoints).toBeGreaterThanOrEqual(2 * net.thru - net.netToPar);
    }
  });
});
