/** planTransfers beyond the exact limit (more than 20 non-zero balances after exact pairs): the heuristic path. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyTransfers, planTransfers } from '../../../shared/domain/money/settle.js';
import { expectSettles, expenseNetsArb, netsArb, pid, shuffledKeys, unsettled } from './settle-support.js';

/** A 24-player trip's balances from twelve expenses split equally among random halves of the group. */
const TRIP_24 = [
  -579, 10039, 8112, -8787, -5444, -7252, 9159, 17516, -9136, -6374, -2, -6205, 11927, -6647, 9867, -6036, -6910, 1458, -3656, -5848, 10321, -8721,
  -10419, 13617,
];

const asNets = (values: readonly number[]) => Object.fromEntries(values.map((v, i) => [pid(i), v]));

describe('planTransfers with more than 20 balances', () => {
  it('leaves nobody of a 24-player trip with irregular balances owing or owed', () => {
    const nets = asNets(TRIP_24);
    const plan = planTransfers(nets);
    expect(unsettled(nets, plan)).toEqual([]);
    expectSettles(nets, plan);
    expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
  });

  it('settles every balance of 2 to 200 players with irregular amounts, never in more transfers than greedy', () => {
    fc.assert(
      fc.property(expenseNetsArb(2, 200), (nets) => {
        const plan = planTransfers(nets);
        expectSettles(nets, plan);
        expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('settles every balance when the amounts are random cents, 21 to 200 players', () => {
    fc.assert(
      fc.property(netsArb(21, 200, 60_000, 1), (nets) => {
        const plan = planTransfers(nets);
        expectSettles(nets, plan);
        expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('never counts a player twice in a zero-sum quadruple', () => {
    // 23 balances with no zero-sum pair or triple; a + b = 700 and a + c = −700 share a, so {a, b} and {a, c} are
    // not a quadruple: taken as one, a paid twice and six others were left unsettled.
    const nets: Record<string, number> = { a: -100, b: 800, c: -600 };
    const others = [1013, 2027, 3041, 4057, 5071, 6089, 7103, 8117, 9133, 10151, 11161, 12197, 13217, 14243, 15259, 16273, 17291, 18301, 19333];
    others.forEach((v, i) => (nets[`z${String(i).padStart(2, '0')}`] = i % 2 ? -v : v));
    nets.zz = -Object.values(nets).reduce((s, v) => s + v, 0);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
  });

  it('builds each zero-sum quadruple of four players not yet settled', () => {
    // Small amounts: many pair sums meet, so candidate quadruples overlap one another and earlier ones.
    const values = [113, -182, 234, -165, 35, -153, 63, 55, 131, -259, 6, 122, 51, -206, 199, -44, 166, -77, 109, -198, 260, -114, 126, -272];
    const nets = Object.fromEntries(values.map((v, i) => [`q${Math.floor(i / 4)}m${i % 4}`, v]));
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(19);
    expect(greedyTransfers(nets)).toHaveLength(22);
  });

  it('finds zero-sum triples among more than 20 players', () => {
    const nets: Record<string, number> = {};
    for (let g = 0; g < 8; g++) {
      nets[`t${g}a`] = 100 + g * 10;
      nets[`t${g}b`] = 200 + g * 10;
      nets[`t${g}c`] = -(300 + g * 20);
    }
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(16);
  });

  /** Zero-sum groups as nets: member i of group k is `${prefix}${k}m${i}`. */
  const groupNets = (groups: number[][], prefix = 'g') => Object.fromEntries(groups.flatMap((g, k) => g.map((v, i) => [`${prefix}${k}m${i}`, v])));
  /** A group of the values given and one member who balances them. */
  const closed = (values: number[]) => [...values, -values.reduce((a, b) => a + b, 0)];

  it('pays exact pairs first, so that the rest fits the exact search: 12 pairs and two groups of 5 in 20 transfers', () => {
    const pairs = Array.from({ length: 12 }, (_, g) => [11 + 7 * g, -(11 + 7 * g)]);
    const nets = groupNets([...pairs, closed([4001, 5003, 6007, 7019]), closed([4013, 5011, 6029, 7001])]);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(34 - 14);
    expect(greedyTransfers(nets).length).toBeGreaterThan(20);
  });

  it('takes exact pairs before triples that would split them: 29 players in 16 transfers, where greedy needs 19', () => {
    // Each set of six is three exact pairs (3 transfers) but also two triples a + c + e = b + d + f = 0 (4 transfers).
    const sets = [
      [110, 155],
      [979, 729],
      [569, 464],
      [519, 315],
    ];
    const nets: Record<string, number> = { z0: 5979, z1: -7568, z2: 3320, z3: -2403, z4: 672 };
    sets.forEach(([x, y], k) => Object.assign(nets, { [`s${k}a`]: x, [`s${k}b`]: -x!, [`s${k}c`]: y, [`s${k}d`]: -y!, [`s${k}e`]: -(x! + y!), [`s${k}f`]: x! + y! }));
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(16);
    expect(greedyTransfers(nets)).toHaveLength(19);
  });

  it('settles 30 players in 10 zero-sum triples with 20 transfers, where greedy needs 27', () => {
    const nets = groupNets(Array.from({ length: 10 }, (_, g) => closed([1009 + 131 * g + 7 * g * g, 2003 + 173 * g + 3 * g * g])));
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(20);
    expect(greedyTransfers(nets)).toHaveLength(27);
  });

  it('settles 24 players in 6 zero-sum quadruples (no pair or triple inside) with 18 transfers, where greedy needs 21', () => {
    const nets = groupNets([
      [-6643, 5747, -9715, 10611],
      [6515, 4832, -5097, -6250],
      [-2250, -3227, -5402, 10879],
      [4551, -3572, -1384, 405],
      [6313, -3653, 6923, -9583],
      [-7825, -7488, 7933, 7380],
    ]);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(18);
    expect(greedyTransfers(nets)).toHaveLength(21);
  });

  it('settles a triple and four groups of 5 (23 players) with 18 transfers: the exact search takes the 20 left', () => {
    const nets = groupNets([
      [-6643, 5747, 896],
      [-9715, 6515, 4832, -5097, 3465],
      [-2250, -3227, -5402, 4551, 6328],
      [-3572, -1384, 6313, -3653, 2296],
      [6923, -7825, -7488, 7933, 457],
    ]);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(18);
    expect(greedyTransfers(nets)).toHaveLength(22);
  });

  it('keeps exactly 20 balances on the exact search, which a zero-sum triple across groups would spoil', () => {
    // Five zero-sum quadruples; a0 + a1 + a2 = 0 takes one member from each of three of them, and is the first
    // triple in id order: taking it would leave 4 groups (16 transfers) where the exact partition has 5 (15).
    const nets: Record<string, number> = { a0: 1234, a1: 2345, a2: -3579 };
    Object.assign(nets, { q10: 877, q11: 1500, q12: -(1234 + 877 + 1500), q20: 911, q21: 1733, q22: -(2345 + 911 + 1733), q30: 1021, q31: 1199, q32: 3579 - 1021 - 1199 });
    Object.assign(nets, groupNets([closed([1117, 1423, 1871]), closed([1301, 1619, 1987])], 'q4'));
    expect(Object.keys(nets)).toHaveLength(20);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(15);
    expect(greedyTransfers(nets)).toHaveLength(19);
  });

  it('leaves 20 or fewer balances to the exact search rather than to zero-sum quadruples', () => {
    // 21 players: a triple, then 18 balances in groups of 5, 5 and 8 with a zero-sum quadruple across all three.
    // Taking that quadruple would leave one group of 14 (18 transfers); the exact search finds the three groups (17).
    const nets = groupNets([
      [-6643, 5747, 896],
      [-5731, 1040, -9735, -9405, 23831],
      [-6968, -1201, 5076, -6681, 9774],
      [-5879, 18578, -4659, 9890, 3422, 8680, 7286, -37318],
    ]);
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(17);
    expect(greedyTransfers(nets)).toHaveLength(19);
    // Exactly 20 left after the triple (groups of 5, 5 and 10, a quadruple across them): still the exact search.
    const twenty = groupNets([
      [-6643, 5747, 896],
      [-1105, -5196, 5979, -3320, 3642],
      [9792, 7876, -2774, 3639, -18533],
      [-5693, -2994, 3666, 3227, -2717, -2391, 5931, 1670, 5983, -6682],
    ]);
    const exact = planTransfers(twenty);
    expectSettles(twenty, exact);
    expect(exact).toHaveLength(23 - 4);
    expect(greedyTransfers(twenty)).toHaveLength(21);
  });

  describe('search limits (the O(m²) searches are skipped where they would cost more than they save)', () => {
    // Triples (a, b, −(a + b)) with a = 10^7 + 1000·g and b = 3·10^7 + 1000·(n − g) + g: a_g + b_h = −s_k only when
    // g = h = k, and no two a's or two b's reach an s, so the only zero-sum groups are the ones built. Quadruples
    // (a, b, c, −(a + b + c)) likewise: a, b and c on their own scales, their indexes as base-100 digits.
    const triples = (n: number) => Array.from({ length: n }, (_, g) => closed([10_000_000 + 1000 * g, 30_000_000 + 1000 * (n - g) + g]));
    const quads = (n: number) => Array.from({ length: n }, (_, g) => closed([10_000_000 + 10_000 * ((g * 37) % n), 20_000_000 + 100 * g, 40_000_000 + ((g * 53) % n)]));
    const five = closed([7, 11, 13, 17]);

    it('searches zero-sum triples among up to 2,000 balances', () => {
      const nets = groupNets([...triples(665), five], 't');
      expect(Object.keys(nets)).toHaveLength(2000);
      expect(planTransfers(nets)).toHaveLength(665 * 2 + 4);
      expect(greedyTransfers(nets).length).toBeGreaterThan(665 * 2 + 4);
    });

    it('plans 2,001 balances with no small group the greedy way', () => {
      const nets = groupNets(triples(667), 't');
      const plan = planTransfers(nets);
      expectSettles(nets, plan);
      expect(plan).toEqual(greedyTransfers(nets));
      expect(plan.length).toBeGreaterThan(667 * 2);
    });

    it('searches zero-sum quadruples among up to 300 balances, and not beyond', () => {
      const within = groupNets(quads(75), 'q');
      expect(planTransfers(within)).toHaveLength(75 * 3);
      expect(greedyTransfers(within).length).toBeGreaterThan(75 * 3);
      const beyond = groupNets([...quads(74), five], 'q');
      const plan = planTransfers(beyond);
      expectSettles(beyond, plan);
      expect(plan).toEqual(greedyTransfers(beyond));
      expect(plan.length).toBeGreaterThan(74 * 3 + 4);
    });
  });

  it('returns the same plan whatever the order of the keys', () => {
    fc.assert(
      fc.property(fc.oneof(netsArb(21, 60, 20), expenseNetsArb(21, 60)), fc.integer(), (nets, seed) => {
        expect(planTransfers(shuffledKeys(nets, seed))).toEqual(planTransfers(nets));
      }),
      { numRuns: 40 },
    );
  });
});
