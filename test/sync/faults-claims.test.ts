/**
 * Issue 14, what a device may claim: a phone whose clock runs far ahead (2099) would win every conflict forever, and
 * a phone could enter a value in a partner's name. Pushed through real PouchDB replication, each such score is
 * refused on its own (`forbidden`, with the reason), recorded for the organizer, and the rest of the batch lands;
 * a scorer with the organizer role may still enter scores for anyone, and 4 minutes of clock drift pass.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

/** The server's clock, fixed so "ahead of it" is exact. */
const NOW = new Date('2026-04-11T10:00:00.000Z');

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(NOW) } });
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Scorer'], roles: { Scorer: 'organizer' }, groups: [[0, 1, 2]] });
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('what a phone claims in the scores it pushes', () => {
  it('refuses a clock in 2099 and a score in a partner\'s name, each on its own, and records both', async () => {
    const [al, bo] = [trip.players[0]!, trip.players[1]!];
    const { session } = await portalSession(server.url, trip, al.id);
    const phone = devices.create('phone-al');
    const remote = remoteTrip(server.url, trip.tripId, session);

    const fine = [1, 2].map((hole) => scoreDoc(trip, al, hole, { strokes: 4, enteredBy: al.id, deviceId: 'phone-al', enteredAt: minutes(-30 + hole) }));
    const drift = scoreDoc(trip, al, 3, { strokes: 5, enteredBy: al.id, deviceId: 'phone-al', enteredAt: minutes(4) });
    const future = scoreDoc(trip, al, 4, { strokes: 3, enteredBy: al.id, deviceId: 'phone-al', enteredAt: '2099-01-01T00:00:00.000Z' });
    const forged = scoreDoc(trip, bo, 1, { strokes: 7, enteredBy: bo.id, deviceId: 'phone-al', enteredAt: minutes(-5) });
    await phone.bulkDocs([...fine, future, drift, forged]);

    const pushed = await PouchDB.replicate(phone, remote);
    expect(pushed).toMatchObject({ ok: true, docs_read: 5, docs_written: 3, doc_write_failures: 2 });
    expect(pushed.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: future._id, name: 'forbidden', message: expect.stringContaining('more than 5 minutes ahead') }),
        expect.objectContaining({ id: forged._id, name: 'forbidden', message: expect.stringContaining(`enteredBy must be ${al.id}`) }),
      ]),
    );

    const db = server.deps.store.trip(trip.tripId);
    for (const doc of [...fine, drift]) expect(await db.get(doc._id)).toMatchObject({ strokes: doc.strokes, enteredAt: doc.enteredAt });
    expect(await db.get(future._id)).toBeUndefined();
    expect(await db.get(forged._id)).toBeUndefined();

    const rejections = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`);
    expect(rejections.status).toBe(200);
    const byDoc = new Map((rejections.body.items as { docId: string; reason: string; playerId: string; doc: { enteredAt: string } }[]).map((r) => [r.docId, r]));
    expect(byDoc.get(future._id)).toMatchObject({ playerId: al.id, reason: expect.stringContaining(NOW.toISOString()), doc: { enteredAt: '2099-01-01T00:00:00.000Z' } });
    expect(byDoc.get(forged._id)).toMatchObject({ playerId: al.id, reason: expect.stringContaining('enteredBy') });
  });

  it("lets a scorer with the organizer role enter a player's score in that player's name", async () => {
    const [bo, scorer] = [trip.players[1]!, trip.players[2]!];
    const { session } = await portalSession(server.url, trip, scorer.id);
    const tablet = devices.create('scorer-tablet');
    const entered = scoreDoc(trip, bo, 9, { strokes: 6, enteredBy: bo.id, deviceId: 'scorer-tablet', enteredAt: minutes(-1) });
    await tablet.put(entered);
    const pushed = await PouchDB.replicate(tablet, remoteTrip(server.url, trip.tripId, session));
    expect(pushed).toMatchObject({ ok: true, docs_written: 1, doc_write_failures: 0 });
    expect(await server.deps.store.trip(trip.tripId).get(entered._id)).toMatchObject({ strokes: 6, enteredBy: bo.id });
  });
});
