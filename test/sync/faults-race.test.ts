/**
 * Issue 14: two, three and five phones push different values for the same new hole at the same moment (PouchDB
 * replication, `new_edits: false`, every push before any is merged). The server merges from what was written, not
 * from what it read before writing, so whatever the interleaving: no score is left conflicted, REST and every phone
 * after pulling show the rule's winner (latest `enteredAt`), every losing value is in history, and the dispute is
 * listed. Run on the embedded store and on the CouchDB adapter (express-pouchdb, see support/couch-server.ts), where
 * the phones push through two app servers over one database.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startCouchServer, type CouchServer } from './support/couch-server.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients, type Pouch } from './support/pouch-clients.js';

/** 20 races per size on the embedded store; fewer on CouchDB, where each push crosses two more HTTP hops. */
const REPS = { embedded: 20, couch: 7 };
const SIZES = [2, 3, 5] as const;
const BASE = Date.UTC(2026, 3, 11, 9, 0);

type ScoreView = { _id: string; _rev: string; _conflicts?: string[]; strokes: number; deviceId: string; enteredBy: string; enteredAt: string; disputed?: boolean; history: { strokes: number; deviceId: string; enteredBy: string; enteredAt: string }[] };

let couch: CouchServer | undefined;
const backends: [string, number, () => Promise<TestServer[]>][] = [
  ['the embedded store', REPS.embedded, async () => [await startTestServer()]],
  [
    'CouchDB (express-pouchdb), two app servers',
    REPS.couch,
    async () => {
      // Two stateless app servers over one CouchDB: the same registry and trip databases, the same signing secret.
      couch = await startCouchServer();
      const store = () => new CouchDocStore(couch!.url, { registryName: 'golf_registry_race' });
      return [await startTestServer({ overrides: { store: store() } }), await startTestServer({ overrides: { store: store() } })];
    },
  ],
];

describe.each(backends)('one hole pushed by several phones at once, on %s', (_name, reps, start) => {
  let servers: TestServer[];
  let trip: FaultTrip;
  let sessions: string[];
  let phones: Pouch[];
  let devices: LocalClients;

  beforeAll(async () => {
    servers = await start();
    trip = await createTrip(servers[0]!.url, { names: ['Al', 'Bo', 'Cy', 'Di', 'Ed'], groups: [[0, 1, 2, 3, 4]] });
    sessions = await Promise.all(trip.players.map(async (p) => (await portalSession(servers[0]!.url, trip, p.id)).session));
    devices = await localClients();
    phones = trip.players.map((p) => devices.create(`phone-${p.name}`));
  }, 60_000);

  afterAll(async () => {
    await devices?.cleanup();
    for (const s of servers ?? []) await s.close();
    await couch?.stop();
    couch = undefined;
  });

  /** Phone `i` talks to app server `i % servers` (one server on the embedded store). */
  const remote = (i: number) => remoteTrip(servers[i % servers.length]!.url, trip.tripId, sessions[i]!);

  it(`converges ${reps} times for each of ${SIZES.join(', ')} phones, with no conflict left anywhere`, { timeout: 120_000 }, async () => {
    const races = SIZES.flatMap((n) => Array.from({ length: reps }, (_, rep) => ({ n, rep })));
    const expectedDisputes: string[] = [];
    for (const [k, { n, rep }] of races.entries()) {
      // A fresh hole each race: card k / 18, hole k % 18 + 1 (90 holes on 5 cards, 60 races).
      const card = trip.players[Math.floor(k / 18)]!;
      const hole = (k % 18) + 1;
      const id = `score:${card.card}:${hole}`;
      // Phone i entered strokes 3 + i at a minute given by a rotation, so the latest entry is not always the last phone.
      const entries = Array.from({ length: n }, (_, i) => ({
        strokes: 3 + i,
        enteredBy: trip.players[i]!.id,
        deviceId: `phone-${trip.players[i]!.name}`,
        enteredAt: new Date(BASE + k * 3_600_000 + ((i + rep) % n) * 60_000).toISOString(),
      }));
      const winner = entries.reduce((a, b) => (b.enteredAt > a.enteredAt ? b : a));
      await Promise.all(entries.map((e, i) => phones[i]!.put(scoreDoc(trip, card, hole, e))));

      const pushed = await Promise.all(entries.map((_, i) => PouchDB.replicate(phones[i]!, remote(i), { doc_ids: [id] })));
      for (const p of pushed) expect(p).toMatchObject({ ok: true, docs_written: 1, doc_write_failures: 0 });

      const db = servers[0]!.deps.store.trip(trip.tripId);
      const onServer = (await db.get(id, { conflicts: true })) as unknown as ScoreView;
      expect({ race: k, conflicts: onServer._conflicts }).toEqual({ race: k, conflicts: undefined });
      expect(onServer).toMatchObject({ ...winner, disputed: true });
      expect(new Set(onServer.history.map((h) => h.deviceId))).toEqual(new Set(entries.filter((e) => e !== winner).map((e) => e.deviceId)));
      expect(onServer.history).toEqual(expect.arrayContaining(entries.filter((e) => e !== winner)));
      expectedDisputes.push(id);

      // Each phone pulls the hole and holds the server's revision, without a conflict of its own.
      await Promise.all(entries.map((_, i) => PouchDB.replicate(remote(i), phones[i]!, { doc_ids: [id] })));
      for (const [i] of entries.entries()) {
        const local = (await phones[i]!.get(id, { conflicts: true })) as unknown as ScoreView;
        expect({ race: k, phone: i, rev: local._rev, conflicts: local._conflicts, strokes: local.strokes }).toEqual({ race: k, phone: i, rev: onServer._rev, conflicts: undefined, strokes: winner.strokes });
      }
    }

    // REST (through every app server) shows each race's winner, and the organizer's dispute list has every hole.
    for (const [s, server] of servers.entries()) {
      for (const card of trip.players) {
        const res = await api(server.url, sessions[s]).get(`/trip-portal/scorecards/${card.card}/scores`);
        expect(res.status).toBe(200);
        for (const score of res.body.items as { hole: number; strokes: number }[]) {
          const stored = (await servers[0]!.deps.store.trip(trip.tripId).get(`score:${card.card}:${score.hole}`)) as unknown as ScoreView;
          expect(score.strokes).toBe(stored.strokes);
        }
      }
      const disputes = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/score-disputes`);
      expect(disputes.status).toBe(200);
      expect(disputes.body.items.map((d: { scorecardId: string; hole: number }) => `score:${d.scorecardId}:${d.hole}`).sort()).toEqual([...expectedDisputes].sort());
    }

    // Nothing on the server carries a conflict.
    const { rows } = await servers[0]!.deps.store.trip(trip.tripId).allDocs({ startKey: 'score:', endKey: 'score:\ufff0', includeDocs: true, conflicts: true });
    expect(rows).toHaveLength(races.length);
    expect(rows.filter((r) => (r.doc?._conflicts?.length ?? 0) > 0).map((r) => r.id)).toEqual([]);
  });
});
