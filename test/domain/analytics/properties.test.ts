/**
 * Analytics (issue 8) on random trips (fast-check): the figures agree with each other whatever the scores, and a
 * few orderings that the hand-worked trip does not exercise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { funStats, headToHeadMatrix, mvp, parStreak, prepare, rivalries, tripSummary, PLACE_POINTS } from '../../../shared/domain/analytics/index.js';
import type { DocsByType } from '../../../shared/domain/leaderboards/index.js';
import { FunStats, HeadToHeadMatrix, Mvp, Rivalries, TripSummary } from '../../../shared/schemas/analytics.js';
import { card, competition, player, round, scorecard, type Doc } from '../leaderboards/fixtures.js';

function byType(docs: readonly Doc[]): DocsByType {
  const out: Record<string, Doc[]> = {};
  for (const d of docs) (out[d.type as string] ??= []).push(d);
  return out;
}

const PLAYERS = ['pla001', 'plb001', 'plc001', 'pld001', 'ple001', 'plf001'];
const ROUNDS = ['rnd001', 'rnd002', 'rnd003'];

/** A random trip: 2–6 players, 1–3 nine-hole rounds, each card missing, partial or complete, two competitions. */
const tripArb = fc
  .record({
    players: fc.integer({ min: 2, max: 6 }),
    rounds: fc.integer({ min: 1, max: 3 }),
    cards: fc.array(fc.option(fc.array(fc.option(fc.integer({ min: 1, max: 10 }), { freq: 8 }), { minLength: 9, maxLength: 9 }), { freq: 4 }), { minLength: 18, maxLength: 18 }),
    indexes: fc.array(fc.option(fc.integer({ min: 0, max: 36 })), { minLength: 6, maxLength: 6 }),
  })
  .map(({ players, rounds, cards, indexes }) => {
    const ps = PLAYERS.slice(0, players);
    const rs = ROUNDS.slice(0, rounds);
    const docs: Doc[] = ps.map((p, i) => player(p, `Player ${i}`));
    rs.forEach((r, ri) => {
      docs.push(round(r, ps, { date: `2025-05-0${ri + 1}` }));
      ps.forEach((p, pi) => {
        const strokes = cards[ri * 6 + pi];
        if (!strokes) return;
        docs.push(scorecard(r, p, indexes[pi] ?? null), ...card(r, p, strokes));
      });
    });
    docs.push(competition('cmpnet1', 'stroke_net', rs), competition('cmpgrs1', 'stroke_gross', rs.slice(0, 1)));
    return byType(docs);
  });

describe('analytics on random trips', () => {
  it('answers what the schemas describe', () => {
    fc.assert(
      fc.property(tripArb, (docs) => {
        expect(TripSummary.safeParse(tripSummary(docs)).success).toBe(true);
        expect(HeadToHeadMatrix.safeParse(headToHeadMatrix(docs)).success).toBe(true);
        expect(Mvp.safeParse(mvp(docs)).success).toBe(true);
        expect(FunStats.safeParse(funStats(docs)).success).toBe(true);
        expect(Rivalries.safeParse(rivalries(docs, { limit: 50, minRounds: 1 })).success).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('counts every hole of a completed card once in the scoring, and only completed cards', () => {
    fc.assert(
      fc.property(tripArb, (docs) => {
        const s = tripSummary(docs);
        const { eaglesOrBetter, birdies, pars, bogeys, doubleBogeysOrWorse } = s.scoring;
        expect(eaglesOrBetter + birdies + pars + bogeys + doubleBogeysOrWorse).toBe(s.holesPlayed);
        expect(s.holesPlayed).toBe(s.cardsCompleted * 9);
        expect(s.players.reduce((n, p) => n + p.roundsPlayed, 0)).toBe(s.cardsCompleted);
        const perCard = new Map<string, number>();
        for (const d of (docs.score ?? []) as Doc[]) perCard.set(d.scorecardId as string, (perCard.get(d.scorecardId as string) ?? 0) + 1);
        expect([...perCard.values()].filter((n) => n === 9).length).toBe(s.cardsCompleted);
      }),
      { numRuns: 60 },
    );
  });

  it('makes the matrix antisymmetric: my margin is your margin negated, my wins your losses', () => {
    fc.assert(
      fc.property(tripArb, (docs) => {
        const m = headToHeadMatrix(docs);
        m.rows.forEach((row, i) =>
          row.cells.forEach((cell, j) => {
            const back = m.rows[j]!.cells[i];
            if (i === j) return expect(cell).toBeNull();
            expect([back!.roundsTogether, 0 - back!.netMargin, 0 - back!.grossMargin, back!.lost, back!.won, back!.halved]).toEqual([cell!.roundsTogether, cell!.netMargin, cell!.grossMargin, cell!.won, cell!.lost, cell!.halved]);
            if (cell!.source === 'rounds') expect(cell!.won + cell!.lost + cell!.halved).toBe(cell!.roundsTogether);
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('hands out exactly the points of the places taken in each competition', () => {
    fc.assert(
      fc.property(tripArb, (docs) => {
        const m = mvp(docs);
        for (const id of ['cmpnet1', 'cmpgrs1']) {
          const lines = m.entries.flatMap((e) => e.competitions.filter((c) => c.competitionId === id));
          const placed = lines.filter((c) => c.label !== '-').length;
          const expected = PLACE_POINTS.slice(0, placed).reduce((a, b) => a + b, 0);
          expect(lines.reduce((n, c) => n + c.points, 0)).toBeCloseTo(expected, 1);
        }
        for (let i = 1; i < m.entries.length; i++) expect(m.entries[i - 1]!.points).toBeGreaterThanOrEqual(m.entries[i]!.points);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the longest run of holes at par or better', () => {
    const holesArb = fc.array(fc.record({ par: fc.integer({ min: 3, max: 5 }), strokes: fc.integer({ min: 1, max: 9 }) }), { maxLength: 18 });
    fc.assert(
      fc.property(holesArb, (raw) => {
        const holes = raw.map((h, i) => ({ ...h, number: i + 1 }));
        const s = parStreak(holes);
        const good = holes.map((h) => h.strokes <= h.par);
        let longest = 0;
        for (let i = 0; i < good.length; i++) for (let j = i; j < good.length && good[j]; j++) longest = Math.max(longest, j - i + 1);
        expect(s.length).toBe(longest);
        if (longest > 0) {
          expect(s.toHole - s.fromHole + 1).toBe(longest);
          expect(good.slice(s.fromHole - 1, s.toHole).every(Boolean)).toBe(true);
        }
      }),
    );
  });
});

describe('orderings', () => {
  // Three pars-only rounds for Ann and Ben (Ben one over each day: margin 1 a round); one round for Ann and Cat, level.
  const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4];
  const plus = (n: number) => PARS.map((p, i) => (i === 0 ? p + n : p));
  const docs = byType([
    player('ann001', 'Ann'),
    player('ben001', 'Ben'),
    player('cat001', 'Cat'),
    ...['rnd001', 'rnd002', 'rnd003'].flatMap((r, i) => [round(r, [], { date: `2025-05-0${i + 1}` }), scorecard(r, 'ann001', null), scorecard(r, 'ben001', null), ...card(r, 'ann001', plus(0)), ...card(r, 'ben001', plus(1))]),
    scorecard('rnd001', 'cat001', null),
    ...card('rnd001', 'cat001', plus(0)),
  ]);

  it('puts the level pair first among the closest and the pair with most rounds first among the most played', () => {
    const r = rivalries(docs, { limit: 5, minRounds: 1 });
    const names = (list: typeof r.closest) => list.map((x) => `${x.playerA.name}-${x.playerB.name}:${x.roundsTogether}:${x.averageMargin}`);
    // Ben–Cat and Ann–Ben are both 1 a round apart: Ben–Cat's record (0–1) is closer than Ann–Ben's (3–0).
    expect(names(r.closest)).toEqual(['Ann-Cat:1:0', 'Ben-Cat:1:1', 'Ann-Ben:3:1']);
    expect(names(r.mostPlayed)).toEqual(['Ann-Ben:3:1', 'Ann-Cat:1:0', 'Ben-Cat:1:1']);
    expect(rivalries(docs, { limit: 5, minRounds: 2 }).closest.map((x) => x.playerB.name)).toEqual(['Ben']);
  });

  it('reads most improved from the first and last rounds in date order', () => {
    const trip = prepare(docs);
    expect(trip.cards.filter((c) => c.playerId === 'ben001').map((c) => c.roundId)).toEqual(['rnd001', 'rnd002', 'rnd003']);
    expect(funStats(docs).mostImproved).toBeNull(); // Ben is +1 every day: no improvement
  });
});
