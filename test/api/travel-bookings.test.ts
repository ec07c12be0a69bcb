import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** Player ids by name, and each player's portal client. */
const id: Record<string, string> = {};
const portal: Record<string, Api> = {};
/** A player of another trip of the same organizer. */
let stranger: string;

const T = () => `/trips/${tripId}`;
const P = () => `/trip-portal/trips/${tripId}`;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = await org.client.post(`${T()}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name })).concat([{ name: 'Ola', role: 'organizer' } as never]) });
  for (const p of players.body.items) id[p.name] = p.id;
  const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  for (const t of tokens) {
    const name = Object.keys(id).find((n) => id[n] === t.playerId)!;
    portal[name] = api(server.url, (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session);
  }
  const other = (await org.client.post('/trips', tripBody({ name: 'Other' }))).body.id;
  stranger = (await org.client.post(`/trips/${other}/players`, { name: 'Zed' })).body.id;
});
afterAll(() => server.close());

const flight = (over: Record<string, unknown> = {}) => ({
  playerId: id.Al,
  direction: 'inbound',
  airline: 'TAP',
  flightNumber: 'TP 1337',
  departureAirport: 'LHR',
  departureTime: '2027-04-10T08:00',
  arrivalAirport: 'FAO',
  arrivalTime: '2027-04-10T10:45',
  ...over,
});
const car = (over: Record<string, unknown> = {}) => ({
  company: 'Europcar',
  pickupPlace: 'Faro airport, desk 3',
  pickupAirport: 'FAO',
  pickupTime: '2027-04-10T11:30',
  dropoffPlace: 'Faro airport',
  dropoffTime: '2027-04-14T16:00',
  seats: 5,
  driverId: id.Al,
  ...over,
});
const lodging = (over: Record<string, unknown> = {}) => ({
  name: 'Villa Sol',
  address: 'Rua do Golfe 1, Vilamoura',
  checkIn: '2027-04-10T15:00',
  checkOut: '2027-04-14T11:00',
  rooms: [
    { name: 'Master', capacity: 2, occupantIds: [id.Al, id.Bo] },
    { name: 'Twin', capacity: 2, occupantIds: [id.Cy] },
  ],
  ...over,
});

/** The travel documents stored in the trip database, to prove refused requests changed nothing. */
async function storedCount(prefix: string) {
  const { rows } = await server.deps.store.trip(tripId).allDocs({ startKey: `${prefix}:`, endKey: `${prefix}:\ufff0` });
  return rows.length;
}

describe('flights', () => {
  it('lets an organizer add, read, change and delete a flight, stored in the trip database', async () => {
    const created = await org.client.post(`${T()}/flights`, flight());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...flight(), tripId, id: expect.any(String) });
    expect(created.headers.get('location')).toBe(`${T()}/flights/${created.body.id}`);
    const doc = await server.deps.store.trip(tripId).get(`flight:${created.body.id}`);
    expect(doc).toMatchObject({ type: 'flight', playerId: id.Al, arrivalAirport: 'FAO' });
    expect(created.body).not.toHaveProperty('_rev');

    const patched = await org.client.patch(`${T()}/flights/${created.body.id}`, { flightNumber: 'TP1339', notes: 'aisle' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ flightNumber: 'TP1339', notes: 'aisle', airline: 'TAP' });
    const cleared = await org.client.patch(`${T()}/flights/${created.body.id}`, { notes: null });
    expect(cleared.body).not.toHaveProperty('notes');
    expect((await org.client.get(`${T()}/flights/${created.body.id}`)).body.flightNumber).toBe('TP1339');
    expect((await org.client.delete(`${T()}/flights/${created.body.id}`)).status).toBe(204);
    expect((await org.client.get(`${T()}/flights/${created.body.id}`)).status).toBe(404);
    expect(await server.deps.store.trip(tripId).get(`flight:${created.body.id}`)).toBeUndefined();
  });

  it.each([
    ['an arrival before the departure', { arrivalTime: '2027-04-10T07:00' }, 'arrivalTime'],
    ['an arrival at the departure minute', { arrivalTime: '2027-04-10T08:00' }, 'arrivalTime'],
    ['the same airport at both ends', { arrivalAirport: 'LHR' }, 'arrivalAirport'],
    ['a lowercase airport code', { departureAirport: 'lhr' }, 'departureAirport'],
    ['a time with an offset', { departureTime: '2027-04-10T08:00+01:00' }, 'departureTime'],
    ['an impossible date', { departureTime: '2027-02-30T08:00' }, 'departureTime'],
    ['an unknown time zone', { arrivalTimeZone: 'Mars/Olympus' }, 'arrivalTimeZone'],
    // With both zones given the flight's times are compared as instants: an unknown zone must not reach that rule.
    ['an unknown departure zone beside a real one', { departureTimeZone: 'Mars/Olympus_Mons', arrivalTimeZone: 'Europe/Lisbon' }, 'departureTimeZone'],
    ['a departure zone that is not a zone name', { departureTimeZone: 'not a zone', arrivalTimeZone: 'Europe/Lisbon' }, 'departureTimeZone'],
    ['an unknown arrival zone beside a real one', { departureTimeZone: 'Europe/London', arrivalTimeZone: 'Mars/Olympus_Mons' }, 'arrivalTimeZone'],
    ['an unknown direction', { direction: 'sideways' }, 'direction'],
    ['a bad flight number', { flightNumber: 'to the moon' }, 'flightNumber'],
    ['an unknown field', { seat: '12A' }, ''],
  ])('refuses %s with 400 at its path', async (_label, over, path) => {
    const before = await storedCount('flight');
    const res = await org.client.post(`${T()}/flights`, flight(over));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    if (path) expect(res.body.error.details.map((d: { path: string[] }) => d.path.join('.'))).toContain(`body.${path}`);
    expect(await storedCount('flight')).toBe(before);
  });

  it('compares as instants when both airports have a time zone: Tokyo to Honolulu lands "the day before"', async () => {
    const over = { departureAirport: 'HND', arrivalAirport: 'HNL', departureTime: '2027-04-10T21:00', arrivalTime: '2027-04-10T09:00' };
    expect((await org.client.post(`${T()}/flights`, flight({ ...over, playerId: id.Di }))).status).toBe(400);
    const ok = await org.client.post(`${T()}/flights`, flight({ ...over, playerId: id.Di, departureTimeZone: 'Asia/Tokyo', arrivalTimeZone: 'Pacific/Honolulu' }));
    expect(ok.status).toBe(201);
    await org.client.delete(`${T()}/flights/${ok.body.id}`);
  });

  it('refuses a return flight that leaves before the player arrives (422), either way round', async () => {
    const inbound = await org.client.post(`${T()}/flights`, flight({ playerId: id.Bo }));
    const early = flight({ playerId: id.Bo, direction: 'outbound', departureAirport: 'FAO', arrivalAirport: 'LHR', departureTime: '2027-04-10T09:00', arrivalTime: '2027-04-10T11:30' });
    const res = await org.client.post(`${T()}/flights`, early);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    const out = await org.client.post(`${T()}/flights`, { ...early, departureTime: '2027-04-14T18:00', arrivalTime: '2027-04-14T20:30' });
    expect(out.status).toBe(201);
    // Moving the inbound landing after the return's take-off is refused too, and changes nothing.
    const moved = await org.client.patch(`${T()}/flights/${inbound.body.id}`, { departureTime: '2027-04-14T17:00', arrivalTime: '2027-04-14T19:00' });
    expect(moved.status).toBe(422);
    expect((await org.client.get(`${T()}/flights/${inbound.body.id}`)).body.arrivalTime).toBe('2027-04-10T10:45');
    // A patch is checked merged: a later departure alone would put the arrival before it.
    const merged = await org.client.patch(`${T()}/flights/${inbound.body.id}`, { departureTime: '2027-04-10T12:00' });
    expect(merged.status).toBe(400);
    expect(merged.body.error.details[0].path).toEqual(['body', 'arrivalTime']);
  });

  it('refuses a player who is not on the trip (422 unknown_player) and requires playerId from the dashboard', async () => {
    const res = await org.client.post(`${T()}/flights`, flight({ playerId: stranger }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_player');
    expect(res.body.error.details[0].path).toEqual(['body', 'playerId']);
    const { playerId, ...none } = flight();
    expect((await org.client.post(`${T()}/flights`, none)).status).toBe(400);
  });

  it('lets a player add, change and delete only their own flights, and read everyone\'s', async () => {
    const { playerId, ...mine } = flight();
    const created = await portal.Cy!.post(`${P()}/flights`, mine);
    expect(created.status).toBe(201);
    expect(created.body.playerId).toBe(id.Cy);
    expect((await portal.Cy!.post(`${P()}/flights`, flight({ playerId: id.Al }))).status).toBe(403);
    const badZone = await portal.Cy!.post(`${P()}/flights`, { ...mine, departureTimeZone: 'Mars/Olympus_Mons', arrivalTimeZone: 'Europe/Lisbon' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.details.map((d: { path: string[] }) => d.path.join('.'))).toContain('body.departureTimeZone');
    expect((await portal.Cy!.patch(`${P()}/flights/${created.body.id}`, { airline: 'TAP Air Portugal' })).body.airline).toBe('TAP Air Portugal');
    expect((await portal.Cy!.patch(`${P()}/flights/${created.body.id}`, { playerId: id.Al })).status).toBe(403);

    const others = await portal.Di!.patch(`${P()}/flights/${created.body.id}`, { airline: 'Hijack' });
    expect(others.status).toBe(403);
    expect(others.body.error.code).toBe('forbidden');
    expect((await portal.Di!.delete(`${P()}/flights/${created.body.id}`)).status).toBe(403);
    const list = await portal.Di!.get(`${P()}/flights?playerId=${id.Cy}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((f: { id: string }) => f.id)).toEqual([created.body.id]);
    expect((await portal.Di!.get(`${P()}/flights/${created.body.id}`)).body.airline).toBe('TAP Air Portugal');

    // A player whose role on the trip is organizer edits anyone's entries on the portal.
    expect((await portal.Ola!.patch(`${P()}/flights/${created.body.id}`, { notes: 'checked' })).status).toBe(200);
    expect((await portal.Cy!.delete(`${P()}/flights/${created.body.id}`)).status).toBe(204);
  });

  it('answers 404 for an unknown flight and 403 for a trip the session does not cover', async () => {
    expect((await org.client.get(`${T()}/flights/zzzzzzzz`)).status).toBe(404);
    expect((await portal.Al!.patch(`${P()}/flights/zzzzzzzz`, { notes: 'x' })).status).toBe(404);
    const other = (await org.client.post('/trips', tripBody({ name: 'Elsewhere' }))).body.id;
    const res = await portal.Al!.get(`/trip-portal/trips/${other}/flights`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('rental cars', () => {
  it('lets an organizer add, change and delete a car; players read it', async () => {
    const created = await org.client.post(`${T()}/rental-cars`, car());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...car(), tripId, riders: [], freeSeats: 4 });
    const patched = await org.client.patch(`${T()}/rental-cars/${created.body.id}`, { seats: 7, driverId: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ seats: 7, freeSeats: 6 });
    expect(patched.body).not.toHaveProperty('driverId');
    const read = await portal.Bo!.get(`${P()}/rental-cars`);
    expect(read.body.items.map((c: { id: string }) => c.id)).toContain(created.body.id);
    expect((await portal.Bo!.get(`${P()}/rental-cars/${created.body.id}`)).body.company).toBe('Europcar');
    expect((await org.client.delete(`${T()}/rental-cars/${created.body.id}`)).status).toBe(204);
    expect((await org.client.get(`${T()}/rental-cars/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    ['a drop-off before the pickup', { dropoffTime: '2027-04-10T11:00' }, 400, 'validation_failed'],
    ['a car with one seat', { seats: 1 }, 400, 'validation_failed'],
    ['a lowercase pickup airport', { pickupAirport: 'fao' }, 400, 'validation_failed'],
    ['a driver who is not a player of the trip', { driverId: 'zzzzzzzz' }, 422, 'unknown_player'],
  ])('refuses %s', async (_label, over, status, code) => {
    const before = await storedCount('rentalcar');
    const res = await org.client.post(`${T()}/rental-cars`, car(over));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await storedCount('rentalcar')).toBe(before);
  });

  it('checks a patch merged: a pickup moved after the drop-off is 400, a stranger as driver 422', async () => {
    const created = await org.client.post(`${T()}/rental-cars`, car());
    expect((await org.client.patch(`${T()}/rental-cars/${created.body.id}`, { pickupTime: '2027-04-15T09:00' })).status).toBe(400);
    expect((await org.client.patch(`${T()}/rental-cars/${created.body.id}`, { driverId: stranger })).status).toBe(422);
    expect((await org.client.get(`${T()}/rental-cars/${created.body.id}`)).body).toMatchObject({ pickupTime: car().pickupTime, driverId: id.Al });
  });

  it('is not writable from the portal', async () => {
    const res = await portal.Al!.post(`${P()}/rental-cars`, car());
    expect(res.status).toBe(405);
  });
});

describe('accommodations', () => {
  it('lets an organizer add rooms with occupants, change and delete; players read it', async () => {
    const created = await org.client.post(`${T()}/accommodations`, lodging());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...lodging(), tripId });
    const patched = await org.client.patch(`${T()}/accommodations/${created.body.id}`, { rooms: [{ name: 'Suite', capacity: 4, occupantIds: [id.Al, id.Bo, id.Cy, id.Di] }] });
    expect(patched.status).toBe(200);
    expect(patched.body.rooms).toEqual([{ name: 'Suite', capacity: 4, occupantIds: [id.Al, id.Bo, id.Cy, id.Di] }]);
    expect((await portal.Di!.get(`${P()}/accommodations`)).body.items.map((a: { id: string }) => a.id)).toContain(created.body.id);
    expect((await portal.Di!.get(`${P()}/accommodations/${created.body.id}`)).body.name).toBe('Villa Sol');
    expect((await org.client.delete(`${T()}/accommodations/${created.body.id}`)).status).toBe(204);
  });

  it.each([
    ['a check-out before the check-in', { checkOut: '2027-04-09T11:00' }, 400, 'checkOut'],
    ['more occupants than the room sleeps', { rooms: [{ name: 'Single', capacity: 1, occupantIds: ['aaaaaaaa', 'bbbbbbbb'] }] }, 400, 'rooms.0.occupantIds'],
    ['a player in two rooms', { rooms: [{ name: 'A', capacity: 2, occupantIds: ['aaaaaaaa'] }, { name: 'B', capacity: 2, occupantIds: ['aaaaaaaa'] }] }, 400, 'rooms.1.occupantIds.0'],
    ['two rooms with one name', { rooms: [{ name: 'A', capacity: 2 }, { name: 'A', capacity: 2 }] }, 400, 'rooms.1.name'],
  ])('refuses %s with 400 at its path', async (_label, over, status, path) => {
    const before = await storedCount('accommodation');
    const res = await org.client.post(`${T()}/accommodations`, lodging(over));
    expect(res.status).toBe(status);
    expect(res.body.error.details.map((d: { path: (string | number)[] }) => d.path.join('.'))).toContain(`body.${path}`);
    expect(await storedCount('accommodation')).toBe(before);
  });

  it('refuses occupants who are not on the trip (422 unknown_player, at their path)', async () => {
    const res = await org.client.post(`${T()}/accommodations`, lodging({ rooms: [{ name: 'Twin', capacity: 2, occupantIds: [id.Al, stranger] }] }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_player');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: ['body', 'rooms', 0, 'occupantIds', 1] })]);
  });

  it('checks a patch merged: check-in moved after the check-out is 400', async () => {
    const created = await org.client.post(`${T()}/accommodations`, lodging());
    const res = await org.client.patch(`${T()}/accommodations/${created.body.id}`, { checkIn: '2027-04-20T15:00' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toEqual(['body', 'checkOut']);
  });

  it('refuses a portal session on the dashboard routes and a dashboard token on the portal routes', async () => {
    expect((await portal.Al!.get(`${T()}/accommodations`)).status).toBe(401);
    expect((await org.client.get(`${P()}/accommodations`)).status).toBe(401);
    expect((await api(server.url).get(`${P()}/flights`)).status).toBe(401);
  });
});
