import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillInOrder, groupSizes } from '../../../shared/domain/scheduling/groups.js';
import { brokenRules, byPriority, enforceRules, resolveRules } from '../../../shared/domain/scheduling/rules.js';
import type { Groups, SchedRule } from '../../../shared/domain/scheduling/types.js';
import { seatings, toGroups } from './seatings.js';

const together = (id: string, priority: number, ...playerIds: string[]): SchedRule => ({ id, kind: 'keep_together', playerIds, priority });
const apart = (id: string, priority: number, ...playerIds: string[]): SchedRule => ({ id, kind: 'keep_apart', playerIds, priority });
const names = new Map([
  ['a', 'Ann'],
  ['b', 'Bea'],
  ['c', 'Cy'],
  ['d', 'Dot'],
  ['e', 'Ed'],
]);


/** Whether some grouping at these sizes honours every rule (brute force). */
function satisfiable(players: readonly string[], sizes: readonly number[], rules: readonly SchedRule[]): boolean {
  for (const seat of seatings(players.length, sizes)) if (brokenRules(toGroups(players, seat, sizes.length), rules).length === 0) return true;
  return false;
}

/** Tiny fields with a few random rules over their players. */
const tinyField = fc
  .record({ players: fc.integer({ min: 2, max: 8 }), size: fc.integer({ min: 2, max: 4 }) })
  .chain(({ players, size }) => {
    const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
    const rule = fc.record({
      kind: fc.constantFrom('keep_together' as const, 'keep_apart' as const),
      playerIds: fc.uniqueArray(fc.constantFrom(...ids), { minLength: 2, maxLength: Math.min(4, players) }),
      priority: fc.integer({ min: 1, max: 10 }),
    });
    return fc.record({
      ids: fc.constant(ids),
      size: fc.constant(size),
      rules: fc.array(rule, { maxLength: 4 }).map((rules) => rules.map((r, i) => ({ ...r, id: `r${i + 1}` }))),
    });
  });

describe('brokenRules', () => {
  it('names the players a grouping splits or puts together, highest priority first', () => {
    const groups = [
      ['a', 'b'],
      ['c', 'd', 'e'],
    ];
    expect(brokenRules(groups, [together('t', 3, 'a', 'c', 'b'), apart('x', 8, 'c', 'd', 'e', 'a'), apart('ok', 9, 'a', 'c')], names)).toEqual([
      { ruleId: 'x', kind: 'keep_apart', priority: 8, reason: 'Cy, Dot, Ed and Ann should be kept apart but Cy, Dot and Ed share group 2' },
      { ruleId: 't', kind: 'keep_together', priority: 3, reason: 'Ann, Cy and Bea should share a group but are split over groups 1 and 2' },
    ]);
  });

  it('lists every group a keep-apart rule is broken in, and uses ids without names', () => {
    expect(brokenRules([['a', 'b'], ['c', 'd']], [apart('x', 5, 'a', 'b', 'c', 'd')])[0]!.reason).toBe(
      'a, b, c and d should be kept apart but a and b share group 1; c and d share group 2',
    );
  });

  it('ignores players who are not in the groups, and rules left with fewer than two', () => {
    const groups = [['a', 'b'], ['c']];
    expect(brokenRules(groups, [together('t', 5, 'a', 'b', 'zed'), apart('x', 5, 'a', 'zed'), together('y', 5, 'c', 'zed')])).toEqual([]);
  });

  it('keeps the order given among equal priorities', () => {
    const groups = [['a', 'b'], ['c', 'd']];
    const broken = brokenRules(groups, [apart('first', 4, 'a', 'b'), apart('second', 4, 'c', 'd'), apart('top', 6, 'a', 'b')]);
    expect(broken.map((b) => b.ruleId)).toEqual(['top', 'first', 'second']);
    expect(byPriority([{ priority: 1 }, { priority: 2 }, { priority: 1 }])).toEqual([{ priority: 2 }, { priority: 1 }, { priority: 1 }]);
  });
});

describe('resolveRules', () => {
  it('enforces every rule when they fit together', () => {
    const rules = [together('t', 5, 'a', 'b'), apart('x', 5, 'a', 'c'), apart('y', 2, 'b', 'd')];
    expect(resolveRules(rules, [3, 3])).toEqual({ enforce: rules, givenUp: [] });
  });

  it.each([
    {
      why: 'a keep-together larger than the largest group',
      rules: [together('big', 5, 'a', 'b', 'c', 'd', 'e')],
      sizes: [4, 4],
      givenUp: [['big', 'Ann, Bea, Cy, Dot and Ed cannot share a group: 5 players, the largest group has 4']],
    },
    {
      why: 'keep-apart players outnumbering the groups',
      rules: [apart('x', 5, 'a', 'b', 'c')],
      sizes: [4, 4],
      givenUp: [['x', 'Ann, Bea and Cy cannot all be kept apart: 3 players, only 2 groups']],
    },
    {
      why: 'a keep-apart pair inside a higher keep-together',
      rules: [apart('x', 3, 'a', 'b'), together('t', 7, 'a', 'b', 'c')],
      sizes: [3, 3],
      givenUp: [['x', 'Ann and Bea cannot be kept apart: keep-together rule "t" (priority 7) puts Ann and Bea in one group']],
    },
    {
      why: 'a keep-together of a higher keep-apart pair',
      rules: [together('t', 2, 'a', 'b'), apart('x', 9, 'b', 'a')],
      sizes: [2, 2],
      givenUp: [['t', 'Ann and Bea cannot share a group: keep-apart rule "x" (priority 9) keeps Bea and Ann apart']],
    },
    {
      why: 'a keep-together joining a higher keep-apart pair, through another keep-together',
      rules: [apart('x', 9, 'a', 'c'), together('t1', 8, 'a', 'b'), together('t2', 2, 'b', 'c')],
      sizes: [3, 3],
      givenUp: [['t2', 'Bea and Cy cannot share a group: keep-apart rule "x" (priority 9) keeps Ann and Cy apart, and keep-together rule "t1" (priority 8) joins them to this group']],
    },
    {
      why: 'a tie, won by the rule listed first',
      rules: [together('t', 4, 'a', 'b'), apart('x', 4, 'a', 'b')],
      sizes: [2, 2],
      givenUp: [['x', 'Ann and Bea cannot be kept apart: keep-together rule "t" (priority 4, listed first at the same priority) puts Ann and Bea in one group']],
    },
    {
      why: 'two keep-together sets joined through a shared player into more than a group holds',
      rules: [together('t1', 6, 'a', 'b', 'c'), together('t2', 5, 'c', 'd', 'e')],
      sizes: [4, 4],
      givenUp: [
        [
          't2',
          'Cy, Dot and Ed cannot share a group: with keep-together rule "t1" (priority 6) that makes 5 players who must share a group (Ann, Bea, Cy, Dot and Ed), the largest group has 4',
        ],
      ],
    },
    {
      why: 'no room left for a keep-together, naming only the rules that block it',
      rules: [together('t1', 9, 'a', 'b', 'c'), apart('x', 8, 'a', 'g'), together('t2', 5, 'd', 'e', 'f')],
      sizes: [3, 2, 2],
      givenUp: [['t2', 'Dot, Ed and f cannot be placed in one group at group sizes 3, 2, 2 together with keep-together rule "t1" (priority 9)']],
    },
  ])('gives up $why, saying why', ({ rules, sizes, givenUp }) => {
    const result = resolveRules(rules, sizes, names);
    expect(result.givenUp.map((b) => [b.ruleId, b.reason])).toEqual(givenUp);
    expect(result.enforce.map((r) => r.id).sort()).toEqual(rules.map((r) => r.id).filter((id) => !givenUp.some(([g]) => g === id)).sort());
  });

  it('keeps a maximal set: every rule kept fits, and every rule given up conflicts with those kept before it', () => {
    fc.assert(
      fc.property(tinyField, ({ ids, size, rules }) => {
        const sizes = (groupSizes(ids.length, size) as { sizes: number[] }).sizes;
        const { enforce, givenUp } = resolveRules(rules, sizes);
        expect(satisfiable(ids, sizes, enforce)).toBe(true);
        const order = byPriority(rules);
        for (const lost of givenUp) {
          const rule = rules.find((r) => r.id === lost.ruleId)!;
          const before = order.slice(0, order.indexOf(rule)).filter((r) => enforce.includes(r));
          expect(satisfiable(ids, sizes, [...before, rule])).toBe(false);
        }
        expect([...enforce.map((r) => r.id), ...givenUp.map((b) => b.ruleId)].sort()).toEqual(rules.map((r) => r.id).sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('enforceRules', () => {
  it('moves the fewest players: a keep-apart pair costs one swap', () => {
    const groups = [
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ];
    const rank = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => [id, i]));
    expect(enforceRules(groups, [apart('x', 5, 'b', 'c')], rank)).toEqual([
      ['a', 'b', 'd'],
      ['c', 'e', 'f'],
    ]);
  });

  it('brings a keep-together trio to where most of it already is, swapping like for like', () => {
    const groups = [
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g', 'h'],
    ];
    const rank = new Map(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => [id, i]));
    // e joins a and b; the free player of a's group nearest e in the strategy's order (d) takes e's place.
    expect(enforceRules(groups, [together('t', 5, 'a', 'b', 'e')], rank)).toEqual([
      ['a', 'b', 'c', 'e'],
      ['d', 'f', 'g', 'h'],
    ]);
  });

  it('honours every rule it is given and moves exactly as few players as a brute force finds', () => {
    fc.assert(
      fc.property(tinyField, ({ ids, size, rules }) => {
        const sizes = (groupSizes(ids.length, size) as { sizes: number[] }).sizes;
        const { enforce } = resolveRules(rules, sizes);
        const placed = fillInOrder(ids, sizes);
        const result = enforceRules(placed, enforce, new Map(ids.map((id, i) => [id, i])));
        expect(result.map((g) => g.length)).toEqual(sizes);
        expect(result.flat().sort()).toEqual([...ids].sort());
        expect(brokenRules(result, enforce)).toEqual([]);
        const groupOf = (groups: Groups, id: string) => groups.findIndex((g) => g.includes(id));
        const moved = ids.filter((id) => groupOf(result, id) !== groupOf(placed, id)).length;
        let fewest = Infinity;
        for (const seat of seatings(ids.length, sizes)) {
          const option = toGroups(ids, seat, sizes.length);
          if (brokenRules(option, enforce).length > 0) continue;
          fewest = Math.min(fewest, ids.filter((id) => groupOf(option, id) !== groupOf(placed, id)).length);
        }
        expect(moved).toBe(fewest);
      }),
      { numRuns: 300 },
    );
  });
});
