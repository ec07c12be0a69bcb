/**
 * Analytics (issue 8) on a small trip worked out by hand. Course: the test nine (par 36, pars 4 4 3 5 4 4 3 5 4,
 * stroke indexes 1–5 on holes 4, 6, 1, 8, 5), rating 36 / slope 113, so a Course Handicap is half the Handicap
 * Index. Bo (HI 10): CH 5, PH 5 at 95 % → a stroke on holes 1, 4, 5, 6, 8. Al and Cy have no index (scratch);
 * Di has no scorecard.
 *
 *            holes                 gross  net  to par (gross / net)
 *   Day 1 Al 4 4 3 5 4 4 3 5 4       36   36   0 / 0     all pars
 *         Bo 5 5 4 6 5 5 4 6 5       45   40   +9 / +4   all bogeys
 *         Cy 3 4 3 5 4 4 3 5 9       40   40   +4 / +4   birdie on 1, +5 on 9
 *   Day 2 Al 5 5 4 6 5 5 4 6 5       45   45   +9 / +9
 *         Bo 4 3 3 5 4 4 3 5 4       35   30   −1 / −6   birdie on 2
 *         Cy 3 3 2 5 4 4 3 5 4       33   33   −3 / −3   birdies on 1–3
 *   Day 3 Al 3 3 3 (3 holes), Cy 4 (1 hole): not completed, counted nowhere.
 */
import { describe, expect, it } from 'vitest';
import { funStats, headToHead, headToHeadMatrix, mvp, prepare, rivalries, sharedPlacePoints, tripSummary } from '../../../shared/domain/analytics/index.js';
import type { DocsByType } from '../../../shared/domain/leaderboards/index.js';
import { FunStats, HeadToHead, HeadToHeadMatrix, Mvp, Rivalries, TripSummary } from '../../../shared/schemas/analytics.js';
import { card, competition, player, round, scorecard, type Doc } from '../leaderboards/fixtures.js';

const [AL, BO, CY, DI] = ['al0001', 'bo0001', 'cy0001', 'di0001'];
const [D1, D2, D3] = ['rnd001', 'rnd002', 'rnd003'];

function byType(docs: readonly Doc[]): DocsByType {
  const out: Record<string, Doc[]> = {};
  for (const d of docs) (out[d.type as string] ??= []).push(d);
  return out;
}

const match = (id: string, competitionId: string, roundId: string, sideA: string[], sideB: string[]): Doc => ({
  _id: `match:${id}`,
  type: 'match',
  id,
  competitionId,
  roundId,
  format: 'singles',
  sideA,
  sideB,
  points: 1,
});

const DOCS: Doc[] = [
  player(AL, 'Al', 'USA'),
  player(BO, 'Bo', 'Europe'),
  player(CY, 'Cy', 'Europe'),
  player(DI, 'Di', 'USA'),
  // Listed out of order: trip order is by date, not by id or position in the list.
  round(D2, [AL, BO, CY], { date: '2025-05-02' }),
  round(D1, [AL, BO, CY, DI], { date: '2025-05-01' }),
  round(D3, [AL, CY], { date: '2025-05-03' }),
  ...[D1, D2].flatMap((r) => [scorecard(r, AL, null), scorecard(r, BO, 10), scorecard(r, CY, null)]),
  scorecard(D3, AL, null),
  scorecard(D3, CY, null),
  ...card(D1, AL, [4, 4, 3, 5, 4, 4, 3, 5, 4]),
  ...card(D1, BO, [5, 5, 4, 6, 5, 5, 4, 6, 5]),
  ...card(D1, CY, [3, 4, 3, 5, 4, 4, 3, 5, 9]),
  ...card(D2, AL, [5, 5, 4, 6, 5, 5, 4, 6, 5]),
  ...card(D2, BO, [4, 3, 3, 5, 4, 4, 3, 5, 4]),
  ...card(D2, CY, [3, 3, 2, 5, 4, 4, 3, 5, 4]),
  ...card(D3, AL, [3, 3, 3]),
  ...card(D3, CY, [4]),
  competition('cmptrip', 'stroke_net', [D1, D2]),
  competition('cmpday1', 'stroke_net', [D1]),
  competition('cmpcup1', 'team_match', [D1, D2]),
  competition('cmpko01', 'match_play', [D1]),
  // Day 2, scratch singles: Cy wins every hole, 5&4. Day 1, Bo against Di (no card): never starts.
  match('mtc0001', 'cmpcup1', D2, [AL], [CY]),
  match('mtc0002', 'cmpcup1', D1, [BO], [DI]),
];
const docs = byType(DOCS);

describe('prepare', () => {
  it('keeps completed cards only, in trip order then by name, with net at 95 %', () => {
    const trip = prepare(docs);
    expect(trip.rounds.map((r) => r.id)).toEqual([D1, D2, D3]);
    expect(trip.cards.map((c) => [c.roundId, c.name, c.gross, c.net, c.par])).toEqual([
      [D1, 'Al', 36, 36, 36],
      [D1, 'Bo', 45, 40, 36],
      [D1, 'Cy', 40, 40, 36],
      [D2, 'Al', 45, 45, 36],
      [D2, 'Bo', 35, 30, 36],
      [D2, 'Cy', 33, 33, 36],
    ]);
    expect(trip.matches.map((m) => [m.result.id, m.result.status])).toEqual([['mtc0001', '5&4']]);
  });

  it('orders rounds on the same date by name, numbers as numbers', () => {
    const same = byType([round('rndaaa', [], { date: '2025-05-01' }), round('rndbbb', [], { date: '2025-05-01' })].map((r, i) => ({ ...r, name: i === 0 ? 'Day 10' : 'Day 2' })));
    expect(prepare(same).rounds.map((r) => r.name)).toEqual(['Day 2', 'Day 10']);
  });
});

describe('tripSummary', () => {
  const summary = tripSummary(docs);

  it('matches its schema', () => expect(TripSummary.parse(summary)).toEqual(summary));

  it('counts rounds, cards, holes and the trip averages over completed cards', () => {
    expect(summary).toMatchObject({ roundsScheduled: 3, roundsPlayed: 2, cardsCompleted: 6, holesPlayed: 54, averageGross: 39, averageNet: 37.33 });
    // Day 3's birdies (Al 3 3 3) are on an unfinished card and do not count.
    expect(summary.scoring).toEqual({ eaglesOrBetter: 0, birdies: 5, birdiesOrBetter: 5, pars: 30, bogeys: 18, doubleBogeysOrWorse: 1 });
  });

  it('gives every player their averages, best rounds and scoring, by name', () => {
    const line = (p: (typeof summary.players)[number]) => [p.name, p.roundsPlayed, p.averageGross, p.averageNet, p.averageGrossToPar, p.averageNetToPar, p.bestGross?.roundId ?? null, p.bestNet?.net ?? null];
    expect(summary.players.map(line)).toEqual([
      ['Al', 2, 40.5, 40.5, 4.5, 4.5, D1, 36],
      ['Bo', 2, 40, 35, 4, -1, D2, 30],
      ['Cy', 2, 36.5, 36.5, 0.5, 0.5, D2, 33],
      ['Di', 0, null, null, null, null, null, null],
    ]);
    expect(summary.players[2]!.scoring).toEqual({ eaglesOrBetter: 0, birdies: 4, birdiesOrBetter: 4, pars: 13, bogeys: 0, doubleBogeysOrWorse: 1 });
    expect(summary.players[0]).toMatchObject({ team: 'USA', holesPlayed: 18 });
  });

  it('lists the three best rounds to par, gross and net', () => {
    const refs = (list: { name: string; roundId: string; grossToPar: number; netToPar: number }[]) => list.map((r) => [r.name, r.roundId, r.grossToPar, r.netToPar]);
    expect(refs(summary.bestRounds.gross)).toEqual([
      ['Cy', D2, -3, -3],
      ['Bo', D2, -1, -6],
      ['Al', D1, 0, 0],
    ]);
    expect(refs(summary.bestRounds.net)).toEqual([
      ['Bo', D2, -1, -6],
      ['Cy', D2, -3, -3],
      ['Al', D1, 0, 0],
    ]);
  });
});

describe('headToHead', () => {
  it('compares shared rounds on net and totals the strokes (margins A − B)', () => {
    const r = headToHead(docs, AL, BO);
    if (!r.ok) throw new Error(r.failure.message);
    expect(HeadToHead.parse(r.value)).toEqual(r.value);
    expect(r.value).toMatchObject({ playerA: { playerId: AL, name: 'Al' }, playerB: { name: 'Bo' }, roundsTogether: 2, matches: [] });
    expect(r.value.rounds.map((x) => [x.roundId, x.netA, x.netB, x.winner])).toEqual([
      [D1, 36, 40, 'A'],
      [D2, 45, 30, 'B'],
    ]);
    expect(r.value.strokes).toEqual({ grossA: 81, grossB: 80, netA: 81, netB: 70, grossMargin: 1, netMargin: 11 });
    expect(r.value.record).toEqual({ source: 'rounds', winsA: 1, winsB: 1, halved: 0 });
  });

  it('halves a shared round on equal nets', () => {
    const r = headToHead(docs, BO, CY);
    expect(r.ok && r.value.record).toEqual({ source: 'rounds', winsA: 1, winsB: 0, halved: 1 });
    expect(r.ok && r.value.strokes.netMargin).toBe(-3);
  });

  it('takes the record from finished matches when the two met in one', () => {
    const r = headToHead(docs, AL, CY);
    if (!r.ok) throw new Error(r.failure.message);
    expect(r.value.matches).toEqual([{ matchId: 'mtc0001', competitionId: 'cmpcup1', competitionName: 'Cup cmpcup1', roundId: D2, format: 'singles', status: '5&4', winner: 'B' }]);
    expect(r.value.record).toEqual({ source: 'matches', winsA: 0, winsB: 1, halved: 0 });
    const reverse = headToHead(docs, CY, AL);
    expect(reverse.ok && reverse.value.record).toEqual({ source: 'matches', winsA: 1, winsB: 0, halved: 0 });
  });

  it('ignores a match that has not finished', () => {
    const r = headToHead(docs, BO, DI);
    expect(r.ok && [r.value.roundsTogether, r.value.matches, r.value.record]).toEqual([0, [], { source: 'rounds', winsA: 0, winsB: 0, halved: 0 }]);
  });

  it('refuses the same player twice and names unknown players', () => {
    expect(headToHead(docs, AL, AL)).toMatchObject({ ok: false, failure: { code: 'validation_failed' } });
    const r = headToHead(docs, 'zz0001', AL);
    expect(r).toMatchObject({ ok: false, failure: { code: 'player_not_found', details: [{ path: ['query', 'playerA'], playerId: 'zz0001' }] } });
  });
});

describe('headToHeadMatrix', () => {
  it('has a row per player by name and a cell per opponent from the row side', () => {
    const m = headToHeadMatrix(docs);
    expect(HeadToHeadMatrix.parse(m)).toEqual(m);
    expect(m.players.map((p) => p.name)).toEqual(['Al', 'Bo', 'Cy', 'Di']);
    const cell = (c: (typeof m.rows)[number]['cells'][number]) => (c ? [c.roundsTogether, c.netMargin, c.won, c.lost, c.halved, c.source] : null);
    expect(m.rows[0]!.cells.map(cell)).toEqual([null, [2, 11, 1, 1, 0, 'rounds'], [2, 8, 0, 1, 0, 'matches'], [0, 0, 0, 0, 0, 'rounds']]);
    expect(m.rows[2]!.cells.map(cell)).toEqual([[2, -8, 1, 0, 0, 'matches'], [2, 3, 0, 1, 1, 'rounds'], null, [0, 0, 0, 0, 0, 'rounds']]);
  });
});

describe('mvp', () => {
  it('adds place points (ties sharing) and match points, ranking every player', () => {
    const m = mvp(docs);
    expect(Mvp.parse(m)).toEqual(m);
    // Trip Cup (net, both days): Bo −2, Cy +1, Al +9 → 10, 7, 5. Day 1 (net): Al E, Bo and Cy +4 → 10, then (7 + 5) / 2 = 6 each.
    // Cup: Cy won his singles → 1. Bo–Di never started → nothing. The match play competition counts nothing.
    expect(m.entries.map((e) => [e.name, e.label, e.points, e.placePoints, e.matchPoints])).toEqual([
      ['Bo', '1', 16, 16, 0],
      ['Al', '2', 15, 15, 0],
      ['Cy', '3', 14, 13, 1],
      ['Di', '4', 0, 0, 0],
    ]);
    expect(m.entries[2]!.competitions).toContainEqual({ competitionId: 'cmpcup1', label: null, matchesWon: 1, matchesHalved: 0, points: 1 });
    expect(m.entries[1]!.competitions).toContainEqual({ competitionId: 'cmpday1', label: '1', matchesWon: 0, matchesHalved: 0, points: 10 });
    expect(m.competitions.map((c) => [c.competitionId, c.counted])).toEqual([
      ['cmpcup1', true],
      ['cmpday1', true],
      ['cmpko01', false],
      ['cmptrip', true],
    ]);
    expect(m.formula.placePoints).toEqual([10, 7, 5, 3, 1]);
  });

  it('shares the points of the places tied players occupy', () => {
    expect(sharedPlacePoints(1, 1)).toBe(10);
    expect(sharedPlacePoints(2, 2)).toBe(6);
    expect(sharedPlacePoints(1, 3)).toBeCloseTo(22 / 3);
    expect(sharedPlacePoints(5, 2)).toBe(0.5);
    expect(sharedPlacePoints(6, 1)).toBe(0);
  });
});

describe('funStats', () => {
  it('names the leaders of each stat', () => {
    const f = funStats(docs);
    expect(FunStats.parse(f)).toEqual(f);
    expect(f.mostBirdies).toEqual({ value: 4, leaders: [{ playerId: CY, name: 'Cy' }] });
    expect(f.biggestBlowUp).toEqual({ value: 5, leaders: [{ playerId: CY, name: 'Cy', roundId: D1, roundName: `Round ${D1}`, hole: 9, par: 4, strokes: 9 }] });
    // Al 0 → +9 (−9), Bo +9 → −1 (10), Cy +4 → −3 (7).
    expect(f.mostImproved).toEqual({ value: 10, leaders: [{ playerId: BO, name: 'Bo', firstRoundId: D1, lastRoundId: D2, firstToPar: 9, lastToPar: -1 }] });
    expect(f.longestParStreak?.value).toBe(9);
    expect(f.longestParStreak?.leaders.map((l) => [l.name, l.roundId, l.fromHole, l.toHole])).toEqual([
      ['Al', D1, 1, 9],
      ['Bo', D2, 1, 9],
      ['Cy', D2, 1, 9],
    ]);
  });

  it('answers null for a stat nobody qualifies for', () => {
    const f = funStats(byType([player(AL, 'Al'), round(D1, [AL]), scorecard(D1, AL, null), ...card(D1, AL, [5, 5, 4, 6, 5, 5, 4, 6, 5])]));
    expect(f).toEqual({ mostBirdies: null, biggestBlowUp: { value: 1, leaders: expect.any(Array) }, mostImproved: null, longestParStreak: null });
    expect(f.biggestBlowUp?.leaders).toHaveLength(9);
  });
});

describe('rivalries', () => {
  it('lists pairs with rounds together, closest by average net margin', () => {
    const r = rivalries(docs, { limit: 5, minRounds: 1 });
    expect(Rivalries.parse(r)).toEqual(r);
    const pairs = (list: typeof r.closest) => list.map((x) => [x.playerA.name, x.playerB.name, x.roundsTogether, x.netMargin, x.averageMargin]);
    // Per round |A − B|: Bo–Cy 0 and 3; Al–Cy 4 and 12; Al–Bo 4 and 15.
    expect(pairs(r.closest)).toEqual([
      ['Bo', 'Cy', 2, -3, 1.5],
      ['Al', 'Cy', 2, 8, 8],
      ['Al', 'Bo', 2, 11, 9.5],
    ]);
    expect(pairs(r.mostPlayed)).toEqual(pairs(r.closest));
    expect(r.closest[1]!.record).toEqual({ source: 'matches', winsA: 0, winsB: 1, halved: 0 });
    expect(rivalries(docs, { limit: 1, minRounds: 1 }).closest).toHaveLength(1);
    expect(rivalries(docs, { limit: 5, minRounds: 3 })).toEqual({ minRounds: 3, closest: [], mostPlayed: [] });
  });

  it('averages the margin of each round, so margins of opposite signs do not cancel', () => {
    // Scratch players on the test nine (par 36). X − Y: +4 then −3 (3.5 a round, though only 1 in total);
    // X − Z: +1 and +1 (1 a round); Y − Z: −3 then +4 (3.5).
    const [X, Y, Z] = ['xx0001', 'yy0001', 'zz0001'];
    const [R1, R2] = ['rndx01', 'rndx02'];
    const trip = byType([
      player(X, 'Xan'),
      player(Y, 'Yul'),
      player(Z, 'Zed'),
      round(R1, [X, Y, Z], { date: '2025-06-01' }),
      round(R2, [X, Y, Z], { date: '2025-06-02' }),
      ...[R1, R2].flatMap((r) => [X, Y, Z].map((p) => scorecard(r, p, null))),
      ...card(R1, X, [8, 4, 3, 5, 4, 4, 3, 5, 4]),
      ...card(R1, Y, [4, 4, 3, 5, 4, 4, 3, 5, 4]),
      ...card(R1, Z, [7, 4, 3, 5, 4, 4, 3, 5, 4]),
      ...card(R2, X, [4, 4, 3, 5, 4, 4, 3, 5, 4]),
      ...card(R2, Y, [7, 4, 3, 5, 4, 4, 3, 5, 4]),
      ...card(R2, Z, [3, 4, 3, 5, 4, 4, 3, 5, 4]),
    ]);
    const r = rivalries(trip, { limit: 5, minRounds: 2 });
    expect(r.closest.map((x) => [x.playerA.name, x.playerB.name, x.netMargin, x.averageMargin])).toEqual([
      ['Xan', 'Zed', 2, 1],
      ['Xan', 'Yul', 1, 3.5],
      ['Yul', 'Zed', 1, 3.5],
    ]);
  });
});
