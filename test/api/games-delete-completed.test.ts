/**
 * Deleting a game of a completed round (issue 24, the Games tab): its final money leaves the unified plan at once,
 * a pending stored plan is planned again without it, and a paid settlement is never rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

type Item = { id: string; fromPlayerId: string; toPlayerId: string; cents: number; status: string };

let t: GamesTrip;
let roundId: string;
const name = (id: string) => Object.keys(t.id).find((n) => t.id[n] === id);
const settlements = async () => (await t.org.client.get(`/trips/${t.tripId}/settlements`)).body.items as Item[];

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }]);
  roundId = await t.round([['Al', 'Bo', 'Cy']]);
  const fours = () => Array(18).fill(4) as number[];
  // Bo wins hole 1; every other hole is halved and its skin is dead (no carry-over).
  await t.scores(roundId, { Al: fours(), Bo: [3, ...fours().slice(1)], Cy: fours() });
  expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
});
afterAll(() => t.server.close());

describe('a game of a completed round deleted', () => {
  it('takes its money out of the unified plan and plans a pending stored plan again; a paid settlement stays', async () => {
    const T = `/trips/${t.tripId}`;
    const created = await t.org.client.post(`${T}/side-games`, {
      kind: 'skins',
      roundId,
      basis: 'gross',
      participants: [t.id.Al, t.id.Bo, t.id.Cy],
      config: { mode: 'per_skin', cents: 500, carryover: false },
      confirmCompleted: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.state.moneyCents).toEqual({ [t.id.Al!]: -500, [t.id.Bo!]: 1000, [t.id.Cy!]: -500 });
    // Al also owes Bo 6.00 for lunch; the plan is stored and Cy pays his 5.00 of skins.
    const lunch = await t.org.client.post(`${T}/expenses`, { payerId: t.id.Bo, amountCents: 600, category: 'food', date: '2027-04-11', description: 'Lunch', split: { mode: 'exact', amounts: [{ playerId: t.id.Al, cents: 600 }] } });
    expect(lunch.status).toBe(201);
    expect((await t.org.client.post(`${T}/settlements/unified/persist`)).status).toBe(201);
    const stored = await settlements();
    expect(stored.map((s) => [name(s.fromPlayerId), name(s.toPlayerId), s.cents]).sort()).toEqual([
      ['Al', 'Bo', 1100],
      ['Cy', 'Bo', 500],
    ]);
    const cy = stored.find((s) => name(s.fromPlayerId) === 'Cy')!;
    expect((await t.org.client.patch(`${T}/settlements/${cy.id}/complete`)).status).toBe(200);

    expect((await t.org.client.delete(`${T}/side-games/${created.body.game.id}`)).status).toBe(204);

    const plan = (await t.org.client.get(`${T}/settlements/unified`)).body;
    const nets = Object.fromEntries((plan.nets as { playerId: string; sideGamesCents: number; netCents: number }[]).map((n) => [name(n.playerId), n]));
    expect([nets.Al!.sideGamesCents, nets.Bo!.sideGamesCents, nets.Cy!.sideGamesCents]).toEqual([0, 0, 0]);
    // Cy already paid Bo 5.00 for skins that no longer exist: Bo owes it back; Al owes the lunch only.
    expect([nets.Al!.netCents, nets.Bo!.netCents, nets.Cy!.netCents]).toEqual([-600, 600 - 500, 500]);

    const after = await settlements();
    expect(after.find((s) => s.id === cy.id)).toMatchObject({ status: 'confirmed', cents: 500, fromPlayerId: t.id.Cy, toPlayerId: t.id.Bo });
    const pending = after.filter((s) => s.status === 'pending').map((s) => [name(s.fromPlayerId), name(s.toPlayerId), s.cents]);
    const planned = (plan.transfers as { fromPlayerId: string; toPlayerId: string; cents: number }[]).map((x) => [name(x.fromPlayerId), name(x.toPlayerId), x.cents]);
    expect(pending.sort()).toEqual(planned.sort());
    expect(pending.some(([from, , cents]) => from === 'Al' && cents === 1100)).toBe(false);
  });
});
