/**
 * A correction on a completed round reaches every result that depends on it (issue 14): the side game's winner and
 * its money, the unified plan, and the pending unified settlements, which are planned again; a settlement already
 * paid is never rewritten, and the new plan is net of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

type Item = { id: string; fromPlayerId: string; toPlayerId: string; cents: number; status: string; kind: string; planId: string };

let t: GamesTrip;
let roundId: string;
const games: Record<string, string> = {};
const s = () => `/trips/${t.tripId}/settlements`;
const money = async (game: string) => {
  const state = (await t.org.client.get(`/trips/${t.tripId}/side-games/${games[game]}`)).body.state as { moneyCents: Record<string, number> };
  return Object.fromEntries(Object.entries(state.moneyCents).map(([id, c]) => [Object.keys(t.id).find((n) => t.id[n] === id), c]));
};
const name = (id: string) => Object.keys(t.id).find((n) => t.id[n] === id);
const settlements = async () => (await t.org.client.get(s())).body.items as Item[];
const correct = (player: string, hole: number, strokes: number, reason: string) => t.org.client.put(`/trips/${t.tripId}/scorecards/${roundId}-${t.id[player]}/scores/${hole}`, { strokes, reason });

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  for (const [game, participants] of [['AB', ['Al', 'Bo']], ['CD', ['Cy', 'Di']]] as const) {
    const res = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: participants.map((n) => t.id[n]), config: { mode: 'per_skin', cents: 500 } });
    expect(res.status).toBe(201);
    games[game] = res.body.game.id;
  }
  // On hole 1 Bo wins the skin against Al and Cy against Di; every other hole is halved (carried, then refunded).
  const fours = () => Array(18).fill(4) as number[];
  await t.scores(roundId, { Al: fours(), Bo: [3, ...fours().slice(1)], Cy: [3, ...fours().slice(1)], Di: fours() });
  expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
});
afterAll(() => t.server.close());

/** Whether the transfers (paid or not) bring every player's game money to zero: they settle exactly these nets. */
function settles(nets: Record<string, number>, items: Item[]) {
  const left: Record<string, number> = Object.fromEntries(Object.entries(nets).map(([n, c]) => [t.id[n]!, c]));
  for (const i of items) {
    left[i.fromPlayerId] = (left[i.fromPlayerId] ?? 0) + i.cents;
    left[i.toPlayerId] = (left[i.toPlayerId] ?? 0) - i.cents;
  }
  return Object.values(left).every((v) => v === 0);
}

describe('a correction on a completed round with money on it', () => {
  let paid: Item;
  let pendingBefore: Item[];

  it('starts from a stored unified plan, one settlement of it already paid', async () => {
    expect(await money('AB')).toEqual({ Al: -500, Bo: 500 });
    expect(await money('CD')).toEqual({ Cy: 500, Di: -500 });
    const stored = await t.org.client.post(`${s()}/unified/persist`);
    expect(stored.status).toBe(201);
    expect(settles({ Al: -500, Bo: 500, Cy: 500, Di: -500 }, stored.body.items)).toBe(true);
    const alPays = (stored.body.items as Item[]).find((i) => name(i.fromPlayerId) === 'Al')!;
    const done = await t.org.client.patch(`${s()}/${alPays.id}/complete`);
    expect(done.status).toBe(200);
    paid = (await settlements()).find((i) => i.id === alPays.id)!;
    expect(paid.status).toBe('confirmed');
    pendingBefore = (await settlements()).filter((i) => i.status === 'pending');
    expect(pendingBefore).toHaveLength(1);
  });

  it('moves the skin to the new winner and replaces the pending settlements, leaving the paid one as it was', async () => {
    const res = await correct('Di', 1, 2, 'eagle entered as a four');
    expect(res.status).toBe(200);
    expect(await money('CD')).toEqual({ Cy: -500, Di: 500 });
    const after = await settlements();
    expect(after.find((i) => i.id === paid.id)).toEqual(paid);
    const pending = after.filter((i) => i.status === 'pending');
    expect(pending.map((i) => i.id)).not.toContain(pendingBefore[0]!.id);
    expect(after.filter((i) => i.status !== 'pending')).toEqual([paid]);
    expect(settles({ Al: -500, Bo: 500, Cy: -500, Di: 500 }, after)).toBe(true);
  });

  it('never rewrites the paid settlement: the new plan is net of the money already moved', async () => {
    const res = await correct('Al', 1, 2, 'birdie chip-in missed by the marker');
    expect(res.status).toBe(200);
    expect(await money('AB')).toEqual({ Al: 500, Bo: -500 });
    const after = await settlements();
    expect(after.find((i) => i.id === paid.id)).toEqual(paid);
    // With what Al already paid, the pending transfers settle the corrected game money exactly.
    expect(settles({ Al: 500, Bo: -500, Cy: -500, Di: 500 }, after)).toBe(true);
    const plan = (await t.org.client.get(`${s()}/unified`)).body;
    const pending = after.filter((i) => i.status === 'pending');
    expect(new Set(pending.map((i) => i.planId))).toEqual(new Set([plan.planId]));
    expect(plan.nets.find((n: { playerId: string }) => n.playerId === t.id.Al)).toMatchObject({ sideGamesCents: 500, settledCents: paid.cents, netCents: 500 + paid.cents });
    // Storing the plan again changes nothing: the correction already stored it.
    expect((await t.org.client.post(`${s()}/unified/persist`)).body.unchanged).toBe(true);
  });

  it('leaves the settlements alone when a correction changes no money', async () => {
    const before = await settlements();
    const res = await correct('Bo', 1, 4, 'par, not birdie: Al still wins the hole');
    expect(res.status).toBe(200);
    expect(res.body.history.length).toBeGreaterThan(0);
    expect(await settlements()).toEqual(before);
  });
});

describe('a correction that changes the winner of an applied tournament pot', () => {
  it('applies the pot again on the corrected standings, and the pending plan pays the new winner', async () => {
    const day2 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 2' });
    const fours = () => Array(18).fill(4) as number[];
    await t.scores(day2, { Al: fours(), Bo: [3, ...fours().slice(1)], Cy: fours(), Di: fours() });
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${day2}/complete`)).status).toBe(200);
    const competitionId = (await t.org.client.post(`/trips/${t.tripId}/competitions`, { name: 'Day 2 cup', format: 'stroke_gross', roundIds: [day2] })).body.id as string;
    const pot = `/trips/${t.tripId}/tournament-pot`;
    expect((await t.org.client.patch(pot, { entryCents: 1000, payouts: [{ place: 1, percent: 100 }], competitionId })).status).toBe(200);
    expect((await t.org.client.post(`${pot}/apply`)).body.applied.standings[0].playerId).toBe(t.id.Bo);
    expect((await t.org.client.post(`${s()}/unified/persist`)).status).toBe(201);
    const potNets = async () => Object.fromEntries(((await t.org.client.get(`${s()}/unified`)).body.nets as { playerId: string; potCents: number }[]).map((n) => [name(n.playerId), n.potCents]));
    expect(await potNets()).toEqual({ Al: -1000, Bo: 3000, Cy: -1000, Di: -1000 });
    const paidBefore = (await settlements()).filter((i) => i.status !== 'pending');

    const res = await t.org.client.put(`/trips/${t.tripId}/scorecards/${day2}-${t.id.Al}/scores/1`, { strokes: 2, reason: 'eagle on the first' });
    expect(res.status).toBe(200);
    const applied = (await t.org.client.get(pot)).body.applied;
    expect(applied.standings[0]).toEqual({ playerId: t.id.Al, place: 1 });
    expect(await potNets()).toEqual({ Al: 3000, Bo: -1000, Cy: -1000, Di: -1000 });
    const after = await settlements();
    expect(after.filter((i) => i.status !== 'pending')).toEqual(paidBefore);
    const plan = (await t.org.client.get(`${s()}/unified`)).body;
    expect(new Set(after.filter((i) => i.status === 'pending').map((i) => i.planId))).toEqual(new Set([plan.planId]));
  });
});
