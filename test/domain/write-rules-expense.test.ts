import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts } from '../../shared/domain/write-rules.js';
import { expenseDoc } from './support/sync-docs.js';

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map() };
const now = '2027-04-11T19:00:00.000Z';
const ann = { playerId: 'annann', role: 'player' as const };
const bob = { playerId: 'bobbob', role: 'player' as const };
const org = { playerId: 'orgorg', role: 'organizer' as const };

/** An expense as a phone writes it: shares computed with the shared split rule. */
const expense = expenseDoc;

describe('expenses through sync', () => {
  it.each([
    ['a player records an expense they paid', ann, expense(), undefined, null],
    ['an organizer records anyone\'s expense', org, expense({ payerId: 'bobbob' }), undefined, null],
    ['a player records an expense another paid', bob, expense(), undefined, 'only expenses they paid'],
    ['a player edits another player\'s expense', bob, expense({ payerId: 'bobbob' }), expense(), 'only expenses they paid'],
    ['a player hands their expense to someone else', ann, expense({ payerId: 'bobbob' }), expense(), 'only expenses they paid'],
    ['a player deletes an expense they paid', ann, { _id: 'expense:dinner01', _deleted: true }, expense(), null],
    ['a player deletes another\'s expense', bob, { _id: 'expense:dinner01', _deleted: true }, expense(), 'only expenses they paid'],
    ['shares that are not what the split gives', ann, expense({ participants: [{ playerId: 'annann', cents: 0 }, { playerId: 'bobbob', cents: 500 }, { playerId: 'carlcarl', cents: 500 }] }), undefined, 'not what the split gives'],
    ['shares that do not sum to the amount', ann, expense({ participants: [{ playerId: 'annann', cents: 334 }, { playerId: 'bobbob', cents: 333 }, { playerId: 'carlcarl', cents: 300 }] }), undefined, 'shares sum to'],
    ['percentages that do not add up to 100', ann, expense({ split: { mode: 'percentages', percentages: [{ playerId: 'annann', percent: 50 }, { playerId: 'bobbob', percent: 40 }] } }), undefined, 'split does not apply'],
    ['a negative amount', ann, expense({ amountCents: -1000, tripAmountCents: -1000 }), undefined, 'not a valid expense'],
    ['a trip-currency total that differs from the amount without a rate', ann, expense({ tripAmountCents: 900, participants: [{ playerId: 'annann', cents: 300 }, { playerId: 'bobbob', cents: 300 }, { playerId: 'carlcarl', cents: 300 }] }), undefined, 'tripAmountCents'],
    ['a foreign-currency expense whose shares follow the converted total', ann, expense({ currency: 'USD', exchangeRate: '0.9', tripAmountCents: 900, participants: [{ playerId: 'annann', cents: 300 }, { playerId: 'bobbob', cents: 300 }, { playerId: 'carlcarl', cents: 300 }] }), undefined, null],
  ])('%s', (_label, writer, doc, current, expected) => {
    const reason = checkSyncWrite(writer, doc as never, current, facts);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toContain(expected);
  });

  it.each(['settlement', 'wager', 'pot', 'paymentprefs', 'receipt'])('refuses %s documents through sync, even from organizers', (type) => {
    expect(checkSyncWrite(org, { _id: `${type}:abcdef`, type, id: 'abcdef' }, undefined, facts)).toContain('not written through sync');
  });
});
