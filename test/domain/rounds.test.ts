import { describe, expect, it } from 'vitest';
import { checkEditable, checkRoundComposition, handicapSnapshot, nextRoundState, readinessProblems, type RoundAction } from '../../shared/domain/rounds.js';
import type { RoundState } from '../../shared/schemas/round.js';
import { course18 } from '../support/client.js';

describe('round life cycle', () => {
  const table: [RoundState, RoundAction, RoundState | 'conflict'][] = [
    ['draft', 'ready', 'ready'],
    ['draft', 'unready', 'conflict'],
    ['draft', 'start', 'conflict'],
    ['draft', 'complete', 'conflict'],
    ['draft', 'reset', 'conflict'],
    ['ready', 'ready', 'conflict'],
    ['ready', 'unready', 'draft'],
    ['ready', 'start', 'in_progress'],
    ['ready', 'complete', 'completed'],
    ['ready', 'reset', 'conflict'],
    ['in_progress', 'ready', 'conflict'],
    ['in_progress', 'unready', 'conflict'],
    ['in_progress', 'complete', 'completed'],
    ['in_progress', 'reset', 'ready'],
    ['completed', 'complete', 'conflict'],
    ['completed', 'reset', 'ready'],
    ['completed', 'start', 'conflict'],
  ];
  it.each(table)('from %s, %s goes to %s', (from, action, to) => {
    const r = nextRoundState(from, action);
    if (to === 'conflict') {
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.failure.code).toBe('round_state_conflict');
        expect(r.failure.details?.[0]).toMatchObject({ currentState: from, action });
      }
    } else {
      expect(r).toEqual({ ok: true, value: to });
    }
  });

  it('lets only the name change once a round is completed', () => {
    expect(checkEditable('completed', ['name']).ok).toBe(true);
    const r = checkEditable('completed', ['name', 'groups', 'course']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure.details?.[0]).toMatchObject({ fields: ['groups', 'course'] });
  });
});

describe('round composition', () => {
  const trip = new Set(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  const base = { course: course18(), playerIds: [] as string[], groups: [] as { playerIds: string[] }[], playerTees: {} as Record<string, string> };

  it.each([
    [1, false],
    [2, true],
    [6, true],
    [7, false],
  ])('a group of %i players is allowed: %s (spec: 2 to 6)', (size, allowed) => {
    const r = checkRoundComposition({ ...base, groups: [{ playerIds: [...trip].slice(0, size) }] }, trip);
    expect(r.ok).toBe(allowed);
    if (!r.ok) expect(r.failure).toMatchObject({ code: 'group_size_out_of_range', details: [{ limit: { min: 2, max: 6 } }] });
  });

  it('lists every problem, the first deciding the code', () => {
    const r = checkRoundComposition({ ...base, playerIds: ['p1', 'zz'], groups: [{ playerIds: ['p1', 'p2'] }, { playerIds: ['p2', 'p3'] }], playerTees: { p1: 'Gold' } }, trip);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('unknown_player');
      expect(r.failure.details?.map((d) => d.code)).toEqual(['unknown_player', 'duplicate_player', 'unknown_tee']);
    }
  });

  it('needs a course, players and a tee choice when the course has several tees', () => {
    expect(readinessProblems({ ...base, course: undefined }).map((p) => p.path?.[0])).toEqual(['course', 'playerIds']);
    expect(readinessProblems({ ...base, playerIds: ['p1'] }).map((p) => p.path?.[0])).toEqual(['defaultTee']);
    expect(readinessProblems({ ...base, playerIds: ['p1'], playerTees: { p1: 'Yellow' } })).toEqual([]);
    expect(readinessProblems({ ...base, playerIds: ['p1'], defaultTee: 'White' })).toEqual([]);
  });

  it('freezes the tee ratings and par a player plays from', () => {
    const round = { course: course18(), defaultTee: 'White', playerTees: { p2: 'Yellow' } };
    expect(handicapSnapshot(round, 'p1', 12.3)).toEqual({
      handicapIndex: 12.3, tee: 'White', courseRating: 71.2, slope: 128, par: 72, holes: 18,
      courseHandicap: expect.closeTo(13.13274, 5), allowancePercent: 95, playingHandicap: 12,
    });
    expect(handicapSnapshot(round, 'p2', undefined)).toMatchObject({ handicapIndex: null, tee: 'Yellow', slope: 122 });
  });
});
