import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripBody, organizer, type Api } from '../support/client.js';
import { coOrganize } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await organizer(server.url, 'Owner');
  other = await organizer(server.url, 'Other');
});
afterAll(() => server.close());

async function newTrip(client: Api, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/trips', tripBody(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; startDate: string; endDate: string; destination?: string };
}

async function tripCount(client: Api): Promise<number> {
  const res = await client.get('/trips?limit=200');
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('POST /trips', () => {
  it('answers 201 with the trip, its id and a Location that reads it back', async () => {
    const res = await owner.client.post('/trips', tripBody({ description: 'Four rounds by the sea' }));
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[a-z][a-z0-9]{5,39}$/);
    expect(res.headers.get('location')).toBe(`/trips/${res.body.id}`);
    expect(res.body).toMatchObject({
      name: 'Algarve 2027',
      startDate: '2027-04-10',
      endDate: '2027-04-14',
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      destination: 'Vilamoura',
      description: 'Four rounds by the sea',
      ownerId: owner.user.id,
    });
    expect(res.body).not.toHaveProperty('_id');
    expect(res.body).not.toHaveProperty('_rev');
    const back = await owner.client.get(res.headers.get('location')!);
    expect(back.status).toBe(200);
    expect(back.body).toEqual(res.body);
  });

  it('does not store the copy options of a trip that copies nothing', async () => {
    const res = await owner.client.post('/trips', tripBody({ include: { players: false } }));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('include');
    expect((await owner.client.get(`/trips/${res.body.id}`)).body).not.toHaveProperty('include');
  });

  const { name: _name, ...withoutName } = tripBody();
  it.each([
    ['a missing name', withoutName, ['body', 'name']],
    ['an impossible start date', tripBody({ startDate: '2027-02-30' }), ['body', 'startDate']],
    ['a start date in another format', tripBody({ startDate: '10/04/2027' }), ['body', 'startDate']],
    ['an end date before the start date', tripBody({ endDate: '2027-04-09' }), ['body', 'endDate']],
    ['the unknown time zone Mars/Olympus', tripBody({ timezone: 'Mars/Olympus' }), ['body', 'timezone']],
    ['the currency EUR1', tripBody({ currency: 'EUR1' }), ['body', 'currency']],
    ['the unknown currency XYZ', tripBody({ currency: 'XYZ' }), ['body', 'currency']],
    ['a lowercase currency', tripBody({ currency: 'eur' }), ['body', 'currency']],
    ['an empty name', tripBody({ name: '  ' }), ['body', 'name']],
  ])('refuses %s with 400 validation_failed pointing at the field, creating nothing', async (_label, body, path) => {
    const before = await tripCount(owner.client);
    const res = await owner.client.post('/trips', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(path);
    expect(await tripCount(owner.client)).toBe(before);
  });

  it('refuses an unknown field with 400 naming the field', async () => {
    const before = await tripCount(owner.client);
    const res = await owner.client.post('/trips', tripBody({ colour: 'green' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toEqual(['body']);
    expect(res.body.error.details[0].message).toContain('colour');
    expect(await tripCount(owner.client)).toBe(before);
  });

  it.each([
    ['malformed JSON', '{"name": "Algarve",', {}, 400, 'malformed_json'],
    ['a text/plain body', JSON.stringify(tripBody()), { 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
    ['a body over 1 MB', JSON.stringify(tripBody({ description: 'x'.repeat(1024 * 1024) })), {}, 413, 'payload_too_large'],
  ])('answers %s with its status and code, creating nothing', async (_label, raw, headers, status, code) => {
    const before = await tripCount(owner.client);
    const res = await owner.client.post('/trips', raw, headers);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await tripCount(owner.client)).toBe(before);
  });
});

describe('GET /trips', () => {
  it("lists only the caller's trips, newest start date first, in pages", async () => {
    const me = await organizer(server.url, 'Pager');
    const early = await newTrip(me.client, { name: 'Early', startDate: '2027-01-05', endDate: '2027-01-06' });
    const late = await newTrip(me.client, { name: 'Late', startDate: '2027-09-05', endDate: '2027-09-06' });
    const middle = await newTrip(me.client, { name: 'Middle', startDate: '2027-05-05', endDate: '2027-05-06' });
    await newTrip(other.client, { name: 'Not mine' });

    const first = await me.client.get('/trips?limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.body.items.map((t: { id: string }) => t.id)).toEqual([late.id, middle.id]);
    expect(first.body.items[0]).toMatchObject({ name: 'Late', status: 'active', myRole: 'owner', currency: 'EUR' });

    const second = await me.client.get('/trips?limit=2&offset=2');
    expect(second.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(second.body.items.map((t: { id: string }) => t.id)).toEqual([early.id]);

    const beyond = await me.client.get('/trips?offset=10');
    expect(beyond.body).toMatchObject({ total: 3, items: [], limit: 50, offset: 10 });
  });

  it.each([['limit=0'], ['limit=500'], ['limit=abc'], ['offset=-1'], ['limit=2.5']])('refuses ?%s with 400 validation_failed', async (qs) => {
    const res = await owner.client.get(`/trips?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path[0]).toBe('query');
  });
});

describe('GET, PATCH and DELETE /trips/:tripId', () => {
  it('changes settings and keeps the list in step', async () => {
    const trip = await newTrip(owner.client);
    const res = await owner.client.patch(`/trips/${trip.id}`, { name: 'Algarve (moved)', endDate: '2027-04-16', currency: 'GBP' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Algarve (moved)', startDate: '2027-04-10', endDate: '2027-04-16', currency: 'GBP' });
    expect((await owner.client.get(`/trips/${trip.id}`)).body).toMatchObject({ name: 'Algarve (moved)', endDate: '2027-04-16', currency: 'GBP' });
    const listed = (await owner.client.get('/trips?limit=200')).body.items.find((t: { id: string }) => t.id === trip.id);
    expect(listed).toMatchObject({ name: 'Algarve (moved)', endDate: '2027-04-16', currency: 'GBP' });
  });

  it.each([
    ['an endDate before the stored startDate', { endDate: '2027-04-01' }, ['body', 'endDate']],
    ['a startDate after the stored endDate', { startDate: '2027-05-01' }, ['body', 'startDate']],
    ['both dates reversed', { startDate: '2027-05-01', endDate: '2027-04-01' }, ['body', 'endDate']],
    ['an empty patch', {}, ['body']],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, ['body', 'timezone']],
    ['a field that cannot change', { ownerId: 'someoneelse' }, ['body']],
  ])('refuses %s with 400 and leaves the trip unchanged', async (_label, patch, path) => {
    const trip = await newTrip(owner.client);
    const before = (await owner.client.get(`/trips/${trip.id}`)).body;
    const res = await owner.client.patch(`/trips/${trip.id}`, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(path);
    expect((await owner.client.get(`/trips/${trip.id}`)).body).toEqual(before);
  });

  it('removes the destination when it is patched to null', async () => {
    const trip = await newTrip(owner.client);
    expect(trip.destination).toBe('Vilamoura');
    const res = await owner.client.patch(`/trips/${trip.id}`, { destination: null });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('destination');
    expect((await owner.client.get(`/trips/${trip.id}`)).body).not.toHaveProperty('destination');
    const listed = (await owner.client.get('/trips?limit=200')).body.items.find((t: { id: string }) => t.id === trip.id);
    expect(listed).not.toHaveProperty('destination');
  });

  it('deletes a trip: it then answers 404 and leaves the list', async () => {
    const trip = await newTrip(owner.client);
    const before = await tripCount(owner.client);
    const res = await owner.client.delete(`/trips/${trip.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const gone = await owner.client.get(`/trips/${trip.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('trip_not_found');
    expect(await tripCount(owner.client)).toBe(before - 1);
    expect((await owner.client.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id)).not.toContain(trip.id);
    expect(await server.deps.store.tripExists(trip.id)).toBe(false);
    expect((await owner.client.delete(`/trips/${trip.id}`)).status).toBe(404);
  });
});

describe("another organizer's trip", () => {
  let tripId: string;
  beforeAll(async () => {
    tripId = (await newTrip(owner.client, { name: 'Private' })).id;
  });

  it.each([
    ['get', ''],
    ['patch', ''],
    ['delete', ''],
    ['get', '/copy'],
    ['get', '/players'],
    ['get', '/rounds'],
  ])('answers %s /trips/:tripId%s with 404 trip_not_found and reveals nothing', async (method, suffix) => {
    const res = await other.client.call(method.toUpperCase(), `/trips/${tripId}${suffix}`, method === 'patch' ? { name: 'Hijacked' } : undefined);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
    expect(res.text).not.toContain('Private');
    const mine = await owner.client.get(`/trips/${tripId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.name).toBe('Private');
  });

  it('is not in their list', async () => {
    const ids = (await other.client.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id);
    expect(ids).not.toContain(tripId);
  });
});

describe('co-organizers', () => {
  it('gives an account that accepted an invite access, and takes it away when the owner removes it', async () => {
    const co = await organizer(server.url, 'Co');
    const trip = await newTrip(owner.client, { name: 'Shared trip' });
    expect((await co.client.get(`/trips/${trip.id}`)).status).toBe(404);
    expect((await owner.client.post(`/trips/${trip.id}/players`, { name: 'Co Organizer', email: co.email, role: 'organizer' })).status).toBe(201);
    await coOrganize(owner.client, co, trip.id);

    const listed = (await co.client.get('/trips?limit=200')).body.items.find((t: { id: string }) => t.id === trip.id);
    expect(listed).toMatchObject({ name: 'Shared trip', myRole: 'organizer' });
    const read = await co.client.get(`/trips/${trip.id}`);
    expect(read.status).toBe(200);
    expect(read.body.ownerId).toBe(owner.user.id);
    expect((await co.client.get(`/trips/${trip.id}/players`)).body.items).toHaveLength(1);

    const refused = await co.client.delete(`/trips/${trip.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await owner.client.get(`/trips/${trip.id}`)).status).toBe(200);

    expect((await owner.client.delete(`/trips/${trip.id}/organizers/${co.user.id}`)).status).toBe(204);
    const after = await co.client.get(`/trips/${trip.id}`);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('trip_not_found');
    expect((await co.client.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id)).not.toContain(trip.id);
  });

  it('does not make an organizer of the account whose email a player carries, whatever the role', async () => {
    const co = await organizer(server.url, 'Plain');
    const trip = await newTrip(owner.client);
    expect((await owner.client.post(`/trips/${trip.id}/players`, { name: 'Plain', email: co.email.toUpperCase(), role: 'organizer' })).status).toBe(201);
    expect((await co.client.get(`/trips/${trip.id}`)).status).toBe(404);
  });
});

