/**
 * Boards are computed once per state of a trip's database and shared, on the CouchDB adapter too (issue 25): the
 * adapter hands out one database object per trip, which is what `oncePerSeq` remembers boards by. A new state costs
 * CouchDB the changes since the last one, not the whole trip again (server/store/couch-mirror.ts). Counted at the
 * wire: a proxy in front of the pouchdb-server the test setup started counts what the app server asks of CouchDB.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

const couchUrl = new URL(inject('couchUrl'));
const seen: { method: string; path: string; query: URLSearchParams }[] = [];
let proxy: Server;
let server: TestServer;
const registryName = `golf_registry_boards_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const [path, query = ''] = (req.url ?? '').split('?') as [string, string?];
    seen.push({ method: req.method ?? 'GET', path, query: new URLSearchParams(query) });
    const upstream = httpRequest({ host: couchUrl.hostname, port: couchUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: couchUrl.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(couchUrl.href);
  proxied.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  server = await startTestServer({ overrides: { store: new CouchDocStore(proxied.href, { registryName }) } });
});

afterAll(async () => {
  const trips = await server.deps.store.registry.query('registry/by_type', { key: 'tripindex', includeDocs: true });
  for (const row of trips.rows) await server.deps.store.destroyTrip((row.doc as unknown as { tripId: string }).tripId);
  await server.deps.store.registry.info().then(() => fetch(`${couchUrl.origin}/${registryName}`, { method: 'DELETE' }));
  await server.close();
  await new Promise((resolve) => proxy.close(resolve));
});

/**
 * Requests to the trip's database since `from`, by kind: range reads (`_all_docs`), reads of the changes feed with
 * the documents (the server's copy catching up; `since` of each), and everything.
 */
function askedOf(tripId: string, from: number) {
  const mine = seen.slice(from).filter((r) => r.path.startsWith(`/trip-${tripId}`));
  const catchUps = mine.filter((r) => r.path.endsWith('/_changes') && r.query.get('include_docs') === 'true');
  return { ranges: mine.filter((r) => r.path.endsWith('/_all_docs')).length, catchUps: catchUps.length, since: catchUps.map((r) => r.query.get('since')), all: mine.length };
}

describe('leaderboards on the CouchDB adapter', () => {
  it('reads the trip once, then per state only what changed: a board read that finds nothing new costs no read of documents', async () => {
    const org = await organizer(server.url);
    const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
    const ids = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
    const round = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids }] })).body.id as string;
    expect((await org.client.patch(`/trips/${tripId}/rounds/${round}/ready`)).status).toBe(200);
    const score = (player: string, hole: number, strokes: number) => org.client.post(`/trips/${tripId}/scorecards/${round}-${player}/scores/bulk`, { scores: [{ hole, strokes }] });
    for (const id of ids) expect((await score(id, 1, 4)).status).toBe(200);
    const board = () => org.client.get(`/trips/${tripId}/leaderboards/rounds/${round}`);

    const first = seen.length;
    const computed = await board();
    expect(computed.status).toBe(200);
    // The first board reads the whole trip once, from the start of its changes feed.
    const once = askedOf(tripId, first);
    expect(once.ranges).toBe(0);
    expect(once.since[0]).toBe('0');

    // Nothing written since: the same state, the board as it was; of the trip's database CouchDB is asked only the
    // state, once: the trip document the route checks comes from the copy at that state, and the board shares the
    // state read for its request (store/arrival.ts; before, the trip document was a request of its own).
    const numberedFeed = typeof (await server.deps.store.trip(tripId).info()).updateSeq === 'number';
    const again = seen.length;
    const same = await board();
    expect(same.body).toEqual(computed.body);
    expect(askedOf(tripId, again)).toEqual({ ranges: 0, catchUps: 0, since: [], all: 1 });
    expect(seen.slice(again).filter((r) => r.path.startsWith(`/trip-${tripId}`)).map((r) => `${r.method} ${r.path}`)).toEqual([numberedFeed ? `GET /trip-${tripId}` : `GET /trip-${tripId}/_changes`]);

    // A new score: three identical reads at once share one computation, which reads the changes since the last
    // state (never from the start again) and no range.
    expect((await score(ids[0]!, 2, 5)).status).toBe(200);
    const burst = seen.length;
    const three = await Promise.all([board(), board(), board()]);
    expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(three[1]!.body).toEqual(three[0]!.body);
    expect(three[0]!.body).not.toEqual(computed.body);
    const after = askedOf(tripId, burst);
    expect(after.ranges).toBe(0);
    expect(after.catchUps).toBeGreaterThan(0);
    expect(after.catchUps).toBeLessThanOrEqual(once.catchUps);
    expect(after.since).not.toContain('0');
    const entries = (three[0]!.body as { entries: { playerId: string; gross: number | null }[] }).entries;
    expect(entries.find((e) => e.playerId === ids[0])?.gross).toBe(9);

    // One more score, one board: the trip document, the board, its snapshot and its documents (each once per state)
    // ask the state once between them, from the copy, whose catch-up is that state (issue 36; before, each of the
    // three values read the database's info and then the copy caught up, and the trip document was one more: five
    // requests). On a numbered feed (pouchdb-server) the copy's catch-up is its `update_seq`, the changes, and the
    // `update_seq` again (couch-mirror.ts).
    expect((await score(ids[1]!, 2, 3)).status).toBe(200);
    const single = seen.length;
    expect((await board()).status).toBe(200);
    const state = numberedFeed ? [`GET /trip-${tripId}`, `GET /trip-${tripId}`, `GET /trip-${tripId}/_changes`] : [`GET /trip-${tripId}/_changes`];
    expect(seen.slice(single).filter((r) => r.path.startsWith(`/trip-${tripId}`)).map((r) => `${r.method} ${r.path}`).sort()).toEqual(state.sort());
  });
});
