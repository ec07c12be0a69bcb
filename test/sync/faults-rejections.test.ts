/**
 * Fault 4 (issue 3): a phone pushes a batch holding one score it may not write (a card of another group). That
 * document alone is refused (`forbidden`, counted in `doc_write_failures`), the rest of the batch lands, and the
 * refusal is kept server-side with its reason and content for the organizer.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, remoteTrip, roundOfScores, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1], [2, 3]] });
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

describe('a forbidden document in a pushed batch', () => {
  it('is refused on its own, the rest lands, and the organizer can read the refusal', async () => {
    const [al, bo, cy] = [trip.players[0]!, trip.players[1]!, trip.players[2]!];
    const { session } = await portalSession(server.url, trip, al.id);
    const phone = devices.create('phone-al');
    const remote = remoteTrip(server.url, trip.tripId, session);
    await PouchDB.replicate(remote, phone);

    // Al scores his own card and his partner's, and by mistake one hole of Cy's card (the other group).
    const mine = [...roundOfScores(trip, al, al.id, 'phone-al'), ...roundOfScores(trip, bo, al.id, 'phone-al')];
    const stray = scoreDoc(trip, cy, 4, { strokes: 9, enteredBy: al.id, deviceId: 'phone-al', enteredAt: '2026-04-11T09:30:00.000Z' });
    await phone.bulkDocs([...mine.slice(0, 20), stray, ...mine.slice(20)]);

    const pushed = await PouchDB.replicate(phone, remote);
    expect(pushed.ok).toBe(true);
    expect(pushed.docs_read).toBe(37);
    expect(pushed.docs_written).toBe(36);
    expect(pushed.doc_write_failures).toBe(1);
    expect(pushed.errors).toEqual([expect.objectContaining({ id: stray._id, name: 'forbidden', message: expect.stringContaining('own group') })]);

    // The rest of the batch is on the server; the stray hole is not.
    const db = server.deps.store.trip(trip.tripId);
    for (const doc of mine) expect(await db.get(doc._id)).toMatchObject({ strokes: doc.strokes, enteredBy: al.id });
    expect(await db.get(stray._id)).toBeUndefined();
    expect((await api(server.url, session).get(`/trip-portal/scorecards/${bo.card}/scores`)).body.items).toHaveLength(18);
    expect((await api(server.url, session).get(`/trip-portal/scorecards/${cy.card}/scores`)).body.items).toEqual([]);

    // Nothing disappears silently: the organizer sees who sent what and why it was refused.
    const rejections = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`);
    expect(rejections.status).toBe(200);
    expect(rejections.body.items).toHaveLength(1);
    const [refusal] = rejections.body.items;
    expect(refusal).toMatchObject({ playerId: al.id, docId: stray._id, docType: 'score', reason: expect.stringContaining('own group') });
    expect(refusal.doc).toMatchObject({ _id: stray._id, scorecardId: cy.card, hole: 4, strokes: 9, deviceId: 'phone-al', enteredAt: stray.enteredAt });
    expect(Date.parse(refusal.at)).not.toBeNaN();

    // A player's session cannot read that list (organizers only).
    expect((await api(server.url, session).get(`/trips/${trip.tripId}/sync/rejections`)).status).toBe(401);
  });
});
