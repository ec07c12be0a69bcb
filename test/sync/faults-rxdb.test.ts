/**
 * Fault 1 with unmodified RxDB 17 phones (faults-device.test.ts runs it with the device library built on it): each
 * phone is an RxDB database (memory storage) with live `replicateCouchDB` through the gateway, which retries on its
 * own while the server is away. Four phones pull the trip, the server stops, each enters 18 holes, the server comes
 * back on the same data and port, and every score lands and reaches every phone without anything restarting them.
 */
import { rm } from 'node:fs/promises';
import type { RxCollection, RxDatabase } from 'rxdb';
import { replicateCouchDB, type RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventually } from './support/eventually.js';
import { createTrip, portalSession, roundOfScores, type FaultTrip } from './support/fault-trip.js';
import { openRxPhone } from './support/rx-phone.js';

/** A trip document on the phone: CouchDB's `_id` is mapped onto `docId`, a field our documents do not have. */
type PhoneDoc = { docId: string; type: string; [field: string]: unknown };

interface Phone {
  db: RxDatabase;
  docs: RxCollection<PhoneDoc>;
  replication: RxCouchDBReplicationState<PhoneDoc>;
  errors: unknown[];
}

let server: TestServer;
let dataDir: string;
let port: number;
let trip: FaultTrip;
const phones: Phone[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dataDir = server.dataDir;
  port = Number(new URL(server.url).port);
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
  for (const p of trip.players) phones.push(await openPhone(p.name, (await portalSession(server.url, trip, p.id)).session));
});

afterAll(async () => {
  for (const phone of phones) {
    await phone.replication.cancel();
    await phone.db.close();
  }
  await server?.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** An RxDB phone replicating live with the trip; the URL is fixed, the server may come and go behind it. */
async function openPhone(name: string, session: string): Promise<Phone> {
  const { db, docs } = await openRxPhone<PhoneDoc>(name);
  const replication = replicateCouchDB<PhoneDoc>({
    replicationIdentifier: `trip-${trip.tripId}`,
    collection: docs,
    url: `http://127.0.0.1:${port}/sync/trips/${trip.tripId}/`,
    live: true,
    retryTime: 200,
    fetch: ((url: string | URL | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${session}`);
      return fetch(url, { ...init, headers });
    }) as typeof fetch,
    pull: { batchSize: 100 },
    push: { batchSize: 50 },
  });
  const errors: unknown[] = [];
  replication.error$.subscribe((err) => errors.push(err));
  return { db, docs, replication, errors };
}

const scoresOf = async (phone: Phone) => (await phone.docs.find({ selector: { type: 'score' } }).exec()).map((d) => d.toJSON() as PhoneDoc);

describe('offline round with RxDB phones', () => {
  it('keeps 72 scores entered while the server was down and lands them all once it is back', { timeout: 60_000 }, async () => {
    for (const phone of phones) {
      await phone.replication.awaitInitialReplication();
      expect((await phone.docs.findOne(`round:${trip.roundId}`).exec())?.toJSON()).toMatchObject({ type: 'round', state: 'ready' });
      expect(await phone.docs.find({ selector: { type: 'scorecard' } }).exec()).toHaveLength(4);
      expect(phone.errors).toEqual([]);
    }

    await server.stop();
    for (const [i, phone] of phones.entries()) {
      const p = trip.players[i]!;
      const entered = roundOfScores(trip, p, p.id, `rx-${p.name}`).map(({ _id, ...rest }) => ({ docId: _id, ...rest }));
      await phone.docs.bulkInsert(entered);
    }
    // Offline: the phones try, fail and keep their scores.
    await eventually(() => expect(phones.every((phone) => phone.errors.length > 0)).toBe(true), 10_000);
    for (const phone of phones) expect(await scoresOf(phone)).toHaveLength(18);

    // The server comes back on the same data and port; the live replications notice by themselves.
    server = await startTestServer({ dataDir, config: { port } });
    expect(Number(new URL(server.url).port)).toBe(port);
    const db = server.deps.store.trip(trip.tripId);
    await eventually(async () => expect((await db.allDocs({ startKey: 'score:', endKey: 'score:\ufff0' })).rows).toHaveLength(72), 30_000, 200);
    for (const phone of phones) await phone.replication.awaitInSync();

    const round = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/rounds/${trip.roundId}`);
    expect(round.body.state).toBe('in_progress');
    for (const p of trip.players) {
      const stored = await db.allDocs({ startKey: `score:${p.card}:`, endKey: `score:${p.card}:\ufff0`, includeDocs: true });
      const expected = roundOfScores(trip, p, p.id, `rx-${p.name}`);
      expect(stored.rows.map((r) => r.doc).sort((a, b) => Number(a!.hole) - Number(b!.hole))).toEqual(expected.map((s) => expect.objectContaining({ ...s, _rev: expect.stringMatching(/^1-/) })));
    }
    // Every phone ends with every player's scores (pulled through the longpoll feed).
    for (const phone of phones) await eventually(async () => expect(await scoresOf(phone)).toHaveLength(72), 15_000, 100);
  });
});
