/**
 * Fault 2 (issue 3): two phones of one group enter different strokes for the same hole while offline. Both push
 * (PouchDB replication, `new_edits: false`), the server merges the branches by the shared rule (latest `enteredAt`),
 * both phones pull and hold the same winner, the losing value is kept in history, the hole is listed as disputed,
 * and an organizer's settlement reaches both phones.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type Doc, type LocalClients } from './support/pouch-clients.js';

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;
let al: string;
let bo: string;

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
  al = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
  bo = (await portalSession(server.url, trip, trip.players[1]!.id)).session;
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

type ScoreView = Doc & { _rev: string; strokes: number; disputed?: boolean; history: { strokes: number; deviceId: string; enteredAt: string }[] };

describe('the same hole edited on two phones offline', () => {
  it('converges everywhere on the later entry, keeps the other in history, lists the dispute, then syncs its settlement', async () => {
    const [alPhone, boPhone] = [devices.create('phone-al'), devices.create('phone-bo')];
    const remote = (session: string) => remoteTrip(server.url, trip.tripId, session);
    await PouchDB.replicate(remote(al), alPhone);
    await PouchDB.replicate(remote(bo), boPhone);

    // Offline, both enter hole 7 of Cy's card: Al at 09:00 says 5, Bo at 09:04 says 6.
    const cy = trip.players[2]!;
    const id = `score:${cy.card}:7`;
    const early = { strokes: 5, enteredBy: trip.players[0]!.id, deviceId: 'phone-al', enteredAt: '2026-04-11T09:00:00.000Z' };
    const late = { strokes: 6, enteredBy: trip.players[1]!.id, deviceId: 'phone-bo', enteredAt: '2026-04-11T09:04:00.000Z' };
    await alPhone.put(scoreDoc(trip, cy, 7, early));
    await boPhone.put(scoreDoc(trip, cy, 7, late));

    // The later entry reaches the server first, so "last pushed wins" would pick the wrong one.
    for (const [phone, session] of [[boPhone, bo], [alPhone, al]] as const) {
      const pushed = await PouchDB.replicate(phone, remote(session));
      expect(pushed).toMatchObject({ ok: true, docs_written: 1, doc_write_failures: 0 });
    }

    const db = server.deps.store.trip(trip.tripId);
    const onServer = (await db.get(id, { conflicts: true })) as unknown as ScoreView | undefined;
    expect(onServer).toBeDefined();
    expect(onServer!._conflicts).toBeUndefined();
    expect(onServer).toMatchObject({ strokes: 6, deviceId: 'phone-bo', enteredAt: late.enteredAt, disputed: true });
    expect(onServer!.history).toEqual([early]);

    // Both phones pull and hold the server's revision, with no conflict left on either.
    for (const [phone, session] of [[alPhone, al], [boPhone, bo]] as const) {
      await PouchDB.replicate(remote(session), phone);
      const local = (await phone.get(id, { conflicts: true })) as unknown as ScoreView;
      expect(local._conflicts).toBeUndefined();
      expect(local).toMatchObject({ _rev: onServer!._rev, strokes: 6, disputed: true, history: [early] });
    }

    // The organizer sees the dispute, and so does REST for a player.
    const orgApi = api(server.url, trip.org.token);
    const disputes = await orgApi.get(`/trips/${trip.tripId}/score-disputes`);
    expect(disputes.status).toBe(200);
    expect(disputes.body.items).toHaveLength(1);
    expect(disputes.body.items[0]).toMatchObject({ scorecardId: cy.card, hole: 7, strokes: 6, disputed: true });
    expect(disputes.body.items[0].history).toEqual([expect.objectContaining(early)]);
    const card = await api(server.url, al).get(`/trip-portal/scorecards/${cy.card}/scores`);
    expect(card.body.items).toEqual([expect.objectContaining({ hole: 7, strokes: 6, disputed: true })]);

    // The organizer settles it at 7; both phones pull the settled value and every earlier value is still kept.
    const settled = await orgApi.post(`/trips/${trip.tripId}/score-disputes/${cy.card}/7/resolve`, { strokes: 7 });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ strokes: 7, disputed: false, deviceId: 'dashboard' });
    const final = (await db.get(id, { conflicts: true })) as unknown as ScoreView;
    for (const [phone, session] of [[alPhone, al], [boPhone, bo]] as const) {
      const pulled = await PouchDB.replicate(remote(session), phone);
      expect(pulled.docs_written).toBeGreaterThanOrEqual(1);
      const local = (await phone.get(id, { conflicts: true })) as unknown as ScoreView;
      expect(local._conflicts).toBeUndefined();
      expect(local).toMatchObject({ _rev: final._rev, strokes: 7, disputed: false });
      expect(local.history.map((h) => h.strokes).sort()).toEqual([5, 6]);
    }
    expect((await orgApi.get(`/trips/${trip.tripId}/score-disputes`)).body.items).toEqual([]);

    // A hole may also be settled as picked up (WHS 3.1b: no strokes), keeping the 7 in history.
    const pickedUp = await orgApi.post(`/trips/${trip.tripId}/score-disputes/${cy.card}/7/resolve`, { strokes: null });
    expect(pickedUp.status).toBe(200);
    expect(pickedUp.body).toMatchObject({ strokes: null, disputed: false });
    expect(pickedUp.body.history.map((h: { strokes: number | null }) => h.strokes).sort()).toEqual([5, 6, 7]);
    // Settling is an organizer correction: the settled value keeps who and why, as the organizer's scorecard shows.
    const sheet = (await orgApi.get(`/trips/${trip.tripId}/scorecards/${cy.card}/scores`)).body;
    const hole7 = sheet.items.find((s: { hole: number }) => s.hole === 7);
    expect(hole7).toMatchObject({ strokes: null, reason: 'dispute settled', deviceId: 'dashboard' });
    expect(hole7.history).toContainEqual(expect.objectContaining({ strokes: 7, reason: 'dispute settled', deviceId: 'dashboard' }));
  });
});
