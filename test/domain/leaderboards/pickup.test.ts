import { describe, expect, it } from 'vitest';
import {
  competitionBoard,
  createLeaderboardEngine,
  fromDocs,
  roundLeaderboard,
  teamMatchLeaderboard,
  teamRoundLeaderboard,
  type DocsByType,
} from '../../../shared/domain/leaderboards/index.js';
import { card, competition, player, PU, round, scorecard, score, type Doc } from './fixtures.js';

/**
 * Picked-up holes (`strokes: null`, WHS Rule 3.1b) on every board, hand-checked on the test nine (pars 4 4 3 5 4 4 3
 * 5 4, SI 3 7 9 1 5 2 8 4 6; Course Handicap = index / 2).
 * Ann index 4 → CH 2 → PH 2 at 95 % (1.9): strokes on holes 4 and 6 (SI 1, 2). Bob scratch.
 */
const base: Doc[] = [
  player('ann001', 'Ann', 'USA'),
  player('bob001', 'Bob', 'Europe'),
  player('cat001', 'Cat', 'USA'),
  player('dan001', 'Dan', 'Europe'),
  round('rnd001', ['ann001', 'bob001', 'cat001', 'dan001']),
  scorecard('rnd001', 'ann001', 4),
  scorecard('rnd001', 'bob001', 0),
  scorecard('rnd001', 'cat001', 0),
  scorecard('rnd001', 'dan001', 0),
];

describe('a picked-up hole on the round board', () => {
  // Ann: 5 on hole 1, picked up hole 4 (par 5, a stroke: net double bogey 5 + 2 + 1 = 8), 4 on hole 6 (a stroke).
  const docs = [...base, ...card('rnd001', 'ann001', [5, null, null, PU, null, 4]), ...card('rnd001', 'bob001', [4, 4, 3])];
  const snapshot = fromDocs(docs);

  it('counts net double bogey in gross and net, 0 Stableford points, and counts as played', () => {
    const board = roundLeaderboard(snapshot, 'rnd001', { basis: 'net' });
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    const ann = board.value.entries.find((e) => e.playerId === 'ann001')!;
    // Gross 5 + 8 + 4 = 17 on par 13; net 17 − 2 strokes = 15 (+2). Points: 1 (bogey) + 0 (pick-up) + 3 (net birdie).
    expect(ann).toMatchObject({ thru: 3, gross: 17, net: 15, grossToPar: 4, netToPar: 2, points: 4, playingHandicap: 2 });
    expect(ann.holes.slice(0, 6)).toEqual([5, null, null, 8, null, 4]);
    expect(ann.perHole[3]).toMatchObject({ hole: 4, gross: null, pickedUp: true, strokesReceived: 1, net: 7, points: 0, netDoubleBogey: 8 });
  });

  it('the engine answers the same, whether a hole becomes a pick-up, a number again, or is removed', () => {
    const engine = createLeaderboardEngine(fromDocs(base));
    for (const d of docs.filter((x) => x.type === 'score')) engine.applyScore(d);
    expect(engine.round('rnd001', { basis: 'stableford' })).toEqual(roundLeaderboard(snapshot, 'rnd001', { basis: 'stableford' }));
    const steps: Doc[] = [score('rnd001', 'bob001', 2, null), score('rnd001', 'ann001', 4, 6), score('rnd001', 'ann001', 1, null), { _id: 'score:rnd001-ann001:1', _deleted: true }];
    let all = [...docs];
    for (const step of steps) {
      engine.applyScore(step);
      all = [...all, step];
      for (const basis of ['gross', 'net', 'stableford'] as const) {
        expect(engine.round('rnd001', { basis, countback: true })).toEqual(roundLeaderboard(fromDocs(all), 'rnd001', { basis, countback: true }));
      }
    }
    const bob = engine.round('rnd001', { basis: 'gross' });
    expect(bob.ok && bob.value.entries.find((e) => e.playerId === 'bob001')).toMatchObject({ thru: 3, gross: 4 + 6 + 3 });
  });

  it('a score document with strokes null is a valid score; a missing strokes field is not', () => {
    const picked = score('rnd001', 'bob001', 1, null);
    const { strokes: _gone, ...noStrokes } = score('rnd001', 'bob001', 2, 4);
    expect(fromDocs([picked, noStrokes]).scores).toEqual([{ id: 'score:rnd001-bob001:1', scorecardId: 'rnd001-bob001', hole: 1, strokes: null }]);
  });
});

describe('a picked-up hole in a team match', () => {
  const docs = [
    ...base,
    // Singles: Ann CH 2 at 100 % receives 2 strokes (SI 1 and 2: holes 4 and 6), none on holes 1–3.
    // Hole 1: Ann picks up, Bob 6 → Bob. Hole 2: both pick up → halved. Hole 3: Ann 3, Bob picks up → Ann.
    ...card('rnd001', 'ann001', [PU, PU, 3]),
    ...card('rnd001', 'bob001', [6, PU, PU]),
    // Four-ball partners Cat (with Ann) and Dan (with Bob).
    ...card('rnd001', 'cat001', [4, PU, PU]),
    ...card('rnd001', 'dan001', [PU, 4, PU]),
  ];
  const snapshot = fromDocs(docs);

  it('singles: the player who picks up loses the hole, both picked up halve it', () => {
    const r = teamMatchLeaderboard(snapshot, [{ id: 'm1', roundId: 'rnd001', format: 'singles', sideA: ['ann001'], sideB: ['bob001'] }]);
    expect(r.ok && r.value.matches[0]!.holes.slice(0, 3)).toEqual(['B', 'halved', 'A']);
    expect(r.ok && r.value.matches[0]).toMatchObject({ thru: 3, up: 0, status: 'AS thru 3' });
  });

  it("four-ball: the partner's ball counts; a side with every ball picked up loses, two such sides halve", () => {
    // Hole 1: Ann and Cat: Cat 4 (Ann picked up) v Bob 6 (Dan picked up) → A. Hole 2: A all picked up, Dan 4 → B.
    // Hole 3: Ann 3 v both of B picked up → A.
    const r = teamMatchLeaderboard(snapshot, [{ id: 'm2', roundId: 'rnd001', format: 'fourball', sideA: ['ann001', 'cat001'], sideB: ['bob001', 'dan001'] }]);
    expect(r.ok && r.value.matches[0]!.holes.slice(0, 3)).toEqual(['A', 'B', 'A']);
    const halved = teamMatchLeaderboard(fromDocs([...docs, score('rnd001', 'dan001', 2, null)]), [{ id: 'm2', roundId: 'rnd001', format: 'fourball', sideA: ['ann001', 'cat001'], sideB: ['bob001', 'dan001'] }]);
    expect(halved.ok && halved.value.matches[0]!.holes[1]).toBe('halved');
  });
});

describe('team match allowance: strokes off the lowest at the competition allowance', () => {
  it('singles at 100 % by default; a competition allowance replaces it', () => {
    // Ann index 8 → CH 4, Bob index 4 → CH 2. At 100 %: PH 4 and 2, Ann receives 2. At 50 %: 2 and 1, Ann receives 1.
    const docs: DocsByType = {
      player: [player('ann001', 'Ann', 'USA'), player('bob001', 'Bob', 'Europe')],
      round: [round('rnd001', ['ann001', 'bob001'])],
      scorecard: [scorecard('rnd001', 'ann001', 8), scorecard('rnd001', 'bob001', 4)],
      score: [],
      competition: [competition('cup001', 'team_match', ['rnd001'])],
      match: [{ _id: 'match:m1', type: 'match', id: 'm1', competitionId: 'cup001', roundId: 'rnd001', format: 'singles', sideA: ['ann001'], sideB: ['bob001'], points: 1 }],
    };
    const strokes = (d: DocsByType) => {
      const b = competitionBoard(d, 'cup001');
      return b.ok && b.value.kind === 'team_match' ? [b.value.matches[0]!.sideA.strokes, b.value.matches[0]!.sideB.strokes] : null;
    };
    expect(strokes(docs)).toEqual([[2], [0]]);
    expect(strokes({ ...docs, competition: [{ ...competition('cup001', 'team_match', ['rnd001']), allowancePercent: 50 }] })).toEqual([[1], [0]]);
  });
});

describe('a picked-up hole on the team round board', () => {
  /** Hole 1 par 4 SI 3: Ann (PH 2) gets no stroke there; hole 4 par 5 SI 1: Ann gets one. */
  const teamcard = (key: string, format: 'best_ball' | 'scramble', playerIds: string[], extra: Doc = {}): Doc => ({
    _id: `teamcard:rnd001-${key}`,
    type: 'teamcard',
    id: `rnd001-${key}`,
    roundId: 'rnd001',
    key,
    name: key,
    source: 'groups',
    format,
    playerIds,
    ...extra,
  });
  const teamscore = (key: string, hole: number, strokes: number | null): Doc => ({
    _id: `teamscore:rnd001-${key}:${hole}`,
    type: 'teamscore',
    teamcardId: `rnd001-${key}`,
    roundId: 'rnd001',
    hole,
    strokes,
    enteredBy: 'org',
    enteredAt: '2025-05-01T09:00:00Z',
    history: [],
  });
  const all = (extra: Partial<DocsByType>): DocsByType => ({
    player: base.filter((d) => d.type === 'player'),
    round: base.filter((d) => d.type === 'round'),
    scorecard: base.filter((d) => d.type === 'scorecard'),
    ...extra,
  });

  it("best ball: the team's other ball counts; every ball picked up counts the best net double bogey", () => {
    const docs = all({
      score: [...card('rnd001', 'ann001', [5, PU, null, PU]), ...card('rnd001', 'bob001', [PU, PU, null, PU])],
      teamcard: [teamcard('g1', 'best_ball', ['ann001', 'bob001'], { bestOf: 1 })],
    });
    const board = teamRoundLeaderboard(docs, 'rnd001', { basis: 'net' });
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    // Hole 1: Ann's 5 counts. Hole 2 (par 4, no strokes): both picked up, 6 gross and net. Hole 4 (par 5): Ann's net
    // double bogey is 8 gross (a stroke) and 7 net, Bob's 7 gross and 7 net: best gross 7, best net 7.
    expect(board.value.entries[0]!.holes.filter((h) => h.gross !== null)).toEqual([
      { hole: 1, gross: 5, net: 5, pickedUp: false },
      { hole: 2, gross: 6, net: 6, pickedUp: true },
      { hole: 4, gross: 7, net: 7, pickedUp: true },
    ]);
    expect(board.value.entries[0]).toMatchObject({ thru: 3, gross: 18, net: 18, toPar: 5 });
  });

  it('scramble: the team picking up counts its net double bogey from the team handicap', () => {
    // Team handicap 1: a stroke on SI 1 (hole 4). Hole 4 picked up: 5 + 2 + 1 = 8 gross, 7 net.
    const docs = all({
      teamcard: [teamcard('red', 'scramble', ['ann001', 'bob001'], { handicap: { courseHandicaps: {}, teamHandicap: 1 } })],
      teamscore: [teamscore('red', 1, 4), teamscore('red', 4, null)],
    });
    const board = teamRoundLeaderboard(docs, 'rnd001', { basis: 'net' });
    expect(board.ok && board.value.entries[0]).toMatchObject({ thru: 2, gross: 12, net: 11, toPar: 2 });
    expect(board.ok && board.value.entries[0]!.holes[3]).toEqual({ hole: 4, gross: 8, net: 7, pickedUp: true });
  });
});
