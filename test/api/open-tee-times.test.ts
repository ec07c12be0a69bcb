import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { api, organizer, tripBody, type Api, type ApiResponse } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

const GRID = { firstTime: '08:00', lastTime: '09:00', intervalMinutes: 10, maxPlayers: 4 };

const NAMES = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi', 'Gu', 'Hu'];
let t: GamesTrip;
let roundId: string;
let org: Api;
let base: string;

type Slot = { time: string; capacity: number; blocked: boolean; offered: boolean; freePlaces: number; players: { playerId: string; name: string | null; bookedBy: { kind: string; playerId?: string } }[] };

const portalPath = (rid = roundId) => `/trip-portal/trips/${t.tripId}/rounds/${rid}/tee-times`;
const slotAt = (body: { slots: Slot[] }, time: string) => body.slots.find((s) => s.time === time)!;
const playersAt = (body: { slots: Slot[] }, time: string) => slotAt(body, time).players.map((p) => p.playerId).sort();
const ids = (...names: string[]) => names.map((n) => t.id[n]!).sort();
const sheet = async () => (await org.get(base)).body;

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
}

beforeAll(async () => {
  t = await gamesTrip([...NAMES, 'Zed'].map((name) => ({ name })));
  // Zed is on the trip but not in the round.
  roundId = await t.round([['Al', 'Bo', 'Cy', 'Di'], ['Ed', 'Fi', 'Gu', 'Hu']], { ready: false });
  org = t.org.client;
  base = `/rounds/${roundId}/open-tee-times`;
});
afterAll(() => t.server.close());

describe('configuring open tee times', () => {
  it.each([
    ['an interval of 3 minutes', { ...GRID, intervalMinutes: 3 }, 'intervalMinutes', '5 to 30 minutes'],
    ['an interval of 31 minutes', { ...GRID, intervalMinutes: 31 }, 'intervalMinutes', '5 to 30 minutes'],
    ['7 players per tee time', { ...GRID, maxPlayers: 7 }, 'maxPlayers', '1 to 6 players'],
    ['0 players per tee time', { ...GRID, maxPlayers: 0 }, 'maxPlayers', '1 to 6 players'],
    ['a last time before the first', { ...GRID, firstTime: '09:00', lastTime: '08:00' }, 'lastTime', 'must not be before the first'],
    ['a blocked time off the grid', { ...GRID, blockedTimes: ['08:05'] }, 'blockedTimes', 'not a tee time of the grid'],
    ['a time that is not HH:MM', { ...GRID, firstTime: '8am' }, 'firstTime', 'HH:MM'],
  ])('refuses %s with 400 naming the limit', async (_name, body, field, message) => {
    const res = await org.post(base, body);
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.message).toContain(message);
    expect(res.body.error.details[0].path).toEqual(expect.arrayContaining(['body', field]));
    expect((await org.get(base)).status).toBe(404);
  });

  it('answers 404 round_not_found for an unknown round and for the round of a trip I do not organize', async () => {
    const unknown = await org.post('/rounds/zzzzzzzz/open-tee-times', GRID);
    expectError(unknown, 404, 'round_not_found');
    const intruder = await organizer(t.server.url, 'Intruder');
    for (const res of [await intruder.client.post(base, GRID), await intruder.client.get(base), await intruder.client.post(`${base}/bookings`, { time: '08:00', playerIds: [t.id.Al] })]) {
      expectError(res, 404, 'round_not_found');
      expect(res.body.error.message).not.toContain(t.tripId);
    }
  });

  it('opens the grid and shows every tee time with its live availability', async () => {
    const res = await org.post(base, { ...GRID, blockedTimes: ['08:30'], playersMayModify: false, playersMayCancel: false });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ tripId: t.tripId, roundId, timezone: 'Europe/Lisbon', date: '2027-04-11', roundState: 'draft', cancelled: [] });
    expect(res.body.config).toEqual({ ...GRID, blockedTimes: ['08:30'], playersMayModify: false, playersMayCancel: false });
    const view = await sheet();
    expect(view.slots.map((s: Slot) => s.time)).toEqual(['08:00', '08:10', '08:20', '08:30', '08:40', '08:50', '09:00']);
    expect(slotAt(view, '08:00')).toEqual({ time: '08:00', capacity: 4, blocked: false, offered: true, freePlaces: 4, players: [] });
    expect(slotAt(view, '08:30')).toMatchObject({ blocked: true, freePlaces: 0 });
  });

  it('lets a player see the tee sheet and whether they play the round', async () => {
    const al = await t.portal.Al!.get(portalPath());
    expect(al.status, al.text).toBe(200);
    expect(al.body.me).toEqual({ playerId: t.id.Al, time: null, playsRound: true });
    expect(al.body.slots).toHaveLength(7);
    expect((await t.portal.Zed!.get(portalPath())).body.me.playsRound).toBe(false);
    expectError(await t.portal.Al!.get(portalPath('zzzzzzzz')), 404, 'round_not_found');
  });
});

describe('booking on the portal', () => {
  it('books me and friends into one tee time', async () => {
    const res = await t.portal.Al!.post(`${portalPath()}/bookings`, { time: '08:00', friendIds: [t.id.Bo, t.id.Cy] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.playerIds).toEqual([t.id.Al, t.id.Bo, t.id.Cy]);
    expect(res.body.slot).toMatchObject({ time: '08:00', freePlaces: 1 });
    expect(res.body.slot.players.map((p: { name: string }) => p.name)).toEqual(['Al', 'Bo', 'Cy']);
    expect(res.body.slot.players[1].bookedBy).toEqual({ kind: 'player', playerId: t.id.Al });
    const mine = await t.portal.Bo!.get(portalPath());
    expect(mine.body.me.time).toBe('08:00');
    expect(playersAt(mine.body, '08:00')).toEqual(ids('Al', 'Bo', 'Cy'));
  });

  it('refuses a second tee time for a player already booked (409 already_booked), changing nothing', async () => {
    const again = await t.portal.Al!.post(`${portalPath()}/bookings`, { time: '08:10' });
    expectError(again, 409, 'already_booked');
    const friend = await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '08:10', friendIds: [t.id.Bo] });
    expectError(friend, 409, 'already_booked');
    expect(friend.body.error.details).toEqual([expect.objectContaining({ playerId: t.id.Bo, time: '08:00' })]);
    const view = await sheet();
    expect(slotAt(view, '08:10').players).toEqual([]);
    expect(playersAt(view, '08:00')).toEqual(ids('Al', 'Bo', 'Cy'));
  });

  it('refuses more players than the free places (409 slot_full), all or none', async () => {
    const res = await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '08:00', friendIds: [t.id.Ed] });
    expectError(res, 409, 'slot_full');
    expect(res.body.error.details[0]).toMatchObject({ time: '08:00', freePlaces: 1 });
    expect(playersAt(await sheet(), '08:00')).toEqual(ids('Al', 'Bo', 'Cy'));
    expect((await t.portal.Ed!.get(portalPath())).body.me.time).toBeNull();
  });

  it('refuses a blocked tee time (409 slot_blocked) and a time off the grid (422 slot_not_offered)', async () => {
    expectError(await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '08:30' }), 409, 'slot_blocked');
    expectError(await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '08:15' }), 422, 'slot_not_offered');
    expectError(await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '09:10' }), 422, 'slot_not_offered');
  });

  it('books only players of the round (422 player_not_in_round)', async () => {
    expectError(await t.portal.Zed!.post(`${portalPath()}/bookings`, { time: '08:40' }), 422, 'player_not_in_round');
    const friend = await t.portal.Di!.post(`${portalPath()}/bookings`, { time: '08:40', friendIds: [t.id.Zed] });
    expectError(friend, 422, 'player_not_in_round');
    expect(friend.body.error.details[0].playerId).toBe(t.id.Zed);
    expect(slotAt(await sheet(), '08:40').players).toEqual([]);
  });

  it('refuses moving and cancelling while the organizer does not allow it (403)', async () => {
    expectError(await t.portal.Bo!.patch(`${portalPath()}/bookings`, { time: '08:10' }), 403, 'forbidden');
    expectError(await t.portal.Bo!.delete(`${portalPath()}/bookings`), 403, 'forbidden');
    expect(playersAt(await sheet(), '08:00')).toEqual(ids('Al', 'Bo', 'Cy'));
  });

  it('moves my booking alone once allowed; my friends keep theirs', async () => {
    const cfg = await org.post(base, { ...GRID, blockedTimes: ['08:30'], playersMayModify: true, playersMayCancel: false });
    expect(cfg.status, cfg.text).toBe(200);
    const res = await t.portal.Bo!.patch(`${portalPath()}/bookings`, { time: '08:10' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ playerId: t.id.Bo, from: '08:00', time: '08:10', slot: { time: '08:10', freePlaces: 3 } });
    const view = await sheet();
    expect(playersAt(view, '08:00')).toEqual(ids('Al', 'Cy'));
    expect(playersAt(view, '08:10')).toEqual(ids('Bo'));
    expectError(await t.portal.Bo!.patch(`${portalPath()}/bookings`, { time: '08:30' }), 409, 'slot_blocked');
    expectError(await t.portal.Di!.patch(`${portalPath()}/bookings`, { time: '08:10' }), 404, 'not_found');
    // Still not allowed to cancel.
    expectError(await t.portal.Bo!.delete(`${portalPath()}/bookings`), 403, 'forbidden');
  });

  it('cancels my booking once allowed', async () => {
    await org.post(base, { ...GRID, blockedTimes: ['08:30'], playersMayModify: true, playersMayCancel: true });
    expect((await t.portal.Bo!.delete(`${portalPath()}/bookings`)).status).toBe(204);
    expect(slotAt(await sheet(), '08:10').players).toEqual([]);
    expect((await t.portal.Bo!.get(portalPath())).body.me.time).toBeNull();
    expectError(await t.portal.Bo!.delete(`${portalPath()}/bookings`), 404, 'not_found');
    // Booked again after cancelling.
    expect((await t.portal.Bo!.post(`${portalPath()}/bookings`, { time: '08:10' })).status).toBe(201);
  });

  it('keeps dashboard tokens off the portal routes and portal sessions off the organizer routes (401 wrong_auth_mode)', async () => {
    const dash = t.org.client;
    for (const res of [
      await dash.get(portalPath()),
      await dash.post(`${portalPath()}/bookings`, { time: '08:40' }),
      await dash.patch(`${portalPath()}/bookings`, { time: '08:40' }),
      await dash.delete(`${portalPath()}/bookings`),
    ]) {
      expectError(res, 401, 'wrong_auth_mode');
    }
    expectError(await t.portal.Al!.get(base), 401, 'wrong_auth_mode');
    expectError(await t.portal.Al!.post(`${base}/bookings`, { time: '08:40', playerIds: [t.id.Di] }), 401, 'wrong_auth_mode');
  });
});

describe('organizer overrides', () => {
  it('books any players of the round, but not beyond the capacity nor into a blocked time', async () => {
    const res = await org.post(`${base}/bookings`, { time: '08:40', playerIds: [t.id.Di, t.id.Ed] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.slot.players.map((p: { bookedBy: unknown }) => p.bookedBy)).toEqual([{ kind: 'organizer' }, { kind: 'organizer' }]);
    expectError(await org.post(`${base}/bookings`, { time: '08:30', playerIds: [t.id.Fi] }), 409, 'slot_blocked');
    expectError(await org.post(`${base}/bookings`, { time: '08:00', playerIds: [t.id.Fi, t.id.Gu, t.id.Hu] }), 409, 'slot_full');
    expectError(await org.post(`${base}/bookings`, { time: '08:00', playerIds: [t.id.Zed] }), 422, 'player_not_in_round');
    expectError(await org.post(`${base}/bookings`, { time: '08:50', playerIds: [t.id.Di] }), 409, 'already_booked');
    expectError(await org.post(`${base}/bookings`, { time: '08:00', playerIds: [t.id.Fi, t.id.Fi] }), 400, 'validation_failed');
  });

  it("moves anyone's booking even when players may not, and cancels any", async () => {
    await org.post(base, { ...GRID, blockedTimes: ['08:30'] });
    const move = await org.patch(`${base}/bookings/${t.id.Al}`, { time: '08:50' });
    expect(move.status, move.text).toBe(200);
    expect(move.body).toMatchObject({ playerId: t.id.Al, from: '08:00', time: '08:50' });
    expectError(await org.patch(`${base}/bookings/${t.id.Al}`, { time: '08:30' }), 409, 'slot_blocked');
    expectError(await org.patch(`${base}/bookings/${t.id.Fi}`, { time: '08:50' }), 404, 'not_found');
    expect((await org.delete(`${base}/bookings/${t.id.Cy}`)).status).toBe(204);
    expectError(await org.delete(`${base}/bookings/${t.id.Cy}`), 404, 'not_found');
    const view = await sheet();
    expect(playersAt(view, '08:00')).toEqual([]);
    expect(playersAt(view, '08:50')).toEqual(ids('Al'));
    expect(view.slots.flatMap((s: Slot) => s.players).map((p: { playerId: string }) => p.playerId).sort()).toEqual(ids('Al', 'Bo', 'Di', 'Ed'));
  });

  it('refuses to block a booked time unless forced, then lists what it cancelled', async () => {
    const refused = await org.post(`${base}/block`, { times: ['08:40', '09:00'] });
    expectError(refused, 409, 'bookings_affected');
    expect(refused.body.error.details.map((d: { playerId: string }) => d.playerId).sort()).toEqual(ids('Di', 'Ed'));
    expect(slotAt(await sheet(), '09:00').blocked).toBe(false);
    expectError(await org.post(`${base}/block`, { times: ['08:45'] }), 422, 'slot_not_offered');

    const forced = await org.post(`${base}/block`, { times: ['08:40', '09:00'], force: true });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.config.blockedTimes).toEqual(['08:30', '08:40', '09:00']);
    // By time, then in the order the places were taken.
    expect(forced.body.cancelled).toEqual([
      { playerId: t.id.Di, name: 'Di', time: '08:40', reason: 'blocked' },
      { playerId: t.id.Ed, name: 'Ed', time: '08:40', reason: 'blocked' },
    ]);
    expect(slotAt(forced.body, '08:40')).toMatchObject({ blocked: true, players: [] });
  });

  it('refuses a reconfiguration that would drop bookings unless forced', async () => {
    // Al at 08:50, Bo at 08:10. The new grid ends at 08:30 and holds 1 player per time.
    const booked = await org.post(`${base}/bookings`, { time: '08:10', playerIds: [t.id.Cy] });
    expect(booked.status, booked.text).toBe(201);
    const next = { firstTime: '08:00', lastTime: '08:30', intervalMinutes: 10, maxPlayers: 1 };
    const refused = await org.post(base, next);
    expectError(refused, 409, 'bookings_affected');
    expect(refused.body.error.details.map((d: { playerId: string; reason: string }) => [d.playerId, d.reason]).sort()).toEqual(
      [[t.id.Al, 'not_offered'], [t.id.Cy, 'over_capacity']].sort(),
    );
    expect((await sheet()).config.maxPlayers).toBe(4);

    const forced = await org.post(base, { ...next, force: true });
    expect(forced.status, forced.text).toBe(200);
    // The latest booked gives way when the maximum drops.
    expect(forced.body.cancelled.map((c: { playerId: string; time: string; reason: string }) => [c.playerId, c.time, c.reason])).toEqual([
      [t.id.Cy, '08:10', 'over_capacity'],
      [t.id.Al, '08:50', 'not_offered'],
    ].sort((a, b) => a[1]!.localeCompare(b[1]!)));
    expect(forced.body.slots.map((s: Slot) => s.time)).toEqual(['08:00', '08:10', '08:20', '08:30']);
    expect(playersAt(forced.body, '08:10')).toEqual(ids('Bo'));
    expect((await t.portal.Al!.get(portalPath())).body.me.time).toBeNull();
    // Back to the first grid for what follows.
    expect((await org.post(base, { ...GRID, playersMayModify: true, playersMayCancel: true })).status).toBe(200);
  });

  it('refuses every change once the round is completed, and still shows the sheet', async () => {
    const done = await t.round([['Al', 'Bo']]);
    const path = `/rounds/${done}/open-tee-times`;
    expect((await org.post(path, GRID)).status).toBe(201);
    expect((await org.post(`${path}/bookings`, { time: '08:00', playerIds: [t.id.Al] })).status).toBe(201);
    expect((await org.post(`/trips/${t.tripId}/rounds/${done}/complete`)).status).toBe(200);
    expectError(await org.post(`${path}/bookings`, { time: '08:00', playerIds: [t.id.Bo] }), 409, 'round_state_conflict');
    expectError(await org.post(path, GRID), 409, 'round_state_conflict');
    expectError(await org.delete(`${path}/bookings/${t.id.Al}`), 409, 'round_state_conflict');
    expectError(await t.portal.Bo!.post(`${portalPath(done)}/bookings`, { time: '08:10' }), 409, 'round_state_conflict');
    expect((await org.get(path)).body.roundState).toBe('completed');
  });
});

describe('a player is never in two tee times', () => {
  it('grants exactly one of many simultaneous bookings of the same player at different times', async () => {
    // 08:20 is left for the next test.
    const times = ['08:00', '08:10', '08:30', '08:40', '08:50', '09:00'];
    const results = await Promise.all(times.flatMap((time) => [t.portal.Fi!.post(`${portalPath()}/bookings`, { time }), org.post(`${base}/bookings`, { time, playerIds: [t.id.Fi] })]));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(['already_booked', 'conflict', 'slot_full']).toContain(r.body.error.code);
    const view = await sheet();
    expect(view.slots.filter((s: Slot) => s.players.some((p) => p.playerId === t.id.Fi))).toHaveLength(1);
  });

  it('leaves a player in exactly one tee time after simultaneous moves', async () => {
    const times = ['08:00', '08:10', '08:30', '08:40', '08:50', '09:00'];
    const results = await Promise.all(times.flatMap((time) => [org.patch(`${base}/bookings/${t.id.Fi}`, { time }), t.portal.Fi!.patch(`${portalPath()}/bookings`, { time })]));
    for (const r of results) expect([200, 409], r.text).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const view = await sheet();
    const holding = view.slots.filter((s: Slot) => s.players.some((p) => p.playerId === t.id.Fi));
    expect(holding).toHaveLength(1);
    // Every place taken is a booking in force: nothing was left behind in another slot.
    const db = t.server.deps.store.trip(t.tripId);
    const { rows } = await db.allDocs({ startKey: `teeslot:${roundId}-`, endKey: `teeslot:${roundId}-\ufff0`, includeDocs: true });
    const places = rows.flatMap((r) => ((r.doc as unknown as { entries: { playerId: string }[] }).entries ?? []).filter((e) => e.playerId === t.id.Fi));
    expect(places).toHaveLength(1);
  });

  it('is not blocked by a booking a crashed server left half-made, nor by places no booking owns', async () => {
    const db = t.server.deps.store.trip(t.tripId);
    const now = new Date().toISOString();
    // Gu's booking document was written, the place never taken: Gu is not booked and may book.
    await db.put({ _id: `teebooking:${roundId}-${t.id.Gu}`, type: 'teebooking', id: `${roundId}-${t.id.Gu}`, roundId, playerId: t.id.Gu, time: '08:20', op: 'crashed', state: 'pending', from: null, bookedBy: { kind: 'player', playerId: t.id.Gu }, bookedAt: now, createdAt: now, updatedAt: now });
    expect((await t.portal.Gu!.get(portalPath())).body.me.time).toBeNull();
    // 08:20 holds four places whose bookings were cancelled before their places were released.
    const slotId = `teeslot:${roundId}-0820`;
    const slot = (await db.get(slotId)) ?? { _id: slotId, type: 'teeslot', id: `${roundId}-0820`, roundId, time: '08:20', hold: null, createdAt: now, updatedAt: now };
    await db.put({ ...slot, entries: ['Ed', 'Fi', 'Hu', 'Di'].map((n) => ({ playerId: t.id[n]!, op: `dead-${n}` })) });
    expect(slotAt(await sheet(), '08:20').freePlaces).toBe(4);

    const res = await t.portal.Gu!.post(`${portalPath()}/bookings`, { time: '08:20', friendIds: [t.id.Hu] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.slot).toMatchObject({ freePlaces: 2 });
    const stored = (await db.get(slotId)) as unknown as { entries: { playerId: string }[] };
    expect(stored.entries.map((e) => e.playerId).sort()).toEqual(ids('Gu', 'Hu'));
  });
});

/** A trip whose round has `count` players with a portal session each, on `server` (and `more` servers sharing its store). */
async function raceTrip(count: number, server: TestServer) {
  const owner = await organizer(server.url);
  const tripId = (await owner.client.post('/trips', tripBody())).body.id as string;
  const players = (await owner.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: count }, (_, i) => ({ name: `P${i}` })) })).body.items as { id: string }[];
  const groups = [];
  for (let i = 0; i < count; i += 6) groups.push({ playerIds: players.slice(i, i + 6).map((p) => p.id) });
  const rid = (await owner.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', groups })).body.id as string;
  const tokens = (await owner.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  const sessions = new Map<string, string>();
  await Promise.all(tokens.map(async (tk) => sessions.set(tk.playerId, (await api(server.url).post('/trip-portal/validate', { token: tk.token })).body.session)));
  return { owner, tripId, roundId: rid, playerIds: players.map((p) => p.id), sessions };
}

/**
 * 50 players ask at once for the last places of a tee time (6 places, 4 taken): exactly 2 get 201, 48 get 409
 * `slot_full`, and the tee time holds exactly 6, spread over `servers` sharing one store.
 */
async function lastPlacesRace(servers: TestServer[]) {
  const race = await raceTrip(54, servers[0]!);
  const path = `/rounds/${race.roundId}/open-tee-times`;
  expect((await race.owner.client.post(path, { firstTime: '07:00', lastTime: '07:30', intervalMinutes: 10, maxPlayers: 6 })).status).toBe(201);
  expect((await race.owner.client.post(`${path}/bookings`, { time: '07:10', playerIds: race.playerIds.slice(0, 4) })).status).toBe(201);

  const racers = race.playerIds.slice(4);
  expect(racers).toHaveLength(50);
  const results = await Promise.all(
    racers.map((pid, i) => api(servers[i % servers.length]!.url, race.sessions.get(pid)).post(`/trip-portal/trips/${race.tripId}/rounds/${race.roundId}/tee-times/bookings`, { time: '07:10' })),
  );
  const granted = results.filter((r) => r.status === 201);
  expect(granted).toHaveLength(2);
  const refused = results.filter((r) => r.status !== 201);
  expect(refused).toHaveLength(48);
  for (const r of refused) {
    expect(r.status, r.text).toBe(409);
    expect(r.body.error.code).toBe('slot_full');
  }
  const view = (await race.owner.client.get(path)).body;
  const slot = slotAt(view, '07:10');
  expect(slot.players).toHaveLength(6);
  expect(slot.freePlaces).toBe(0);
  const winners = granted.map((r) => r.body.playerIds[0]).sort();
  expect(slot.players.map((p) => p.playerId).sort()).toEqual([...race.playerIds.slice(0, 4), ...winners].sort());
  // The stored slot holds exactly its maximum, and no loser kept a booking document.
  const db = servers[0]!.deps.store.trip(race.tripId);
  expect(((await db.get(`teeslot:${race.roundId}-0710`)) as unknown as { entries: unknown[] }).entries).toHaveLength(6);
  const { rows } = await db.allDocs({ startKey: `teebooking:${race.roundId}-`, endKey: `teebooking:${race.roundId}-\ufff0` });
  expect(rows).toHaveLength(6);
  return race;
}

describe('blocking a tee time while players book it', () => {
  it('either blocks an empty tee time or refuses, and with force cancels every booking it let through', async () => {
    const race = await raceTrip(24, t.server);
    const path = `/rounds/${race.roundId}/open-tee-times`;
    expect((await race.owner.client.post(path, { firstTime: '07:00', lastTime: '07:30', intervalMinutes: 10, maxPlayers: 6 })).status).toBe(201);
    const book = (pid: string, time: string) => api(t.server.url, race.sessions.get(pid)).post(`/trip-portal/trips/${race.tripId}/rounds/${race.roundId}/tee-times/bookings`, { time });

    // Without force: the block wins only over a tee time nobody holds, else it is refused and the bookings stand.
    const first = race.playerIds.slice(0, 12);
    const [block, ...books] = await Promise.all([race.owner.client.post(`${path}/block`, { times: ['07:10'] }), ...first.map((p) => book(p, '07:10'))]);
    const granted = books.filter((r) => r.status === 201).map((r) => r.body.playerIds[0]).sort();
    let slot = slotAt((await race.owner.client.get(path)).body, '07:10');
    expect(slot.players.map((p) => p.playerId).sort()).toEqual(granted);
    expect(granted.length).toBeLessThanOrEqual(6);
    if (block.status === 200) {
      expect(slot).toMatchObject({ blocked: true, players: [] });
    } else {
      expectError(block, 409, 'bookings_affected');
      expect(slot.blocked).toBe(false);
    }

    // With force: nothing stays in the blocked time, and every booking granted is either cancelled and listed, or was refused.
    const second = race.playerIds.slice(12);
    const [forced, ...more] = await Promise.all([race.owner.client.post(`${path}/block`, { times: ['07:20'], force: true }), ...second.map((p) => book(p, '07:20'))]);
    expect(forced.status, forced.text).toBe(200);
    slot = slotAt((await race.owner.client.get(path)).body, '07:20');
    expect(slot).toMatchObject({ blocked: true, players: [] });
    const granted2 = more.filter((r) => r.status === 201).map((r) => r.body.playerIds[0]).sort();
    expect(forced.body.cancelled.map((c: { playerId: string }) => c.playerId).sort()).toEqual(granted2);
    for (const r of more.filter((x) => x.status !== 201)) expect(['slot_blocked', 'slot_full', 'conflict']).toContain(r.body.error.code);
  });
});

describe('simultaneous bookings for the last places of a tee time', () => {
  it('never overbook on one server (embedded store)', async () => {
    await lastPlacesRace([t.server]);
  });

  describe('across two servers sharing one CouchDB', () => {
    const url = inject('couchUrl');
    const registryName = `golf_registry_tee_${process.pid}_${Date.now()}`;
    const servers: TestServer[] = [];

    beforeAll(async () => {
      for (let i = 0; i < 2; i++) servers.push(await startTestServer({ overrides: { store: new CouchDocStore(url, { registryName }) } }));
    });
    afterAll(async () => {
      const trips = await servers[0]!.deps.store.registry.query('registry/by_type', { key: 'tripindex', includeDocs: true });
      for (const row of trips.rows) await servers[0]!.deps.store.destroyTrip((row.doc as unknown as { tripId: string }).tripId);
      await fetch(`${url.replace(/\/+$/, '')}/${registryName}`, { method: 'DELETE' });
      for (const s of servers) await s.close();
    });

    it('grants exactly the free places and refuses the rest with 409 slot_full', async () => {
      await lastPlacesRace(servers);
    });
  });
});
