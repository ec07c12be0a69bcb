/** A foreign-currency expense written offline is checked against the same converted split as over REST. */
import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts } from '../../../shared/domain/write-rules.js';

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map() };
const at = '2027-04-11T19:00:00.000Z';
const ann = { playerId: 'annann', role: 'player' as const };

/** 10.00 USD at 1.0857 in a EUR trip (1086 cents), split equally three ways, with the shares a phone wrote. */
const expense = (cents: [number, number, number]) => ({
  _id: 'expense:dinner01',
  type: 'expense',
  id: 'dinner01',
  payerId: 'annann',
  amountCents: 1000,
  currency: 'USD',
  exchangeRate: '1.0857',
  tripAmountCents: 1086,
  category: 'food',
  date: '2027-04-11',
  description: 'Dinner',
  split: { mode: 'equal', playerIds: ['annann', 'bobbob', 'carlcarl'] },
  participants: ['annann', 'bobbob', 'carlcarl'].map((playerId, i) => ({ playerId, cents: cents[i]! })),
  receiptId: null,
  createdBy: { kind: 'player', id: 'annann' },
  createdAt: at,
  updatedAt: at,
});

describe('a foreign-currency expense through sync', () => {
  it('accepts an equal split of the converted total: 362 each', () => {
    expect(checkSyncWrite(ann, expense([362, 362, 362]), undefined, facts)).toBeNull();
  });

  it('refuses each share converted on its own (363/362/361)', () => {
    expect(checkSyncWrite(ann, expense([363, 362, 361]), undefined, facts)).toContain('not what the split gives');
  });
});
