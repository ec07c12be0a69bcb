import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyTransfers, planTransfers, settleThrough, type Transfer } from '../../../shared/domain/money/settle.js';

/** Nets that sum to zero over `min`–`max` players, from a small value range so that zero-sum subgroups are common. */
function netsArb(min: number, max: number, range = 6, unit = 100): fc.Arbitrary<Record<string, number>> {
  return fc.array(fc.integer({ min: -range, max: range }), { minLength: min - 1, maxLength: max - 1 }).map((values) => {
    const all = [...values.map((v) => v * unit), -values.reduce((s, v) => s + v * unit, 0)];
    return Object.fromEntries(all.map((v, i) => [`p${String(i).padStart(2, '0')}`, v]));
  });
}

function applied(nets: Record<string, number>, transfers: Transfer[]): Record<string, number> {
  const left = { ...nets };
  for (const t of transfers) {
    left[t.fromPlayerId] = (left[t.fromPlayerId] ?? 0) + t.cents;
    left[t.toPlayerId] = (left[t.toPlayerId] ?? 0) - t.cents;
  }
  return left;
}

function expectSettles(nets: Record<string, number>, transfers: Transfer[]): void {
  expect(Object.values(applied(nets, transfers)).every((v) => v === 0)).toBe(true);
  for (const t of transfers) {
    expect(Number.isSafeInteger(t.cents) && t.cents > 0).toBe(true);
    expect(t.fromPlayerId).not.toBe(t.toPlayerId);
  }
  const keys = transfers.map((t) => [t.fromPlayerId, t.toPlayerId].join('\u0000'));
  expect(keys).toEqual([...keys].sort());
}

/**
 * Independent minimum: exhaustive search where each transfer settles the first unsettled player fully against a
 * later player of the opposite sign (every optimal plan can be rearranged into such a sequence).
 */
function bruteForceMinimum(nets: Record<string, number>): number {
  const debts = Object.values(nets).filter((v) => v !== 0);
  const search = (start: number): number => {
    while (start < debts.length && debts[start] === 0) start++;
    if (start === debts.length) return 0;
    let best = Infinity;
    for (let j = start + 1; j < debts.length; j++) {
      if (Math.sign(debts[j]!) !== -Math.sign(debts[start]!)) continue;
      debts[j]! += debts[start]!;
      best = Math.min(best, 1 + search(start + 1));
      debts[j]! -= debts[start]!;
    }
    return best;
  };
  return search(0);
}

function shuffledKeys(nets: Record<string, number>, seed: number): Record<string, number> {
  const entries = Object.entries(nets);
  let s = seed >>> 0 || 1;
  for (let i = entries.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries);
}

describe('planTransfers', () => {
  it('brings every balance to exactly zero with positive transfers, sorted by payer then payee', () => {
    fc.assert(fc.property(netsArb(1, 30), (nets) => expectSettles(nets, planTransfers(nets))), { numRuns: 200 });
  });

  it('uses exactly the brute-force minimum number of transfers for up to 8 people', () => {
    fc.assert(
      fc.property(netsArb(1, 8, 4), (nets) => {
        expect(planTransfers(nets)).toHaveLength(bruteForceMinimum(nets));
      }),
      { numRuns: 300 },
    );
  });

  it('matches the brute-force minimum on irregular amounts too', () => {
    fc.assert(
      fc.property(netsArb(2, 8, 5000, 1), (nets) => {
        expect(planTransfers(nets)).toHaveLength(bruteForceMinimum(nets));
      }),
      { numRuns: 200 },
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

  it('pays an exact pair directly', () => {
    expect(planTransfers({ a: -500, b: 500, c: -300, d: 100, e: 200 })).toEqual([
      { fromPlayerId: 'a', toPlayerId: 'b', cents: 500 },
      { fromPlayerId: 'c', toPlayerId: 'd', cents: 100 },
      { fromPlayerId: 'c', toPlayerId: 'e', cents: 200 },
    ]);
  });

  it('finds zero-sum subgroups among more than 20 players', () => {
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
});

describe('greedyTransfers', () => {
  it('has the largest debtor pay the largest creditor, ties to the smaller id', () => {
    expect(greedyTransfers({ d: -300, c: -300, b: 200, a: 400 })).toEqual([
      { fromPlayerId: 'c', toPlayerId: 'a', cents: 300 },
      { fromPlayerId: 'd', toPlayerId: 'a', cents: 100 },
      { fromPlayerId: 'd', toPlayerId: 'b', cents: 200 },
    ]);
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
