import { describe, expect, it } from 'vitest';
import { checkSides, sideBetterBallNet, sidesByHandicap } from '../../../shared/domain/games/four-ball-sides.js';
import { roundDataOf, sideGameState } from '../../../shared/domain/games/state/index.js';
import { fromDocs, roundLeaderboard, teamRoundLeaderboard } from '../../../shared/domain/leaderboards/index.js';
import { handicapSnapshot } from '../../../shared/domain/rounds.js';
import type { SideGameDoc, TeamcardDoc } from '../../../shared/schemas/games.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../../shared/schemas/round.js';

/**
 * Four-ball sides (issue 34): pairing by handicap, checking the organizer's sides, and better-ball net at the round's
 * allowance — one figure on the individual board, the team board and the Nassau. Every number is worked by hand.
 */

/** 18 holes, par 4, hole n has stroke index n: a Playing Handicap of k gives one stroke on holes 1 to k. */
const holes = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const [A, B, C, D] = ['anna01', 'bert02', 'cara03', 'dave04'] as const;

describe('sides by handicap: lowest with highest against the middle two', () => {
  it('A+D against B+C, by Playing Handicap', () => {
    const r = sidesByHandicap([
      { id: 'ann', playingHandicap: 4 },
      { id: 'bob', playingHandicap: 20 },
      { id: 'cat', playingHandicap: 12 },
      { id: 'dan', playingHandicap: 9 },
    ]);
    expect(r).toEqual({ ok: true, value: [['ann', 'bob'], ['dan', 'cat']] });
  });

  it('no index plays off 0, equal handicaps keep the group order, a plus handicap is lowest', () => {
    expect(sidesByHandicap([{ id: 'a', playingHandicap: 10 }, { id: 'b', playingHandicap: null }, { id: 'c', playingHandicap: -2 }, { id: 'd', playingHandicap: 10 }])).toEqual({
      ok: true,
      value: [['c', 'd'], ['b', 'a']],
    });
  });

  it('a group not of four makes no sides', () => {
    const r = sidesByHandicap([{ id: 'a', playingHandicap: 1 }, { id: 'b', playingHandicap: 2 }, { id: 'c', playingHandicap: 3 }]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.failure.code).toBe('unprocessable');
  });
});

describe("the organizer's sides", () => {
  const groups = [
    { id: 'g1', number: 1, playerIds: ['a', 'b', 'c', 'd'] },
    { id: 'g2', number: 2, playerIds: ['e', 'f', 'g', 'h'] },
    { id: 'g3', number: 3, playerIds: ['i', 'j', 'k'] },
  ];

  it('one side named makes the other of the two players left; both named are kept', () => {
    expect(checkSides(groups, [['a', 'c'], ['f', 'e'], ['h', 'g']])).toEqual({
      ok: true,
      value: [
        { groupId: 'g1', sides: [['a', 'c'], ['b', 'd']] },
        { groupId: 'g2', sides: [['f', 'e'], ['h', 'g']] },
      ],
    });
  });

  it('partners of two groups, a player on two sides, a stranger, a group of three: each refused with where', () => {
    const split = checkSides(groups, [['a', 'e']]);
    expect(!split.ok && [split.failure.code, split.failure.details?.[0]?.path]).toEqual(['unprocessable', ['body', 'sides', 0]]);
    expect(!split.ok && split.failure.message).toContain('same group');
    const twice = checkSides(groups, [['a', 'b'], ['a', 'c']]);
    expect(!twice.ok && [twice.failure.code, twice.failure.details?.[0]?.path]).toEqual(['duplicate_player', ['body', 'sides', 1, 0]]);
    const stranger = checkSides(groups, [['a', 'zz']]);
    expect(!stranger.ok && [stranger.failure.code, stranger.failure.details?.[0]?.path]).toEqual(['unknown_player', ['body', 'sides', 0, 1]]);
    const three = checkSides(groups, [['i', 'j']]);
    expect(!three.ok && three.failure.message).toContain('group of four');
    const lone = checkSides(groups, [['a']]);
    expect(!lone.ok && lone.failure.code).toBe('unprocessable');
  });
});

describe('better-ball net', () => {
  it('strokes by stroke index, the better net counts, a picked-up ball only when the partner has none', () => {
    // A: PH 3 → a stroke on holes 1–3 (SI 1–3). B: PH 0.
    // Hole 1: A 5 (net 4), B 4 → 4. Hole 2: A 5 (4), B 5 → 4. Hole 3: A picked up, B 6 → B's 6 counts. Hole 4: 5 and 6 → 5.
    const r = sideBetterBallNet(holes, [
      { gross: [5, 5, 'pickup', 5], playingHandicap: 3 },
      { gross: [4, 5, 6, 6], playingHandicap: 0 },
    ]);
    expect(r.net.slice(0, 5)).toEqual([4, 4, 6, 5, null]);
    expect([r.total, r.thru]).toEqual([19, 4]);
  });

  it('a Playing Handicap over 18 gives two strokes on the hardest holes; both picked up counts net double bogey', () => {
    // PH 20: two strokes on SI 1 and 2, one elsewhere. Hole 1: 7 − 2 = 5 against 6 → 5. Hole 2: both picked up → par + 2 = 6.
    const r = sideBetterBallNet(holes, [
      { gross: [7, 'pickup'], playingHandicap: 20 },
      { gross: [6, 'pickup'], playingHandicap: null },
    ]);
    expect(r.net.slice(0, 2)).toEqual([5, 6]);
    expect(r.pickedUp.slice(0, 2)).toEqual([false, true]);
  });
});

// ---- A four-ball round: the board, the team board and the Nassau agree -------------------------------------------

const stamp = { createdAt: '2027-04-11T08:00:00.000Z', updatedAt: '2027-04-11T08:00:00.000Z' };
const course = { name: 'Links', holes, tees: [{ name: 'White', courseRating: 72, slope: 113 }] };
const round = {
  _id: 'round:round1',
  type: 'round',
  id: 'round1',
  name: 'Day 1',
  date: '2027-04-11',
  course,
  format: 'four_ball',
  playerIds: [A, B, C, D],
  groups: [{ id: 'g1', number: 1, playerIds: [A, B, C, D] }],
  defaultTee: 'White',
  playerTees: {},
  state: 'in_progress',
  resetCount: 0,
  ...stamp,
} as RoundDoc;

/** Rating = par, slope 113: the Course Handicap is the index; frozen as readying a four-ball round freezes it. */
function scorecard(playerId: string, index: number): ScorecardDoc {
  const id = `round1-${playerId}`;
  return { _id: `scorecard:${id}`, type: 'scorecard', id, roundId: 'round1', playerId, groupId: 'g1', handicap: handicapSnapshot(round, playerId, index), ...stamp };
}
function score(playerId: string, hole: number, strokes: number): ScoreDoc {
  const scorecardId = `round1-${playerId}`;
  return { _id: `score:${scorecardId}:${hole}`, type: 'score', scorecardId, roundId: 'round1', playerId, hole, strokes, enteredBy: playerId, deviceId: 'phone', enteredAt: '2027-04-11T09:00:00.000Z', history: [], ...stamp };
}
const side = (key: string, playerIds: string[]): TeamcardDoc => ({
  _id: `teamcard:round1-${key}`,
  type: 'teamcard',
  id: `round1-${key}`,
  roundId: 'round1',
  key,
  name: key,
  source: 'sides',
  format: 'best_ball',
  groupId: 'g1',
  playerIds,
  bestOf: 1,
  ...stamp,
});

describe('a four-ball round at its allowance (WHS Appendix C four-ball stroke play: 85 %)', () => {
  it('freezes Playing Handicaps at 85 %, rounded .5 up', () => {
    // 10 × 0.85 = 8.5 → 9; 30 × 0.85 = 25.5 → 26; 12.4 × 0.85 = 10.54 → 11; 4 × 0.85 = 3.4 → 3.
    expect([10, 30, 12.4, 4].map((i) => handicapSnapshot(round, A, i)).map((h) => [h.allowancePercent, h.playingHandicap])).toEqual([
      [85, 9],
      [85, 26],
      [85, 11],
      [85, 3],
    ]);
  });

  // A index 4 (PH 3), B 30 (PH 26), C 10 (PH 9), D 12.4 (PH 11): by handicap A+B against C+D.
  const cards = [scorecard(A, 4), scorecard(B, 30), scorecard(C, 10), scorecard(D, 12.4)];
  // Hole 1 (SI 1): A 5, B 6, C 5, D 5. Hole 10 (SI 10): A 4, B 6, C 5, D 4.
  const scores = [score(A, 1, 5), score(B, 1, 6), score(C, 1, 5), score(D, 1, 5), score(A, 10, 4), score(B, 10, 6), score(C, 10, 5), score(D, 10, 4)];
  const docs = { round: [round], scorecard: cards, score: scores, player: [], teamcard: [side('g1-1', [A, B]), side('g1-2', [C, D])] };

  it('the individual board defaults to the round allowance, not 95 %', () => {
    const r = roundLeaderboard(fromDocs([round, ...cards, ...scores]), 'round1', { basis: 'net' });
    expect(r.ok && r.value.allowancePercent).toBe(85);
    expect(r.ok && Object.fromEntries(r.value.entries.map((e) => [e.playerId, e.playingHandicap]))).toEqual({ [A]: 3, [B]: 26, [C]: 9, [D]: 11 });
  });

  it('the team board: better-ball net per hole at 85 %', () => {
    // Hole 1: A 5−1 = 4, B 6−2 = 4 (PH 26: two strokes on SI 1–8) → 4; C 5−1 = 4, D 5−1 = 4 → 4.
    // Hole 10: A 4 (no stroke, PH 3), B 6−1 = 5 → 4; C 5 (PH 9: no stroke on SI 10) , D 4−1 = 3 (PH 11) → 3.
    const r = teamRoundLeaderboard(docs, 'round1', { basis: 'net' });
    expect(r.ok && r.value.allowancePercent).toBe(85);
    const byKey = r.ok ? Object.fromEntries(r.value.entries.map((e) => [e.key, [e.holes[0]!.net, e.holes[9]!.net, e.net]])) : {};
    expect(byKey).toEqual({ 'g1-1': [4, 4, 8], 'g1-2': [4, 3, 7] });
    // The same figures as the shared better-ball function the phone uses.
    const gross = (p: string) => holes.map((h) => scores.find((s) => s.playerId === p && s.hole === h.number)?.strokes ?? null);
    const phone = sideBetterBallNet(holes, [{ gross: gross(C), playingHandicap: 9 }, { gross: gross(D), playingHandicap: 11 }]);
    expect([phone.net[0], phone.net[9], phone.total]).toEqual([4, 3, 7]);
  });

  it("the sides' Nassau plays at the round's allowance, each side's hole the board's better-ball net", () => {
    const game = {
      _id: 'sidegame:game01',
      type: 'sidegame',
      id: 'game01',
      roundId: 'round1',
      name: 'Nassau',
      basis: 'net',
      createdBy: { kind: 'organizer', id: 'org' },
      kind: 'nassau',
      participants: { a: [A, B], b: [C, D] },
      config: { stakes: 500, autoPress: 'off', manualPresses: [] },
      ...stamp,
    } as SideGameDoc;
    // Everyone makes 4 on holes 2–9, so hole 10 counts too (a hole counts once every player has finished it).
    const fours = [A, B, C, D].flatMap((p) => [2, 3, 4, 5, 6, 7, 8, 9].map((h) => score(p, h, 4)));
    const data = roundDataOf(round, cards, [...scores, ...fours]);
    const r = sideGameState(game, data);
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.kind !== 'nassau') return;
    expect(r.value.allowancePercent).toBe(85);
    expect(r.value.playingHandicaps).toEqual({ [A]: 3, [B]: 26, [C]: 9, [D]: 11 });
    expect([r.value.holes[0], r.value.holes[9]].map((h) => [h!.a, h!.b, h!.winner])).toEqual([
      [4, 4, 'halved'],
      [4, 3, 'b'],
    ]);
  });
});
