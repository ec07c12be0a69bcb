import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CouchBlobStore } from '../../server/store/blobs.couch.js';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { tinyMp3 } from '../support/media.js';
import { multipartRequest } from '../support/upload.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { dropCouchDb, realCouchUrl } from '../support/real-couch.js';

/**
 * The same app on the CouchDB adapter, over real HTTP to the pouchdb-server the test setup started (and to a real
 * CouchDB when COUCHDB_URL is set): a whole organizer flow, to show that routes depend on the port only.
 */
const backends: [string, string][] = [['pouchdb-server', inject('couchUrl')]];
if (realCouchUrl) backends.push(['Apache CouchDB', realCouchUrl]);

describe.each(backends)('the API on the CouchDB adapter (%s)', (_name, url) => {
  let server: TestServer;
  const registryName = `golf_registry_api_${process.pid}_${Date.now()}`;

  const blobDb = `golf_blobs_api_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { store: new CouchDocStore(url, { registryName }), blobs: new CouchBlobStore(url, { dbName: blobDb }) } });
  });
  afterAll(async () => {
    const trips = await server.deps.store.registry.query('registry/by_type', { key: 'tripindex', includeDocs: true });
    for (const row of trips.rows) await server.deps.store.destroyTrip((row.doc as unknown as { tripId: string }).tripId);
    await dropCouchDb(url, registryName);
    await dropCouchDb(url, blobDb);
    await server.close();
  });

  it('creates a trip, players and a round, readies, completes, resets and deletes it', async () => {
    const org = await organizer(server.url);
    const trip = (await org.client.post('/trips', tripBody())).body;
    expect(trip.id).toMatch(/^[a-z]/);
    const players = (await org.client.post(`/trips/${trip.id}/players/bulk`, { players: [{ name: 'Al', handicapIndex: 4.2 }, { name: 'Bo' }, { name: 'Cy', role: 'organizer', email: 'cy@example.com' }] })).body.items;
    expect(players).toHaveLength(3);
    const ids = players.map((p: { id: string }) => p.id);
    const round = (await org.client.post(`/trips/${trip.id}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids }] })).body;
    expect(round.groups[0].playerIds).toEqual(ids);

    const ready = await org.client.patch(`/trips/${trip.id}/rounds/${round.id}/ready`);
    expect(ready.body.state).toBe('ready');
    const card = await server.deps.store.trip(trip.id).get(`scorecard:${round.id}-${ids[0]}`);
    expect(card?.handicap).toMatchObject({ handicapIndex: 4.2, tee: 'White', slope: 128 });

    expect((await org.client.get(`/trips/${trip.id}/players`)).body.items).toHaveLength(3);
    expect((await org.client.delete(`/trips/${trip.id}/players/${ids[0]}`)).body.error.code).toBe('player_in_round');

    expect((await org.client.post(`/trips/${trip.id}/rounds/${round.id}/complete`)).body.state).toBe('completed');
    const reset = await org.client.post(`/trips/${trip.id}/rounds/${round.id}/reset`);
    expect(reset.body).toMatchObject({ round: { state: 'ready', resetCount: 1 }, archivedScores: 0, archiveId: null });

    expect((await org.client.get('/trips')).body.items.map((t: { id: string }) => t.id)).toContain(trip.id);
    expect((await org.client.delete(`/trips/${trip.id}`)).status).toBe(204);
    expect((await org.client.get(`/trips/${trip.id}`)).status).toBe(404);
    expect(await server.deps.store.tripExists(trip.id)).toBe(false);
  });

  it('keeps report audio in the blob database and serves byte ranges of it through the signed URL', async () => {
    const org = await organizer(server.url);
    const trip = (await org.client.post('/trips', tripBody())).body;
    const audio = tinyMp3({ frames: 200 });
    const created = await multipartRequest(`${server.url}/trips/${trip.id}/reports`, { token: org.token, fields: { title: 'Recap' }, parts: [{ bytes: audio, name: 'recap.mp3' }] });
    expect(created.status).toBe(201);
    const signed = new URL(created.body.audio_url);
    const ranged = await fetch(`${server.url}${signed.pathname}${signed.search}`, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(audio.subarray(1000, 2000)))).toBe(true);
    const fileId = signed.pathname.split('/').pop()!;
    // fetch refuses credentials in a URL (a real CouchDB's has them): they go in the header.
    const root = `${new URL(url).origin}${new URL(url).pathname.replace(/\/+$/, '')}`;
    const pointer = () => fetch(`${root}/${blobDb}/${encodeURIComponent(`trip/${trip.id}/report/${created.body.id}/${fileId}`)}`, { headers: authHeader(url) });
    expect(await (await pointer()).json()).toMatchObject({ size: audio.byteLength, contentType: 'audio/mpeg' });
    expect((await org.client.delete(`/trips/${trip.id}/reports/${created.body.id}`)).status).toBe(204);
    expect((await pointer()).status).toBe(404);
    expect((await fetch(`${server.url}${signed.pathname}${signed.search}`)).status).toBe(404);
  });

  it('runs the wizard to the end', async () => {
    const org = await organizer(server.url);
    const res = await org.client.post('/trips/wizard', {
      trip: tripBody(),
      players: [{ ref: 'a', name: 'A' }, { ref: 'b', name: 'B' }],
      rounds: [{ name: 'R1', date: '2027-04-12', course: course18(), groups: [['a', 'b']] }],
    });
    expect(res.status).toBe(202);
    let status = '';
    for (let i = 0; i < 200 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await org.client.get(`/trips/${res.body.tripId}/wizard/status`)).body.status;
    }
    expect(status).toBe('done');
    expect((await org.client.get(`/trips/${res.body.tripId}/rounds`)).body.items[0].groups[0].playerIds).toHaveLength(2);
  });
});

function authHeader(url: string): Record<string, string> {
  const u = new URL(url);
  return u.username ? { authorization: `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` } : {};
}
