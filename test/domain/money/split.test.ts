import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor } from '../../../shared/domain/money/currency.js';
import { splitConverted, splitExpense, splitProblem, type SplitInput } from '../../../shared/domain/money/split.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** Random percentages with 2 decimals summing to exactly 100, as the decimals a user would type. */
const percentagesArb = fc.array(fc.nat(10000), { minLength: 1, maxLength: 12 }).map((cuts) => {
  const points = [0, ...cuts.sort((a, b) => a - b), 10000];
  return points.slice(1).map((p, i) => Number(((p - points[i]!) / 100).toFixed(2)));
});

const splitArb: fc.Arbitrary<SplitInput> = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map((n) => ({ mode: 'equal' as const, playerIds: ids(n) })),
  fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 30 }).map((s) => ({ mode: 'shares' as const, shares: s.map((shares, i) => ({ playerId: `p${i}`, shares })) })),
  percentagesArb.map((ps) => ({ mode: 'percentages' as const, percentages: ps.map((percent, i) => ({ playerId: `p${i}`, percent })) })),
);

describe('splitExpense', () => {
  it('sums exactly to the amount in every mode, one share per participant in the order listed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), splitArb, (amount, split) => {
        expect(splitProblem(amount, split)).toBeUndefined();
        const shares = splitExpense(amount, split);
        expect(shares.reduce((s, x) => s + x.cents, 0)).toBe(amount);
        expect(shares.every((x) => Number.isSafeInteger(x.cents) && x.cents >= 0)).toBe(true);
        expect(shares.map((x) => x.playerId)).toEqual(shares.map((_, i) => `p${i}`));
      }),
      { numRuns: 300 },
    );
  });

  it('gives exact amounts back as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100000), { minLength: 1, maxLength: 20 }), (cents) => {
        const amounts = cents.map((c, i) => ({ playerId: `p${i}`, cents: c }));
        const total = cents.reduce((a, b) => a + b, 0);
        expect(splitExpense(total, { mode: 'exact', amounts })).toEqual(amounts);
      }),
    );
  });

  it('gives the odd cent of an equal split to the first listed', () => {
    expect(splitExpense(1000, { mode: 'equal', playerIds: ['c', 'a', 'b'] })).toEqual([
      { playerId: 'c', cents: 334 },
      { playerId: 'a', cents: 333 },
      { playerId: 'b', cents: 333 },
    ]);
  });

  it('charges 2 shares twice what 1 share pays', () => {
    expect(splitExpense(9000, { mode: 'shares', shares: [{ playerId: 'a', shares: 2 }, { playerId: 'b', shares: 1 }] })).toEqual([
      { playerId: 'a', cents: 6000 },
      { playerId: 'b', cents: 3000 },
    ]);
  });

  it('reads percentages as exact basis points (33.33 is 3333, not 3332.9999…)', () => {
    const split: SplitInput = { mode: 'percentages', percentages: [{ playerId: 'a', percent: 33.33 }, { playerId: 'b', percent: 33.33 }, { playerId: 'c', percent: 33.34 }] };
    expect(splitExpense(10000, split)).toEqual([
      { playerId: 'a', cents: 3333 },
      { playerId: 'b', cents: 3333 },
      { playerId: 'c', cents: 3334 },
    ]);
    expect(splitExpense(1000000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 0.29 }, { playerId: 'b', percent: 99.71 }] })).toEqual([
      { playerId: 'a', cents: 2900 },
      { playerId: 'b', cents: 997100 },
    ]);
  });

  it('throws a RangeError when the split has a problem', () => {
    expect(() => splitExpense(1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: 999 }] })).toThrow(RangeError);
  });
});

describe('splitProblem', () => {
  it.each<[string, number, SplitInput, RegExp]>([
    ['percentages totalling 99.99', 1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 50 }, { playerId: 'b', percent: 49.99 }] }, /add up to 99\.99, not 100/],
    ['percentages totalling 100.01', 1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 50 }, { playerId: 'b', percent: 50.01 }] }, /100\.01/],
    ['a percentage with 3 decimals', 1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 33.333 }, { playerId: 'b', percent: 66.667 }] }, /at most 2 decimals/],
    ['a float-error percentage (0.1 + 0.2)', 1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 0.1 + 0.2 }, { playerId: 'b', percent: 99.7 }] }, /at most 2 decimals/],
    ['a negative percentage', 1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: -10 }, { playerId: 'b', percent: 110 }] }, /between 0 and 100/],
    ['a negative exact amount', 1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: -100 }, { playerId: 'b', cents: 1100 }] }, /non-negative/],
    ['exact amounts not summing to the expense', 1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: 400 }, { playerId: 'b', cents: 500 }] }, /add up to 900 cents, not the expense's 1000/],
    ['a fractional exact amount', 1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: 500.5 }, { playerId: 'b', cents: 499.5 }] }, /whole/],
    ['a player listed twice (equal)', 1000, { mode: 'equal', playerIds: ['a', 'b', 'a'] }, /player a is listed twice/],
    ['a player listed twice (exact)', 1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: 500 }, { playerId: 'a', cents: 500 }] }, /listed twice/],
    ['an empty list', 1000, { mode: 'equal', playerIds: [] }, /at least one participant/],
    ['zero shares', 1000, { mode: 'shares', shares: [{ playerId: 'a', shares: 0 }] }, /at least 1/],
    ['fractional shares', 1000, { mode: 'shares', shares: [{ playerId: 'a', shares: 1.5 }] }, /whole number of shares/],
    ['a negative amount', -1000, { mode: 'equal', playerIds: ['a'] }, /non-negative/],
    ['a fractional amount', 10.5, { mode: 'equal', playerIds: ['a'] }, /whole/],
  ])('refuses %s', (_, amount, split, message) => {
    expect(splitProblem(amount, split)).toMatch(message);
    expect(() => splitExpense(amount, split)).toThrow(RangeError);
  });

  it('accepts a zero percentage and a zero exact amount', () => {
    expect(splitProblem(1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 0 }, { playerId: 'b', percent: 100 }] })).toBeUndefined();
    expect(splitProblem(1000, { mode: 'exact', amounts: [{ playerId: 'a', cents: 0 }, { playerId: 'b', cents: 1000 }] })).toBeUndefined();
  });
});

/** Exact amounts (the expense's amount is their sum). */
const exactArb: fc.Arbitrary<SplitInput> = fc.array(fc.nat(200_000), { minLength: 1, maxLength: 20 }).map((c) => ({ mode: 'exact' as const, amounts: c.map((cents, i) => ({ playerId: `p${i}`, cents })) }));

describe('splitConverted', () => {
  it('keeps an equal split equal after conversion: 10.00 EUR at 1.0857 three ways is 362 cents each', () => {
    const total = convertMinor(1000, 'EUR', 'USD', '1.0857');
    expect(total).toBe(1086);
    expect(splitConverted(1000, total, { mode: 'equal', playerIds: ['a', 'b', 'c'] })).toEqual([
      { playerId: 'a', cents: 362 },
      { playerId: 'b', cents: 362 },
      { playerId: 'c', cents: 362 },
    ]);
  });

  it('gives the cents of the converted total that do not divide to the first listed', () => {
    // 100.00 USD at 0.9233 is 92.33 EUR: 3078, 3078, 3077 — not each share converted on its own.
    expect(splitConverted(10000, 9233, { mode: 'equal', playerIds: ['c', 'a', 'b'] }).map((s) => s.cents)).toEqual([3078, 3078, 3077]);
  });

  it('keeps the proportions of exact amounts and percentages', () => {
    expect(splitConverted(1000, 1086, { mode: 'exact', amounts: [{ playerId: 'a', cents: 500 }, { playerId: 'b', cents: 250 }, { playerId: 'c', cents: 250 }] })).toEqual([
      { playerId: 'a', cents: 543 },
      { playerId: 'b', cents: 272 },
      { playerId: 'c', cents: 271 },
    ]);
    expect(splitConverted(1000, 1086, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 50 }, { playerId: 'b', percent: 50 }] }).map((s) => s.cents)).toEqual([543, 543]);
    expect(splitConverted(0, 0, { mode: 'exact', amounts: [{ playerId: 'a', cents: 0 }] })).toEqual([{ playerId: 'a', cents: 0 }]);
  });

  it('sums to the converted total; equal shares differ by at most a cent, larger first; others keep their proportions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 5_000_000 }), fc.oneof(splitArb, exactArb), (amount0, rate, split0) => {
        const [amount, split] = split0.mode === 'exact' ? [split0.amounts.reduce((a, x) => a + x.cents, 0), split0] : [amount0, split0];
        const converted = convertMinor(amount, 'EUR', 'USD', (rate / 10000).toFixed(4));
        const shares = splitConverted(amount, converted, split).map((s) => s.cents);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(converted);
        if (split.mode === 'equal') {
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
          expect(shares).toEqual([...shares].sort((a, b) => b - a));
        } else if (split.mode === 'exact') {
          // Each share is within a cent of its exact proportion of the converted total.
          split.amounts.forEach((a, i) => expect(Math.abs(shares[i]! * amount - a.cents * converted)).toBeLessThan(Math.max(amount, 1)));
        } else {
          expect(shares).toEqual(splitExpense(converted, split).map((s) => s.cents));
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each<[string, number, number, SplitInput]>([
    ['a split with a problem', 1000, 1086, { mode: 'exact', amounts: [{ playerId: 'a', cents: 999 }] }],
    ['a fractional converted total', 1000, 1085.7, { mode: 'equal', playerIds: ['a'] }],
    ['a negative converted total', 1000, -1, { mode: 'equal', playerIds: ['a'] }],
  ])('refuses %s with a RangeError', (_, amount, converted, split) => {
    expect(() => splitConverted(amount, converted, split)).toThrow(RangeError);
  });
});
