import { describe, expect, it } from 'vitest';
import type { PointGameConfig, PointGameSelection, PointGameState, SelectionRequest } from '../../../shared/domain/games/point-game.js';
import { allowedRange, applySelection, pointGameState } from '../../../shared/domain/games/point-game.js';
import { PLAYER_IDS, rng, sum } from './random.js';

const TEAM = ['anna01', 'bert02', 'cara03', 'dave04'] as const;
const [A, B, C, D] = TEAM;

/** Every player scores net `base + position in team` on every hole, so totals are easy to check. */
function fullScores(players: readonly string[], holes: number, base = 3): Record<string, Record<number, number>> {
  return Object.fromEntries(players.map((p, i) => [p, Object.fromEntries(Array.from({ length: holes }, (_, h) => [h + 1, base + i]))]));
}
const config: PointGameConfig = { players: TEAM, netScores: fullScores(TEAM, 18) };

function state(c: PointGameConfig, selections: readonly PointGameSelection[]): PointGameState {
  const r = pointGameState(c, selections);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
function apply(c: PointGameConfig, selections: readonly PointGameSelection[], request: SelectionRequest) {
  const r = applySelection(c, selections, request);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
/** Confirms `counts[i]` players (the first ones of the team) on hole i + 1. */
function play(c: PointGameConfig, counts: number[]): PointGameSelection[] {
  let selections: PointGameSelection[] = [];
  counts.forEach((n, i) => (selections = apply(c, selections, { hole: i + 1, playerIds: c.players.slice(0, n), confirm: true }).selections));
  return selections;
}

describe('point game allowed range', () => {
  it('is [0, 4] on hole 1 of a 4-player, 40-point, 18-hole game', () => {
    const s = state(config, []);
    expect(s).toMatchObject({ currentHole: 1, currentPosition: 1, allowedRange: { min: 0, max: 4 }, countedSoFar: 0, remaining: 40, canComplete: true, complete: false });
    expect(allowedRange(40, 17, 4)).toEqual({ min: 0, max: 4 }); // max(0, 40 − 68) = 0
  });

  it('forces counts late: after 8 holes with nothing counted, every remaining hole must count all 4', () => {
    const s = state(config, play(config, [0, 0, 0, 0, 0, 0, 0, 0]));
    expect(s).toMatchObject({ currentHole: 9, remaining: 40, allowedRange: { min: 4, max: 4 } }); // 40 − 9 × 4 = 4
    const after7 = state(config, play(config, [0, 0, 0, 0, 0, 0, 0]));
    expect(after7.allowedRange).toEqual({ min: 0, max: 4 }); // hole 8: 40 − 10 × 4 = 0
  });

  it('caps counts near the target and allows none once it is reached', () => {
    const s = state(config, play(config, [4, 4, 4, 4, 4, 4, 4, 4, 4, 2]));
    expect(s).toMatchObject({ currentHole: 11, countedSoFar: 38, remaining: 2, allowedRange: { min: 0, max: 2 } });
    const done = state(config, play(config, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    expect(done.allowedRange).toEqual({ min: 0, max: 0 });
  });

  it('computes the running total and completes with exactly the target', () => {
    const counts = [4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0, 0, 0];
    const s = state(config, play(config, counts));
    // Net scores 3, 4, 5, 6 for A, B, C, D: 4 counted = 18, 2 = 7, 1 = 3.
    expect(s).toMatchObject({ currentHole: null, allowedRange: null, countedSoFar: 40, runningTotal: 9 * 18 + 7 + 3 + 3, complete: true, canComplete: true });
    expect(s.lockedHoles).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(s.perHole[9]).toMatchObject({ hole: 10, position: 10, playerIds: [A, B], count: 2, total: 7, confirmed: true });
  });

  it('supports another team size, target and play order', () => {
    const players = [A, B, C];
    const c: PointGameConfig = { players, teamSize: 3, targetCount: 10, holes: 4, playOrder: [3, 4, 1, 2], netScores: fullScores(players, 4) };
    const s = state(c, []);
    expect(s).toMatchObject({ currentHole: 3, currentPosition: 1, allowedRange: { min: 1, max: 3 } }); // 10 − 3 × 3 = 1
    const next = apply(c, [], { hole: 3, playerIds: [A], confirm: true }).state;
    expect(next).toMatchObject({ currentHole: 4, allowedRange: { min: 3, max: 3 } }); // 9 − 2 × 3 = 3
  });
});

describe('point game selections', () => {
  it('keeps a draft on the current hole until it is confirmed, then locks the hole', () => {
    const draft = apply(config, [], { hole: 1, playerIds: [C, A] });
    expect(draft.selections).toEqual([{ hole: 1, playerIds: [A, C], confirmed: false }]);
    expect(draft.state).toMatchObject({ currentHole: 1, countedSoFar: 0, lockedHoles: [] });
    expect(draft.state.perHole).toEqual([{ hole: 1, position: 1, playerIds: [A, C], count: 2, total: 8, confirmed: false, missingScores: [] }]);
    const changed = apply(config, draft.selections, { hole: 1, playerIds: [B], confirm: true });
    expect(changed.selections).toEqual([{ hole: 1, playerIds: [B], confirmed: true }]);
    expect(changed.state).toMatchObject({ currentHole: 2, countedSoFar: 1, runningTotal: 4, lockedHoles: [1] });
  });

  const refusals: [string, SelectionRequest, string, string][] = [
    ['a locked hole', { hole: 1, playerIds: [A] }, 'conflict', 'hole_locked'],
    ['a later hole', { hole: 3, playerIds: [A] }, 'conflict', 'not_current_hole'],
    ['a hole outside the game', { hole: 19, playerIds: [A] }, 'unprocessable', 'unknown_hole'],
    ['a player not on the team', { hole: 2, playerIds: ['zara99'] }, 'unknown_player', 'not_on_team'],
    ['a player twice', { hole: 2, playerIds: [A, A] }, 'duplicate_player', 'duplicate_player'],
    ['a player without a score', { hole: 2, playerIds: [D] }, 'unprocessable', 'no_score'],
  ];
  it.each(refusals)('refuses %s', (_, request, code, detail) => {
    const scores = fullScores(TEAM, 18);
    delete scores[D]![2];
    const c = { ...config, netScores: scores };
    const r = applySelection(c, play(c, [1]), request);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe(code);
      expect(r.failure.details?.[0]?.code).toBe(detail);
    }
  });

  it('refuses a count outside the allowed range, naming it', () => {
    const selections = play(config, [0, 0, 0, 0, 0, 0, 0, 0]);
    const r = applySelection(config, selections, { hole: 9, playerIds: [A, B, C], confirm: true });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('unprocessable');
      expect(r.failure.details?.[0]).toMatchObject({ code: 'count_out_of_range', min: 4, max: 4, count: 3, hole: 9 });
    }
    const full = play(config, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect(applySelection(config, full, { hole: 11, playerIds: [A] }).ok).toBe(false);
  });

  it('refuses any change once every hole is confirmed', () => {
    const done = play(config, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0]);
    const r = applySelection(config, done, { hole: 18, playerIds: [] });
    expect(!r.ok && r.failure.details?.[0]?.code).toBe('game_complete');
  });

  it.each([
    ['a confirmed hole after a missing one', [{ hole: 2, playerIds: [A], confirmed: true }]],
    ['a draft after a draft', [{ hole: 1, playerIds: [A], confirmed: false }, { hole: 2, playerIds: [A], confirmed: false }]],
    ['a hole twice', [{ hole: 1, playerIds: [A], confirmed: true }, { hole: 1, playerIds: [B], confirmed: true }]],
    ['a player not on the team', [{ hole: 1, playerIds: ['zara99'], confirmed: true }]],
    ['a count out of range', [...Array.from({ length: 8 }, (_, i) => ({ hole: i + 1, playerIds: [], confirmed: true })), { hole: 9, playerIds: [A], confirmed: true }]],
  ] as [string, PointGameSelection[]][])('reports stored selections that break the rules: %s', (_, selections) => {
    expect(pointGameState(config, selections).ok).toBe(false);
  });

  it('reports a counted score that has since disappeared instead of failing', () => {
    const selections = play(config, [2]);
    const scores = fullScores(TEAM, 18);
    delete scores[B]![1];
    const s = state({ ...config, netScores: scores }, selections);
    expect(s.perHole[0]).toMatchObject({ playerIds: [A, B], count: 2, total: 3, missingScores: [B] });
  });

  it.each([
    ['a target above holes × team size', { targetCount: 73 }],
    ['a team of the wrong size', { teamSize: 3 }],
    ['a play order of the wrong length', { holes: 18, playOrder: [1, 2, 3] }],
    ['zero holes', { holes: 0 }],
  ])('refuses a configuration with %s', (_, change) => {
    expect(pointGameState({ ...config, ...change }, []).ok).toBe(false);
  });
});

describe('point game properties (seeded)', () => {
  it('the range is non-empty exactly while the target is reachable, and every count in it keeps it reachable', () => {
    for (let teamSize = 1; teamSize <= 6; teamSize++) {
      for (let holesAfter = 0; holesAfter <= 20; holesAfter++) {
        for (let remaining = 0; remaining <= (holesAfter + 2) * teamSize; remaining++) {
          const { min, max } = allowedRange(remaining, holesAfter, teamSize);
          const reachable = remaining <= (holesAfter + 1) * teamSize;
          expect(min <= max, `${remaining}/${holesAfter}/${teamSize}`).toBe(reachable);
          for (let n = min; n <= max; n++) {
            expect(remaining - n >= 0 && remaining - n <= holesAfter * teamSize).toBe(true);
          }
        }
      }
    }
  });

  it('any sequence of valid selections ends with exactly the target (800 random games)', () => {
    for (let seed = 1; seed <= 800; seed++) {
      const g = rng(seed);
      const teamSize = g.int(1, 5);
      const holes = g.int(1, 18);
      const players = g.sample(PLAYER_IDS, teamSize);
      const scores = fullScores(players, holes, g.int(1, 4));
      const c: PointGameConfig = { players, teamSize, holes, targetCount: g.int(0, holes * teamSize), netScores: scores };
      let selections: PointGameSelection[] = [];
      let expectedTotal = 0;
      for (let h = 1; h <= holes; h++) {
        const s = state(c, selections);
        const range = s.allowedRange!;
        const where = `seed ${seed} hole ${h}`;
        expect(s.currentHole, where).toBe(h);
        expect(s.canComplete, where).toBe(true);
        expect(range.min, where).toBeLessThanOrEqual(range.max);
        // A wrong count is refused and changes nothing.
        const wrong = g.chance(0.5) ? range.min - 1 : range.max + 1;
        if (wrong >= 0 && wrong <= teamSize) expect(applySelection(c, selections, { hole: h, playerIds: players.slice(0, wrong) }).ok, where).toBe(false);
        if (g.chance(0.3)) selections = apply(c, selections, { hole: h, playerIds: g.sample(players, g.int(range.min, range.max)) }).selections;
        const chosen = g.sample(players, g.int(range.min, range.max));
        expectedTotal += sum(chosen.map((p) => scores[p]![h]!));
        selections = apply(c, selections, { hole: h, playerIds: chosen, confirm: true }).selections;
      }
      const end = state(c, selections);
      expect(end, `seed ${seed}`).toMatchObject({ currentHole: null, countedSoFar: c.targetCount, runningTotal: expectedTotal, complete: true });
    }
  });
});
