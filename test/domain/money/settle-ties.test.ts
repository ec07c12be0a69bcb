import { describe, expect, it } from 'vitest';
import { greedyTransfers, planTransfers, settleThrough } from '../../../shared/domain/money/settle.js';

/*
 * Ties in settling up (shared/domain/money/settle.ts): when several players owe or are owed the same amount, who
 * pays whom goes by player id, so every device shows the same plan.
 */

const t = (fromPlayerId: string, toPlayerId: string, cents: number) => ({ fromPlayerId, toPlayerId, cents });

describe('equal and opposite balances are matched in player-id order', () => {
  it('the first debtor pays the first creditor of the same amount, whatever the key order', () => {
    const plan = [t('a', 'c', 500), t('b', 'd', 500)];
    expect(planTransfers({ d: 500, c: 500, b: -500, a: -500 })).toEqual(plan);
    expect(planTransfers({ a: -500, b: -500, c: 500, d: 500 })).toEqual(plan);
    // The same when the creditors come first in id order.
    expect(planTransfers({ a: 500, b: 500, c: -500, d: -500 })).toEqual([t('c', 'a', 500), t('d', 'b', 500)]);
  });

  it('three equal debts and three equal credits settle one to one, in id order', () => {
    expect(planTransfers({ z: 300, c: -300, y: 300, b: -300, x: 300, a: -300 })).toEqual([t('a', 'x', 300), t('b', 'y', 300), t('c', 'z', 300)]);
  });

  it('an exact pair is settled on its own even when the greedy would split it', () => {
    const mixed = { a: -600, b: -500, c: 500, d: 400, e: 200 };
    // b and c are an exact pair; the greedy pays c from a (the largest debt) instead and needs four transfers.
    expect(greedyTransfers(mixed)).toEqual([t('a', 'c', 500), t('a', 'e', 100), t('b', 'd', 400), t('b', 'e', 100)]);
    expect(planTransfers(mixed)).toEqual([t('a', 'd', 400), t('a', 'e', 200), t('b', 'c', 500)]);
  });
});

describe('settling through a hub', () => {
  it('ignores players who are square, and the hub’s own net is implied', () => {
    expect(settleThrough('hub', { hub: -100, a: 100, b: 0 })).toEqual([t('hub', 'a', 100)]);
    expect(settleThrough('hub', { a: 0, b: 0 })).toEqual([]);
  });
});
