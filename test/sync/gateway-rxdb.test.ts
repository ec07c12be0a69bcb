/**
 * RxDB 17 `replicateCouchDB` (memory storage, no dev mode) against the gateway: it pulls with `_changes`
 * (normal, then longpoll since=now), pushes with `POST _all_docs` + normal `_bulk_docs`, and a stale write gets a
 * per-document 409 that sends RxDB through its conflict handler.
 */
import { defaultConflictHandler, type RxCollection, type RxConflictHandlerInput, type RxDatabase } from 'rxdb';
import { replicateCouchDB, type RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.js';
import { startGatewayHarness, type GatewayHarness } from './support/gateway-harness.js';
import { scoreDocs } from './support/pouch-clients.js';
import { openRxPhone } from './support/rx-phone.js';

const P1 = 'Bearer player:p1';

interface TripDoc {
  docId: string;
  type: string;
  id: string;
  scorecardId?: string;
  playerId?: string;
  hole?: number;
  strokes?: number;
  note?: string;
  verifiedBy?: string;
  createdAt?: string;
  updatedAt?: string;
}

let h: GatewayHarness;
let db: RxDatabase;
let replication: RxCouchDBReplicationState<TripDoc> | undefined;
/** Runs once, right before the next `_bulk_docs` reaches the server. */
let beforeNextBulkDocs: (() => Promise<void>) | undefined;
const bulkDocsAnswers: unknown[] = [];
const conflicts: RxConflictHandlerInput<TripDoc>[] = [];

/** RxDB's fetch, with the session added, and `_bulk_docs` answers kept for the assertions. */
async function sessionFetch(url: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', P1);
  const isBulkDocs = String(url).includes('/_bulk_docs');
  if (isBulkDocs && beforeNextBulkDocs) {
    const hook = beforeNextBulkDocs;
    beforeNextBulkDocs = undefined;
    await hook();
  }
  const res = await fetch(url, { ...init, headers });
  if (isBulkDocs) bulkDocsAnswers.push(await res.clone().json());
  return res;
}

beforeEach(async () => {
  h = await startGatewayHarness();
  bulkDocsAnswers.length = 0;
  conflicts.length = 0;
  ({ db } = await openRxPhone<TripDoc>('gateway', {
    isEqual: defaultConflictHandler.isEqual,
    // Keep the phone's strokes on top of what the server has now (and record that the handler ran).
    async resolve(input: RxConflictHandlerInput<TripDoc>) {
      conflicts.push(input);
      return { ...input.realMasterState, strokes: input.newDocumentState.strokes, note: 'merged on the phone' };
    },
  }));
});

afterEach(async () => {
  await replication?.cancel();
  replication = undefined;
  await db.close();
  await h.close();
});

function startReplication(collection: RxCollection<TripDoc>) {
  replication = replicateCouchDB<TripDoc>({
    replicationIdentifier: 'gateway-test',
    collection,
    url: `${h.dbUrl()}/`,
    live: true,
    fetch: sessionFetch as typeof fetch,
    pull: { batchSize: 20 },
    push: { batchSize: 20 },
  });
  const errors: unknown[] = [];
  replication.error$.subscribe((err) => errors.push(err));
  return { replication, errors };
}

describe('RxDB replicateCouchDB', () => {
  it('pulls the trip, pushes a new document and an update, and resolves a stale write through its conflict handler', async () => {
    const seeded = scoreDocs('p1', 'card-rx', 45);
    await h.db.bulkDocs([...seeded, { _id: 'secret:s1', type: 'secret', id: 's1' }]);
    const collection = db.docs as RxCollection<TripDoc>;
    const { replication: rep, errors } = startReplication(collection);
    await rep.awaitInitialReplication();

    // Pull: every visible document (in batches of 20), mapped `_id` → docId, and nothing hidden.
    const pulled = await collection.find().exec();
    expect(pulled).toHaveLength(45);
    expect((await collection.findOne('score:card-rx:17').exec())?.toJSON()).toMatchObject({ docId: 'score:card-rx:17', playerId: 'p1', hole: 17 });
    expect(await collection.findOne('secret:s1').exec()).toBeNull();
    expect(await collection.findOne({ selector: { docId: { $regex: '^_design/' } } }).exec()).toBeNull();

    // Push a new document.
    await collection.insert({ ...toRx(scoreDocs('p1', 'card-rx', 1, 46)[0]!), strokes: 5 });
    await eventually(async () => expect((await h.db.get('score:card-rx:46'))?.strokes).toBe(5));

    // Push an update of a pulled document (RxDB sends the remote's current _rev).
    const hole3 = await collection.findOne('score:card-rx:3').exec();
    await hole3!.incrementalPatch({ strokes: 2 });
    await eventually(async () => expect((await h.db.get('score:card-rx:3'))?.strokes).toBe(2));
    expect((await h.db.get('score:card-rx:3'))?._rev).toMatch(/^2-/);

    // A live server-side write reaches the phone through the longpoll (since=now).
    await h.db.put({ _id: 'teetime:t1', type: 'teetime', id: 't1' });
    await eventually(async () => expect(await collection.findOne('teetime:t1').exec()).not.toBeNull());

    // Stale write: between RxDB's check and its _bulk_docs, someone else updates the hole on the server.
    beforeNextBulkDocs = async () => {
      const current = await h.db.get('score:card-rx:9');
      await h.db.put({ ...current!, verifiedBy: 'organizer' });
    };
    const hole9 = await collection.findOne('score:card-rx:9').exec();
    await hole9!.incrementalPatch({ strokes: 8 });

    await eventually(async () => {
      const stored = await h.db.get('score:card-rx:9');
      expect(stored).toMatchObject({ strokes: 8, verifiedBy: 'organizer', note: 'merged on the phone' });
    });
    const conflictRows = bulkDocsAnswers.flatMap((a) => a as { id: string; error?: string; reason?: string }[]).filter((r) => r.error);
    expect(conflictRows).toEqual([{ id: 'score:card-rx:9', error: 'conflict', reason: 'Document update conflict.' }]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.realMasterState).toMatchObject({ docId: 'score:card-rx:9', verifiedBy: 'organizer' });
    expect(conflicts[0]!.newDocumentState).toMatchObject({ strokes: 8 });
    await rep.awaitInSync();
    await eventually(async () =>
      expect((await collection.findOne('score:card-rx:9').exec())?.toJSON()).toMatchObject({ strokes: 8, verifiedBy: 'organizer' }),
    );

    // What RxDB called: _changes (normal, then longpoll since=now), POST _all_docs, POST _bulk_docs, GET _all_docs?keys.
    const calls = h.requests.map((r) => `${r.method} ${r.url.split('?')[0]!.replace(h.dbUrl(), '').replace(/^\/sync\/trips\/trip1/, '')}`);
    expect(new Set(calls)).toEqual(new Set(['GET /_changes', 'POST /_all_docs', 'POST /_bulk_docs', 'GET /_all_docs']));
    expect(h.requests.some((r) => r.url.includes('feed=longpoll') && r.url.includes('since=now'))).toBe(true);
    expect(h.requests.filter((r) => r.status !== 0).every((r) => r.status < 400)).toBe(true);
    expect(errors).toEqual([]);
    expect(h.appErrors).toEqual([]);
  });
});

function toRx(doc: Record<string, unknown>): TripDoc {
  const { _id, ...rest } = doc;
  return { docId: _id as string, ...(rest as Omit<TripDoc, 'docId'>) };
}
