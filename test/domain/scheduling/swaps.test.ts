import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movePlayer, swapGroups, swapPlayers } from '../../../shared/domain/scheduling/swaps.js';
import type { Groups, SchedRule } from '../../../shared/domain/scheduling/types.js';

const groups = (): Groups => [
  ['a', 'b', 'c'],
  ['d', 'e'],
  ['f', 'g', 'h', 'i'],
];
const apartAD: SchedRule = { id: 'x', kind: 'keep_apart', playerIds: ['a', 'd'], priority: 6 };
const togetherAB: SchedRule = { id: 't', kind: 'keep_together', playerIds: ['a', 'b'], priority: 4 };

describe('swapPlayers', () => {
  it('puts each player in the other one’s place', () => {
    expect(swapPlayers(groups(), 'b', 'h')).toEqual({
      groups: [
        ['a', 'h', 'c'],
        ['d', 'e'],
        ['f', 'g', 'b', 'i'],
      ],
      brokenRules: [],
      problem: null,
    });
  });

  it('makes a swap that breaks a rule, and reports the rule', () => {
    const result = swapPlayers(groups(), 'b', 'd', [apartAD, togetherAB]);
    expect(result.problem).toBeNull();
    expect(result.groups[0]).toEqual(['a', 'd', 'c']);
    expect(result.brokenRules.map((b) => [b.ruleId, b.reason])).toEqual([
      ['x', 'a and d should be kept apart but share group 1'],
      ['t', 'a and b should share a group but are split over groups 1 and 2'],
    ]);
  });

  it.each([
    ['zed', 'a', 'player zed is not in any group'],
    ['a', 'zed', 'player zed is not in any group'],
    ['a', 'c', 'a and c are both in group 1'],
    ['a', 'a', 'a and a are both in group 1'],
  ])('refuses to swap %s and %s and leaves the groups as they were', (a, b, problem) => {
    const before = groups();
    const result = swapPlayers(before, a, b, [togetherAB]);
    expect(result).toEqual({ groups: groups(), brokenRules: [], problem });
    expect(before).toEqual(groups());
  });
});

describe('movePlayer', () => {
  it('moves a player to the end of another group', () => {
    expect(movePlayer(groups(), 'a', 1, [togetherAB])).toEqual({
      groups: [
        ['b', 'c'],
        ['d', 'e', 'a'],
        ['f', 'g', 'h', 'i'],
      ],
      brokenRules: [{ ruleId: 't', kind: 'keep_together', priority: 4, reason: 'a and b should share a group but are split over groups 1 and 2' }],
      problem: null,
    });
  });

  it.each([
    ['d', 0, 'group 2 would be left with 1 player; a group needs at least 2'],
    ['a', 3, 'there is no group at index 3 (there are 3 groups, indexes from 0)'],
    ['a', -1, 'there is no group at index -1 (there are 3 groups, indexes from 0)'],
    ['a', 1.5, 'there is no group at index 1.5 (there are 3 groups, indexes from 0)'],
    ['a', 0, 'a is already in group 1'],
    ['zed', 0, 'player zed is not in any group'],
  ])('refuses to move %s to group index %s', (id, to, problem) => {
    expect(movePlayer(groups(), id, to)).toEqual({ groups: groups(), brokenRules: [], problem });
  });

  it('refuses to fill a group past 6 players', () => {
    const six: Groups = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f', 'g', 'h', 'i'],
    ];
    expect(movePlayer(six, 'a', 1).problem).toBe('group 2 would have 7 players; a group holds at most 6');
  });
});

describe('swapGroups', () => {
  it('exchanges the players of two groups; tee positions stay', () => {
    expect(swapGroups(groups(), 0, 2).groups).toEqual([
      ['f', 'g', 'h', 'i'],
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });

  it.each([
    [0, 0, 'group 1 cannot be swapped with itself'],
    [0, 5, 'there is no group at index 5 (there are 3 groups, indexes from 0)'],
    [-1, 1, 'there is no group at index -1 (there are 3 groups, indexes from 0)'],
  ])('refuses to swap group indexes %s and %s', (i, j, problem) => {
    expect(swapGroups(groups(), i, j)).toEqual({ groups: groups(), brokenRules: [], problem });
  });

  it('still reports the rules the groups break', () => {
    expect(swapGroups([['a', 'd'], ['b', 'c']], 0, 1, [apartAD]).brokenRules.map((b) => b.ruleId)).toEqual(['x']);
  });
});

describe('every change', () => {
  it('refuses groups that list a player twice', () => {
    expect(swapPlayers([['a', 'b'], ['a', 'c']], 'b', 'c').problem).toBe('player a is in group 1 and group 2');
  });

  it('keeps every player exactly once, sizes within 2–6, and never changes its input', () => {
    const field = fc.integer({ min: 2, max: 8 }).chain((count) =>
      fc.record({
        groups: fc.constant(Array.from({ length: count }, (_, g) => Array.from({ length: 2 + (g % 5) }, (_, p) => `g${g}p${p}`))),
        a: fc.nat(40),
        b: fc.nat(40),
        to: fc.integer({ min: -1, max: count }),
      }),
    );
    fc.assert(
      fc.property(field, ({ groups: start, a, b, to }) => {
        const ids = start.flat();
        const snapshot = JSON.stringify(start);
        const pick = (n: number) => ids[n % ids.length]!;
        for (const result of [swapPlayers(start, pick(a), pick(b)), movePlayer(start, pick(a), to), swapGroups(start, a % start.length, to)]) {
          expect(result.groups.flat().sort()).toEqual([...ids].sort());
          expect(result.groups.every((g) => g.length >= 2 && g.length <= 6)).toBe(true);
          if (result.problem !== null) expect(result.groups).toEqual(start);
        }
        expect(JSON.stringify(start)).toBe(snapshot);
      }),
    );
  });
});
