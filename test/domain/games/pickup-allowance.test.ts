import { describe, expect, it } from 'vitest';
import { computeNassau, computeSkins, PICKED_UP, type HoleScores } from '../../../shared/domain/games/index.js';
import { nassauAllowance, roundDataOf, sideGameState, matchHandicaps } from '../../../shared/domain/games/state/index.js';
import type { SideGameDoc } from '../../../shared/schemas/games.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../../shared/schemas/round.js';

/**
 * Picked-up holes (WHS Rule 3.1b, `strokes: null`) in the side games, and the match play allowance of a net Nassau
 * (WHS Appendix C: strokes off the lowest Playing Handicap). Hand-checked worked examples.
 */

const [A, B, C, D] = ['anna01', 'bert02', 'cara03', 'dave04'] as const;
const P = PICKED_UP;

describe('skins with a picked-up hole', () => {
  const skins = (scores: HoleScores, holes: number[], validation = false) =>
    computeSkins({ players: [A, B, C], holes, scores, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, validation, leftover: 'refund' });

  it('a picked-up hole wins no skin, even against higher scores', () => {
    // Hole 1: A picked up, B 5, C 6 → B wins alone. Hole 2: everyone picked up → no scores, the skin carries.
    const r = skins({ [A]: { 1: P, 2: P, 3: 4 }, [B]: { 1: 5, 2: P, 3: 5 }, [C]: { 1: 6, 2: P, 3: 5 } }, [1, 2, 3]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.holes.map((h) => [h.hole, h.outcome, h.winner, h.skinsWon])).toEqual([
      [1, 'won', B, 1],
      [2, 'no_scores', null, 0],
      [3, 'won', A, 2],
    ]);
  });

  it('a winner who picks up on the next hole does not validate the skin', () => {
    const r = skins({ [A]: { 1: 3, 2: P }, [B]: { 1: 4, 2: 6 }, [C]: { 1: 4, 2: 7 } }, [1, 2], true);
    expect(r.ok && r.value.holes.map((h) => h.outcome)).toEqual(['not_validated', 'won']);
  });
});

describe('Nassau with a picked-up hole', () => {
  const nassau = (scores: HoleScores, sides: { a: string[]; b: string[] } = { a: [A], b: [B] }) => {
    const r = computeNassau({ sides, scores, stakeCents: 100 });
    if (!r.ok) throw new Error(r.failure.message);
    return r.value;
  };

  it('the player who picks up loses the hole; both picked up halve it', () => {
    const r = nassau({ [A]: { 1: P, 2: P, 3: 9 }, [B]: { 1: 9, 2: P, 3: P } });
    expect(r.holes.slice(0, 4).map((h) => [h.hole, h.a, h.b, h.winner])).toEqual([
      [1, null, 9, 'b'],
      [2, null, null, 'halved'],
      [3, 9, null, 'a'],
      [4, null, null, 'unplayed'],
    ]);
  });

  it('teams: a side loses the hole only when every partner picked up', () => {
    const r = nassau({ [A]: { 1: P, 2: P }, [C]: { 1: 6, 2: P }, [B]: { 1: 5, 2: 7 }, [D]: { 1: P, 2: P } }, { a: [A, C], b: [B, D] });
    expect(r.holes.slice(0, 2).map((h) => [h.a, h.b, h.winner])).toEqual([
      [6, 5, 'b'],
      [null, 7, 'b'],
    ]);
  });
});

// ---- Through the shared state, as the server and the device compute it ------------------------------------------

const stamp = { createdAt: '2027-04-11T08:00:00.000Z', updatedAt: '2027-04-11T08:00:00.000Z' };
/** 18 holes, par 4, hole n has stroke index n: a stroke on SI k falls on hole k. */
const holes = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const round: RoundDoc = {
  _id: 'round:round1',
  type: 'round',
  id: 'round1',
  name: 'Day 1',
  date: '2027-04-11',
  course: { name: 'Links', holes, tees: [{ name: 'White', courseRating: 72, slope: 113 }] },
  format: 'stroke_play',
  playerIds: [A, B, C, D],
  groups: [],
  playerTees: {},
  state: 'in_progress',
  resetCount: 0,
  ...stamp,
} as RoundDoc;

/** Course rating = par and slope 113: the Course Handicap equals the index; frozen at 95 % as a stroke play round does. */
function scorecard(playerId: string, index: number): ScorecardDoc {
  const id = `round1-${playerId}`;
  return {
    _id: `scorecard:${id}`,
    type: 'scorecard',
    id,
    roundId: 'round1',
    playerId,
    groupId: null,
    handicap: { handicapIndex: index, tee: 'White', courseRating: 72, slope: 113, par: 72, holes: 18, courseHandicap: index, allowancePercent: 95, playingHandicap: Math.round(index * 0.95) },
    ...stamp,
  };
}

function score(playerId: string, hole: number, strokes: number | null): ScoreDoc {
  const scorecardId = `round1-${playerId}`;
  return { _id: `score:${scorecardId}:${hole}`, type: 'score', scorecardId, roundId: 'round1', playerId, hole, strokes, enteredBy: playerId, deviceId: 'phone', enteredAt: '2027-04-11T09:00:00.000Z', history: [], ...stamp };
}

function nassauGame(a: string[], b: string[], config: Partial<Extract<SideGameDoc, { kind: 'nassau' }>['config']> = {}): SideGameDoc {
  return {
    _id: 'sidegame:game01',
    type: 'sidegame',
    id: 'game01',
    roundId: 'round1',
    name: 'Nassau',
    basis: 'net',
    createdBy: { kind: 'organizer', id: 'org' },
    kind: 'nassau',
    participants: { a, b },
    config: { stakes: 100, autoPress: 'off', manualPresses: [], ...config },
    ...stamp,
  } as SideGameDoc;
}

/** Every player makes 4 on holes 1–3 (par 4, SI 1–3), so only the handicap strokes decide them. */
const level = (players: string[]) => players.flatMap((p) => [1, 2, 3].map((h) => score(p, h, 4)));

describe('net Nassau: strokes off the lowest Playing Handicap (WHS Appendix C)', () => {
  it('PH 2 against PH 4: the better player gets no stroke on SI 3, the other strokes on SI 1 and 2 only', () => {
    const data = roundDataOf(round, [scorecard(A, 2), scorecard(B, 4)], level([A, B]));
    const r = sideGameState(nassauGame([A], [B]), data);
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.kind !== 'nassau') return;
    expect(r.value).toMatchObject({ allowancePercent: 100, playingHandicaps: { [A]: 2, [B]: 4 }, matchStrokes: { [A]: 0, [B]: 2 } });
    // B's net 3 wins SI 1 and 2; on SI 3 both are net 4 (before the fix A got a stroke there and won it).
    expect(r.value.holes.slice(0, 3).map((h) => [h.hole, h.a, h.b, h.winner])).toEqual([
      [1, 4, 3, 'b'],
      [2, 4, 3, 'b'],
      [3, 4, 4, 'halved'],
    ]);
  });

  it('teams play at 90 % of the Course Handicap, each off the lowest of the four', () => {
    // CH 10, 20, 4, 12 → PH at 90 %: 9, 18, 4 (3.6), 11 (10.8) → strokes 5, 14, 0, 7.
    const data = roundDataOf(round, [scorecard(A, 10), scorecard(B, 20), scorecard(C, 4), scorecard(D, 12)], []);
    const game = nassauGame([A, B], [C, D]);
    expect(nassauAllowance(game as Extract<SideGameDoc, { kind: 'nassau' }>)).toBe(90);
    const r = sideGameState(game, data);
    expect(r.ok && r.value.kind === 'nassau' && r.value.matchStrokes).toEqual({ [A]: 5, [B]: 14, [C]: 0, [D]: 7 });
    expect(matchHandicaps(data, [A, B, C, D], 90).playingHandicaps).toEqual({ [A]: 9, [B]: 18, [C]: 4, [D]: 11 });
  });

  it('the allowance is a game setting', () => {
    const data = roundDataOf(round, [scorecard(A, 2), scorecard(B, 10)], level([A, B]));
    const r = sideGameState(nassauGame([A], [B], { allowancePercent: 50 }), data);
    // PH 1 and 5 → B gets 4 strokes.
    expect(r.ok && r.value.kind === 'nassau' && [r.value.allowancePercent, r.value.matchStrokes]).toEqual([50, { [A]: 0, [B]: 4 }]);
  });

  it('a gross Nassau takes no strokes', () => {
    const data = roundDataOf(round, [scorecard(A, 2), scorecard(B, 4)], level([A, B]));
    const r = sideGameState({ ...nassauGame([A], [B]), basis: 'gross' } as SideGameDoc, data);
    expect(r.ok && r.value.kind === 'nassau' && [r.value.allowancePercent, r.value.matchStrokes, r.value.holes[0]!.winner]).toEqual([null, {}, 'halved']);
  });

  it('a picked-up hole (strokes: null) counts as finished and loses the hole; both picked up halve it', () => {
    const scores = [score(A, 1, null), score(B, 1, 6), score(A, 2, null), score(B, 2, null), score(A, 3, 5), score(B, 3, 5)];
    const r = sideGameState(nassauGame([A], [B]), roundDataOf(round, [scorecard(A, 2), scorecard(B, 4)], scores));
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.kind !== 'nassau') return;
    expect(r.value.holesCounted).toEqual([1, 2, 3]);
    expect(r.value.holes.slice(0, 3).map((h) => h.winner)).toEqual(['b', 'halved', 'halved']);
  });

  it('net skins: a picked-up hole wins nothing and the hole still counts as finished', () => {
    const game = {
      ...nassauGame([A], [B]),
      kind: 'skins',
      participants: [A, B, C],
      config: { mode: 'per_skin', cents: 100, carryover: true, validation: false, leftover: 'refund', carriedIn: 0 },
    } as SideGameDoc;
    const scores = [score(A, 1, null), score(B, 1, 5), score(C, 1, 6), score(A, 2, 3), score(B, 2, 5), score(C, 2, 5)];
    const r = sideGameState(game, roundDataOf(round, [scorecard(A, 0), scorecard(B, 0), scorecard(C, 0)], scores));
    expect(r.ok && r.value.kind === 'skins' && r.value.holes.map((h) => [h.hole, h.winner])).toEqual([
      [1, B],
      [2, A],
    ]);
  });
});
