import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillInOrder, groupSizes, handicapTotals, totalsSpread } from '../../../shared/domain/scheduling/groups.js';

describe('groupSizes', () => {
  it.each([
    [10, 4, [4, 3, 3]],
    [9, 4, [3, 3, 3]],
    [5, 4, [3, 2]],
    [8, 4, [4, 4]],
    [4, 4, [4]],
    [2, 4, [2]],
    [7, 3, [3, 2, 2]],
    [13, 6, [5, 4, 4]],
    [6, 6, [6]],
    [11, 5, [4, 4, 3]],
    [2, 2, [2]],
    [8, 2, [2, 2, 2, 2]],
  ])('%i players at %i a group: %j', (players, size, sizes) => {
    expect(groupSizes(players, size)).toEqual({ sizes });
  });

  it.each([
    [3, [3]],
    [9, [3, 2, 2, 2]],
  ])('sends one threesome out when %i players play twosomes, as no one plays alone', (players, sizes) => {
    expect(groupSizes(players, 2)).toEqual({ sizes });
  });

  it('cuts 144 players into 36 foursomes', () => {
    expect(groupSizes(144, 4)).toEqual({ sizes: Array(36).fill(4) });
  });

  it.each([
    [1, 4, 'a pairing needs at least 2 players, got 1'],
    [0, 4, 'a pairing needs at least 2 players, got 0'],
    [2.5, 4, 'a pairing needs at least 2 players, got 2.5'],
    [10, 1, 'players per group must be a whole number from 2 to 6, got 1'],
    [10, 7, 'players per group must be a whole number from 2 to 6, got 7'],
    [10, 4.5, 'players per group must be a whole number from 2 to 6, got 4.5'],
  ])('refuses %s players at %s a group', (players, size, problem) => {
    expect(groupSizes(players, size)).toEqual({ problem });
  });

  it('gives the fewest groups, larger first, sizes within one of each other, none under 2 or over the size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 2, max: 6 }), (players, size) => {
        const answer = groupSizes(players, size);
        if (!('sizes' in answer)) throw new Error(answer.problem);
        const { sizes } = answer;
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(players);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
        if (size === 2 && players % 2 === 1) {
          expect(sizes).toEqual([3, ...Array((players - 3) / 2).fill(2)]);
        } else {
          expect(Math.max(...sizes)).toBeLessThanOrEqual(size);
          expect(sizes).toHaveLength(Math.ceil(players / size));
        }
      }),
    );
  });
});

describe('group helpers', () => {
  it('fills groups in order', () => {
    expect(fillInOrder(['a', 'b', 'c', 'd', 'e'], [3, 2])).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('adds indexes in tenths, so 0.1 + 0.2 is 0.3, and a group with no index totals null', () => {
    const indexOf = new Map<string, number | null>([
      ['a', 0.1],
      ['b', 0.2],
      ['c', null],
      ['d', null],
      ['e', -1.4],
      ['f', 12.6],
    ]);
    const totals = handicapTotals(
      [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f', 'c'],
      ],
      indexOf,
    );
    expect(totals).toEqual([0.3, null, 11.2]);
    expect(totalsSpread(totals)).toBe(10.9);
    expect(totalsSpread([null, null])).toBeNull();
  });
});
