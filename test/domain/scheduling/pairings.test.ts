import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadLowerBound } from '../../../shared/domain/scheduling/balance.js';
import { dealExactly } from '../../../shared/domain/scheduling/deal.js';
import { groupSizes, tenths } from '../../../shared/domain/scheduling/groups.js';
import { pairPlayers, STRATEGIES, type PairingInput, type Strategy } from '../../../shared/domain/scheduling/pairings.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { brokenRules } from '../../../shared/domain/scheduling/rules.js';
import type { Groups, SchedPlayer, SchedRule } from '../../../shared/domain/scheduling/types.js';
import { seatings, toGroups } from './seatings.js';

/** Ten players, p1 the lowest index (2.0) up to p9 (18.0); p10 has no index. */
const ten: SchedPlayer[] = Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, handicapIndex: i === 9 ? null : (i + 1) * 2 }));
const pair = (input: Partial<PairingInput> & Pick<PairingInput, 'strategy'>, seed = 1) => pairPlayers({ players: ten, groupSize: 4, ...input }, createRng(seed));


/** A field of `count` players with indexes from −5.0 to 54.0, most near the middle, drawn from `seed`. */
function field(seed: number, count: number): SchedPlayer[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `P${i + 1}`,
    handicapIndex: Math.round((-5 + ((rng.next() + rng.next() + rng.next()) / 3) * 59) * 10) / 10,
  }));
}
const spreadTenths = (groups: Groups, players: readonly SchedPlayer[]) => {
  const index = new Map(players.map((p) => [p.id, tenths(p.handicapIndex ?? 0)]));
  const totals = groups.map((g) => g.reduce((s, id) => s + index.get(id)!, 0));
  return Math.max(...totals) - Math.min(...totals);
};

describe('strategies, ten players in groups of 4, 3 and 3', () => {
  it('handicap: lowest indexes in the first group, players without an index last', () => {
    expect(pair({ strategy: 'handicap' })).toEqual({
      groups: [
        ['p1', 'p2', 'p3', 'p4'],
        ['p5', 'p6', 'p7'],
        ['p8', 'p9', 'p10'],
      ],
      brokenRules: [],
      handicapTotals: [20, 36, 34],
      spread: 16,
      strategy: 'handicap',
      seed: 1,
    });
  });

  it('balanced: a snake draft, 1-2-3 then 3-2-1, so the totals come close', () => {
    const result = pair({ strategy: 'balanced' });
    expect(result.groups).toEqual([
      ['p1', 'p6', 'p7', 'p10'],
      ['p2', 'p5', 'p8'],
      ['p3', 'p4', 'p9'],
    ]);
    expect(result.handicapTotals).toEqual([28, 30, 32]);
    expect(result.spread).toBe(4);
  });

  it('custom: the players in the order given', () => {
    const reversed = [...ten].reverse();
    expect(pairPlayers({ players: reversed, groupSize: 4, strategy: 'custom' }, createRng(1)).groups).toEqual([
      ['p10', 'p9', 'p8', 'p7'],
      ['p6', 'p5', 'p4'],
      ['p3', 'p2', 'p1'],
    ]);
  });

  it('random: a shuffle by the seed, the same for the same seed', () => {
    expect(pair({ strategy: 'random' }, 1).groups).toEqual([
      ['p8', 'p9', 'p4', 'p3'],
      ['p2', 'p6', 'p10'],
      ['p5', 'p1', 'p7'],
    ]);
    expect(pair({ strategy: 'random' }, 1)).toEqual(pair({ strategy: 'random' }, 1));
    expect(pair({ strategy: 'random' }, 2).groups).not.toEqual(pair({ strategy: 'random' }, 1).groups);
  });

  it.each([
    ['ab', [['p5', 'p1', 'p8', 'p10'], ['p3', 'p4', 'p9'], ['p2', 'p6', 'p7']]],
    ['abc', [['p3', 'p4', 'p9', 'p10'], ['p1', 'p6', 'p8'], ['p2', 'p5', 'p7']]],
    ['abcd', [['p1', 'p4', 'p7', 'p10'], ['p2', 'p3', 'p9'], ['p5', 'p6', 'p8']]],
  ] as const)('%s: tiers by seat, each group drawing a random player of each tier (seed 1)', (strategy, groups) => {
    expect(pair({ strategy }).groups).toEqual(groups);
  });

  it('ab with foursomes: two from the low half and two from the high half in every group', () => {
    const players = field(7, 16);
    const result = pairPlayers({ players, groupSize: 4, strategy: 'ab' }, createRng(3));
    const rank = new Map([...players].sort((a, b) => a.handicapIndex! - b.handicapIndex!).map((p, i) => [p.id, i]));
    for (const group of result.groups) expect(group.map((id) => (rank.get(id)! < 8 ? 'A' : 'B'))).toEqual(['A', 'A', 'B', 'B']);
  });

  it.each([
    ['abc', 3, 'ABC'],
    ['abcd', 4, 'ABCD'],
    ['ab', 2, 'AB'],
  ] as const)('%s with groups of %i: one player of each tier per group, for any seed', (strategy, size, tiers) => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.nat(), (count, seed) => {
        const players = field(seed, count * size);
        const result = pairPlayers({ players, groupSize: size, strategy }, createRng(seed));
        const sorted = [...players].sort((a, b) => a.handicapIndex! - b.handicapIndex! || Number(a.id.slice(1)) - Number(b.id.slice(1)));
        const tier = new Map(sorted.map((p, i) => [p.id, tiers[Math.floor(i / count)]]));
        for (const group of result.groups) expect(group.map((id) => tier.get(id)).join('')).toBe(tiers);
      }),
      { numRuns: 50 },
    );
  });
});

describe('previous results', () => {
  // Scores: p1 70, p2 77, p3 74, p4 71, p5 78, p6 75, p7 72, p8 79, p9 76; p10 has no result.
  const results = ten.slice(0, 9).map((p, i) => ({ playerId: p.id, score: 70 + ((i * 7) % 10) }));
  const byResults = (ordering: PairingInput['ordering'], groupSize = 2) =>
    pairPlayers({ players: ten, groupSize, strategy: 'previous_results', results, ordering }, createRng(1)).groups;

  it.each([
    ['leaders_last', [['p8', 'p10'], ['p2', 'p5'], ['p6', 'p9'], ['p7', 'p3'], ['p1', 'p4']]],
    ['leaders_first', [['p1', 'p4'], ['p7', 'p3'], ['p6', 'p9'], ['p2', 'p5'], ['p8', 'p10']]],
    ['reverse_horseshoe', [['p6', 'p9'], ['p2', 'p5'], ['p7', 'p3'], ['p8', 'p10'], ['p1', 'p4']]],
  ] as const)('%s: players grouped with like scores, players without a result after everyone', (ordering, groups) => {
    expect(byResults(ordering)).toEqual(groups);
  });

  it('sends the leaders off last by default, and cuts blocks to each tee position’s size', () => {
    expect(byResults(undefined, 4)).toEqual([
      ['p2', 'p5', 'p8', 'p10'],
      ['p3', 'p6', 'p9'],
      ['p1', 'p4', 'p7'],
    ]);
  });

  it('reverse horseshoe with four groups: middle groups first, trailers, then leaders', () => {
    const players = field(3, 8);
    const scored = players.map((p, i) => ({ playerId: p.id, score: i }));
    const groups = pairPlayers({ players, groupSize: 2, strategy: 'previous_results', results: scored, ordering: 'reverse_horseshoe' }, createRng(1)).groups;
    expect(groups).toEqual([
      ['p5', 'p6'],
      ['p3', 'p4'],
      ['p7', 'p8'],
      ['p1', 'p2'],
    ]);
  });

  it('refuses to pair by results without any result for the field', () => {
    expect(() => pairPlayers({ players: ten, groupSize: 4, strategy: 'previous_results' }, createRng(1))).toThrow(
      'pairing by previous results needs the result of a completed round for at least one player',
    );
    expect(() => pairPlayers({ players: ten, groupSize: 4, strategy: 'previous_results', results: [{ playerId: 'zed', score: 1 }] }, createRng(1))).toThrow(RangeError);
  });
});

describe('rules in pairings', () => {
  const together = (id: string, priority: number, ...playerIds: string[]): SchedRule => ({ id, kind: 'keep_together', playerIds, priority });
  const apart = (id: string, priority: number, ...playerIds: string[]): SchedRule => ({ id, kind: 'keep_apart', playerIds, priority });

  it('moves the fewest players from the strategy’s groups, and reports a rule given up with why', () => {
    const rules = [together('t', 5, 'p1', 'p2', 'p3'), apart('x', 3, 'p1', 'p2'), apart('y', 7, 'p9', 'p10')];
    const result = pair({ strategy: 'handicap', rules });
    expect(result.groups).toEqual([
      ['p1', 'p2', 'p3', 'p10'],
      ['p5', 'p6', 'p7'],
      ['p8', 'p9', 'p4'],
    ]);
    expect(result.brokenRules).toEqual([
      { ruleId: 'x', kind: 'keep_apart', priority: 3, reason: 'P1 and P2 cannot be kept apart: keep-together rule "t" (priority 5) puts P1 and P2 in one group' },
    ]);
  });

  it('custom: only the rules move anyone', () => {
    const result = pair({ strategy: 'custom', rules: [together('t', 5, 'p1', 'p5')] });
    expect(result.groups).toEqual([
      ['p1', 'p2', 'p3', 'p5'],
      ['p4', 'p6', 'p7'],
      ['p8', 'p9', 'p10'],
    ]);
  });

  it('ignores rule players who are not in the field', () => {
    expect(pair({ strategy: 'handicap', rules: [together('t', 5, 'p1', 'gone'), apart('x', 5, 'p1', 'gone')] }).brokenRules).toEqual([]);
  });

  it('does not report a given-up rule that the groups happen to keep', () => {
    // Ten players cannot all be kept apart in three groups, but p1 and p5 end up apart anyway.
    const result = pair({ strategy: 'handicap', rules: [apart('all', 5, ...ten.map((p) => p.id))] });
    expect(result.brokenRules.map((b) => b.ruleId)).toEqual(['all']);
    expect(pair({ strategy: 'handicap', rules: [together('big', 9, 'p1', 'p2', 'p3', 'p4', 'p5'), apart('x', 1, 'p1', 'p5')] }).brokenRules.map((b) => b.ruleId)).toEqual(['big']);
  });

  const tinyField = fc
    .record({ count: fc.integer({ min: 2, max: 8 }), size: fc.integer({ min: 2, max: 4 }), strategy: fc.constantFrom(...STRATEGIES), seed: fc.nat() })
    .chain(({ count, size, strategy, seed }) => {
      const ids = Array.from({ length: count }, (_, i) => `p${i + 1}`);
      const rule = fc.record({
        kind: fc.constantFrom('keep_together' as const, 'keep_apart' as const),
        playerIds: fc.uniqueArray(fc.constantFrom(...ids, 'absent'), { minLength: 2, maxLength: Math.min(4, count) }),
        priority: fc.integer({ min: 1, max: 10 }),
      });
      return fc.record({
        players: fc.constant(field(seed, count)),
        size: fc.constant(size),
        strategy: fc.constant(strategy),
        seed: fc.constant(seed),
        rules: fc.array(rule, { maxLength: 4 }).map((rules) => rules.map((r, i) => ({ ...r, id: `r${i + 1}` }))),
      });
    });

  it('never breaks a rule set it could keep whole (brute force over every grouping)', () => {
    fc.assert(
      fc.property(tinyField, ({ players, size, strategy, seed, rules }) => {
        const ids = players.map((p) => p.id);
        const sizes = (groupSizes(ids.length, size) as { sizes: number[] }).sizes;
        const results = players.map((p, i) => ({ playerId: p.id, score: (i * 5) % 7 }));
        const result = pairPlayers({ players, groupSize: size, strategy, rules, results }, createRng(seed));
        let keepable = false;
        for (const seat of seatings(ids.length, sizes)) {
          if (brokenRules(toGroups(ids, seat, sizes.length), rules).length === 0) {
            keepable = true;
            break;
          }
        }
        if (keepable) expect(result.brokenRules).toEqual([]);
        // Whatever happens, the report is the truth about the groups.
        expect(result.brokenRules.map((b) => b.ruleId)).toEqual(brokenRules(result.groups, rules).map((b) => b.ruleId));
      }),
      { numRuns: 400 },
    );
  });
});

describe('every strategy', () => {
  const anyField = fc
    .record({ count: fc.integer({ min: 2, max: 40 }), size: fc.integer({ min: 2, max: 6 }), strategy: fc.constantFrom(...STRATEGIES), seed: fc.nat(), optimize: fc.boolean() })
    .chain((base) => {
      const ids = Array.from({ length: base.count }, (_, i) => `p${i + 1}`);
      const rule = fc.record({
        kind: fc.constantFrom('keep_together' as const, 'keep_apart' as const),
        playerIds: fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: Math.min(5, base.count) }),
        priority: fc.integer({ min: 1, max: 10 }),
      });
      return fc.record({
        ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, fc.constant(v)])),
        noIndex: fc.array(fc.boolean(), { minLength: base.count, maxLength: base.count }),
        rules: fc.array(rule, { maxLength: 6 }).map((rules) => rules.map((r, i) => ({ ...r, id: `r${i + 1}` }))),
      }) as fc.Arbitrary<typeof base & { noIndex: boolean[]; rules: SchedRule[] }>;
    });

  it('seats every player exactly once in groups of groupSizes’ sizes, and reports totals and spread', () => {
    fc.assert(
      fc.property(anyField, ({ count, size, strategy, seed, optimize, noIndex, rules }) => {
        const players = field(seed, count).map((p, i) => (noIndex[i] ? { ...p, handicapIndex: null } : p));
        const results = players.filter((_, i) => i % 3 !== 0).map((p, i) => ({ playerId: p.id, score: (i * 7) % 11 }));
        const input: PairingInput = { players, groupSize: size, strategy, rules, results: results.length > 0 ? results : [{ playerId: 'p1', score: 0 }], optimize };
        const result = pairPlayers(input, createRng(seed));
        expect(result.groups.map((g) => g.length)).toEqual((groupSizes(count, size) as { sizes: number[] }).sizes);
        expect(result.groups.flat().sort()).toEqual(players.map((p) => p.id).sort());
        const index = new Map(players.map((p) => [p.id, p.handicapIndex]));
        result.groups.forEach((group, g) => {
          const known = group.map((id) => index.get(id)).filter((x): x is number => x !== null && x !== undefined);
          expect(result.handicapTotals[g]).toBe(known.length === 0 ? null : known.reduce((s, x) => s + tenths(x), 0) / 10);
        });
        const present = result.handicapTotals.filter((t): t is number => t !== null);
        expect(result.spread).toBe(present.length === 0 ? null : (Math.max(...present.map(tenths)) - Math.min(...present.map(tenths))) / 10);
        expect(result.brokenRules.map((b) => b.ruleId)).toEqual(brokenRules(result.groups, rules).map((b) => b.ruleId));
        expect(result).toMatchObject({ strategy, seed });
        expect(pairPlayers(input, createRng(seed))).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [{ players: ten.slice(0, 1), groupSize: 4, strategy: 'random' as Strategy }, 'a pairing needs at least 2 players, got 1'],
    [{ players: ten, groupSize: 7, strategy: 'random' as Strategy }, 'players per group must be a whole number from 2 to 6, got 7'],
    [{ players: [ten[0]!, ten[0]!], groupSize: 2, strategy: 'random' as Strategy }, 'player p1 is listed twice'],
    [{ players: ten, groupSize: 4, strategy: 'random' as Strategy, rules: [{ id: 'r', kind: 'keep_apart' as const, playerIds: ['p1', 'p2'], priority: 11 }] }, 'rule r: priority must be a whole number from 1 to 10, got 11'],
    [{ players: ten, groupSize: 4, strategy: 'fastest' as Strategy }, 'unknown pairing strategy fastest'],
  ])('refuses impossible input with a RangeError (%#)', (input, message) => {
    expect(() => pairPlayers(input, createRng(1))).toThrow(new RangeError(message));
  });
});

describe('balanced, optimised', () => {
  it('reaches the lower bound of the spread on at least 99 % of fields of 40 to 144 players', () => {
    let reached = 0;
    const fields = 300;
    for (let seed = 0; seed < fields; seed++) {
      const players = field(seed, 40 + (seed % 105));
      const result = pairPlayers({ players, groupSize: 4, strategy: 'balanced', optimize: true }, createRng(seed));
      const total = players.reduce((s, p) => s + tenths(p.handicapIndex!), 0);
      if (spreadTenths(result.groups, players) <= spreadLowerBound(total, result.groups.length)) reached++;
    }
    // Measured: all 300. (Below about 32 players the bound is often out of reach for any grouping: see balance.ts.)
    expect(reached).toBeGreaterThanOrEqual(297);
  });

  it('finds the least spread any grouping has on small fields, checked against every grouping', () => {
    for (const [count, size] of [
      [8, 4],
      [10, 4],
      [12, 4],
      [9, 3],
      [10, 5],
      [8, 2],
      [7, 2],
    ] as const) {
      for (let seed = 0; seed < 6; seed++) {
        const players = field(100 + seed, count);
        const result = pairPlayers({ players, groupSize: size, strategy: 'balanced', optimize: true }, createRng(seed));
        const sizes = (groupSizes(count, size) as { sizes: number[] }).sizes;
        let least = Infinity;
        for (const seat of seatings(count, sizes)) least = Math.min(least, spreadTenths(toGroups(players.map((p) => p.id), seat, sizes.length), players));
        expect(spreadTenths(result.groups, players), `${count} players at ${size}, seed ${seed}`).toBe(least);
      }
    }
  });

  it('with rule players locked, fields of 9 to 14 reach the least spread any placement of the other players allows (brute force)', () => {
    // The exact deal took a group whose players were all locked as fitting any window: the 9-player fields (found by
    // trying 3,000) ended 0.4 to 1.9 strokes wider than their best, and seed 1615449665 (CI's property test) wider
    // than the snake draft itself. The 13- and 14-player ones ran out of work on windows that left such a group out.
    const rules: SchedRule[] = [
      { id: 't', kind: 'keep_together', playerIds: ['p1', 'p2'], priority: 5 },
      { id: 'x', kind: 'keep_apart', playerIds: ['p3', 'p4'], priority: 5 },
    ];
    const cases: [seed: number, fieldSeed: number, count: number][] = [
      ...[271, 1027, 1549, 2890].map((seed): [number, number, number] => [seed, seed * 7919 + 13, 9]),
      [1615449665, 1615449665, 9],
      ...[986, 1581, 2823, 2913].map((seed): [number, number, number] => [seed, seed * 7919 + 13, 8 + (seed % 9)]),
    ];
    for (const [seed, fieldSeed, count] of cases) {
      const players = field(fieldSeed, count);
      const result = pairPlayers({ players, groupSize: 4, strategy: 'balanced', rules, optimize: true }, createRng(seed));
      expect(result.brokenRules).toEqual([]);
      // Every way to deal the players no rule holds into the places the groups have for them.
      const locked = new Set(['p1', 'p2', 'p3', 'p4']);
      const index = new Map(players.map((p) => [p.id, tenths(p.handicapIndex ?? 0)]));
      const totals = result.groups.map((group) => group.filter((id) => locked.has(id)).reduce((sum, id) => sum + index.get(id)!, 0));
      const room = result.groups.map((group) => group.filter((id) => !locked.has(id)).length);
      const free = result.groups.flat().filter((id) => !locked.has(id)).map((id) => index.get(id)!);
      let least = Infinity;
      const deal = (i: number): void => {
        if (i === free.length) least = Math.min(least, Math.max(...totals) - Math.min(...totals));
        else
          for (let g = 0; g < totals.length; g++) {
            if (room[g] === 0) continue;
            room[g]! -= 1;
            totals[g]! += free[i]!;
            deal(i + 1);
            totals[g]! -= free[i]!;
            room[g]! += 1;
          }
      };
      deal(0);
      expect(spreadTenths(result.groups, players), `seed ${seed}, ${count} players`).toBe(least);
    }
  });

  it('never widens the snake draft’s spread, keeps the rules, and leaves rule players where the rules put them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 60 }), fc.nat(), (count, seed) => {
        const players = field(seed, count);
        const rules: SchedRule[] = [
          { id: 't', kind: 'keep_together', playerIds: ['p1', 'p2'], priority: 5 },
          { id: 'x', kind: 'keep_apart', playerIds: ['p3', 'p4'], priority: 5 },
        ];
        const plain = pairPlayers({ players, groupSize: 4, strategy: 'balanced', rules }, createRng(seed));
        const optimised = pairPlayers({ players, groupSize: 4, strategy: 'balanced', rules, optimize: true }, createRng(seed));
        expect(optimised.brokenRules).toEqual([]);
        expect(spreadTenths(optimised.groups, players)).toBeLessThanOrEqual(spreadTenths(plain.groups, players));
        for (const id of ['p1', 'p2', 'p3', 'p4']) {
          expect(optimised.groups.findIndex((g) => g.includes(id))).toBe(plain.groups.findIndex((g) => g.includes(id)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('deals exactly: finds a deal into the ranges whenever one exists (brute force), and only valid ones', () => {
    // A group may have nothing to deal (every player of it locked): its range must still hold its total, 0 here.
    const deal = fc
      .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 })
      .chain((caps) =>
        fc.record({
          caps: fc.constant(caps),
          values: fc.array(fc.integer({ min: -50, max: 300 }), { minLength: caps.reduce((a, b) => a + b, 0), maxLength: caps.reduce((a, b) => a + b, 0) }),
          ranges: fc.array(fc.tuple(fc.integer({ min: -300, max: 900 }), fc.integer({ min: 0, max: 40 })), { minLength: caps.length, maxLength: caps.length }),
        }),
      );
    fc.assert(
      fc.property(deal, ({ caps, values, ranges: raw }) => {
        const ranges = raw.map(([from, width]) => [from, from + width] as [number, number]);
        const inRanges = (seat: readonly number[]) =>
          caps.every((_, g) => {
            const sum = values.reduce((s, v, i) => (seat[i] === g ? s + v : s), 0);
            return sum >= ranges[g]![0] && sum <= ranges[g]![1];
          });
        let exists = false;
        for (const seat of seatings(values.length, caps)) if (!exists && inRanges(seat)) exists = true;
        const dealt = dealExactly(values, caps, ranges, { work: 0 });
        expect(dealt !== undefined).toBe(exists);
        if (dealt) {
          expect(caps.map((_, g) => dealt.filter((x) => x === g).length)).toEqual(caps);
          expect(inRanges(dealt)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // A group with nothing to deal whose range leaves out 0 (its total): no deal, whatever the others can take.
    expect(dealExactly([10, 20], [0, 2], [[-50, -10], [0, 100]], { work: 0 })).toBeUndefined();
    expect(dealExactly([10, 20], [0, 2], [[-50, 0], [0, 100]], { work: 0 })).toEqual([1, 1]);
  });

  it('is ignored by the other strategies', () => {
    expect(pair({ strategy: 'handicap', optimize: true })).toEqual(pair({ strategy: 'handicap' }));
  });
});
