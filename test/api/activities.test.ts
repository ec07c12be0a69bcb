import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let stranger: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
const id: Record<string, string> = {};
const portal: Record<string, Api> = {};
let otherSession: Api;
let anon: Api;
const NAMES = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi', 'Gus', 'Hal'];

async function session(trip: string, playerId: string, by: Api): Promise<Api> {
  const token = await by.post('/trip-portal/token', { tripId: trip, playerId });
  return api(server.url, (await anon.post('/trip-portal/validate', { token: token.body.token })).body.session);
}

const base = () => `/trips/${tripId}/activities`;
const create = (body: Record<string, unknown>) => org.client.post(base(), { name: 'Dinner at the marina', start: '2027-04-10T20:00', ...body });

beforeAll(async () => {
  server = await startTestServer();
  anon = api(server.url);
  org = await organizer(server.url);
  stranger = await organizer(server.url, 'Stranger');
  // 2027-04-10 to 2027-04-14, Europe/Lisbon, EUR.
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  // Hal is a player whose role on the trip is organizer: on the portal he may answer for anyone.
  const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: NAMES.map((name) => ({ name, ...(name === 'Hal' ? { role: 'organizer' } : {}) })) });
  for (const p of players.body.items) id[p.name] = p.id;
  for (const name of [...NAMES.slice(0, 5), 'Hal']) portal[name] = await session(tripId, id[name]!, org.client);
  const other = (await stranger.client.post('/trips', tripBody({ name: 'Elsewhere' }))).body.id;
  const zed = (await stranger.client.post(`/trips/${other}/players/bulk`, { players: [{ name: 'Zed' }] })).body.items[0].id;
  otherSession = await session(other, zed, stranger.client);
});
afterAll(() => server.close());

describe('activities', () => {
  it('creates, reads, changes and deletes an activity', async () => {
    const res = await create({ location: 'Vilamoura marina', end: '2027-04-10T22:30', capacity: 6, costPerPersonCents: 4500 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tripId,
      name: 'Dinner at the marina',
      date: '2027-04-10',
      capacity: 6,
      costPerPersonCents: 4500,
      rsvps: [],
      counts: { yes: 0, no: 0, maybe: 0, unanswered: NAMES.length },
      spotsLeft: 6,
      totalCostCents: 0,
      expenseId: null,
    });
    expect(res.headers.get('location')).toBe(`${base()}/${res.body.id}`);
    const changed = await org.client.patch(`${base()}/${res.body.id}`, { name: 'Dinner', location: null, capacity: 8 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Dinner', capacity: 8 });
    expect(changed.body.location).toBeUndefined();
    expect((await org.client.get(`${base()}/${res.body.id}`)).body.name).toBe('Dinner');
    expect((await org.client.delete(`${base()}/${res.body.id}`)).status).toBe(204);
    expect((await org.client.get(`${base()}/${res.body.id}`)).status).toBe(404);
  });

  it('takes RSVPs up to the capacity: the next yes is 409 activity_full, maybe and no still pass', async () => {
    const a = (await create({ name: 'Distillery tour', start: '2027-04-11T15:00', capacity: 2 })).body;
    expect((await portal.Al!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })).status).toBe(200);
    expect((await org.client.put(`${base()}/${a.id}/rsvps/${id.Bo}`, { response: 'yes' })).status).toBe(200);
    const full = await portal.Cy!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('activity_full');
    const maybe = await portal.Cy!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'maybe' });
    expect(maybe.body).toMatchObject({ counts: { yes: 2, maybe: 1 }, spotsLeft: 0 });
    // Al withdraws: a place opens for Cy.
    expect((await portal.Al!.delete(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`)).body.counts.yes).toBe(1);
    expect((await portal.Cy!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })).status).toBe(200);
    expect((await org.client.patch(`${base()}/${a.id}`, { capacity: 1 })).status).toBe(409);
    // An organizer takes Bo's answer back: he is unanswered again, and the portal list shows it.
    const removed = await org.client.delete(`${base()}/${a.id}/rsvps/${id.Bo}`);
    expect(removed.status).toBe(200);
    expect(removed.body.rsvps.map((r: any) => r.playerId)).not.toContain(id.Bo);
    const listed = (await portal.Bo!.get(`/trip-portal/trips/${tripId}/activities`)).body.items.find((x: any) => x.id === a.id);
    expect(listed).toMatchObject({ counts: { yes: 1, maybe: 0 }, spotsLeft: 1 });
  });

  it('never passes the capacity under concurrent yeses', async () => {
    const a = (await create({ name: 'Boat trip', start: '2027-04-12T09:00', capacity: 3 })).body;
    const answers = await Promise.all(NAMES.map((n) => org.client.put(`${base()}/${a.id}/rsvps/${id[n]}`, { response: 'yes' })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409 && r.body.error.code === 'activity_full')).toHaveLength(NAMES.length - 3);
    const stored = (await org.client.get(`${base()}/${a.id}`)).body;
    expect(stored.counts.yes).toBe(3);
    expect(stored.rsvps.filter((r: any) => r.response === 'yes').map((r: any) => r.playerId).sort()).toEqual(
      answers.flatMap((r, i) => (r.status === 200 ? [id[NAMES[i]!]] : [])).sort(),
    );
  });

  it('groups activities by their day in the trip time zone, a 23:30 start on its own day', async () => {
    const late = (await create({ name: 'Late drinks', start: '2027-04-13T23:30', end: '2027-04-14T01:00' })).body;
    const breakfast = (await create({ name: 'Breakfast', start: '2027-04-14T07:30' })).body;
    const res = await portal.Al!.get(`/trip-portal/trips/${tripId}/activities/by-date`);
    expect(res.status).toBe(200);
    const day = (date: string) => res.body.days.find((d: any) => d.date === date)?.activities.map((x: any) => x.id);
    expect(day('2027-04-13')).toContain(late.id);
    expect(day('2027-04-14')).toEqual([breakfast.id]);
    expect(res.body.days.map((d: any) => d.date)).toEqual([...res.body.days.map((d: any) => d.date)].sort());
    expect((await org.client.get(`${base()}/by-date`)).body).toEqual(res.body);
  });

  it('books the cost of the yeses as one equal-split expense, once', async () => {
    const a = (await create({ name: 'Go-karts', start: '2027-04-12T17:00', costPerPersonCents: 2550 })).body;
    for (const n of ['Al', 'Bo', 'Cy']) await org.client.put(`${base()}/${a.id}/rsvps/${id[n]}`, { response: 'yes' });
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Di}`, { response: 'maybe' });
    const res = await org.client.post(`${base()}/${a.id}/expense`, { payerId: id.Al });
    expect(res.status).toBe(201);
    expect(res.body.expense).toMatchObject({ payerId: id.Al, amountCents: 7650, category: 'activities', date: '2027-04-12', description: 'Go-karts', split: { mode: 'equal', playerIds: [id.Al, id.Bo, id.Cy] } });
    expect(res.body.activity.expenseId).toBe(res.body.expense.id);
    expect((await org.client.get(`/trips/${tripId}/expenses/${res.body.expense.id}`)).status).toBe(200);
    const again = await org.client.post(`${base()}/${a.id}/expense`, { payerId: id.Bo });
    expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
    const free = (await create({ name: 'Beach walk', start: '2027-04-12T08:00' })).body;
    expect((await org.client.post(`${base()}/${free.id}/expense`, { payerId: id.Al })).status).toBe(422);
    const nobody = (await create({ name: 'Spa', start: '2027-04-12T08:00', costPerPersonCents: 5000 })).body;
    expect((await org.client.post(`${base()}/${nobody.id}/expense`, { payerId: id.Al })).status).toBe(422);
    await org.client.put(`${base()}/${nobody.id}/rsvps/${id.Al}`, { response: 'yes' });
    // A refused booking leaves the activity as it was, revision included (found by the fuzzer: it was claimed, then
    // released, two writes that phones would replicate for nothing).
    const revBefore = (await server.deps.store.trip(tripId).get(`activity:${nobody.id}`))?._rev;
    const stranger = await org.client.post(`${base()}/${nobody.id}/expense`, { payerId: 'abcdefghij' });
    expect([stranger.status, stranger.body.error.code]).toEqual([422, 'unknown_player']);
    expect((await org.client.get(`${base()}/${nobody.id}`)).body.expenseId).toBeNull();
    expect((await server.deps.store.trip(tripId).get(`activity:${nobody.id}`))?._rev).toBe(revBefore);
  });

  it('answers stats of attendance and cost', async () => {
    const res = await org.client.get(`${base()}/stats`);
    expect(res.status).toBe(200);
    const karts = res.body.activities.find((x: any) => x.name === 'Go-karts');
    expect(karts).toMatchObject({ yes: 3, maybe: 1, totalCostCents: 7650 });
    expect(res.body.totals.activities).toBe(res.body.activities.length);
    expect(res.body.players.find((p: any) => p.playerId === id.Bo).costCents).toBeGreaterThanOrEqual(2550);
  });

  it.each([
    ['an activity ending before it starts', () => create({ start: '2027-04-10T20:00', end: '2027-04-10T19:00' }), 400, 'validation_failed'],
    ['a start on a day outside the trip', () => create({ start: '2027-04-20T20:00' }), 422, 'unprocessable'],
    ['a malformed start', () => create({ start: '2027-04-10 20:00' }), 400, 'validation_failed'],
    ['a capacity of zero', () => create({ capacity: 0 }), 400, 'validation_failed'],
    ['a cost in fractions of a cent', () => create({ costPerPersonCents: 12.5 }), 400, 'validation_failed'],
    ['an unknown field', () => create({ colour: 'blue' }), 400, 'validation_failed'],
    ['an RSVP that is not yes, no or maybe', () => org.client.put(`${base()}/abcdefghij/rsvps/abcdefghij`, { response: 'sure' }), 400, 'validation_failed'],
  ])('refuses %s', async (_label, send, status, code) => {
    const before = (await org.client.get(base())).body.items.length;
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await org.client.get(base())).body.items.length).toBe(before);
  });

  it('refuses an RSVP for an unknown activity or player', async () => {
    const a = (await create({ name: 'Quiz', start: '2027-04-13T21:00' })).body;
    expect((await org.client.put(`${base()}/zzzzzzzzzz/rsvps/${id.Al}`, { response: 'yes' })).status).toBe(404);
    const unknown = await org.client.put(`${base()}/${a.id}/rsvps/abcdefghij`, { response: 'yes' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'player_not_found']);
  });

  it('keeps to the roles', async () => {
    const a = (await create({ name: 'Cards', start: '2027-04-13T22:00' })).body;
    expect((await stranger.client.get(base())).status).toBe(404);
    expect((await stranger.client.post(base(), { name: 'x', start: '2027-04-10T20:00' })).status).toBe(404);
    expect((await portal.Al!.get(base())).body.error.code).toBe('wrong_auth_mode');
    expect((await anon.get(base())).status).toBe(401);
    expect((await otherSession.get(`/trip-portal/trips/${tripId}/activities`)).status).toBe(403);
    expect((await otherSession.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })).status).toBe(403);
    expect((await portal.Al!.post(`/trip-portal/trips/${tripId}/activities`, { name: 'x', start: '2027-04-10T20:00' })).status).toBe(405);
    expect((await portal.Al!.get(`/trip-portal/trips/${tripId}/activities/${a.id}`)).body.name).toBe('Cards');
  });

  it("takes a deleted player's RSVPs and availability with them, and refuses to delete one with travel entries", async () => {
    const added = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Ivy' }, { name: 'Jo' }] })).body.items;
    const [ivy, jo] = [added[0].id as string, added[1].id as string];
    const a = (await create({ name: 'Wine tasting', start: '2027-04-13T18:00', capacity: 10 })).body;
    await org.client.put(`${base()}/${a.id}/rsvps/${ivy}`, { response: 'yes' });
    expect((await org.client.put(`/trips/${tripId}/availability/${ivy}`, { days: ['2027-04-10'] })).status).toBe(200);
    const flight = await org.client.post(`/trips/${tripId}/flights`, {
      playerId: jo, direction: 'inbound', airline: 'TAP', flightNumber: 'TP 1337', departureAirport: 'DUB', departureTime: '2027-04-10T06:00', arrivalAirport: 'FAO', arrivalTime: '2027-04-10T09:00',
    });
    expect(flight.status, flight.text).toBe(201);

    expect((await org.client.delete(`/trips/${tripId}/players/${ivy}`)).status).toBe(204);
    expect((await org.client.get(`${base()}/${a.id}`)).body.rsvps.map((r: any) => r.playerId)).not.toContain(ivy);
    expect(await server.deps.store.trip(tripId).get(`availability:${ivy}`)).toBeUndefined();

    const refused = await org.client.delete(`/trips/${tripId}/players/${jo}`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'player_has_travel']);
    expect(refused.body.error.message).toContain('flights');
    expect((await org.client.delete(`/trips/${tripId}/flights/${flight.body.id}`)).status).toBe(204);
    expect((await org.client.delete(`/trips/${tripId}/players/${jo}`)).status).toBe(204);
  });
});

describe('activities: more RSVP rules', () => {
  const rsvp = (a: string, p: string) => `/trip-portal/trips/${tripId}/activities/${a}/rsvps/${p}`;

  it('lets a player answer for themselves by id, refuses them another player (403), and lets a player-organizer answer for anyone', async () => {
    const a = (await create({ name: 'Padel', start: '2027-04-11T18:00', capacity: 4 })).body;
    expect((await portal.Al!.put(rsvp(a.id, id.Al!), { response: 'maybe' })).body.rsvps).toEqual([expect.objectContaining({ playerId: id.Al, response: 'maybe' })]);
    const other = await portal.Al!.put(rsvp(a.id, id.Bo!), { response: 'yes' });
    expect([other.status, other.body.error.code]).toEqual([403, 'forbidden']);
    expect((await portal.Al!.delete(rsvp(a.id, id.Bo!))).status).toBe(403);
    expect((await portal.Hal!.put(rsvp(a.id, id.Bo!), { response: 'yes' })).body.counts).toMatchObject({ yes: 1, maybe: 1 });
    const unknown = await portal.Hal!.put(rsvp(a.id, 'abcdefghij'), { response: 'yes' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'player_not_found']);
    expect((await portal.Hal!.delete(rsvp(a.id, id.Bo!))).body.counts.yes).toBe(0);
    expect((await portal.Al!.delete(rsvp(a.id, id.Al!))).body.rsvps).toEqual([]);
    const missing = await portal.Al!.put(rsvp('zzzzzzzzzz', id.Al!), { response: 'yes' });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
  });

  it("lets an organizer remove anyone's RSVP, which frees their place", async () => {
    const a = (await create({ name: 'Cooking class', start: '2027-04-12T11:00', capacity: 1 })).body;
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Di}`, { response: 'yes' });
    expect((await portal.Ed!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })).status).toBe(409);
    const removed = await org.client.delete(`${base()}/${a.id}/rsvps/${id.Di}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ rsvps: [], spotsLeft: 1 });
    expect((await portal.Ed!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })).body.spotsLeft).toBe(0);
    expect((await org.client.delete(`${base()}/${a.id}/rsvps/abcdefghij`)).body.error.code).toBe('player_not_found');
  });

  it('gives the last seat to exactly one of the players racing for it from their phones', async () => {
    const a = (await create({ name: 'Sunset cruise', start: '2027-04-13T19:00', capacity: 3 })).body;
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Gus}`, { response: 'yes' });
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Fi}`, { response: 'yes' });
    const racers = ['Al', 'Bo', 'Cy', 'Di', 'Ed'];
    const answers = await Promise.all(racers.map((n) => portal[n]!.put(`/trip-portal/trips/${tripId}/activities/${a.id}/rsvp`, { response: 'yes' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.error.code === 'activity_full')).toBe(true);
    const winner = id[racers[answers.findIndex((r) => r.status === 200)]!];
    const stored = (await org.client.get(`${base()}/${a.id}`)).body;
    expect(stored.rsvps.filter((r: any) => r.response === 'yes').map((r: any) => r.playerId).sort()).toEqual([id.Gus, id.Fi, winner].sort());
  });

  it('books an expense once even when two organizers click at the same time', async () => {
    const a = (await create({ name: 'Surf lesson', start: '2027-04-11T10:00', costPerPersonCents: 3000 })).body;
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Al}`, { response: 'yes' });
    await org.client.put(`${base()}/${a.id}/rsvps/${id.Bo}`, { response: 'yes' });
    const both = await Promise.all([id.Al, id.Bo].map((payerId) => org.client.post(`${base()}/${a.id}/expense`, { payerId })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const made = both.find((r) => r.status === 201)!.body.expense;
    expect(made).toMatchObject({ amountCents: 6000 });
    const expenses = (await org.client.get(`/trips/${tripId}/expenses`)).body.items.filter((e: any) => e.description === 'Surf lesson');
    expect(expenses.map((e: any) => e.id)).toEqual([made.id]);
  });

  it.each([
    ['an end before the stored start', { end: '2027-04-12T09:00' }, 400, 'validation_failed'],
    ['a start moved after the stored end', { start: '2027-04-12T12:00' }, 400, 'validation_failed'],
    ['a start moved outside the trip', { start: '2027-04-09T10:00', end: null }, 422, 'unprocessable'],
    ['an empty change', {}, 400, 'validation_failed'],
    ['a negative cost', { costPerPersonCents: -100 }, 400, 'validation_failed'],
  ])('refuses a change with %s and keeps the activity as it was', async (_label, patch, status, code) => {
    const a = (await create({ name: 'Museum', start: '2027-04-12T10:00', end: '2027-04-12T11:30' })).body;
    const res = await org.client.patch(`${base()}/${a.id}`, patch);
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect((await org.client.get(`${base()}/${a.id}`)).body).toEqual(a);
  });

  it('shows players the list, one activity and the stats', async () => {
    const list = await portal.Bo!.get(`/trip-portal/trips/${tripId}/activities`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual((await org.client.get(base())).body);
    const starts = list.body.items.map((x: any) => x.start);
    expect(starts).toEqual([...starts].sort());
    expect((await portal.Bo!.get(`/trip-portal/trips/${tripId}/activities/stats`)).body).toEqual((await org.client.get(`${base()}/stats`)).body);
    expect((await portal.Bo!.get(`/trip-portal/trips/${tripId}/activities/zzzzzzzzzz`)).status).toBe(404);
  });
});

describe('activities: who may call which route', () => {
  let a: string;
  beforeAll(async () => {
    a = (await create({ name: 'Roles', start: '2027-04-14T12:00', costPerPersonCents: 100 })).body.id;
  });
  const dashboard: [string, string, (a: string) => string, unknown?][] = [
    ['POST', 'activities', () => base(), { name: 'x', start: '2027-04-10T20:00' }],
    ['GET', 'activities', () => base()],
    ['GET', 'by-date', () => `${base()}/by-date`],
    ['GET', 'stats', () => `${base()}/stats`],
    ['GET', 'one', (x) => `${base()}/${x}`],
    ['PATCH', 'one', (x) => `${base()}/${x}`, { name: 'Changed' }],
    ['DELETE', 'one', (x) => `${base()}/${x}`],
    ['PUT', 'rsvp', (x) => `${base()}/${x}/rsvps/${id.Al}`, { response: 'yes' }],
    ['DELETE', 'rsvp', (x) => `${base()}/${x}/rsvps/${id.Al}`],
    ['POST', 'expense', (x) => `${base()}/${x}/expense`, { payerId: id.Al }],
  ];
  it.each(dashboard)('%s %s: another trip\'s organizer 404, a portal session 401, nobody 401', async (method, _name, path, body) => {
    const before = (await org.client.get(`${base()}/${a}`)).body;
    const strangerRes = await stranger.client.call(method, path(a), body);
    expect([strangerRes.status, strangerRes.body.error.code]).toEqual([404, 'trip_not_found']);
    const portalRes = await portal.Al!.call(method, path(a), body);
    expect([portalRes.status, portalRes.body.error.code]).toEqual([401, 'wrong_auth_mode']);
    expect((await anon.call(method, path(a), body)).status).toBe(401);
    expect((await org.client.get(`${base()}/${a}`)).body).toEqual(before);
  });

  const portalPath = (rest: string) => `/trip-portal/trips/${tripId}/activities${rest}`;
  const portalRoutes: [string, string, (a: string) => string, unknown?][] = [
    ['GET', 'activities', () => portalPath('')],
    ['GET', 'by-date', () => portalPath('/by-date')],
    ['GET', 'stats', () => portalPath('/stats')],
    ['GET', 'one', (x) => portalPath(`/${x}`)],
    ['PUT', 'my rsvp', (x) => portalPath(`/${x}/rsvp`), { response: 'yes' }],
    ['DELETE', 'my rsvp', (x) => portalPath(`/${x}/rsvp`)],
    ['PUT', 'rsvp by id', (x) => portalPath(`/${x}/rsvps/${id.Al}`), { response: 'yes' }],
    ['DELETE', 'rsvp by id', (x) => portalPath(`/${x}/rsvps/${id.Al}`)],
  ];
  it.each(portalRoutes)('portal %s %s: a session of another trip 403, a dashboard token 401, nobody 401', async (method, _name, path, body) => {
    const before = (await org.client.get(`${base()}/${a}`)).body;
    const other = await otherSession.call(method, path(a), body);
    expect([other.status, other.body.error.code]).toEqual([403, 'forbidden']);
    expect((await org.client.call(method, path(a), body)).status).toBe(401);
    expect((await anon.call(method, path(a), body)).status).toBe(401);
    expect((await org.client.get(`${base()}/${a}`)).body).toEqual(before);
  });
});
