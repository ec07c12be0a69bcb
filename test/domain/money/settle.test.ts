import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyTransfers, planTransfers, settleThrough } from '../../../shared/domain/money/settle.js';
import { expectSettles, minimumBySubsets, netsArb, referenceGreedy, shuffledKeys } from './settle-support.js';

describe('planTransfers', () => {
  it('brings every balance to exactly zero with positive transfers, sorted by payer then payee', () => {
    fc.assert(fc.property(netsArb(1, 30), (nets) => expectSettles(nets, planTransfers(nets))), { numRuns: 200 });
  });

  it('uses exactly the brute-force minimum number of transfers for up to 12 people', () => {
    fc.assert(
      fc.property(netsArb(2, 12, 4), (nets) => {
        expect(planTransfers(nets)).toHaveLength(minimumBySubsets(nets));
      }),
      { numRuns: 200 },
    );
  });

  it('matches the brute-force minimum on irregular amounts too, up to 12 people', () => {
    fc.assert(
      fc.property(netsArb(2, 12, 5000, 1), (nets) => {
        expect(planTransfers(nets)).toHaveLength(minimumBySubsets(nets));
      }),
      { numRuns: 100 },
    );
  });

  it('matches the brute-force minimum when 9 to 11 people split into three zero-sum groups', () => {
    // Groups with no zero-sum pair inside, shuffled into one another: only the exact search finds them.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 6, maxLength: 8 }), fc.integer(), (values, seed) => {
        const nets: Record<string, number> = {};
        const groups = [values.slice(0, 2), values.slice(2, 4), values.slice(4)];
        groups.forEach((g, k) => {
          g.forEach((v, i) => (nets[`g${k}m${i}`] = v * 101 + k));
          nets[`g${k}sum`] = -g.reduce((a, v) => a + v * 101 + k, 0);
        });
        const mixed = shuffledKeys(nets, seed);
        const plan = planTransfers(mixed);
        expectSettles(mixed, plan);
        expect(plan).toHaveLength(minimumBySubsets(mixed));
        expect(plan.length).toBeLessThanOrEqual(Object.keys(nets).length - 3);
      }),
      { numRuns: 60 },
    );
  });

  it('never uses more transfers than greedy, up to 20 people', () => {
    fc.assert(
      fc.property(netsArb(2, 20), (nets) => {
        expect(planTransfers(nets).length).toBeLessThanOrEqual(greedyTransfers(nets).length);
      }),
      { numRuns: 40 },
    );
  });

  it('never uses more transfers than greedy with 21 to 40 people, and still settles everyone', () => {
    fc.assert(
      fc.property(netsArb(21, 40, 20), (nets) => {
        const plan = planTransfers(nets);
        expectSettles(nets, plan);
        expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
      }),
      { numRuns: 60 },
    );
  });

  it('returns the same plan whatever the order of the keys', () => {
    fc.assert(
      fc.property(netsArb(2, 16), fc.integer(), (nets, seed) => {
        expect(planTransfers(shuffledKeys(nets, seed))).toEqual(planTransfers(nets));
        expect(greedyTransfers(shuffledKeys(nets, seed))).toEqual(greedyTransfers(nets));
      }),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(netsArb(21, 32, 20), fc.integer(), (nets, seed) => {
        expect(planTransfers(shuffledKeys(nets, seed))).toEqual(planTransfers(nets));
      }),
      { numRuns: 20 },
    );
  });

  it('settles 20 players in 5 zero-sum groups of 4 with 15 transfers', () => {
    const nets: Record<string, number> = {};
    for (let g = 0; g < 5; g++) {
      const base = 1000 * (g + 1);
      // Distinct values per group, no exact pairs: a + b + c = d.
      [base + 1, base + 7, base + 13].forEach((v, i) => (nets[`g${g}m${i}`] = v));
      nets[`g${g}m3`] = -(3 * base + 21);
    }
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(15);
    expect(greedyTransfers(nets).length).toBeGreaterThan(15);
  });

  it('pairs opposite balances first come, first matched, in id order', () => {
    expect(planTransfers({ d: 500, c: 500, b: -500, a: -500 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'c', cents: 500 },
      { fromPlayerId: 'b', toPlayerId: 'd', cents: 500 },
    ]);
  });

  it('pays an exact pair directly', () => {
    expect(planTransfers({ a: -500, b: 500, c: -300, d: 100, e: 200 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'b', cents: 500 },
      { fromPlayerId: 'c', toPlayerId: 'd', cents: 100 },
      { fromPlayerId: 'c', toPlayerId: 'e', cents: 200 },
    ]);
  });

  it('ignores zero nets and plans nothing when everyone is square', () => {
    expect(planTransfers({})).toEqual([]);
    expect(planTransfers({ a: 0, b: 0 })).toEqual([]);
    expect(planTransfers({ a: 0, b: -5, c: 5 })).toEqual([{ fromPlayerId: 'b', toPlayerId: 'c', cents: 5 }]);
  });

  it('handles amounts near the safe-integer limit exactly', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(planTransfers({ a: big, b: -big })).toEqual([{ fromPlayerId: 'b', toPlayerId: 'a', cents: big }]);
    const nets = { a: big - 1, b: -(big - 3), c: -2, d: 1, e: -1 };
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan.length).toBeLessThanOrEqual(greedyTransfers(nets).length);
  });

  it('finds zero-sum groups with exact integers when doubles would round (sums past 2^53)', () => {
    // In doubles, d + c = 2^53 + 1 rounds to 2^53, and then + b + a gives 0: {a, b, c, d} would look zero-sum (it sums
    // to 1) and e would be left owing a cent.
    const big = Number.MAX_SAFE_INTEGER;
    const nets = { a: -3, b: -(big - 2), c: 2, d: big, e: -1 };
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(4);
  });

  it('finds the zero-sum groups of amounts past 2^53 in total', () => {
    // {d, b, a} and {c, e, f} each sum to zero: 4 transfers, where the greedy needs 5.
    const big = Number.MAX_SAFE_INTEGER;
    const nets = { a: -4, b: -(big - 4), c: 2, d: big, e: 3, f: -5 };
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toHaveLength(4);
    expect(greedyTransfers(nets)).toHaveLength(5);
  });

  it('falls back to the greedy plan when its own groups would cost more transfers', () => {
    // 23 balances: pairs, triples and quadruples first give 18 transfers here; the greedy needs 17.
    const values = [-28, 73, -78, 89, 47, 94, -13, 31, -7, -91, 5, 31, -91, -64, 38, -4, 56, -79, -66, 98, -3, -36, -2];
    const nets = Object.fromEntries(values.map((v, i) => [`p${String(i).padStart(2, '0')}`, v]));
    const plan = planTransfers(nets);
    expectSettles(nets, plan);
    expect(plan).toEqual(greedyTransfers(nets));
    expect(plan).toHaveLength(17);
  });

  it.each([
    ['nets that do not sum to zero', { a: 100, b: -99 }],
    ['a fractional net', { a: 0.5, b: -0.5 }],
    ['an unsafe integer', { a: 2 ** 53, b: -(2 ** 53) }],
    ['NaN', { a: Number.NaN }],
  ])('refuses %s with a RangeError', (_, nets) => {
    expect(() => planTransfers(nets)).toThrow(RangeError);
    expect(() => greedyTransfers(nets)).toThrow(RangeError);
    expect(() => settleThrough('a', nets)).toThrow(RangeError);
  });

  it('says why it refuses', () => {
    expect(() => planTransfers({ a: 100, b: -99 })).toThrow('the nets must sum to zero; they sum to 1 cents');
    expect(() => planTransfers({ a: 0.5, b: -0.5 })).toThrow('the net of a must be whole cents (a safe integer), not 0.5');
  });
});

describe('greedyTransfers', () => {
  it('has the largest debtor pay the largest creditor, ties to the smaller id', () => {
    expect(greedyTransfers({ d: -300, c: -300, b: 200, a: 400 })).toEqual([
      { fromPlayerId: 'c', toPlayerId: 'a', cents: 300 },
      { fromPlayerId: 'd', toPlayerId: 'a', cents: 100 },
      { fromPlayerId: 'd', toPlayerId: 'b', cents: 200 },
    ]);
  });

  it('has the largest creditor paid first, ties to the smaller id', () => {
    expect(greedyTransfers({ z: -700, y: 300, x: 300, w: 100 })).toEqual([
      { fromPlayerId: 'z', toPlayerId: 'w', cents: 100 },
      { fromPlayerId: 'z', toPlayerId: 'x', cents: 300 },
      { fromPlayerId: 'z', toPlayerId: 'y', cents: 300 },
    ]);
    // Who is paid first shows in what is left for whom: 250 goes to x (the smaller id) in full, y gets the rest.
    expect(greedyTransfers({ q: -250, r: -200, y: 250, x: 250, s: -50 })).toEqual([
      { fromPlayerId: 'q', toPlayerId: 'x', cents: 250 },
      { fromPlayerId: 'r', toPlayerId: 'y', cents: 200 },
      { fromPlayerId: 's', toPlayerId: 'y', cents: 50 },
    ]);
  });

  it('puts what is left of a debt back in line by amount, ties to the smaller id', () => {
    // a pays x 300 and still owes 200, as much as b: a goes first and pays y, the largest credit left.
    expect(greedyTransfers({ b: -200, a: -500, w: 150, y: 250, x: 300 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'x', cents: 300 },
      { fromPlayerId: 'a', toPlayerId: 'y', cents: 200 },
      { fromPlayerId: 'b', toPlayerId: 'w', cents: 150 },
      { fromPlayerId: 'b', toPlayerId: 'y', cents: 50 },
    ]);
  });

  it('follows its rule exactly on any balances: largest debt to largest credit, ties to the smaller id', () => {
    fc.assert(
      fc.property(fc.oneof(netsArb(1, 40, 4), netsArb(2, 40, 3000, 1)), (nets) => {
        expect(greedyTransfers(nets)).toEqual(referenceGreedy(nets));
      }),
      { numRuns: 300 },
    );
  });

  it('settles everyone in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(netsArb(1, 30), (nets) => {
        const plan = greedyTransfers(nets);
        expectSettles(nets, plan);
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, Object.values(nets).filter((v) => v !== 0).length - 1));
      }),
      { numRuns: 200 },
    );
  });
});

describe('settleThrough', () => {
  it('has debtors pay the hub and the hub pay creditors', () => {
    expect(settleThrough('org', { a: -500, b: 300, org: 200 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'org', cents: 500 },
      { fromPlayerId: 'org', toPlayerId: 'b', cents: 300 },
    ]);
  });

  it('works when the hub has no net of its own', () => {
    expect(settleThrough('hub', { a: -500, b: 500 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'hub', cents: 500 },
      { fromPlayerId: 'hub', toPlayerId: 'b', cents: 500 },
    ]);
  });

  it('brings every balance to zero with every transfer touching the hub', () => {
    fc.assert(
      fc.property(netsArb(1, 20), fc.nat(19), (nets, h) => {
        const ids = Object.keys(nets);
        const hub = ids[h % ids.length]!;
        const plan = settleThrough(hub, nets);
        expectSettles(nets, plan);
        expect(plan.every((t) => t.fromPlayerId === hub || t.toPlayerId === hub)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
