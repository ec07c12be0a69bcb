import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let s: string;
type Transfer = { fromPlayerId: string; toPlayerId: string; cents: number };
type Item = Transfer & { id: string; status: string; planId: string; kind: string };

async function spend(payer: string, amountCents: number, among: string[]) {
  const res = await t.org.client.post(`/trips/${t.tripId}/expenses`, { payerId: t.id[payer], amountCents, category: 'golf', date: '2027-04-11', description: `${payer} paid`, split: { mode: 'equal', playerIds: among.map((n) => t.id[n]) } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
const nets = async () => Object.fromEntries(((await t.org.client.get(`/trips/${t.tripId}/expense-balances`)).body.balances as { playerId: string; netCents: number }[]).map((b) => [b.playerId, b.netCents]));
/** Applies transfers to nets: every net must end at zero. */
function settles(start: Record<string, number>, transfers: Transfer[]) {
  const left = { ...start };
  for (const x of transfers) {
    expect(x.cents).toBeGreaterThan(0);
    left[x.fromPlayerId] = (left[x.fromPlayerId] ?? 0) + x.cents;
    left[x.toPlayerId] = (left[x.toPlayerId] ?? 0) - x.cents;
  }
  return Object.values(left).every((v) => v === 0);
}

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }, { name: 'Ed', team: 'x' }]);
  s = `/trips/${t.tripId}/settlements`;
  // Al paid 60 for Al, Bo, Cy; Di paid 40 for Di, Ed: two separate groups, so 3 transfers settle it, not 4.
  await spend('Al', 6000, ['Al', 'Bo', 'Cy']);
  await spend('Di', 4000, ['Di', 'Ed']);
});
afterAll(() => t.server.close());

describe('the plain plan', () => {
  it('settles every expense balance with the fewest transfers, and persisting it twice stores it once', async () => {
    const first = await t.org.client.post(`${s}/generate`);
    expect(first.status).toBe(201);
    expect(first.body.unchanged).toBe(false);
    const items = first.body.items as Item[];
    expect(items).toHaveLength(3);
    expect(settles(await nets(), items)).toBe(true);
    expect(items.every((i) => i.status === 'pending' && i.kind === 'plain' && i.planId === first.body.planId)).toBe(true);

    const again = await t.org.client.post(`${s}/generate`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ unchanged: true, planId: first.body.planId, removedPending: 0 });
    expect(((await t.org.client.get(s)).body.items as Item[]).map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
  });

  it('completes a settlement once; the second time is 409', async () => {
    const [one] = (await t.org.client.get(`${s}?status=pending`)).body.items as Item[];
    const done = await t.org.client.patch(`${s}/${one!.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'confirmed', confirmedBy: { kind: 'organizer' } });
    expect(done.body.paidAt).not.toBeNull();
    const twice = await t.org.client.patch(`${s}/${one!.id}/complete`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('settlement_state_conflict');
    expect((await t.org.client.patch(`${s}/zzzzzzzz/complete`)).status).toBe(404);
  });

  it('replaces the pending plan when balances change, keeping the completed payment and counting it', async () => {
    const before = (await t.org.client.get(s)).body.items as Item[];
    const completed = before.filter((i) => i.status === 'confirmed');
    await spend('Ed', 1000, ['Ed', 'Al']);
    const res = await t.org.client.post(`${s}/generate`);
    expect(res.status).toBe(201);
    // Every pending settlement is either removed or, its transfer unchanged, kept under its id.
    expect(res.body.removedPending + res.body.keptPending).toBe(before.length - completed.length);
    const kept = (res.body.items as Item[]).filter((i) => before.some((b) => b.id === i.id));
    expect(kept).toHaveLength(res.body.keptPending);
    for (const k of kept) expect(before.find((b) => b.id === k.id)).toMatchObject({ fromPlayerId: k.fromPlayerId, toPlayerId: k.toPlayerId, cents: k.cents, status: 'pending' });
    const after = (await t.org.client.get(s)).body.items as Item[];
    expect(after.filter((i) => i.status === 'confirmed')).toEqual(completed);
    expect(after.filter((i) => i.status === 'pending').map((i) => i.id).sort()).toEqual((res.body.items as Item[]).map((i) => i.id).sort());
    // The completed transfer plus the new pending ones settle today's balances.
    expect(settles(await nets(), after)).toBe(true);
  });
});

describe('the unified plan', () => {
  it('adds the money of side games once their round is completed', async () => {
    const roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
    const game = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: [t.id.Al, t.id.Bo], config: { mode: 'per_skin', cents: 500 } });
    expect(game.status).toBe(201);
    await t.scores(roundId, { Al: Array(18).fill(4), Bo: [3, ...Array(17).fill(4)], Cy: Array(18).fill(5), Di: Array(18).fill(5) });
    let plan = (await t.org.client.get(`${s}/unified`)).body;
    expect(plan.nets.find((n: { playerId: string }) => n.playerId === t.id.Bo).sideGamesCents).toBe(0);

    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    plan = (await t.org.client.get(`${s}/unified`)).body;
    const bo = plan.nets.find((n: { playerId: string }) => n.playerId === t.id.Bo);
    expect(bo.sideGamesCents).toBe(500);
    for (const n of plan.nets) expect(n.netCents).toBe(n.expensesCents + n.sideGamesCents + n.wagersCents + n.potCents + n.settledCents);
    expect(plan.nets.reduce((sum: number, n: { netCents: number }) => sum + n.netCents, 0)).toBe(0);
    expect(settles(Object.fromEntries(plan.nets.map((n: { playerId: string; netCents: number }) => [n.playerId, n.netCents])), plan.transfers)).toBe(true);
    expect(plan.transfers.length).toBeLessThanOrEqual(plan.greedyTransferCount);

    const stored = await t.org.client.post(`${s}/unified/persist`);
    expect(stored.status).toBe(201);
    expect(stored.body.planId).toBe(plan.planId);
    expect((await t.org.client.post(`${s}/unified/persist`)).body.unchanged).toBe(true);
    const pending = ((await t.org.client.get(`${s}?status=pending`)).body.items as Item[]).map((i) => i.kind);
    expect(new Set(pending)).toEqual(new Set(['unified']));
  });
});

describe('wagers in the unified plan', () => {
  it('counts a wager once it is settled, and a push not at all', async () => {
    const w = `/trips/${t.tripId}/wagers`;
    const won = (await t.org.client.post(w, { sideA: [t.id.Al], sideB: [t.id.Cy, t.id.Di], stakeCents: 1001, terms: 'Al beats both' })).body.id;
    const push = (await t.org.client.post(w, { sideA: [t.id.Bo], sideB: [t.id.Ed], stakeCents: 700, terms: 'Closest to the pin' })).body.id;
    const wagers = async () => Object.fromEntries(((await t.org.client.get(`${s}/unified`)).body.nets as { playerId: string; wagersCents: number }[]).map((n) => [n.playerId, n.wagersCents]));
    expect(Object.values(await wagers()).every((c) => c === 0)).toBe(true);
    expect((await t.org.client.patch(`${w}/${won}/settle`, { winner: 'A' })).status).toBe(200);
    expect((await t.org.client.patch(`${w}/${push}/settle`, { winner: 'push' })).status).toBe(200);
    const after = await wagers();
    expect(after[t.id.Al!]).toBe(1001);
    expect(after[t.id.Cy!]! + after[t.id.Di!]!).toBe(-1001);
    expect([after[t.id.Cy!], after[t.id.Di!]]).toEqual([-501, -500]);
    expect([after[t.id.Bo!], after[t.id.Ed!]]).toEqual([0, 0]);
  });
});

describe('settling through one organizer', () => {
  it('routes every transfer through that organizer', async () => {
    expect((await t.org.client.patch(`/trips/${t.tripId}/players/${t.id.Cy}`, { role: 'organizer' })).status).toBe(200);
    const plan = (await t.org.client.get(`${s}/organizer/${t.id.Cy}`)).body;
    expect(plan.kind).toBe('organizer');
    expect(plan.transfers.every((x: Transfer) => x.fromPlayerId === t.id.Cy || x.toPlayerId === t.id.Cy)).toBe(true);
    expect(settles(Object.fromEntries(plan.nets.map((n: { playerId: string; netCents: number }) => [n.playerId, n.netCents])), plan.transfers)).toBe(true);
    const stored = await t.org.client.post(`${s}/organizer/${t.id.Cy}/persist`);
    expect(stored.status).toBe(201);
    expect((stored.body.items as Item[]).every((i) => i.kind === 'organizer')).toBe(true);
  });

  it.each([
    ['a player who is not an organizer', () => t.id.Ed!, 422, 'unprocessable'],
    ['someone not on the trip', () => 'zzzzzzzz', 404, 'player_not_found'],
  ])('refuses %s', async (_label, who, status, code) => {
    const res = await t.org.client.get(`${s}/organizer/${who()}`);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await t.org.client.post(`${s}/organizer/${who()}/persist`)).status).toBe(status);
  });
});

describe('paying a settlement', () => {
  let item: Item;
  const name = (id: string) => Object.keys(t.id).find((n) => t.id[n] === id)!;

  beforeAll(async () => {
    item = ((await t.org.client.get(`${s}?status=pending`)).body.items as Item[])[0]!;
  });

  it('builds payment links from the payee\'s preferences, with the amount', async () => {
    const payee = t.portal[name(item.toPlayerId)]!;
    expect((await payee.put(`/trip-portal/trips/${t.tripId}/payment-preferences`, { paypalMe: 'golfer42', zelle: 'golfer@example.com', preferred: 'zelle' })).status).toBe(200);
    expect((await t.org.client.get(`/trips/${t.tripId}/players/${item.toPlayerId}/payment-preferences`)).body).toEqual({ paypalMe: 'golfer42', zelle: 'golfer@example.com', preferred: 'zelle' });
    const res = await t.portal[name(item.fromPlayerId)]!.get(`/trip-portal/trips/${t.tripId}/settlements/${item.id}/payment-links`);
    expect(res.status).toBe(200);
    expect(res.body.links.map((l: { method: string }) => l.method)).toEqual(['zelle', 'paypal']);
    const amount = (item.cents / 100).toFixed(2);
    expect(res.body.links[1].url).toContain(amount);
    expect((await t.org.client.get(`/trips/${t.tripId}/settlements/${item.id}/payment-links`)).status).toBe(200);
    const outsider = Object.keys(t.id).find((n) => t.id[n] !== item.fromPlayerId && t.id[n] !== item.toPlayerId)!;
    expect((await t.portal[outsider]!.get(`/trip-portal/trips/${t.tripId}/settlements/${item.id}/payment-links`)).status).toBe(403);
  });

  it('lets only the payer mark it paid and only the payee confirm it, each once', async () => {
    const payer = t.portal[name(item.fromPlayerId)]!;
    const payee = t.portal[name(item.toPlayerId)]!;
    const path = `/trip-portal/trips/${t.tripId}/settlements/${item.id}`;
    expect((await payee.post(`${path}/paid`)).status).toBe(403);
    const paid = await payer.post(`${path}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidBy: { kind: 'player', id: item.fromPlayerId } });
    expect((await payer.post(`${path}/paid`)).body.error.code).toBe('settlement_state_conflict');
    expect((await payer.post(`${path}/confirm`)).status).toBe(403);
    const confirmed = await payee.post(`${path}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', confirmedBy: { kind: 'player', id: item.toPlayerId } });
    expect((await payee.post(`${path}/confirm`)).status).toBe(409);
    const mine = (await payer.get(`/trip-portal/trips/${t.tripId}/settlements?mine=true`)).body.items as Item[];
    expect(mine.every((i) => i.fromPlayerId === item.fromPlayerId || i.toPlayerId === item.fromPlayerId)).toBe(true);
    expect(mine.map((i) => i.id)).toContain(item.id);
  });

  it('lets an organizer mark a payment paid on the payer\'s behalf', async () => {
    const next = ((await t.org.client.get(`${s}?status=pending`)).body.items as Item[])[0]!;
    const res = await t.org.client.post(`${s}/${next.id}/mark-paid`);
    expect(res.body).toMatchObject({ status: 'paid', paidBy: { kind: 'organizer' } });
    expect((await t.org.client.patch(`${s}/${next.id}/complete`)).body.status).toBe('confirmed');
  });

  it('removes a player\'s payment preferences with the player', async () => {
    const added = await t.org.client.post(`/trips/${t.tripId}/players`, { name: 'Fay' });
    const prefs = `/trips/${t.tripId}/players/${added.body.id}/payment-preferences`;
    expect((await t.org.client.put(prefs, { cash: true })).body).toEqual({ cash: true });
    expect((await t.org.client.delete(`/trips/${t.tripId}/players/${added.body.id}`)).status).toBe(204);
    expect(await t.server.deps.store.trip(t.tripId).get(`paymentprefs:${added.body.id}`)).toBeUndefined();
    expect((await t.org.client.get(prefs)).status).toBe(404);
  });

  it('refuses bad payment preferences', async () => {
    const res = await t.portal.Al!.put(`/trip-portal/trips/${t.tripId}/payment-preferences`, { venmo: '@x', cashApp: '$tag' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('regenerating a plan', () => {
  let u: GamesTrip;
  let path: string;
  const pay = async (payer: string, amountCents: number, among: string[]) => {
    const res = await u.org.client.post(`/trips/${u.tripId}/expenses`, { payerId: u.id[payer], amountCents, category: 'golf', date: '2027-04-11', description: `${payer} paid`, split: { mode: 'equal', playerIds: among.map((n) => u.id[n]) } });
    expect(res.status).toBe(201);
  };
  const find = (items: Item[], from: string, to: string) => items.find((i) => i.fromPlayerId === u.id[from] && i.toPlayerId === u.id[to]);

  beforeAll(async () => {
    u = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }, { name: 'Ed' }]);
    path = `/trips/${u.tripId}/settlements`;
    await pay('Al', 6000, ['Al', 'Bo', 'Cy']);
    await pay('Di', 3000, ['Di', 'Ed']);
  });
  afterAll(() => u.server.close());

  it('keeps the id and state of every pending transfer that did not change; a changed one gets a new id', async () => {
    const first = (await u.org.client.post(`${path}/generate`)).body.items as Item[];
    const edHeld = find(first, 'Ed', 'Di')!;
    const boOld = find(first, 'Bo', 'Al')!;
    expect([edHeld.cents, boOld.cents]).toEqual([1500, 2000]);
    // Cy pays; the paid settlement must come through untouched.
    const cyPaid = (await u.org.client.post(`${path}/${find(first, 'Cy', 'Al')!.id}/mark-paid`)).body as Item;
    expect(cyPaid.status).toBe('paid');

    await pay('Bo', 800, ['Bo', 'Cy']); // Bo now owes Al 16.00, Cy 4.00 more; Ed still owes Di 15.00.
    const again = await u.org.client.post(`${path}/generate`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ unchanged: false, removedPending: 1, keptPending: 1 });
    const items = again.body.items as (Item & { createdAt: string })[];
    const key = (x: unknown[]) => JSON.stringify(x);
    expect(items.map((i) => key([i.fromPlayerId, i.toPlayerId, i.cents])).sort()).toEqual(
      [
        [u.id.Bo, u.id.Al, 1600],
        [u.id.Cy, u.id.Al, 400],
        [u.id.Ed, u.id.Di, 1500],
      ]
        .map(key)
        .sort(),
    );
    const edNow = find(items, 'Ed', 'Di')!;
    expect(edNow).toMatchObject({ id: edHeld.id, status: 'pending', createdAt: (edHeld as Item & { createdAt: string }).createdAt, planId: again.body.planId });
    expect(find(items, 'Bo', 'Al')!.id).not.toBe(boOld.id);
    expect(items.every((i) => i.planId === again.body.planId && i.status === 'pending')).toBe(true);

    // The id Ed holds still answers; Bo's old one is gone.
    expect((await u.org.client.get(`${path}/${edHeld.id}/payment-links`)).status).toBe(200);
    expect((await u.org.client.get(`${path}/${boOld.id}/payment-links`)).status).toBe(404);
    const all = (await u.org.client.get(path)).body.items as Item[];
    expect(all.find((i) => i.id === cyPaid.id)).toEqual(cyPaid);
    expect(all.map((i) => i.id).sort()).toEqual([...items.map((i) => i.id), cyPaid.id].sort());

    // Persisting the same plan again changes nothing, and Ed pays with the id he held all along.
    expect((await u.org.client.post(`${path}/generate`)).body).toMatchObject({ unchanged: true, removedPending: 0 });
    const paid = await u.portal.Ed!.post(`/trip-portal/trips/${u.tripId}/settlements/${edHeld.id}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: edHeld.id, status: 'paid', cents: 1500 });
  });

  it('keeps a pending transfer when another kind of plan asks for it, under that plan', async () => {
    await pay('Al', 900, ['Al', 'Bo', 'Cy']);
    const plain = (await u.org.client.post(`${path}/generate`)).body.items as Item[];
    const unified = await u.org.client.post(`${path}/unified/persist`);
    expect(unified.status).toBe(201);
    const items = unified.body.items as Item[];
    // No side games, wagers or pot: the unified plan asks for the same transfers, under the same ids.
    expect(items.map((i) => i.id).sort()).toEqual(plain.map((i) => i.id).sort());
    expect(items.every((i) => i.kind === 'unified' && i.planId === unified.body.planId)).toBe(true);
    expect(unified.body).toMatchObject({ removedPending: 0, keptPending: plain.length });
  });
});
