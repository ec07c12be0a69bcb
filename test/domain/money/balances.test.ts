import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expenseBalances, sumNets, type ExpenseLike } from '../../../shared/domain/money/balances.js';
import { splitExpense } from '../../../shared/domain/money/split.js';

describe('expenseBalances', () => {
  it('lists every trip player in order with zeros, then players only in expenses sorted by id', () => {
    const expenses: ExpenseLike[] = [
      { payerId: 'a', amountCents: 900, shares: [{ playerId: 'a', cents: 300 }, { playerId: 'z', cents: 300 }, { playerId: 'm', cents: 300 }] },
    ];
    expect(expenseBalances(['c', 'a'], expenses)).toEqual([
      { playerId: 'c', paidCents: 0, shareCents: 0, netCents: 0 },
      { playerId: 'a', paidCents: 900, shareCents: 300, netCents: 600 },
      { playerId: 'm', paidCents: 0, shareCents: 300, netCents: -300 },
      { playerId: 'z', paidCents: 0, shareCents: 300, netCents: -300 },
    ]);
  });

  it('has nets that sum to zero and equal paid minus share', () => {
    const expenseArb = fc.record({
      payer: fc.nat(9),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      people: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(fc.array(expenseArb, { maxLength: 30 }), (rows) => {
        const expenses = rows.map((r) => ({
          payerId: `p${r.payer}`,
          amountCents: r.amount,
          shares: splitExpense(r.amount, { mode: 'equal', playerIds: Array.from({ length: r.people }, (_, i) => `p${i}`) }),
        }));
        const balances = expenseBalances(['p0', 'p1'], expenses);
        expect(balances.reduce((s, b) => s + b.netCents, 0)).toBe(0);
        expect(balances.every((b) => b.netCents === b.paidCents - b.shareCents)).toBe(true);
        expect(balances.reduce((s, b) => s + b.paidCents, 0)).toBe(rows.reduce((s, r) => s + r.amount, 0));
      }),
    );
  });

  it('refuses an expense whose shares do not add up to its amount', () => {
    expect(() => expenseBalances([], [{ payerId: 'a', amountCents: 100, shares: [{ playerId: 'a', cents: 99 }] }])).toThrow(RangeError);
  });
});

describe('sumNets', () => {
  it('adds per-player nets from several sources', () => {
    expect(sumNets({ a: 100, b: -100 }, { a: -30, c: 30 }, {})).toEqual({ a: 70, b: -100, c: 30 });
    expect(sumNets()).toEqual({});
  });
});
