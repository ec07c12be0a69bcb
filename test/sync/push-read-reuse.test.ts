/**
 * A push's read before its write, made once (sync/gateway/push-reads.ts, issue 36): RxDB's `_all_docs` of the ids it
 * is about to write is the read the gateway's `_bulk_docs` judges them by, while nothing was written to the trip
 * since. Two app servers over the CouchDB stand-in behind a counting proxy; pushes are sent as RxDB sends them (and
 * by an unmodified RxDB phone), and every case checks what was stored, not only what was counted.
 */
import { replicateCouchDB } from 'rxdb/plugins/replication-couchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { PushReads, REUSE_MS } from '../../sync/gateway/push-reads.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startCouchCounter, type CouchCounter, type CouchRequest } from './support/couch-counter.js';
import { startCouchServer, type CouchServer } from './support/couch-server.js';
import { eventually } from './support/eventually.js';
import { createTrip, portalSession, scoreDoc, type FaultTrip, type TripPlayer } from './support/fault-trip.js';
import { openRxPhone } from './support/rx-phone.js';

const registryName = 'golf_registry';
let standin: CouchServer;
let couch: CouchCounter;
let a: TestServer;
let b: TestServer;
let trip: FaultTrip;
let al: TripPlayer;
let sessionAl: string;

beforeAll(async () => {
  // The stand-in with its feed of database updates (db-updates.ts), as CouchDB has it.
  standin = await startCouchServer();
  couch = await startCouchCounter(standin.url);
  a = await startTestServer({ overrides: { store: new CouchDocStore(couch.url, { registryName }) } });
  b = await startTestServer({ overrides: { store: new CouchDocStore(couch.url, { registryName }) } });
  // Al and Bo play together, Cy and Di in another group.
  trip = await createTrip(a.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1], [2, 3]] });
  al = trip.players[0]!;
  sessionAl = (await portalSession(a.url, trip, al.id)).session;
  // The round starts with its first score (a write that reads after itself), and the feed of database updates runs.
  await push(a, sessionAl, [score(al, 1)]);
  await learnt(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await couch?.close();
  await standin?.stop();
});

const tripPath = () => `/trip-${trip.tripId}`;
const reads = (reqs: CouchRequest[]) => reqs.filter((r) => r.method === 'POST' && r.path === `${tripPath()}/_all_docs`).length;
const writes = (reqs: CouchRequest[]) => reqs.filter((r) => r.method === 'POST' && r.path === `${tripPath()}/_bulk_docs`).length;
const score = (p: TripPlayer, hole: number, strokes = 4, by = al.id) => scoreDoc(trip, p, hole, { strokes, enteredBy: by, deviceId: `d-${by}`, enteredAt: new Date().toISOString() });
type Doc = Record<string, unknown> & { _id: string; _rev?: string };

async function sync(server: TestServer, session: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/sync/trips/${trip.tripId}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** RxDB's first step of a push: the ids' current revisions (`POST _all_docs?include_docs=true` with `keys`). */
const readIds = (server: TestServer, session: string, ids: string[]) => sync(server, session, '_all_docs?include_docs=true', { keys: ids });

/** A push as RxDB makes it: the read, then the write naming the revisions read. */
async function push(server: TestServer, session: string, docs: Doc[]) {
  const read = await readIds(server, session, docs.map((d) => d._id));
  const revs = new Map((read.body.rows as { key: string; value?: { rev: string } }[]).map((r) => [r.key, r.value?.rev]));
  return sync(server, session, '_bulk_docs', { docs: docs.map((d) => ({ ...d, ...(revs.get(d._id) ? { _rev: revs.get(d._id) } : {}) })) });
}

type Marks = { readMark(): number; writtenSince(mark: number): boolean | undefined };
const marksOf = (server: TestServer, tripId = trip.tripId) => server.deps.store.trip(tripId) as unknown as Marks;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves once `server`'s feed of database updates runs and has named every earlier write of the trip: a whole
 * second in which it named nothing (on the stand-in it names a write within about 300 ms).
 */
async function learnt(server: TestServer, tripId = trip.tripId): Promise<void> {
  const db = marksOf(server, tripId);
  await eventually(() => expect(db.writtenSince(db.readMark())).toBe(false), 10_000);
  for (let tries = 0; tries < 20; tries++) {
    const mark = db.readMark();
    await sleep(1_000);
    if (db.writtenSince(mark) === false) return;
  }
  throw new Error('the feed of database updates never went quiet');
}

const stored = async (id: string) => (await fetch(`${standin.url}/trip-${trip.tripId}/${encodeURIComponent(id)}`)).json() as Promise<Doc & { strokes?: number }>;

describe("a push's read before its write (issue 36)", () => {
  it('reads the trip once: the _bulk_docs takes what its _all_docs read, and the score is stored', async () => {
    const from = couch.seen.length;
    const written = await push(a, sessionAl, [score(al, 2, 5)]);
    expect(written.status).toBe(201);
    expect(written.body).toEqual([expect.objectContaining({ ok: true, id: `score:${al.card}:2` })]);
    expect(reads(couch.since(from))).toBe(1);
    expect(writes(couch.since(from))).toBe(1);
    expect((await stored(`score:${al.card}:2`)).strokes).toBe(5);
    await learnt(a);
  });

  it("answers the _all_docs rows of the keys asked alone, as CouchDB does (no related document, no _conflicts)", async () => {
    const ids = [`score:${al.card}:1`, `score:${al.card}:17`];
    const mine = await readIds(a, sessionAl, ids);
    const couchs = await (await fetch(`${standin.url}/trip-${trip.tripId}/_all_docs?include_docs=true`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keys: ids }) })).json();
    expect(mine.status).toBe(200);
    expect(mine.body.rows).toEqual(couchs.rows);
    expect(mine.body.rows).toHaveLength(2);
    expect(mine.body.rows[0].doc).not.toHaveProperty('_conflicts');
  });

  it('reads again when this server wrote the trip in between (an organizer correction), and both values stand', async () => {
    const hole = `score:${al.card}:3`;
    await push(a, sessionAl, [score(al, 3, 4)]);
    await learnt(a);
    const read = await readIds(a, sessionAl, [hole, `score:${al.card}:4`]);
    const correction = await api(a.url, trip.org.token).put(`/trips/${trip.tripId}/scorecards/${al.card}/scores/4`, { strokes: 6, reason: 'card checked' });
    expect(correction.status).toBe(200);
    const from = couch.seen.length;
    const rev = read.body.rows[0].value.rev as string;
    const written = await sync(a, sessionAl, '_bulk_docs', { docs: [{ ...score(al, 3, 7), _rev: rev }] });
    expect(written.body).toEqual([expect.objectContaining({ ok: true })]);
    expect(reads(couch.since(from))).toBe(1); // its own read: the kept one was not taken
    expect((await stored(hole)).strokes).toBe(7);
    expect((await stored(`score:${al.card}:4`)).strokes).toBe(6);
    await learnt(a);
  });

  it('answers a conflict when another server wrote the same hole in between: nothing is overwritten', async () => {
    const hole = `score:${al.card}:5`;
    const read = await readIds(a, sessionAl, [hole]);
    expect(read.body.rows[0].error).toBe('not_found');
    const onB = await api(b.url, trip.org.token).put(`/trips/${trip.tripId}/scorecards/${al.card}/scores/5`, { strokes: 3, reason: 'entered from the card' });
    expect(onB.status).toBe(200);
    const written = await sync(a, sessionAl, '_bulk_docs', { docs: [score(al, 5, 8)] });
    expect(written.body).toEqual([expect.objectContaining({ id: hole, error: 'conflict' })]);
    expect((await stored(hole)).strokes).toBe(3);
    await learnt(a);
  });

  it('refuses a score once the round was completed on another server, when this server has learnt it', async () => {
    const other = await createTrip(a.url, { names: ['Di', 'Ed'], groups: [[0, 1]] });
    const di = other.players[0]!;
    const session = (await portalSession(a.url, other, di.id)).session;
    const first = scoreDoc(other, di, 1, { strokes: 4, enteredBy: di.id, deviceId: 'd-di', enteredAt: new Date().toISOString() });
    const post = (path: string, body: unknown) =>
      fetch(`${a.url}/sync/trips/${other.tripId}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => r.json());
    expect(await post('_bulk_docs', { docs: [first] })).toEqual([expect.objectContaining({ ok: true })]);
    const db = marksOf(a, other.tripId);
    await learnt(a, other.tripId);

    const second = scoreDoc(other, di, 2, { strokes: 5, enteredBy: di.id, deviceId: 'd-di', enteredAt: new Date().toISOString() });
    await post('_all_docs?include_docs=true', { keys: [second._id] });
    const mark = db.readMark();
    expect((await api(b.url, other.org.token).post(`/trips/${other.tripId}/rounds/${other.roundId}/complete`)).status).toBe(200);
    await eventually(() => expect(db.writtenSince(mark)).toBe(true), 10_000);
    const answer = await post('_bulk_docs', { docs: [second] });
    expect(answer).toEqual([expect.objectContaining({ id: second._id, error: 'forbidden', reason: expect.stringContaining('completed') })]);
    expect((await fetch(`${standin.url}/trip-${other.tripId}/${encodeURIComponent(second._id)}`)).status).toBe(404);
  });

  it('judges a refusal again from a fresh read, and records it once', async () => {
    const cy = trip.players[2]!; // another group: Al may not score Cy's card
    const from = couch.seen.length;
    const answer = await push(a, sessionAl, [score(cy, 1, 4)]);
    expect(answer.body).toEqual([expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('own group') })]);
    expect(reads(couch.since(from))).toBe(2);
    expect(writes(couch.since(from))).toBe(0);
    const rejections = await api(a.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`);
    expect((rejections.body.items as { docId: string }[]).filter((r) => r.docId === `score:${cy.card}:1`)).toHaveLength(1);
    await learnt(a);
  });

  it('never takes the read for replicated revisions (new_edits=false: the revision tree decides)', async () => {
    const doc = { ...score(al, 6, 4), _rev: '1-0123456789abcdef0123456789abcdef' };
    await readIds(a, sessionAl, [doc._id]);
    const from = couch.seen.length;
    const answer = await sync(a, sessionAl, '_bulk_docs', { docs: [doc], new_edits: false });
    expect(answer.status).toBe(201);
    expect(reads(couch.since(from))).toBeGreaterThanOrEqual(1);
    expect((await stored(doc._id)).strokes).toBe(4);
    await learnt(a);
  });

  it('an unmodified RxDB phone: each score pushed costs the trip one read and one write', async () => {
    const { db, docs } = await openRxPhone<Record<string, unknown>>('pushreads');
    const replication = replicateCouchDB({
      replicationIdentifier: `pushreads-${trip.tripId}`,
      collection: docs,
      url: `${a.url}/sync/trips/${trip.tripId}/`,
      live: true,
      pull: {},
      push: {},
      fetch: ((url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        headers.set('authorization', `Bearer ${sessionAl}`);
        return fetch(url, { ...init, headers });
      }) as typeof fetch,
    });
    try {
      await replication.awaitInitialReplication();
      for (const hole of [7, 8, 9]) {
        const from = couch.seen.length;
        const { _id, ...doc } = score(al, hole, 3 + (hole % 3));
        await docs.insert({ docId: _id, ...doc });
        await eventually(async () => expect((await stored(_id)).strokes).toBe(3 + (hole % 3)));
        await replication.awaitInSync();
        expect(writes(couch.since(from))).toBe(1);
        expect(reads(couch.since(from))).toBe(1);
        await learnt(a);
      }
    } finally {
      await replication.cancel();
      await db.close();
    }
  });
});

describe('PushReads', () => {
  it('gives a kept read once, while recent and holding every id asked; the oldest go past the bound', () => {
    let now = 0;
    const kept = new PushReads(() => now);
    const docs = new Map([['a', null], ['b', { _id: 'b', _rev: '1-x' }]]);
    kept.keep('s1', { mark: 1, endedAt: 0, docs });
    expect(kept.take('s1', ['a', 'c'])).toBeUndefined(); // an id it did not read: not given, and not kept
    expect(kept.take('s1', ['a'])).toBeUndefined();
    kept.keep('s1', { mark: 2, endedAt: 0, docs });
    expect(kept.take('s1', ['a', 'b'])?.mark).toBe(2);
    expect(kept.take('s1', ['a', 'b'])).toBeUndefined(); // taken once
    kept.keep('s2', { mark: 3, endedAt: 0, docs });
    now = REUSE_MS + 1;
    expect(kept.take('s2', ['a'])).toBeUndefined(); // too old
    for (let i = 0; i < 5_000; i++) kept.keep(`k${i}`, { mark: i, endedAt: now, docs });
    expect(kept.size).toBe(4_096);
    expect(kept.take('k0', ['a'])).toBeUndefined();
    expect(kept.take('k4999', ['a'])?.mark).toBe(4_999);
  });
});
