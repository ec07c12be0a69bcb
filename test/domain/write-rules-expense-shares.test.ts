import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts } from '../../shared/domain/write-rules.js';
import { expenseDoc } from './support/sync-docs.js';

/*
 * An expense written through sync must carry exactly the shares the shared split rule gives, participant by
 * participant (issue 3, write rules; shared/domain/money/split.ts): matching on one participant, or on the total,
 * is not enough, or a phone could book an arbitrary debt on others.
 */

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map() };
const ann = { playerId: 'annann', role: 'player' as const };
const org = { playerId: 'orgorg', role: 'organizer' as const };
const SHARES = 'the shares are not what the split gives';

const expense = expenseDoc;
const rows = (...shares: [string, number][]) => shares.map(([playerId, cents]) => ({ playerId, cents }));

describe('every share must be what the split gives', () => {
  it('accepts the exact split, from a player and from an organizer', () => {
    expect(checkSyncWrite(ann, expense(), undefined, facts)).toBeNull();
    expect(checkSyncWrite(org, expense(), undefined, facts)).toBeNull();
  });

  it.each([
    ['only the first share right (the total still 10.00)', rows(['annann', 334], ['bobbob', 332], ['carlcarl', 334])],
    ['only the last share right', rows(['annann', 333], ['bobbob', 334], ['carlcarl', 333])],
    ['the odd cent on another participant than the first listed', rows(['annann', 333], ['bobbob', 333], ['carlcarl', 334])],
    ['the right amounts under swapped names', rows(['bobbob', 334], ['annann', 333], ['carlcarl', 333])],
    ['the right amounts in another order', rows(['bobbob', 333], ['carlcarl', 333], ['annann', 334])],
  ])('refuses %s', (_label, participants) => {
    expect(checkSyncWrite(ann, expense({ participants }), undefined, facts)).toBe(SHARES);
    // The split rule binds organizers too: their phones book through the same rule.
    expect(checkSyncWrite(org, expense({ participants }), undefined, facts)).toBe(SHARES);
  });

  it('refuses an extra participant or a missing one, even at zero cents', () => {
    expect(checkSyncWrite(ann, expense({ participants: rows(['annann', 334], ['bobbob', 333], ['carlcarl', 333], ['danadana', 0]) }), undefined, facts)).toBe(SHARES);
    expect(
      checkSyncWrite(ann, expense({ split: { mode: 'equal', playerIds: ['annann', 'bobbob', 'carlcarl', 'danadana'] }, participants: rows(['annann', 250], ['bobbob', 250], ['carlcarl', 500]) }), undefined, facts),
    ).toBe(SHARES);
  });
});

describe('a foreign-currency expense is split on its converted total', () => {
  const foreign = (participants: ReturnType<typeof rows>, split: Record<string, unknown> = { mode: 'exact', amounts: rows(['annann', 600], ['bobbob', 0], ['carlcarl', 400]) }) =>
    expense({ currency: 'USD', exchangeRate: '0.9', tripAmountCents: 900, split, participants });

  it('in proportion to the split in the expense currency, a zero share staying zero', () => {
    // Exact 6.00 / 0.00 / 4.00 of 10.00 USD, converted to 9.00: 5.40 / 0.00 / 3.60.
    expect(checkSyncWrite(ann, foreign(rows(['annann', 540], ['bobbob', 0], ['carlcarl', 360])), undefined, facts)).toBeNull();
    // The expense-currency amounts are not the shares.
    expect(checkSyncWrite(ann, foreign(rows(['annann', 500], ['bobbob', 0], ['carlcarl', 400])), undefined, facts)).toBe(SHARES);
    expect(checkSyncWrite(ann, foreign(rows(['annann', 540], ['bobbob', 10], ['carlcarl', 350])), undefined, facts)).toBe(SHARES);
  });

  it('the converted total divides with the same remainder rule (largest remainder, then first listed)', () => {
    const equal = { mode: 'equal', playerIds: ['annann', 'bobbob', 'carlcarl'] };
    // 10.00 USD → 9.01 EUR between three: 301 / 300 / 300.
    const doc = (participants: ReturnType<typeof rows>) => expense({ currency: 'USD', exchangeRate: '0.901', tripAmountCents: 901, split: equal, participants });
    expect(checkSyncWrite(ann, doc(rows(['annann', 301], ['bobbob', 300], ['carlcarl', 300])), undefined, facts)).toBeNull();
    expect(checkSyncWrite(ann, doc(rows(['annann', 300], ['bobbob', 300], ['carlcarl', 301])), undefined, facts)).toBe(SHARES);
  });

  it('a trip-currency expense must keep its total: no rate means tripAmountCents = amountCents', () => {
    expect(checkSyncWrite(ann, expense({ tripAmountCents: 1001, participants: rows(['annann', 335], ['bobbob', 333], ['carlcarl', 333]) }), undefined, facts)).toBe(
      'an expense without an exchange rate is in the trip currency: tripAmountCents must equal amountCents',
    );
  });
});

describe('the split itself must apply', () => {
  it('names the problem of a split that cannot apply', () => {
    const split = { mode: 'exact', amounts: rows(['annann', 600], ['bobbob', 300]) };
    expect(checkSyncWrite(ann, expense({ split, participants: rows(['annann', 600], ['bobbob', 400]) }), undefined, facts)).toBe(
      "the split does not apply: the exact amounts add up to 900 cents, not the expense's 1000 cents",
    );
  });

  it('an organizer may delete any expense; the deletion needs no valid body', () => {
    expect(checkSyncWrite(org, { _id: 'expense:dinner01', _deleted: true }, expense({ payerId: 'bobbob' }), facts)).toBeNull();
  });
});
