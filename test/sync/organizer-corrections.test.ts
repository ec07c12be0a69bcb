/**
 * An organizer's score correction over REST reaches the phones (issue 14): it is written on the same score document
 * phones replicate, so an unmodified PouchDB client pulling through the gateway receives the new value, with the
 * phone's own value, who corrected it, when and why in its history. A phone cannot push over a completed round's
 * correction.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventually } from './support/eventually.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type Doc, type LocalClients } from './support/pouch-clients.js';

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;
let sessions: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo'], groups: [[0, 1]] });
  devices = await localClients();
  sessions = {};
  for (const p of trip.players) sessions[p.name] = (await portalSession(server.url, trip, p.id)).session;
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

type ScoreLocal = Doc & { strokes: number | null; enteredBy: string; reason?: string; history: { strokes: number | null; enteredBy: string; deviceId: string; reason?: string }[] };
const organizerApi = () => api(server.url, trip.org.token);
const by = () => `organizer:${trip.org.user.id}`;
/** A time on the phone's clock `minutes` ago: the gateway refuses entries from a clock running ahead of the server's. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('an organizer correction on the phones', () => {
  it("reaches a partner's phone pulling live while the round is played", async () => {
    const al = trip.players[0]!;
    const alPhone = devices.create('phone-al-live');
    const boPhone = devices.create('phone-bo-live');
    const pull = PouchDB.replicate(remoteTrip(server.url, trip.tripId, sessions.Bo!), boPhone, { live: true, retry: true });
    try {
      const at = ago(30);
      await alPhone.put(scoreDoc(trip, al, 1, { strokes: 5, enteredBy: al.id, deviceId: 'phone-al', enteredAt: at }));
      const pushed = await PouchDB.replicate(alPhone, remoteTrip(server.url, trip.tripId, sessions.Al!));
      expect(pushed.errors, JSON.stringify(pushed.errors)).toEqual([]);
      expect(pushed.docs_written).toBe(1);
      await eventually(async () => expect(((await boPhone.get(`score:${al.card}:1`)) as ScoreLocal).strokes).toBe(5), 10_000);

      const res = await organizerApi().put(`/trips/${trip.tripId}/scorecards/${al.card}/scores/1`, { strokes: 6 });
      expect(res.status).toBe(200);
      const seen = await eventually(async () => {
        const doc = (await boPhone.get(`score:${al.card}:1`)) as ScoreLocal;
        expect(doc.strokes).toBe(6);
        return doc;
      }, 10_000);
      expect(seen).toMatchObject({ enteredBy: by(), deviceId: 'dashboard', disputed: false });
      expect(seen.history).toEqual([{ strokes: 5, enteredBy: al.id, deviceId: 'phone-al', enteredAt: at }]);
    } finally {
      pull.cancel();
    }
  });

  it('reaches the player\'s own phone after the round is completed, and the phone cannot push over it', async () => {
    const al = trip.players[0]!;
    const phone = devices.create('phone-al');
    const remote = remoteTrip(server.url, trip.tripId, sessions.Al!);
    const at = { 2: ago(20), 3: ago(19) } as Record<number, string>;
    await phone.bulkDocs([2, 3].map((hole) => scoreDoc(trip, al, hole, { strokes: 4, enteredBy: al.id, deviceId: 'phone-al', enteredAt: at[hole]! })));
    expect((await PouchDB.replicate(phone, remote)).docs_written).toBe(2);
    expect((await organizerApi().post(`/trips/${trip.tripId}/rounds/${trip.roundId}/complete`)).status).toBe(200);

    const refused = await organizerApi().put(`/trips/${trip.tripId}/scorecards/${al.card}/scores/2`, { strokes: 3 });
    expect(refused.status).toBe(422);
    const res = await organizerApi().post(`/trips/${trip.tripId}/scorecards/${al.card}/scores/bulk`, { reason: 'card checked after the round', scores: [{ hole: 2, strokes: 3 }, { hole: 3, strokes: null }] });
    expect(res.status).toBe(200);

    const pulled = await PouchDB.replicate(remote, phone);
    expect(pulled.ok).toBe(true);
    const two = (await phone.get(`score:${al.card}:2`)) as ScoreLocal;
    expect(two).toMatchObject({ strokes: 3, enteredBy: by(), deviceId: 'dashboard', reason: 'card checked after the round' });
    expect(two.history).toEqual([{ strokes: 4, enteredBy: al.id, deviceId: 'phone-al', enteredAt: at[2] }]);
    expect(((await phone.get(`score:${al.card}:3`)) as ScoreLocal)).toMatchObject({ strokes: null, reason: 'card checked after the round' });

    // The phone edits the corrected hole back: the gateway refuses it (the round is completed) and the server keeps the correction.
    await phone.put({ ...two, strokes: 4, enteredBy: al.id, deviceId: 'phone-al', enteredAt: new Date().toISOString(), history: [...two.history, { strokes: 3, enteredBy: by(), deviceId: 'dashboard', enteredAt: two.enteredAt as string }] });
    const push = await PouchDB.replicate(phone, remote);
    expect(push.doc_write_failures).toBe(1);
    expect(push.errors).toEqual([expect.objectContaining({ id: `score:${al.card}:2`, name: 'forbidden', message: expect.stringContaining('completed') })]);
    const stored = (await organizerApi().get(`/trips/${trip.tripId}/scorecards/${al.card}/scores`)).body.items.find((s: { hole: number }) => s.hole === 2);
    expect(stored).toMatchObject({ strokes: 3, reason: 'card checked after the round' });
  });
});
