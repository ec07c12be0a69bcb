/**
 * `GET /trips/:tripId/contents` (issue 23): the counts a delete confirmation names, read from the trip's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TripContents } from '../../shared/schemas/trip.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { coOrganize } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /trips/:tripId/contents', () => {
  it('answers zero of everything for a new trip', async () => {
    const owner = await organizer(server.url, 'Owner');
    const trip = (await owner.client.post('/trips', tripBody())).body;
    const res = await owner.client.get(`/trips/${trip.id}/contents`);
    expect(res.status).toBe(200);
    expect(TripContents.parse(res.body)).toEqual({
      players: 0, rounds: 0, scores: 0, expenses: 0, receipts: 0, settlements: 0, wagers: 0, reports: 0, activities: 0, competitions: 0, travel: 0, coOrganizers: 0,
    });
  });

  it('counts players, rounds, scores, expenses and co-organizers, for the owner and a co-organizer alike', async () => {
    const owner = await organizer(server.url, 'Owner');
    const co = await organizer(server.url, 'Co');
    const tripId = (await owner.client.post('/trips', tripBody())).body.id as string;
    const players = (await owner.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }] })).body.items as { id: string }[];
    const ids = players.map((p) => p.id);
    const round = await owner.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids }] });
    expect(round.status).toBe(201);
    expect((await owner.client.patch(`/trips/${tripId}/rounds/${round.body.id}/ready`)).status).toBe(200);
    const scored = await owner.client.post(`/trips/${tripId}/scorecards/${round.body.id}-${ids[0]}/scores/bulk`, { scores: [1, 2, 3].map((hole) => ({ hole, strokes: 4 })) });
    expect(scored.status).toBeLessThan(300);
    const expense = await owner.client.post(`/trips/${tripId}/expenses`, { payerId: ids[0], amountCents: 9000, category: 'food', date: '2027-04-11', description: 'Dinner', split: { mode: 'equal', playerIds: ids } });
    expect(expense.status).toBe(201);
    await coOrganize(owner.client, co, tripId);

    const expected = { players: 3, rounds: 1, scores: 3, expenses: 1, coOrganizers: 1, settlements: 0, wagers: 0 };
    expect((await owner.client.get(`/trips/${tripId}/contents`)).body).toMatchObject(expected);
    expect((await co.client.get(`/trips/${tripId}/contents`)).body).toMatchObject(expected);
  });

  it('is refused to an account that does not organize the trip', async () => {
    const owner = await organizer(server.url, 'Owner');
    const stranger = await organizer(server.url, 'Stranger');
    const tripId = (await owner.client.post('/trips', tripBody())).body.id as string;
    expect([403, 404]).toContain((await stranger.client.get(`/trips/${tripId}/contents`)).status);
  });
});
