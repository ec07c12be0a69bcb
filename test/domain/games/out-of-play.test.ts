import { describe, expect, it } from 'vitest';
import { roundDataOf, sideGameState } from '../../../shared/domain/games/state/index.js';
import { handicapSnapshot } from '../../../shared/domain/rounds.js';
import type { SideGameDoc } from '../../../shared/schemas/games.js';
import type { OutOfPlay, RoundDoc, ScorecardDoc, ScoreDoc } from '../../../shared/schemas/round.js';

/**
 * Players out of a round in its games (issue 34, shared/domain/games/state/out-of-play.ts), gross, worked by hand:
 * a four-ball Nassau side keeps playing with the partner left (Rules of Golf 23.1), a singles one ends; a bet decided
 * before the withdrawal stands; per skin a withdrawn player pays only for the holes played, and the nets sum to zero.
 */
const [A, B, C, D] = ['anna01', 'bert02', 'cara03', 'dave04'] as const;
const stamp = { createdAt: '2027-04-11T08:00:00.000Z', updatedAt: '2027-04-11T08:00:00.000Z' };
const holes = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const round = {
  _id: 'round:round1', type: 'round', id: 'round1', name: 'Day 1', date: '2027-04-11',
  course: { name: 'Links', holes, tees: [{ name: 'White', courseRating: 72, slope: 113 }] },
  format: 'stroke_play', playerIds: [A, B, C, D], groups: [{ id: 'g1', number: 1, playerIds: [A, B, C, D] }],
  defaultTee: 'White', playerTees: {}, state: 'in_progress', resetCount: 0, ...stamp,
} as RoundDoc;
const card = (playerId: string, out?: OutOfPlay): ScorecardDoc => ({
  _id: `scorecard:round1-${playerId}`, type: 'scorecard', id: `round1-${playerId}`, roundId: 'round1', playerId, groupId: 'g1',
  handicap: handicapSnapshot(round, playerId, 0), ...(out ? { outOfPlay: out } : {}), ...stamp,
});
const score = (playerId: string, hole: number, strokes: number): ScoreDoc => ({
  _id: `score:round1-${playerId}:${hole}`, type: 'score', scorecardId: `round1-${playerId}`, roundId: 'round1', playerId, hole, strokes,
  enteredBy: playerId, deviceId: 'phone', enteredAt: '2027-04-11T09:00:00.000Z', history: [], ...stamp,
});
const holesOf = (playerId: string, strokes: number[], from = 1) => strokes.map((s, i) => score(playerId, from + i, s));
const withdrawn = (afterHole: number, nassau: 'forfeit' | 'void' = 'forfeit'): OutOfPlay => ({ kind: 'withdrawn', afterHole, nassau, at: '2027-04-11T10:00:00.000Z' });
const game = (participants: SideGameDoc['participants'], kind: 'nassau' | 'skins', config: object): SideGameDoc =>
  ({ _id: 'sidegame:game01', type: 'sidegame', id: 'game01', roundId: 'round1', name: 'G', basis: 'gross', createdBy: { kind: 'organizer', id: 'org' }, kind, participants, config, ...stamp }) as SideGameDoc;

describe('a Nassau with a player out of the round', () => {
  const nassau = (participants: { a: string[]; b: string[] }) => game(participants, 'nassau', { stakes: 500, autoPress: 'off', manualPresses: [] });

  it('singles: the front nine decided before the withdrawal stands; the open back nine and overall are conceded', () => {
    // A wins holes 1–5 (5 up with 4 to play: the front is won 5 & 4), then withdraws after hole 10.
    const scores = [...holesOf(A, [3, 3, 3, 3, 3, 4, 4, 4, 4, 4]), ...holesOf(B, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])];
    const data = roundDataOf(round, [card(A, withdrawn(10)), card(B)], scores);
    const r = sideGameState(nassau({ a: [A], b: [B] }), data);
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.kind !== 'nassau') return;
    expect(r.value.holesCounted).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.value.bets.map((b) => [b.id, b.result])).toEqual([['front', 'a'], ['back', 'b'], ['overall', 'b']]);
    expect(r.value.moneyCents).toEqual({ [A]: 500 - 500 - 500, [B]: 500 });
    expect(r.value.ended).toEqual({ side: 'a', afterHole: 10, how: 'forfeit', playerIds: [A] });
  });

  it('singles, void: the open bets are off; nothing is owed for them', () => {
    const scores = [...holesOf(A, [3, 3, 3, 3, 3, 4, 4, 4, 4, 4]), ...holesOf(B, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4])];
    const r = sideGameState(nassau({ a: [A], b: [B] }), roundDataOf(round, [card(A, withdrawn(10, 'void')), card(B)], scores));
    if (!r.ok || r.value.kind !== 'nassau') throw new Error('no state');
    expect(r.value.bets.map((b) => b.result)).toEqual(['a', 'void', 'void']);
    expect(r.value.moneyCents).toEqual({ [A]: 500, [B]: -500 });
  });

  it('four-ball: a side with one partner left plays on with that ball; nothing ends', () => {
    // A withdraws after hole 1; B plays on for the side and wins hole 2 with a 3.
    const scores = [...holesOf(A, [4]), ...holesOf(B, [4, 3]), ...holesOf(C, [4, 4]), ...holesOf(D, [4, 4])];
    const r = sideGameState(nassau({ a: [A, B], b: [C, D] }), roundDataOf(round, [card(A, withdrawn(1)), card(B), card(C), card(D)], scores));
    if (!r.ok || r.value.kind !== 'nassau') throw new Error('no state');
    expect(r.value.ended).toBeNull();
    expect(r.value.holesCounted).toEqual([1, 2]);
    expect(r.value.holes.slice(0, 2).map((h) => h.winner)).toEqual(['halved', 'a']);
    expect(r.value.bets.map((b) => b.result)).toEqual(['in_progress', 'in_progress', 'in_progress']);
  });
});

describe('skins with a player out of the round', () => {
  it('per skin: the withdrawn player pays for the skins of the holes they played only; the nets sum to zero', () => {
    // C withdraws after hole 1. Hole 1: A wins (B, C pay 100 each). Hole 2: B wins, paid by A and D only.
    const scores = [...holesOf(A, [3, 4]), ...holesOf(B, [4, 3]), ...holesOf(C, [4]), ...holesOf(D, [4, 4])];
    const g = game([A, B, C, D], 'skins', { mode: 'per_skin', cents: 100, carryover: true, validation: false, leftover: 'refund', carriedIn: 0 });
    const r = sideGameState(g, roundDataOf(round, [card(A), card(B), card(C, withdrawn(1)), card(D)], scores));
    if (!r.ok || r.value.kind !== 'skins') throw new Error('no state');
    expect(r.value.holesCounted).toEqual([1, 2]);
    expect(r.value.moneyCents).toEqual({ [A]: 300 - 100, [B]: -100 + 200, [C]: -100, [D]: -100 - 100 });
    expect(Object.values(r.value.moneyCents).reduce((x, y) => x + y, 0)).toBe(0);
  });

  it('a no-show is not in the game at all', () => {
    const scores = [...holesOf(A, [3]), ...holesOf(B, [4]), ...holesOf(D, [4])];
    const g = game([A, B, C, D], 'skins', { mode: 'pot', cents: 3000, carryover: true, validation: false, leftover: 'refund', carriedIn: 0 });
    const r = sideGameState(g, roundDataOf(round, [card(A), card(B), card(C, { kind: 'no_show', afterHole: 0, nassau: 'forfeit', at: stamp.createdAt }), card(D)], scores));
    if (!r.ok || r.value.kind !== 'skins') throw new Error('no state');
    expect(r.value.players.map((p) => p.playerId)).toEqual([A, B, D]);
    expect(r.value.moneyCents).toEqual({ [A]: 2000, [B]: -1000, [D]: -1000 });
  });
});
