/**
 * How an app server of a CouchDB deployment learns the other servers' writes (server/store/change-watch.ts, issue 36):
 * one `_db_updates` longpoll per server instead of one `_changes` poll per database every 2 s. On the express-pouchdb
 * stand-in, which serves `_db_updates` (test/sync/support/db-updates.ts), and on one that does not (as pouchdb-server
 * and a CouchDB without `_global_changes`), where the databases are polled as before. A counting proxy in front sees
 * every request the adapters make.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeWatchState, READ_GAP_MS, WATCH_INTERVAL_MS, watchChanges, type Changed } from '../../server/store/change-watch.js';
import { COPY_IDLE_MS, CouchDocStore } from '../../server/store/couch.adapter.js';
import { startCouchCounter, type CouchCounter, type CouchRequest } from '../sync/support/couch-counter.js';
import { startCouchServer, type CouchServer } from '../sync/support/couch-server.js';
import { eventually } from '../sync/support/eventually.js';
import { dropCouchDb, realCouchUrl } from '../support/real-couch.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dbOf = (r: CouchRequest) => decodeURIComponent(r.path.split('/')[1] ?? '');

/** A cache's view of the watch: what it was told, and which databases it depends on. */
function subscriber(store: CouchDocStore) {
  const told: { db: string; changed: readonly Changed[] | undefined; at: number }[] = [];
  const needed = new Set<string>();
  const watch = watchChanges(store, { onChange: (db, changed) => told.push({ db, changed, at: performance.now() }), needed: () => needed });
  return {
    told,
    async watch(name: string) {
      needed.add(name);
      await watch.watch(store.trip(name.replace(/^trip-/, '')));
    },
    forgetAll: () => needed.clear(),
  };
}

/** Where the watch runs: the stand-in with the feed, without it, and a real CouchDB when a developer has one. */
const backends: { name: string; feed: boolean; url?: string }[] = [
  { name: 'a stand-in with _db_updates', feed: true },
  { name: 'a stand-in without _db_updates', feed: false },
];
if (realCouchUrl) backends.push({ name: 'Apache CouchDB', feed: true, url: realCouchUrl });

for (const { name, feed, url } of backends) {
  describe(`the change watch on ${name}`, () => {
    let couch: CouchServer | undefined;
    let counter: CouchCounter;
    let a: CouchDocStore;
    let b: CouchDocStore;
    const trips: string[] = [];

    const registryName = `golf_registry_watch_${feed}_${process.pid}`;

    beforeAll(async () => {
      if (!url) couch = await startCouchServer({ dbUpdates: feed });
      counter = await startCouchCounter(url ?? couch!.url);
      a = new CouchDocStore(counter.url, { registryName });
      b = new CouchDocStore(counter.url, { registryName });
      await a.init();
      for (let i = 0; i < 30; i++) {
        const tripId = `w${feed ? 'f' : 'p'}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
        await a.createTrip(tripId);
        trips.push(tripId);
      }
    });

    afterAll(async () => {
      if (url) for (const tripId of trips) await a.destroyTrip(tripId);
      if (url) await dropCouchDb(url, registryName);
      await a.close();
      await b.close();
      await counter.close();
      await couch?.stop();
    });

    it(`learns another server's write within ${WATCH_INTERVAL_MS} ms, with its id and revision`, async () => {
      const watcher = subscriber(b);
      for (const tripId of trips) await watcher.watch(`trip-${tripId}`);
      expect(changeWatchState(b)?.mode).toBe(feed ? 'feed' : 'poll');
      const target = trips[7]!;
      const written = await a.trip(target).put({ _id: 'player:p1', type: 'player', name: 'Mike' });
      const at = performance.now();
      await eventually(() => expect(watcher.told.some((t) => t.db === `trip-${target}` && t.changed?.some((c) => c.id === 'player:p1' && c.rev === written.rev))).toBe(true), WATCH_INTERVAL_MS * 3);
      const learnt = watcher.told.find((t) => t.db === `trip-${target}`)!.at - at;
      console.log(`another server's write learnt after ${Math.round(learnt)} ms (${feed ? '_db_updates' : 'polling'})`);
      // The bound and one request's time, as the session and read-cache suites hold it (CI's machine is loaded).
      expect(learnt).toBeLessThan(WATCH_INTERVAL_MS * 2);
      // Only the database written was reported.
      expect(new Set(watcher.told.map((t) => t.db))).toEqual(new Set([`trip-${target}`]));
    });

    it(feed ? 'asks nothing of the 30 sleeping databases: one feed longpoll in 5 s' : 'polls each database depended on every interval', async () => {
      const from = counter.seen.length;
      await sleep(5_000);
      const asked = counter.since(from);
      const namingTrips = asked.filter((r) => dbOf(r).startsWith('trip-'));
      console.log(`30 databases asleep, 5 s: ${asked.length} CouchDB requests, ${namingTrips.length} naming a trip`);
      if (feed) {
        expect(namingTrips).toEqual([]);
        expect(asked.length).toBeLessThanOrEqual(1);
      } else {
        // The fallback's known cost, proportional to the databases: what the feed removes.
        // At least one poll of every database in 5 s (two when the machine is idle).
        expect(namingTrips.length).toBeGreaterThanOrEqual(30);
      }
    });

    it(`reads a busy database's changes at most once per ${READ_GAP_MS} ms, and misses none of its writes`, async () => {
      const watcher = subscriber(b);
      const busy = trips[3]!;
      await watcher.watch(`trip-${busy}`);
      const from = counter.seen.length;
      const ids: string[] = [];
      const started = performance.now();
      for (let i = 0; i < 40; i++) {
        const id = `score:busy:${i}`;
        await a.trip(busy).put({ _id: id, type: 'score', strokes: 4 });
        ids.push(id);
        await sleep(50);
      }
      await eventually(() => expect(new Set(watcher.told.filter((t) => t.db === `trip-${busy}`).flatMap((t) => t.changed ?? []).map((c) => c.id))).toEqual(new Set(ids)), WATCH_INTERVAL_MS * 3);
      const seconds = (performance.now() - started) / 1000;
      const reads = counter.since(from).filter((r) => r.method === 'GET' && r.path === `/trip-${busy}/_changes`).length;
      console.log(`40 writes in ${seconds.toFixed(1)} s: ${reads} reads of its changes (${feed ? '_db_updates' : 'polling'})`);
      expect(reads).toBeLessThanOrEqual(Math.ceil(seconds / (READ_GAP_MS / 1000)) + 2);
    });

    if (feed) {
      it("follows the copy of a trip whose boards are read: one catch-up serves both, and none of the other server's writes is missed when the copy is dropped", async () => {
        let now = 0;
        // Its own counter: the other tests' watches of these databases on `b` go on.
        const own = await startCouchCounter(url ?? couch!.url);
        const c = new CouchDocStore(own.url, { registryName, now: () => now });
        const watcher = subscriber(c);
        const tripId = trips[11]!;
        const path = `/trip-${tripId}/_changes`;
        const board = () => c.trip(tripId).allDocs({ shared: true, includeDocs: true, startKey: 'score:', endKey: 'score:\uffff' });
        await watcher.watch(`trip-${tripId}`);
        // The board's reads keep a copy of the trip on this server (a TV polling it).
        await board();
        const told = (ids: string[]) => watcher.told.filter((t) => t.db === `trip-${tripId}`).flatMap((t) => t.changed ?? []).filter((x) => ids.includes(x.id));
        const write = async (id: string) => (await a.trip(tripId).put({ _id: id, type: 'score', strokes: 5 })).rev;
        // The first write the feed names is read by the watch itself, following the copy from before that read.
        const first = await write('score:follow:first');
        await eventually(() => expect(told(['score:follow:first']).map((x) => x.rev)).toContain(first), WATCH_INTERVAL_MS * 3);

        const from = own.seen.length;
        const revs = new Map<string, string>();
        const polling = setInterval(() => void board().catch(() => undefined), 300);
        for (let i = 0; i < 12; i++) {
          revs.set(`score:follow:${i}`, await write(`score:follow:${i}`));
          await sleep(200);
        }
        await eventually(() => {
          const seen = told([...revs.keys()]);
          for (const [id, rev] of revs) expect(seen.some((x) => x.id === id && x.rev === rev)).toBe(true);
        }, WATCH_INTERVAL_MS * 3);
        clearInterval(polling);
        const reads = own.since(from).filter((r) => r.method === 'GET' && r.path === path);
        const ownReads = reads.filter((r) => !r.query.includes('include_docs'));
        console.log(`12 writes of another server, a board read every 300 ms: ${reads.length} reads of the trip's changes, ${ownReads.length} by the watch itself`);
        // Learnt from the copy's catch-ups (include_docs): the watch read none itself.
        expect(ownReads).toEqual([]);
        expect(reads.length).toBeGreaterThan(0);

        // Asleep past the idle time: the copy is dropped, and the watch reads the feed itself from where it stood.
        now += COPY_IDLE_MS + 1;
        c.trip(trips[12]!);
        expect(c.held().copies).toBe(0);
        const afterDrop = own.seen.length;
        const late = await write('score:follow:late');
        await eventually(() => expect(told(['score:follow:late']).map((x) => x.rev)).toContain(late), WATCH_INTERVAL_MS * 3);
        const itself = own.since(afterDrop).filter((r) => r.method === 'GET' && r.path === path && !r.query.includes('include_docs'));
        expect(itself.length).toBeGreaterThan(0);
        await c.close();
        await own.close();
      });
    }
  });
}

describe('trip databases and the copies of trips on the CouchDB adapter', () => {
  let couch: CouchServer;
  let counter: CouchCounter;

  beforeAll(async () => {
    couch = await startCouchServer();
    counter = await startCouchCounter(couch.url);
  });

  afterAll(async () => {
    await counter.close();
    await couch.stop();
  });

  it('creates a trip database with q=1 unless configured (COUCHDB_TRIP_Q, COUCHDB_TRIP_N)', async () => {
    const plain = new CouchDocStore(counter.url, { registryName: 'golf_registry_q' });
    const sharded = new CouchDocStore(counter.url, { registryName: 'golf_registry_q', tripShards: { q: 4, n: 3 } });
    const from = counter.seen.length;
    await plain.createTrip('qtripone1');
    await sharded.createTrip('qtriptwo2');
    const creates = counter.since(from).filter((r) => r.method === 'PUT' && /^\/trip-qtrip[a-z]+\d$/.test(r.path));
    expect(creates.map((r) => `${r.path}?${r.query}`)).toEqual(['/trip-qtripone1?q=1', '/trip-qtriptwo2?q=4&n=3']);
    await plain.close();
    await sharded.close();
  });

  it('keeps copies of the trips read most recently within the budget of characters, and none of a trip asleep', async () => {
    let now = 0;
    // A budget of about three trips of 20 players' documents.
    const store = new CouchDocStore(counter.url, { registryName: 'golf_registry_copies', copiesChars: 3 * 20 * 400, now: () => now });
    const ids: string[] = [];
    for (let t = 0; t < 6; t++) {
      const tripId = `copy${t}x${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      const db = await store.createTrip(tripId);
      await db.bulkDocs(Array.from({ length: 20 }, (_, i) => ({ _id: `player:${String(i).padStart(3, '0')}`, type: 'player', name: `Player ${i} ${'x'.repeat(300)}` })));
      ids.push(tripId);
    }
    const read = async (tripId: string) => (await store.trip(tripId).allDocs({ shared: true, includeDocs: true, startKey: 'player:', endKey: 'player:\uffff' })).rows.length;
    for (const tripId of ids) expect(await read(tripId)).toBe(20);
    const held = store.held();
    console.log(`6 trips read, budget ${3 * 20 * 400} chars: ${held.copies} copies, ${held.copiedChars} chars`);
    expect(held.copies).toBeGreaterThanOrEqual(2);
    expect(held.copies).toBeLessThanOrEqual(3);
    expect(held.copiedChars).toBeLessThanOrEqual(3 * 20 * 400);
    // The most recently read one is a copy: reading it again costs one `_changes`, not a range read (on a numbered
    // feed, pouchdb-server's, the database's `update_seq`, which says there is nothing to read).
    const numbered = typeof (await store.trip(ids[5]!).info()).updateSeq === 'number';
    const from = counter.seen.length;
    expect(await read(ids[5]!)).toBe(20);
    expect(counter.since(from).map((r) => r.path)).toEqual([numbered ? `/trip-${ids[5]}` : `/trip-${ids[5]}/_changes`]);
    // Asleep past the idle time: nothing held, whatever the budget.
    now += COPY_IDLE_MS + 1;
    store.trip(ids[0]!);
    expect(store.held()).toEqual({ tripObjects: 1, copies: 0, copiedChars: 0 });
    await store.close();
  });
});
