/**
 * What one phone request costs CouchDB (issue 25): a counting proxy in front of the pouchdb-server the test setup
 * started sees every request the app servers make, while unmodified PouchDB clients replicate through the gateway
 * and an organizer reads a board. Two app servers share the CouchDB, as a deployment behind a balancer does.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_REVALIDATE_MS } from '../../server/portal/session.js';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startCouchCounter, type CouchCounter, type CouchRequest } from './support/couch-counter.js';
import { eventually } from './support/eventually.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip, type TripPlayer } from './support/fault-trip.js';
import { localClients, type LocalClients, type Pouch } from './support/pouch-clients.js';

const registryName = `golf_registry_count_${process.pid}_${Date.now()}`;
let couch: CouchCounter;
let server: TestServer;
let other: TestServer;
let clients: LocalClients;
let trip: FaultTrip;
/** Every phone request, by the URL path after the trip (`_bulk_docs`, `_local/…`, `` for the database). */
const phoneRequests: string[] = [];

beforeAll(async () => {
  couch = await startCouchCounter(inject('couchUrl'));
  server = await startTestServer({ overrides: { store: new CouchDocStore(couch.url, { registryName }) } });
  other = await startTestServer({ overrides: { store: new CouchDocStore(couch.url, { registryName }) } });
  clients = await localClients();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
});

afterAll(async () => {
  await clients?.cleanup();
  await server.deps.store.destroyTrip(trip.tripId);
  await fetch(`${new URL(inject('couchUrl')).origin}/${registryName}`, { method: 'DELETE' });
  await other.close();
  await server.close();
  await couch.close();
});

const tripPath = () => `/trip-${trip.tripId}`;
const is = (method: string, suffix: string) => (r: CouchRequest) => r.method === method && r.path === `${tripPath()}${suffix}`;
const count = (reqs: CouchRequest[], pred: (r: CouchRequest) => boolean) => reqs.filter(pred).length;
/** The change-watch polls (server/store/change-watch.ts): per server and database, not per phone request. */
const isWatchPoll = (r: CouchRequest) => r.path.endsWith('/_changes') && /^since=[^&]+$/.test(r.query);
const describeAll = (reqs: CouchRequest[]) => reqs.map((r) => `${r.method} ${r.path}?${r.query}`).join('\n');

async function phone(p: TripPlayer, name: string, on: TestServer = server): Promise<{ local: Pouch; remote: Pouch }> {
  const { session } = await portalSession(server.url, trip, p.id);
  const remote = remoteTrip(on.url, trip.tripId, session, (url) => phoneRequests.push(new URL(url).pathname));
  const local = clients.create(name);
  await PouchDB.replicate(remote, local);
  return { local, remote };
}

const score = (p: TripPlayer, hole: number) => scoreDoc(trip, p, hole, { strokes: 4, enteredBy: p.id, deviceId: `d-${p.id}`, enteredAt: new Date().toISOString() });

describe('CouchDB requests of the phone and board paths', () => {
  it('a board read that finds nothing new costs no range read, only the state (the trip document comes from the copy)', async () => {
    const board = () => trip.org.client.get(`/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}`);
    const computed = await board();
    expect(computed.status).toBe(200);
    const from = couch.seen.length;
    const again = await board();
    expect(again.body).toEqual(computed.body);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    console.log(`board read, nothing new: ${asked.length} CouchDB requests`);
    expect(count(asked, (r) => r.path.endsWith('/_all_docs') || r.path.includes('/_view/')), describeAll(asked)).toBe(0);
    // The account (a password reset ends older tokens) and the trip index (who organizes) are kept while used
    // (server/store/read-cache.ts); the state, read once for the request: the trip document the route checks is read
    // from the trip's copy at that state, and the board shares it (store/arrival.ts). On a numbered feed (the
    // stand-in) the state is its `update_seq`; on Apache CouchDB a `_changes` from the copy's position.
    const numbered = typeof (await server.deps.store.trip(trip.tripId).info()).updateSeq === 'number';
    expect(asked.map((r) => `${r.method} ${r.path}`), describeAll(asked)).toEqual([numbered ? `GET ${tripPath()}` : `GET ${tripPath()}/_changes`]);
  });

  it("an organizer's read of a card on a trip whose boards are read: the trip, card, round and scores from the copy, one CouchDB request", async () => {
    const di = trip.players[3]!;
    const written = await trip.org.client.post(`/trips/${trip.tripId}/scorecards/${di.card}/scores/bulk`, { scores: [{ hole: 17, strokes: 6 }, { hole: 18, strokes: 3 }, { hole: 8, strokes: 5 }] });
    expect(written.status).toBe(200);
    const read = () => trip.org.client.get(`/trips/${trip.tripId}/scorecards/${di.card}/scores`);
    await read(); // the account and the trip index are kept while used (read-cache.ts): the steady state follows
    const from = couch.seen.length;
    const answer = await read();
    expect(answer.status).toBe(200);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    console.log(`a card read: ${asked.length} CouchDB requests`);
    // Each hole once, in hole order (ids sort `…:17` and `…:18` before `…:8`), with the values written.
    const holes = (answer.body.items as { hole: number; strokes: number | null }[]).filter((s) => [8, 17, 18].includes(s.hole));
    expect(holes.map((s) => [s.hole, s.strokes])).toEqual([[8, 5], [17, 6], [18, 3]]);
    const holesInOrder = (answer.body.items as { hole: number }[]).map((s) => s.hole);
    expect(holesInOrder).toEqual([...holesInOrder].sort((a, b) => a - b));
    expect(new Set(holesInOrder).size).toBe(holesInOrder.length);
    // The state of the trip's copy, caught up once (before, two reads side by side: the trip, card and scores by id,
    // and the round).
    const numbered = typeof (await server.deps.store.trip(trip.tripId).info()).updateSeq === 'number';
    expect(asked.map((r) => `${r.method} ${r.path.replace(tripPath(), '')}`), describeAll(asked)).toEqual([numbered ? 'GET ' : 'GET /_changes']);
    // A card of another trip's id, or none: 404 as before.
    expect((await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${trip.roundId}-zzzzzzzz/scores`)).status).toBe(404);
  });

  it('one phone push: 7 CouchDB requests for its 6 (the _bulk_docs three, a checkpoint PUT one)', async () => {
    const al = trip.players[0]!;
    const { local, remote } = await phone(al, 'al-push');
    await local.put(score(al, 1));
    await PouchDB.replicate(local, remote); // the first push writes its checkpoint: the next one is the steady state
    await local.put(score(al, 2));
    const from = couch.seen.length;
    const phoneFrom = phoneRequests.length;
    const result = await PouchDB.replicate(local, remote);
    expect(result.docs_written).toBe(1);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    const sent = phoneRequests.slice(phoneFrom);
    console.log(`one push: ${sent.length} phone requests, ${asked.length} CouchDB requests`);
    // GET /, GET _local (checkpoint), _revs_diff, _bulk_docs, GET _local and PUT _local (the new checkpoint).
    expect(sent.length).toBe(6);
    // _bulk_docs: the written ids with what the write rules read in one _all_docs, the write, and one read after it
    // (conflicts, and the round still to start). A checkpoint PUT is passed through: CouchDB checks its revision.
    expect(count(asked, is('POST', '/_all_docs'))).toBe(2);
    expect(count(asked, is('POST', '/_bulk_docs'))).toBe(1);
    expect(count(asked, (r) => r.method === 'PUT' && r.path.includes('/_local/'))).toBe(1);
    expect(count(asked, (r) => r.method === 'GET' && r.path.includes('/_local/'))).toBe(sent.filter((p) => p.includes('/_local/')).length - 1);
    // No session reads: the access checked at the first request is reused.
    expect(count(asked, (r) => !r.path.includes('/_local/') && /\/(portaltoken|tripindex|trip|player)%3A/.test(r.path)), describeAll(asked)).toBe(0);
    expect(asked.length, describeAll(asked)).toBeLessThanOrEqual(7);
  });

  it('one push as RxDB sends it (normal edits): its _all_docs one CouchDB request, its _bulk_docs two (the read before, the write), nothing after it', async () => {
    const bo = trip.players[1]!;
    const { session } = await portalSession(server.url, trip, bo.id);
    const gateway = api(server.url, session);
    const db = `/sync/trips/${trip.tripId}`;
    expect((await trip.org.client.post(`/trips/${trip.tripId}/scorecards/${bo.card}/scores/bulk`, { scores: [{ hole: 13, strokes: 4 }] })).status).toBe(200);
    expect((await trip.org.client.get(`/trips/${trip.tripId}/rounds/${trip.roundId}`)).body.state).toBe('in_progress');
    const first = score(bo, 11);
    expect((await gateway.post(`${db}/_bulk_docs`, { docs: [first] })).body).toMatchObject([{ ok: true, id: first._id }]);
    const from = couch.seen.length;
    // RxDB's push: the current versions of the documents it writes, then the write naming their revisions.
    const check = await gateway.post(`${db}/_all_docs`, { keys: [first._id], include_docs: true });
    const edit = { ...score(bo, 11), strokes: 6, _rev: check.body.rows[0].doc._rev as string };
    const pushed = await gateway.post(`${db}/_bulk_docs`, { docs: [edit] });
    expect(pushed.body).toMatchObject([{ ok: true, id: first._id }]);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    console.log(`one normal-edit push: ${asked.length} CouchDB requests`);
    expect(asked.map((r) => `${r.method} ${r.path.replace(tripPath(), '')}`), describeAll(asked)).toEqual(['POST /_all_docs', 'POST /_all_docs', 'POST /_bulk_docs']);
    // Acknowledged, so readable at once on the other app server, and the score is the one value of its hole.
    const onOther = await api(other.url, session).get(`${db}/${encodeURIComponent(first._id)}?conflicts=true`);
    expect(onOther.body).toMatchObject({ strokes: 6, _rev: pushed.body[0].rev });
    expect(onOther.body._conflicts).toBeUndefined();
  });

  it('a normal edit of a hole left in conflict (a server died before merging it) merges it: nothing lost, one value left', async () => {
    const cy = trip.players[2]!;
    const id = `score:${cy.card}:12`;
    // The round in progress: the read before the write then has nothing of the round to tell the read after it.
    expect((await trip.org.client.post(`/trips/${trip.tripId}/scorecards/${cy.card}/scores/bulk`, { scores: [{ hole: 13, strokes: 4 }] })).status).toBe(200);
    expect((await trip.org.client.get(`/trips/${trip.tripId}/rounds/${trip.roundId}`)).body.state).toBe('in_progress');
    const couchDb = `${new URL(inject('couchUrl')).origin}${tripPath()}`;
    const at = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    // Two branches of one hole straight into CouchDB, as a replication whose app server was killed before its merge.
    const branch = (strokes: number, device: string, rev: string, enteredAt: string) => ({ ...score(cy, 12), strokes, deviceId: device, enteredAt, createdAt: enteredAt, updatedAt: enteredAt, _rev: rev });
    const put = await fetch(`${couchDb}/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ new_edits: false, docs: [branch(4, 'd-one', `1-${'a'.repeat(32)}`, at(60)), branch(7, 'd-two', `1-${'b'.repeat(32)}`, at(50))] }),
    });
    expect(put.status).toBe(201);
    expect(((await (await fetch(`${couchDb}/${encodeURIComponent(id)}?conflicts=true`)).json()) as { _conflicts?: string[] })._conflicts).toHaveLength(1);
    const { session } = await portalSession(server.url, trip, cy.id);
    const gateway = api(server.url, session);
    const db = `/sync/trips/${trip.tripId}`;
    const check = await gateway.post(`${db}/_all_docs`, { keys: [id], include_docs: true });
    const pushed = await gateway.post(`${db}/_bulk_docs`, { docs: [{ ...score(cy, 12), strokes: 5, _rev: check.body.rows[0].doc._rev as string }] });
    expect(pushed.body).toMatchObject([{ ok: true, id }]);
    const stored = (await (await fetch(`${couchDb}/${encodeURIComponent(id)}?conflicts=true`)).json()) as { strokes: number; history: { strokes: number }[]; _conflicts?: string[] };
    expect(stored._conflicts).toBeUndefined();
    expect(stored.strokes).toBe(5);
    expect(stored.history.map((h) => h.strokes)).toContain(4);
  });

  it('one pull of a new score: no more CouchDB requests than the phone sends (its checkpoint PUT one, not a GET and a PUT)', async () => {
    const bo = trip.players[1]!;
    const { local, remote } = await phone(bo, 'bo-pull');
    const cy = trip.players[2]!;
    expect((await trip.org.client.post(`/trips/${trip.tripId}/scorecards/${cy.card}/scores/bulk`, { scores: [{ hole: 9, strokes: 5 }] })).status).toBe(200);
    const from = couch.seen.length;
    const phoneFrom = phoneRequests.length;
    const result = await PouchDB.replicate(remote, local);
    expect(result.docs_written).toBeGreaterThanOrEqual(1);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    const sent = phoneRequests.slice(phoneFrom);
    console.log(`one pull: ${sent.length} phone requests, ${asked.length} CouchDB requests`);
    expect(count(asked, (r) => r.method === 'PUT' && r.path.includes('/_local/'))).toBe(1);
    expect(asked.length, describeAll(asked)).toBeLessThanOrEqual(sent.length);
  });

  it('a checkpoint written with a stale revision is refused by CouchDB as a conflict, and one with the current lands', async () => {
    const { session } = await portalSession(server.url, trip, trip.players[1]!.id);
    const put = (body: object) => api(server.url, session).put(`/sync/trips/${trip.tripId}/_local/rep-1`, body);
    const first = await put({ last_seq: 1 });
    expect(first.status).toBe(201);
    expect((await put({ last_seq: 2 })).status).toBe(409);
    expect((await put({ _rev: '0-9', last_seq: 2 })).status).toBe(409);
    const second = await put({ _rev: first.body.rev, last_seq: 2 });
    expect(second.status).toBe(201);
    expect((await api(server.url, session).get(`/sync/trips/${trip.tripId}/_local/rep-1`)).body).toMatchObject({ last_seq: 2, _rev: second.body.rev });
  });

  it('checks a session once, not every 2 s: later requests read nothing of the token, the trip index, the trip or the player', async () => {
    const { remote } = await phone(trip.players[2]!, 'cy-session');
    await new Promise((resolve) => setTimeout(resolve, ACCESS_REVALIDATE_MS + 300));
    const from = couch.seen.length;
    await remote.info();
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    console.log(`a request ${ACCESS_REVALIDATE_MS + 300} ms later: ${asked.length} CouchDB requests`);
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${tripPath()}`]);
  });

  it('a revocation on one server stops the session on the other within the bound', async () => {
    const di = trip.players[3]!;
    const { tokenId, session } = await portalSession(server.url, trip, di.id);
    const onOther = () => api(other.url, session).get(`/sync/trips/${trip.tripId}`);
    expect((await onOther()).status).toBe(200); // checked and cached on the other server
    expect((await trip.org.client.post(`/trips/${trip.tripId}/portal-tokens/${tokenId}/revoke`)).status).toBe(200);
    const revokedAt = performance.now();
    await eventually(async () => expect((await onOther()).status).toBe(401), ACCESS_REVALIDATE_MS * 3);
    // The poll interval and one poll's time; the answer right after it, well under twice the interval.
    expect(performance.now() - revokedAt).toBeLessThan(ACCESS_REVALIDATE_MS * 2);
  });

  it("a TV's poll reads nothing of the registry once warm, and a code regenerated on the other server stops within the bound", async () => {
    expect((await trip.org.client.put(`/trips/${trip.tripId}/display`, { panels: ['leaderboard'] })).status).toBe(200);
    const code = (await trip.org.client.post(`/trips/${trip.tripId}/display/access-code`)).body.code as string;
    const tv = (on: TestServer) => fetch(`${on.url}/display/codes/${encodeURIComponent(code)}`);
    expect((await tv(other)).status).toBe(200);
    const from = couch.seen.length;
    expect((await tv(other)).status).toBe(200);
    const asked = couch.since(from).filter((r) => !isWatchPoll(r));
    console.log(`a TV poll, warm: ${describeAll(asked) || 'no CouchDB request'}`);
    expect(asked.filter((r) => r.path.startsWith(`/${registryName}`)), describeAll(asked)).toEqual([]);
    // Regenerated through the first server: the old code is refused on the other within the watch's bound.
    expect((await trip.org.client.post(`/trips/${trip.tripId}/display/access-code`)).status).toBe(201);
    const regeneratedAt = performance.now();
    await eventually(async () => expect((await tv(other)).status).toBe(404), ACCESS_REVALIDATE_MS * 3);
    expect(performance.now() - regeneratedAt).toBeLessThan(ACCESS_REVALIDATE_MS * 2);
  });

  it('a group of four phones in live sync entering their scores: at most 1.5 CouchDB requests per phone request', async () => {
    const phones = await Promise.all(trip.players.map((p, i) => phone(p, `live-${i}`, i % 2 ? other : server)));
    const syncs = phones.map(({ local, remote }) => PouchDB.sync(local, remote, { live: true, retry: true }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const from = couch.seen.length;
    const phoneFrom = phoneRequests.length;
    for (let hole = 3; hole <= 6; hole++) {
      await Promise.all(phones.map(({ local }, i) => local.put(score(trip.players[i]!, hole))));
      // A golfer's pace, compressed: the next hole a moment later.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const expected = trip.players.length * 4;
    await eventually(async () => {
      for (const { local } of phones) {
        const { rows } = await local.allDocs({ startkey: 'score:', endkey: 'score:\uffff' });
        expect(rows.filter((r) => [3, 4, 5, 6].includes(Number(r.id.split(':').at(-1)))).length).toBe(expected);
      }
    }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const asked = couch.since(from, tripPath()).length + count(couch.since(from), (r) => r.path.startsWith(`/${registryName}`));
    const sent = phoneRequests.length - phoneFrom;
    for (const s of syncs) s.cancel();
    const kinds = new Map<string, number>();
    for (const r of couch.since(from)) {
      const kind = `${r.method} ${r.path.replace(/^\/[^/]+/, '').replace(/\/(_local|[a-z]+%3A).*/, '/$1…')}${r.query.includes('feed=longpoll') ? ' longpoll' : ''}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const phoneKinds = new Map<string, number>();
    for (const p of phoneRequests.slice(phoneFrom)) {
      const kind = p.replace(/^.*\/sync\/trips\/[^/]+/, '').replace(/\/_local\/.*/, '/_local/…') || '/';
      phoneKinds.set(kind, (phoneKinds.get(kind) ?? 0) + 1);
    }
    console.log(`live group of 4: ${sent} phone requests, ${asked} CouchDB requests, ${(asked / sent).toFixed(2)} per phone request`);
    console.log(`  phone: ${[...phoneKinds].map(([k, n]) => `${k} ${n}`).join(', ')}\n  CouchDB: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    expect(asked / sent).toBeLessThanOrEqual(1.5);
  });
});
