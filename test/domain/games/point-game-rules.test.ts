import { describe, expect, it } from 'vitest';
import type { PointGameConfig, PointGameSelection, PointGameState } from '../../../shared/domain/games/point-game.js';
import { applySelection, pointGameState } from '../../../shared/domain/games/point-game.js';

/*
 * The point game's rules (issue 4, "Side games") that point-game.test.ts leaves open: drafts on the current hole,
 * who is selectable, play orders that do not start on hole 1, and the exact failure (code and detail) of every
 * refusal, for stored selections as for a captain's request.
 */

const TEAM = ['anna01', 'bert02', 'cara03', 'dave04'] as const;
const [A, B, C, D] = TEAM;

/** Net scores: anna 3, bert 4, cara 5, dave 6 on every one of `holes` holes. */
function scores(holes = 18): Record<string, Record<number, number>> {
  return Object.fromEntries(TEAM.map((p, i) => [p, Object.fromEntries(Array.from({ length: holes }, (_, h) => [h + 1, 3 + i]))]));
}
const config: PointGameConfig = { players: TEAM, netScores: scores() };

function state(c: PointGameConfig, selections: readonly PointGameSelection[]): PointGameState {
  const r = pointGameState(c, selections);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
const confirmed = (hole: number, playerIds: string[]): PointGameSelection => ({ hole, playerIds, confirmed: true });
const draft = (hole: number, playerIds: string[]): PointGameSelection => ({ hole, playerIds, confirmed: false });

describe('a draft on the current hole', () => {
  const selections = [confirmed(1, [A, B]), draft(2, [C, D])];

  it('is shown but counts for nothing until it is confirmed', () => {
    const s = state(config, selections);
    expect(s).toMatchObject({ currentHole: 2, currentPosition: 2, countedSoFar: 2, runningTotal: 7, remaining: 38, lockedHoles: [1], complete: false });
    expect(s.perHole).toEqual([
      { hole: 1, position: 1, playerIds: [A, B], count: 2, total: 7, confirmed: true, missingScores: [] },
      { hole: 2, position: 2, playerIds: [C, D], count: 2, total: 11, confirmed: false, missingScores: [] },
    ]);
    // The range of hole 2 is still computed from the confirmed holes only: 38 left, 16 holes after this one.
    expect(s.allowedRange).toEqual({ min: 0, max: 4 });
  });

  it('is replaced by the next request for the hole, and saved as a draft unless confirm is true', () => {
    const r = applySelection(config, selections, { hole: 2, playerIds: [B], confirm: false });
    expect(r.ok && r.value.selections).toEqual([confirmed(1, [A, B]), draft(2, [B])]);
    const again = applySelection(config, selections, { hole: 2, playerIds: [D, A] });
    expect(again.ok && again.value.selections).toEqual([confirmed(1, [A, B]), draft(2, [A, D])]);
    expect(again.ok && again.value.state).toMatchObject({ currentHole: 2, countedSoFar: 2, lockedHoles: [1] });
  });

  it('is not checked for scores when stored (they may arrive later), only when the captain selects', () => {
    const net = scores();
    delete net[C]![2];
    const c = { ...config, netScores: net };
    const s = state(c, selections);
    expect(s.perHole[1]).toMatchObject({ hole: 2, playerIds: [C, D], total: 6, missingScores: [C] });
    const r = applySelection(c, selections, { hole: 2, playerIds: [C, D], confirm: true });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('unprocessable');
      expect(r.failure.details).toEqual([{ message: `player ${C} has no net score on hole 2`, code: 'no_score', playerId: C, hole: 2 }]);
    }
  });
});

describe('who can be selected', () => {
  it('only team players with a net score on the current hole, in team order', () => {
    const net = scores();
    delete net[B]![2];
    delete net[D]![1];
    const c = { ...config, netScores: net };
    expect(state(c, []).selectable).toEqual([A, B, C]);
    expect(state(c, [confirmed(1, [A])]).selectable).toEqual([A, C, D]);
  });

  it('nobody once every hole is confirmed', () => {
    const c: PointGameConfig = { players: [A, B], teamSize: 2, targetCount: 2, holes: 2, netScores: { [A]: { 1: 4, 2: 5 }, [B]: { 1: 3, 2: 6 } } };
    const s = state(c, [confirmed(1, [A]), confirmed(2, [B])]);
    expect(s).toMatchObject({ currentHole: null, currentPosition: null, allowedRange: null, selectable: [], remaining: 0, complete: true, canComplete: true, runningTotal: 10 });
  });
});

describe('play order and reachability', () => {
  // A 9-hole shotgun start on hole 4: 4, 5, …, 9, 1, 2, 3. Team of 2 must count 10 of 18 possible scores.
  const order = [4, 5, 6, 7, 8, 9, 1, 2, 3];
  const c: PointGameConfig = {
    players: [A, B],
    teamSize: 2,
    targetCount: 10,
    holes: 9,
    playOrder: order,
    netScores: { [A]: Object.fromEntries(order.map((h) => [h, 4])), [B]: Object.fromEntries(order.map((h) => [h, 5])) },
  };

  it('positions follow the play order and the range uses the holes still to play after the current one', () => {
    const s = state(c, [confirmed(4, []), confirmed(5, []), confirmed(6, []), confirmed(7, [])]);
    // Hole 8 is 5th of 9: 10 left, 4 holes after it × 2 = 8, so at least 2 must count.
    expect(s).toMatchObject({ currentHole: 8, currentPosition: 5, remaining: 10, allowedRange: { min: 2, max: 2 }, canComplete: true });
    expect(s.perHole.map((h) => [h.hole, h.position])).toEqual([[4, 1], [5, 2], [6, 3], [7, 4]]);
  });

  it('the game completes exactly on the target, on the last hole of the order', () => {
    let selections: PointGameSelection[] = [];
    for (const [i, hole] of order.entries()) {
      const playerIds = i < 4 ? [] : [A, B];
      const r = applySelection(c, selections, { hole, playerIds, confirm: true });
      if (!r.ok) throw new Error(r.failure.message);
      selections = r.value.selections;
    }
    expect(state(c, selections)).toMatchObject({ currentHole: null, countedSoFar: 10, remaining: 0, runningTotal: 45, complete: true, lockedHoles: order });
  });

  it('reaching the target early leaves a range of exactly zero on every later hole and stays completable', () => {
    const s = state(c, [confirmed(4, [A, B]), confirmed(5, [A, B]), confirmed(6, [A, B]), confirmed(7, [A, B]), confirmed(8, [A, B])]);
    expect(s).toMatchObject({ currentHole: 9, remaining: 0, allowedRange: { min: 0, max: 0 }, canComplete: true, complete: false });
  });
});

describe('stored selections that break the rules fail with validation_failed and say where', () => {
  it.each([
    ['a hole not in the game', [confirmed(19, [A])], 'hole 19 is not in the game', { path: ['selections'], message: 'unknown hole', hole: 19 }],
    ['a hole twice', [confirmed(1, [A]), draft(1, [B])], 'hole 1 is selected twice', { path: ['selections'], message: 'duplicate hole', hole: 1 }],
    [
      'a hole after a draft',
      [draft(1, [A]), draft(2, [B])],
      'hole 2 is selected before hole 1 is confirmed',
      { path: ['selections'], message: 'only the current hole can change', hole: 2, currentHole: 1 },
    ],
    [
      'a hole after a missing one',
      [confirmed(1, [A]), confirmed(3, [B])],
      'hole 3 is selected before hole 2 is confirmed',
      { path: ['selections'], message: 'only the current hole can change', hole: 3, currentHole: 2 },
    ],
    ['a player not on the team', [confirmed(1, ['zara99'])], 'hole 1: player zara99 is not on the team', { path: ['selections'], code: 'not_on_team', playerId: 'zara99', hole: 1 }],
    ['a player twice', [confirmed(1, [A, A])], `hole 1: player ${A} is selected twice`, { path: ['selections'], code: 'duplicate_player', playerId: A, hole: 1 }],
    [
      'a count above the target',
      [...Array.from({ length: 10 }, (_, i) => confirmed(i + 1, [...TEAM])), confirmed(11, [A])],
      'hole 11: hole 11 must count 0 to 0 scores, not 1',
      { path: ['selections'], code: 'count_out_of_range', min: 0, max: 0, count: 1, hole: 11 },
    ],
  ] as [string, PointGameSelection[], string, Record<string, unknown>][])('%s', (_label, selections, message, detail) => {
    const r = pointGameState(config, selections);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('validation_failed');
      expect(r.failure.message).toBe(message);
      expect(r.failure.details).toHaveLength(1);
      expect(r.failure.details?.[0]).toMatchObject(detail);
    }
    // A captain's request on top of them fails the same way.
    const next = applySelection(config, selections, { hole: 1, playerIds: [] });
    expect(!next.ok && next.failure.code).toBe('validation_failed');
  });

  it('a configuration that breaks the rules fails before any selection is read', () => {
    const r = applySelection({ ...config, targetCount: 73 }, [], { hole: 1, playerIds: [A] });
    expect(!r.ok && r.failure.code).toBe('validation_failed');
    expect(!r.ok && r.failure.details?.[0]?.path).toEqual(['targetCount']);
  });
});

describe("a captain's request that breaks the rules names the rule", () => {
  const played = [confirmed(1, [A]), confirmed(2, [B])];

  it.each([
    ['a hole outside the game', { hole: 0, playerIds: [A] }, 'unprocessable', 'hole 0 is not in the game', { message: 'unknown hole', code: 'unknown_hole', hole: 0 }],
    ['a confirmed hole', { hole: 2, playerIds: [A] }, 'conflict', 'hole 2 is confirmed and locked', { message: 'confirmed holes are locked', code: 'hole_locked', hole: 2, currentHole: 3 }],
    ['a hole after the current one', { hole: 4, playerIds: [A] }, 'conflict', 'only the current hole (3) can change', { message: 'not the current hole', code: 'not_current_hole', hole: 4, currentHole: 3 }],
    ['a player not on the team', { hole: 3, playerIds: [A, 'zara99'] }, 'unknown_player', 'player zara99 is not on the team', { code: 'not_on_team', playerId: 'zara99', hole: 3 }],
    ['a player twice', { hole: 3, playerIds: [C, C] }, 'duplicate_player', `player ${C} is selected twice`, { code: 'duplicate_player', playerId: C, hole: 3 }],
  ])('%s', (_label, request, code, message, detail) => {
    const r = applySelection(config, played, request);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe(code);
      expect(r.failure.details).toHaveLength(1);
      expect(r.failure.details?.[0]).toMatchObject(detail);
      expect(r.failure.message).toBe(message);
    }
  });

  it('a hole outside the game is unknown even when the game is complete; any hole of a complete game is refused', () => {
    const c: PointGameConfig = { players: [A], teamSize: 1, targetCount: 1, holes: 1, netScores: { [A]: { 1: 4 } } };
    const done = [confirmed(1, [A])];
    const outside = applySelection(c, done, { hole: 2, playerIds: [] });
    expect(!outside.ok && [outside.failure.code, outside.failure.details?.[0]?.code]).toEqual(['unprocessable', 'unknown_hole']);
    const inside = applySelection(c, done, { hole: 1, playerIds: [] });
    expect(!inside.ok && inside.failure).toMatchObject({ code: 'conflict', message: 'every hole is confirmed', details: [{ message: 'the game is complete', code: 'game_complete' }] });
  });

  it('a count below the forced minimum names the range and the count', () => {
    // 1 hole of 1 player left with 1 to count: exactly 1.
    const c: PointGameConfig = { players: [A], teamSize: 1, targetCount: 1, holes: 2, netScores: { [A]: { 1: 4, 2: 5 } } };
    const r = applySelection(c, [confirmed(1, [])], { hole: 2, playerIds: [], confirm: true });
    expect(!r.ok && r.failure.code).toBe('unprocessable');
    expect(!r.ok && r.failure.details).toEqual([{ message: 'hole 2 must count 1 to 1 scores, not 0', code: 'count_out_of_range', min: 1, max: 1, count: 0, hole: 2 }]);
  });
});
