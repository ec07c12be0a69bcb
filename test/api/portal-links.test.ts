/**
 * `GET /trips/:tripId/portal-links` (issue 23): per player, their working link, when a link of theirs was first
 * opened, and when their phone was last heard from (recorded in memory on every portal request, written at most
 * once a minute per player).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsWithPrefix } from '../../server/store/docs.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let offset = 0;
let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let anon: Api;

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(Date.now() + offset) } });
  owner = await organizer(server.url);
  anon = api(server.url);
});
afterAll(() => server.close());

async function links(tripId: string) {
  const res = await owner.client.get(`/trips/${tripId}/portal-links`);
  expect(res.status).toBe(200);
  return res.body.items as { playerId: string; playerName: string; link: { id: string; status: string; openedAt?: string } | null; activeLinks: number; openedAt?: string; lastSeenAt?: string }[];
}

describe('portal links per player', () => {
  it('says who has a link, who opened it, and when their phone was last heard from', async () => {
    const trip = await owner.client.post('/trips', tripBody());
    const tripId = trip.body.id as string;
    const added = await owner.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Ann', email: 'ann@example.com' }, { name: 'Ben' }] });
    const [ann, ben] = added.body.items as { id: string }[];
    expect((await links(tripId)).map((l) => [l.playerName, l.link, l.activeLinks])).toEqual([['Ann', null, 0], ['Ben', null, 0]]);

    const issued = await owner.client.post('/trip-portal/token', { tripId, playerId: ann!.id });
    expect(issued.status).toBe(201);
    let [a] = await links(tripId);
    expect(a).toMatchObject({ link: { id: issued.body.id, status: 'active' }, activeLinks: 1 });
    expect(a).not.toHaveProperty('openedAt');
    expect(a).not.toHaveProperty('lastSeenAt');

    const v = await anon.post('/trip-portal/validate', { token: issued.body.token });
    expect(v.status).toBe(200);
    [a] = await links(tripId);
    expect(a!.openedAt).toBeDefined();
    expect(a!.link!.openedAt).toBe(a!.openedAt);
    // Validating touches the session's trips once (GET /trip-portal/validate below): the phone is heard from.
    const session = api(server.url, v.body.session);
    expect((await session.get('/trip-portal/validate')).status).toBe(200);
    [a] = await links(tripId);
    expect(Date.parse(a!.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(a!.openedAt!));

    // Opening again does not move openedAt; a request a few seconds later moves lastSeenAt (from memory) but the
    // stored record waits for the minute.
    const firstSeen = a!.lastSeenAt!;
    const stored = async () => (await docsWithPrefix<{ _id: string; at: string; playerId: string }>(server.deps.store.registry, `lastseen:${tripId}:`)).map((d) => d.at);
    await expect.poll(async () => (await stored()).length).toBe(1);
    const firstStored = (await stored())[0]!;
    expect(firstStored <= firstSeen).toBe(true);
    offset += 5_000;
    await anon.post('/trip-portal/validate', { token: issued.body.token });
    expect((await session.get('/trip-portal/validate')).status).toBe(200);
    [a] = await links(tripId);
    expect(a!.openedAt).toBe(a!.link!.openedAt);
    expect(a!.lastSeenAt! > firstSeen).toBe(true);
    expect(await stored()).toEqual([firstStored]);
    offset += 61_000;
    expect((await session.get('/trip-portal/validate')).status).toBe(200);
    await expect.poll(async () => (await stored())[0]! > a!.lastSeenAt!).toBe(true);

    // Ben never opened anything.
    const b = (await links(tripId)).find((l) => l.playerId === ben!.id)!;
    expect(b).toMatchObject({ link: null, activeLinks: 0 });
    expect(b).not.toHaveProperty('lastSeenAt');

    // A revoked link is no longer the player's link; the opened time stays (it happened).
    await owner.client.post(`/trips/${tripId}/portal-tokens/${issued.body.id}/revoke`);
    [a] = await links(tripId);
    expect(a).toMatchObject({ link: null, activeLinks: 0 });
    expect(a!.openedAt).toBeDefined();
  });

  it('is for the trip\'s organizers only (another organizer does not see the trip: 404)', async () => {
    const trip = await owner.client.post('/trips', tripBody());
    const other = await organizer(server.url, 'Other');
    expect((await other.client.get(`/trips/${trip.body.id}/portal-links`)).status).toBe(404);
    expect((await anon.get(`/trips/${trip.body.id}/portal-links`)).status).toBe(401);
  });

  it('pages like the players list', async () => {
    const trip = await owner.client.post('/trips', tripBody());
    const tripId = trip.body.id as string;
    await owner.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: 7 }, (_, i) => ({ name: `P${i}` })) });
    const first = await owner.client.get(`/trips/${tripId}/portal-links?limit=5`);
    expect(first.body.items).toHaveLength(5);
    const next = await owner.client.get(`/trips/${tripId}/portal-links?limit=5&cursor=${first.body.nextCursor}`);
    expect(next.body.items.map((i: { playerName: string }) => i.playerName)).toEqual(['P5', 'P6']);
    expect(next.body.nextCursor).toBeNull();
  });

  it('replaces a link: `replace` revokes the player\'s earlier links once the new one is stored (one and bulk)', async () => {
    const trip = await owner.client.post('/trips', tripBody());
    const tripId = trip.body.id as string;
    const added = await owner.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Ann' }, { name: 'Ben' }] });
    const [ann, ben] = added.body.items as { id: string }[];
    const first = await owner.client.post('/trip-portal/token', { tripId, playerId: ann!.id });
    const second = await owner.client.post('/trip-portal/token', { tripId, playerId: ann!.id });
    expect((await links(tripId))[0]!.activeLinks).toBe(2);
    const fresh = await owner.client.post('/trip-portal/token', { tripId, playerId: ann!.id, replace: true });
    expect(fresh.status).toBe(201);
    const [a] = await links(tripId);
    expect(a).toMatchObject({ activeLinks: 1, link: { id: fresh.body.id } });
    for (const old of [first, second]) expect((await anon.post('/trip-portal/validate', { token: old.body.token })).body.error.code).toBe('token_revoked');
    expect((await anon.post('/trip-portal/validate', { token: fresh.body.token })).status).toBe(200);

    const bulk = await owner.client.post('/trip-portal/tokens/bulk', { tripId, replace: true });
    expect(bulk.status).toBe(201);
    const after = await links(tripId);
    expect(after.map((l) => [l.activeLinks, l.link?.id])).toEqual(bulk.body.items.map((t: { id: string }) => [1, t.id]));
    expect(after.find((l) => l.playerId === ben!.id)!.activeLinks).toBe(1);
  });
});
