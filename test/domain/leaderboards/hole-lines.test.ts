import { describe, expect, it } from 'vitest';
import { PICKUP, type HoleScore } from '../../../shared/domain/golf/card.js';
import { frozenHandicaps, holeLines, scorecardLines } from '../../../shared/domain/leaderboards/hole-lines.js';
import { createLeaderboardEngine, fromDocs, roundLeaderboard } from '../../../shared/domain/leaderboards/index.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { card, PARS9, player, round, scorecard, SI9 } from './fixtures.js';

/**
 * Per-hole lines (issue 14), worked by hand from the rule definitions: net = gross − strokes received, Stableford
 * points = max(0, 2 + par − net) (Rules of Golf 21.1b), net double bogey = par + 2 + strokes received (WHS Rule 3.1b).
 * The test nine: pars 4 4 3 5 4 4 3 5 4, stroke indexes 3 7 9 1 5 2 8 4 6.
 */
const HOLES9 = PARS9.map((par, i) => ({ number: i + 1, par, strokeIndex: SI9[i]! }));

describe('holeLines', () => {
  it('gives par, stroke index, gross, strokes, net, points and net double bogey per hole; a pick-up counts net par + 2 and no points', () => {
    // Strokes of a Playing Handicap 11 on nine holes: one a hole, a second on SI 1 and 2 (holes 4 and 6).
    const strokes = [1, 1, 1, 2, 1, 2, 1, 1, 1];
    const gross: HoleScore[] = [5, 6, 3, PICKUP, 4, 5, null, null, null];
    expect(holeLines(HOLES9, gross, strokes).slice(0, 7)).toEqual([
      { hole: 1, par: 4, strokeIndex: 3, gross: 5, pickedUp: false, strokesReceived: 1, net: 4, points: 2, netDoubleBogey: 7 },
      { hole: 2, par: 4, strokeIndex: 7, gross: 6, pickedUp: false, strokesReceived: 1, net: 5, points: 1, netDoubleBogey: 7 },
      { hole: 3, par: 3, strokeIndex: 9, gross: 3, pickedUp: false, strokesReceived: 1, net: 2, points: 3, netDoubleBogey: 6 },
      // Par 5 with two strokes: net double bogey 9, a net 7, no score returned.
      { hole: 4, par: 5, strokeIndex: 1, gross: null, pickedUp: true, strokesReceived: 2, net: 7, points: 0, netDoubleBogey: 9 },
      { hole: 5, par: 4, strokeIndex: 5, gross: 4, pickedUp: false, strokesReceived: 1, net: 3, points: 3, netDoubleBogey: 7 },
      { hole: 6, par: 4, strokeIndex: 2, gross: 5, pickedUp: false, strokesReceived: 2, net: 3, points: 3, netDoubleBogey: 8 },
      { hole: 7, par: 3, strokeIndex: 8, gross: null, pickedUp: false, strokesReceived: 1, net: null, points: null, netDoubleBogey: 6 },
    ]);
  });

  it('gives strokes back for a plus handicap: +2 on the nine returns one on SI 9 and 8 (holes 3 and 7)', () => {
    const strokes = [0, 0, -1, 0, 0, 0, -1, 0, 0];
    const lines = holeLines(HOLES9, [4, 4, 3, 5, 4, 4, 2, 5, 4], strokes);
    expect(lines.map((l) => [l.strokesReceived, l.net, l.points, l.netDoubleBogey])).toEqual([
      [0, 4, 2, 6],
      [0, 4, 2, 6],
      [-1, 4, 1, 4],
      [0, 5, 2, 7],
      [0, 4, 2, 6],
      [0, 4, 2, 6],
      [-1, 3, 2, 4],
      [0, 5, 2, 7],
      [0, 4, 2, 6],
    ]);
  });
});

describe('frozenHandicaps', () => {
  it('uses the handicaps frozen on the card', () => {
    const frozen = { handicapIndex: 20, courseRating: 72, slope: 113, par: 72, holes: 18, courseHandicap: 20, allowancePercent: 100, playingHandicap: 20 };
    expect(frozenHandicaps(frozen)).toEqual({ courseHandicap: 20, allowancePercent: 100, playingHandicap: 20 });
  });

  it('recomputes them for a card frozen before they were kept: Course Handicap 20 × 113/113 + 0 = 20, at 95 % 19', () => {
    expect(frozenHandicaps({ handicapIndex: 20, courseRating: 72, slope: 113, par: 72, holes: 18 })).toEqual({ courseHandicap: 20, allowancePercent: 95, playingHandicap: 19 });
  });

  it('has none without a Handicap Index or a snapshot', () => {
    expect(frozenHandicaps({ handicapIndex: null, courseRating: 72, slope: 113, par: 72, holes: 18 })).toEqual({ courseHandicap: null, allowancePercent: 95, playingHandicap: null });
    expect(frozenHandicaps(null)).toEqual({ courseHandicap: null, allowancePercent: 95, playingHandicap: null });
  });
});

describe('scorecardLines', () => {
  it('takes the strokes from the frozen Playing Handicap and totals the holes played', () => {
    // Index 10 on the test nine: Course Handicap 5 (Rule 6.1b), 95 % → 4.75 → 5: a stroke on SI 1–5 (holes 4, 6, 1, 8, 5).
    const lines = scorecardLines(HOLES9, { handicapIndex: 10, courseRating: 36, slope: 113, par: 36, holes: 9 }, [
      { hole: 2, strokes: 5 },
      { hole: 1, strokes: 5 },
      { hole: 4, strokes: 7 },
    ]);
    expect([lines.courseHandicap, lines.playingHandicap]).toEqual([5, 5]);
    expect(lines.perHole.map((l) => l.strokesReceived)).toEqual([1, 0, 0, 1, 1, 1, 0, 1, 0]);
    expect(lines.perHole.map((l) => l.net)).toEqual([4, 5, null, 6, null, null, null, null, null]);
    expect(lines.perHole.map((l) => l.points)).toEqual([2, 1, null, 1, null, null, null, null, null]);
    expect([lines.thru, lines.gross, lines.net, lines.points]).toEqual([3, 17, 15, 4]);
  });
});

describe('round board lines', () => {
  it('add up to each line\u2019s totals, and the incremental engine answers the same lines, over random cards', () => {
    const rng = createRng(1414);
    const ids = ['ann001', 'bob001', 'cat001', 'dan001', 'eve001'];
    const docs = [
      ...ids.map((id) => player(id, id)),
      round('rnd001', ids),
      ...ids.map((id, i) => scorecard('rnd001', id, [0, 10, 20, 36, null][i]!)),
      ...ids.flatMap((id) => card('rnd001', id, PARS9.map((p) => (rng.next() < 0.2 ? null : p + Math.floor(rng.next() * 5) - 1)))),
    ];
    const full = roundLeaderboard(fromDocs(docs), 'rnd001', { basis: 'net' });
    if (!full.ok) throw new Error(full.failure.message);
    for (const e of full.value.entries) {
      const played = e.perHole.filter((l) => l.net !== null);
      expect([played.length, played.reduce((s, l) => s + l.gross!, 0), played.reduce((s, l) => s + l.net!, 0), played.reduce((s, l) => s + l.points!, 0)]).toEqual([e.thru, e.gross, e.net, e.points]);
      expect(e.perHole.reduce((s, l) => s + l.strokesReceived, 0)).toBe(e.playingHandicap ?? 0);
    }
    const engine = createLeaderboardEngine(fromDocs(docs));
    const inc = engine.round('rnd001', { basis: 'net' });
    expect(inc.ok && inc.value.entries.map((e) => e.perHole)).toEqual(full.value.entries.map((e) => e.perHole));
  });
});
