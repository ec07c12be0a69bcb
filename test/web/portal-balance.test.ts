/**
 * "My settle-up" follows the phone's database (web/portal/screens/money/balance.ts): an expense synced or waiting in
 * the send queue counts at once, settlements paid count, games and bets come from the server's last answer, and a
 * plan made before the latest expense is marked as not including it yet.
 */
import { describe, expect, it } from 'vitest';
import { myBalance, type PhoneSettlement, type ServerBalance } from '../../web/portal/screens/money/balance.js';

const server = (o: Partial<ServerBalance['overall']> = {}): ServerBalance => ({
  currency: 'EUR',
  expenses: { paidCents: 0, shareCents: 0, netCents: 0 },
  overall: { netCents: 0, expensesCents: 0, sideGamesCents: 0, wagersCents: 0, potCents: 0, settledCents: 0, ...o },
});
const greenFee = { id: 'e1', payerId: 'ben', tripAmountCents: 4000, participants: [{ playerId: 'ann', cents: 4000 }] };
const plan = (cents: number, status: PhoneSettlement['status'] = 'pending', kind = 'unified'): PhoneSettlement => ({ fromPlayerId: 'ann', toPlayerId: 'ben', cents, kind, status });

describe('myBalance', () => {
  it('counts the expenses on the phone and a settlement plan that fits them', () => {
    const b = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [], settlements: [plan(4000)], server: server() });
    expect(b).toMatchObject({ paidCents: 0, shareCents: 4000, netCents: -4000, waiting: [], planOutdated: false });
  });

  it('counts an expense waiting to send at once, split as the server splits it, and marks the plan as not including it', () => {
    const dinner = { id: 'q1', description: 'Dinner', amountCents: 1000, split: { mode: 'equal' as const, playerIds: ['ann', 'ben', 'cat'] }, refused: false };
    const b = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [dinner], settlements: [plan(4000)], server: server() });
    // Ann paid 10.00 and her share is 3.34 (the odd cent to the first listed): net −40.00 + 6.66.
    expect(b).toMatchObject({ paidCents: 1000, shareCents: 4334, netCents: -3334, planOutdated: true });
    expect(b.waiting).toEqual([{ id: 'q1', description: 'Dinner', netCents: 666 }]);
    // Once the expense is on the phone by sync, it is not counted twice.
    const synced = { id: 'q1', payerId: 'ann', tripAmountCents: 1000, participants: [{ playerId: 'ann', cents: 334 }, { playerId: 'ben', cents: 333 }, { playerId: 'cat', cents: 333 }] };
    const after = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee, synced], waiting: [dinner], settlements: [plan(4000)], server: server() });
    expect(after).toMatchObject({ netCents: -3334, waiting: [] });
    // A refused one does not count until it is sent again.
    expect(myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [{ ...dinner, refused: true }], settlements: [], server: server() }).netCents).toBe(-4000);
  });

  it('adds what only the server computes and the settlements paid, and a plan remade after both fits again', () => {
    const s = server({ sideGamesCents: 500, wagersCents: -200, potCents: 100 });
    const paid = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [], settlements: [plan(1000, 'paid'), plan(2600)], server: s });
    // −40.00 + 5.00 − 2.00 + 1.00 + 10.00 paid = −26.00, which the pending 26.00 covers.
    expect(paid).toMatchObject({ netCents: -2600, settledCents: 1000, serverOnlyCents: 400, planOutdated: false });
    // A plain plan (expenses only) is judged against expenses and settlements.
    const plain = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [], settlements: [plan(4000, 'pending', 'plain')], server: s });
    expect(plain).toMatchObject({ netCents: -3600, planOutdated: false });
  });

  it('without any server answer shows expenses and settlements, and says nothing about a unified plan it cannot judge', () => {
    const b = myBalance({ me: 'ann', tripCurrency: 'EUR', expenses: [greenFee], waiting: [], settlements: [plan(3000)], server: undefined });
    expect(b).toMatchObject({ netCents: -4000, serverOnlyCents: null, planOutdated: false });
  });
});
