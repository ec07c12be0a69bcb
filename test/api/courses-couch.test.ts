import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { realCouchUrl } from '../support/real-couch.js';

/**
 * The course library on the CouchDB adapter (the pouchdb-server the test setup started, and a real CouchDB when
 * COUCHDB_URL is set): each owner's courses are a range of the registry's primary index, which CouchDB collates
 * differently from PouchDB on LevelDB, so listing and isolation are checked here too.
 */
const backends: [string, string][] = [['pouchdb-server', inject('couchUrl')]];
if (realCouchUrl) backends.push(['Apache CouchDB', realCouchUrl]);

const nine = (name: string) => ({
  name,
  holes: Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: i % 3 === 1 ? 3 : 4, strokeIndex: 2 * i + 1 })),
  tees: [{ name: 'Yellow', gender: 'X', courseRating: 33.1, slope: 115 }],
});

describe.each(backends)('the course library on the CouchDB adapter (%s)', (_name, url) => {
  let server: TestServer;
  const registryName = `golf_registry_courses_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer({ overrides: { store: new CouchDocStore(url, { registryName }) } });
  });
  afterAll(async () => {
    const trips = await server.deps.store.registry.query('registry/by_type', { key: 'tripindex', includeDocs: true });
    for (const row of trips.rows) await server.deps.store.destroyTrip((row.doc as unknown as { tripId: string }).tripId);
    const u = new URL(url);
    const headers: Record<string, string> = u.username ? { authorization: `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` } : {};
    u.username = '';
    u.password = '';
    await fetch(`${u.toString().replace(/\/+$/, '')}/${registryName}`, { method: 'DELETE', headers });
    await server.close();
  });

  it('keeps each organizer’s courses apart, searches, edits and freezes a copy on a round', async () => {
    const [a, b] = [await organizer(server.url, 'Ann'), await organizer(server.url, 'Ben')];
    const mine = await Promise.all(['Pine Nine', 'Dune Nine', 'Brook Field'].map(async (n) => (await a.client.post('/courses', nine(n))).body));
    const theirs = (await b.client.post('/courses', nine('Pine Nine of Ben'))).body;
    expect((await a.client.get('/courses')).body.items.map((c: { name: string }) => c.name)).toEqual(['Brook Field', 'Dune Nine', 'Pine Nine']);
    expect((await a.client.get('/courses?q=NINE')).body.items.map((c: { name: string }) => c.name)).toEqual(['Dune Nine', 'Pine Nine']);
    expect((await b.client.get('/courses')).body.items.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    expect((await b.client.get(`/courses/${mine[0].id}`)).status).toBe(404);

    const tripId = (await a.client.post('/trips', tripBody())).body.id;
    const round = (await a.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', courseId: mine[0].id, teeName: 'yellow' })).body;
    expect(round.course.tees).toEqual([{ name: 'Yellow', courseRating: 33.1, slope: 115, par: 33 }]);
    const edited = await a.client.patch(`/courses/${mine[0].id}`, { tees: [{ name: 'Yellow', gender: 'X', courseRating: 34, slope: 120 }] }, { 'if-match': '"1"' });
    expect(edited.status).toBe(200);
    expect((await a.client.delete(`/courses/${mine[0].id}`, { 'if-match': '"1"' })).status).toBe(412);
    expect((await a.client.delete(`/courses/${mine[0].id}`, { 'if-match': '"2"' })).status).toBe(204);
    expect((await a.client.get(`/trips/${tripId}/rounds/${round.id}`)).body).toEqual(round);
  });
});
