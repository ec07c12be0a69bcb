/**
 * Server-internal documents of a trip database never reach a phone (server/sync/sync.policy.ts HIDDEN_TYPES): the
 * settlement plans' lock document (server/money/settlements.service.ts), which records a plan being stored, is not
 * in the changes feed, `_all_docs` or a read by id through the gateway, while the settlements it wrote are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { exchange } from './support/fault-trip.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('hidden documents', () => {
  it('the settlement lock is never sent to a phone; the settlements are', async () => {
    const org = await organizer(server.url);
    const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
    const ids = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy'].map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
    const paid = await org.client.post(`/trips/${tripId}/expenses`, { payerId: ids[0], amountCents: 9000, category: 'food', date: '2027-04-11', description: 'Dinner', split: { mode: 'equal', playerIds: ids } });
    expect(paid.status).toBe(201);
    expect((await org.client.post(`/trips/${tripId}/settlements/generate`)).status).toBe(201);
    // The lock is in the trip database (the plan was recorded there first).
    expect(await server.deps.store.trip(tripId).get('settlementlock:settlementplans')).toBeDefined();

    const issued = await org.client.post('/trip-portal/token', { tripId, playerId: ids[1] });
    expect(issued.status).toBe(201);
    const phone = api(server.url, await exchange(server.url, issued.body.token as string));
    const feed = await phone.get(`/sync/trips/${tripId}/_changes?include_docs=true&style=all_docs`);
    expect(feed.status).toBe(200);
    const listed = (feed.body.results as { id: string }[]).map((r) => r.id);
    expect(listed.filter((id) => id.startsWith('settlement:'))).toHaveLength(2);
    expect(listed.some((id) => id.startsWith('settlementlock:'))).toBe(false);
    const all = await phone.get(`/sync/trips/${tripId}/_all_docs`);
    expect((all.body.rows as { id: string }[]).some((r) => r.id.startsWith('settlementlock:'))).toBe(false);
    expect((await phone.get(`/sync/trips/${tripId}/${encodeURIComponent('settlementlock:settlementplans')}`)).status).toBe(404);
    // Nor may a phone write one (it would stand for a plan the server never decided).
    const lock = { _id: 'settlementlock:settlementplans', type: 'settlementlock', id: 'settlementplans' };
    const replicated = await phone.post(`/sync/trips/${tripId}/_bulk_docs`, { new_edits: false, docs: [{ ...lock, _rev: `9-${'a'.repeat(32)}`, _revisions: { start: 9, ids: ['a'.repeat(32)] } }] });
    expect(replicated.status).toBe(201);
    expect(replicated.body[0]).toMatchObject({ error: 'forbidden' });
    const other = await phone.post(`/sync/trips/${tripId}/_bulk_docs`, { docs: [{ ...lock, _id: 'settlementlock:other' }] });
    expect(other.body[0]).toMatchObject({ error: 'forbidden' });
    expect((await server.deps.store.trip(tripId).get('settlementlock:settlementplans', { conflicts: true }))?._conflicts).toBeUndefined();
  });
});
