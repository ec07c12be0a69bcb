/**
 * `POST /trips/:tripId/players/bulk` with `updates` beside `players` (issue 23): a roster import adds its new
 * golfers and merges the rows that match players already on the trip in one all-or-nothing request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
});
afterAll(() => server.close());

async function tripWith(players: Record<string, unknown>[]) {
  const trip = await org.client.post('/trips', tripBody());
  const tripId = trip.body.id as string;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players });
  expect(res.status).toBe(201);
  return { tripId, players: res.body.items as { id: string; name: string; email?: string }[] };
}

const list = async (tripId: string) => (await org.client.get(`/trips/${tripId}/players`)).body.items as Record<string, unknown>[];

describe('bulk adds and changes', () => {
  it('adds the new players and changes the listed ones in one request', async () => {
    const { tripId, players } = await tripWith([{ name: 'Bob Smith', handicapIndex: 12 }, { name: 'Ann Lee', team: 'Red' }]);
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
      players: [{ name: 'Cat New', email: 'cat@example.com' }],
      updates: [{ id: players[0]!.id, email: 'Bob@Example.com', team: 'Blue' }, { id: players[1]!.id, team: null }],
    });
    expect(res.status).toBe(201);
    expect(res.body.items.map((p: { name: string }) => p.name)).toEqual(['Cat New']);
    expect(res.body.updated).toMatchObject([{ name: 'Bob Smith', email: 'bob@example.com', team: 'Blue', handicapIndex: 12 }, { name: 'Ann Lee' }]);
    expect(res.body.updated[1]).not.toHaveProperty('team');
    const now = await list(tripId);
    expect(now.map((p) => p.name).sort()).toEqual(['Ann Lee', 'Bob Smith', 'Cat New']);
  });

  it('takes updates alone, and refuses a body with neither', async () => {
    const { tripId, players } = await tripWith([{ name: 'Solo' }]);
    expect((await org.client.post(`/trips/${tripId}/players/bulk`, { updates: [{ id: players[0]!.id, flight: 'A' }] })).status).toBe(201);
    const none = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [], updates: [] });
    expect(none.status).toBe(400);
  });

  it('writes nothing when a change names a player not on the trip (404, the change named)', async () => {
    const { tripId, players } = await tripWith([{ name: 'Ann' }]);
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'New' }], updates: [{ id: players[0]!.id, team: 'X' }, { id: 'nosuchplayer', team: 'Y' }] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('player_not_found');
    expect(res.body.error.details[0]).toMatchObject({ path: ['body', 'updates', 1, 'id'], update: 1 });
    expect((await list(tripId)).map((p) => [p.name, p.team])).toEqual([['Ann', undefined]]);
  });

  it('refuses an email that a change would share with another player, or a new row with a changed player (409), writing nothing', async () => {
    const { tripId, players } = await tripWith([{ name: 'Ann', email: 'ann@example.com' }, { name: 'Ben' }]);
    const clash = await org.client.post(`/trips/${tripId}/players/bulk`, { updates: [{ id: players[1]!.id, email: 'ANN@example.com' }] });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details[0]).toMatchObject({ path: ['body', 'updates', 0, 'email'], update: 0 });
    const row = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Benny', email: 'ben@example.com' }], updates: [{ id: players[1]!.id, email: 'ben@example.com' }] });
    expect(row.status).toBe(409);
    expect(row.body.error.details[0]).toMatchObject({ row: 0 });
    expect((await list(tripId)).map((p) => p.email ?? null)).toEqual(['ann@example.com', null]);
  });

  it('lets an email move: a change frees an email that a new row then takes', async () => {
    const { tripId, players } = await tripWith([{ name: 'Ann', email: 'shared@example.com' }]);
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Ann Jr', email: 'shared@example.com' }], updates: [{ id: players[0]!.id, email: null }] });
    expect(res.status).toBe(201);
  });

  it('refuses the same player twice in updates, and a bad field of a change, with 400', async () => {
    const { tripId, players } = await tripWith([{ name: 'Ann' }]);
    const twice = await org.client.post(`/trips/${tripId}/players/bulk`, { updates: [{ id: players[0]!.id, team: 'A' }, { id: players[0]!.id, team: 'B' }] });
    expect(twice.status).toBe(400);
    const bad = await org.client.post(`/trips/${tripId}/players/bulk`, { updates: [{ id: players[0]!.id, handicapIndex: 99 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toEqual(['body', 'updates', 0, 'handicapIndex']);
  });
});
