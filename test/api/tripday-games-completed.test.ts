/**
 * A game added to a completed round (issue 24: the group forgot to set skins): 409 without a confirmation, saying
 * what confirming does; with `confirmCompleted: true` it computes from the scores already there, and the money
 * follows into the unified plan, the pending settlements planned again, a paid one never rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

type Item = { id: string; fromPlayerId: string; toPlayerId: string; cents: number; status: string };

let t: GamesTrip;
let roundId: string;
const name = (id: string) => Object.keys(t.id).find((n) => t.id[n] === id);
const settlements = async () => (await t.org.client.get(`/trips/${t.tripId}/settlements`)).body.items as Item[];
const skins = (extra: Record<string, unknown> = {}) => ({ kind: 'skins', roundId, basis: 'gross', participants: [t.id.Al, t.id.Bo], config: { mode: 'per_skin', cents: 500 }, ...extra });

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  const fours = () => Array(18).fill(4) as number[];
  // Bo wins hole 1 against Al; the rest is halved.
  await t.scores(roundId, { Al: fours(), Bo: [3, ...fours().slice(1)], Cy: fours(), Di: fours() });
  expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
  // Al paid 40.00 for all four: Bo, Cy and Di each owe him 10.00. The plan is stored and Cy has paid.
  const expense = await t.org.client.post(`/trips/${t.tripId}/expenses`, { payerId: t.id.Al, amountCents: 4000, category: 'golf', date: '2027-04-11', description: 'Balls', split: { mode: 'equal', playerIds: Object.values(t.id) } });
  expect(expense.status).toBe(201);
  expect((await t.org.client.post(`/trips/${t.tripId}/settlements/unified/persist`)).status).toBe(201);
  const cy = (await settlements()).find((i) => name(i.fromPlayerId) === 'Cy')!;
  expect((await t.org.client.patch(`/trips/${t.tripId}/settlements/${cy.id}/complete`)).status).toBe(200);
});
afterAll(() => t.server.close());

describe('skins added to a completed round', () => {
  it('answers 409 without a confirmation, saying what confirming does', async () => {
    const res = await t.org.client.post(`/trips/${t.tripId}/side-games`, skins());
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('round_state_conflict');
    expect(res.body.error.message).toContain('confirmCompleted: true');
    expect(res.body.error.message).toContain('scores already there');
  });

  it('is the organizer\'s to confirm: the portal body has no such field', async () => {
    const res = await t.portal.Al!.post(`/trip-portal/trips/${t.tripId}/side-games`, skins({ confirmCompleted: true }));
    expect(res.status).toBe(400);
  });

  it('computes from the scores already there once confirmed, and the money reaches the plan; the paid settlement stays', async () => {
    const paidBefore = (await settlements()).filter((i) => i.status !== 'pending');
    expect(paidBefore).toHaveLength(1);
    const res = await t.org.client.post(`/trips/${t.tripId}/side-games`, skins({ confirmCompleted: true }));
    expect(res.status).toBe(201);
    expect(res.body.state.final).toBe(true);
    expect(res.body.state.holesCounted).toHaveLength(18);
    expect(res.body.state.moneyCents).toEqual({ [t.id.Al!]: -500, [t.id.Bo!]: 500 });

    const plan = (await t.org.client.get(`/trips/${t.tripId}/settlements/unified`)).body;
    const nets = Object.fromEntries((plan.nets as { playerId: string; sideGamesCents: number; netCents: number }[]).map((n) => [name(n.playerId), n]));
    expect(nets.Al!.sideGamesCents).toBe(-500);
    expect(nets.Bo!.sideGamesCents).toBe(500);
    // Al: +3000 from the expense, −500 skins, −1000 already received from Cy.
    expect(nets.Al!.netCents).toBe(3000 - 500 - 1000);
    // Bo owed 10.00 and won 5.00: he now owes 5.00.
    expect(nets.Bo!.netCents).toBe(-1000 + 500);

    const after = await settlements();
    expect(after.filter((i) => i.status !== 'pending')).toEqual(paidBefore);
    const pending = after.filter((i) => i.status === 'pending');
    expect(new Set(pending.map((i) => i.id)).size).toBe(pending.length);
    const bo = pending.find((i) => name(i.fromPlayerId) === 'Bo');
    expect(bo?.cents).toBe(500);
  });

  it('changes a game of a completed round only with the confirmation too', async () => {
    const gameId = (await t.org.client.get(`/trips/${t.tripId}/side-games?roundId=${roundId}`)).body.items[0].id as string;
    const refused = await t.org.client.patch(`/trips/${t.tripId}/side-games/${gameId}`, { config: { cents: 1000 } });
    expect(refused.status).toBe(409);
    const res = await t.org.client.patch(`/trips/${t.tripId}/side-games/${gameId}`, { config: { cents: 1000 }, confirmCompleted: true });
    expect(res.status).toBe(200);
    expect(res.body.state.moneyCents).toEqual({ [t.id.Al!]: -1000, [t.id.Bo!]: 1000 });
    const pending = (await settlements()).filter((i) => i.status === 'pending');
    expect(pending.find((i) => name(i.fromPlayerId) === 'Bo')).toBeUndefined();
  });
});
