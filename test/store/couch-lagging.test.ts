/**
 * Issue 36: a TV polling a trip nobody writes costs CouchDB nothing. `state({ lagging: true })` on the CouchDB adapter
 * takes the trip's copy as it stands while the feed of database updates (`_db_updates`, change-watch.ts) has not named
 * the trip since the copy's last catch-up began, and this server has not written to it; another server's write is
 * seen within the feed's delay, this server's own at once, and an exact `state()` still asks CouchDB every time.
 * Counted at the wire: a proxy in front of a stand-in with the feed (test/sync/support/db-updates.ts; the test setup's
 * has none, as a CouchDB without `_global_changes`), or of the CouchDB `COUCHDB_TEST_URL` names.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_INTERVAL_MS } from '../../server/store/change-watch.js';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import type { Database } from '../../server/store/docstore.js';
import { startCouchCounter, type CouchCounter } from '../sync/support/couch-counter.js';
import { startCouchServer, type CouchServer } from '../sync/support/couch-server.js';

let couch: CouchServer | undefined;
let counter: CouchCounter;
let here: CouchDocStore;
let there: CouchDocStore;
const tripId = `t${randomUUID().replaceAll('-', '').slice(0, 20)}`;

beforeAll(async () => {
  const external = process.env.COUCHDB_TEST_URL;
  if (!external) couch = await startCouchServer();
  const url = external ?? couch!.url;
  counter = await startCouchCounter(url);
  here = new CouchDocStore(counter.url, { registryName: `golf_registry_lag_${process.pid}` });
  there = new CouchDocStore(url, { registryName: `golf_registry_lag_${process.pid}` });
});

afterAll(async () => {
  await there.destroyTrip(tripId);
  await here.close();
  await there.close();
  await counter.close();
  await couch?.stop();
});

/** What this server asked of the trip's database since `from`. */
const askedOfTrip = (from: number) => counter.since(from, `/trip-${tripId}`);
const rounds = async (db: Database, at: string | number) => (await db.allDocs({ startKey: 'round:', endKey: 'round:\ufff0', includeDocs: true, shared: true, atSeq: at })).rows.map((r) => r.id);

describe('a lagging read of a trip on the CouchDB adapter (a TV)', () => {
  it('asks CouchDB nothing while nobody writes, sees another server\'s write within the feed\'s delay and its own at once', async () => {
    const theirs = await there.createTrip(tripId);
    await theirs.put({ _id: 'round:r1', type: 'round' });
    const mine = here.trip(tripId);
    expect(await rounds(mine, await mine.state!())).toEqual(['round:r1']);

    // Once the feed runs (started by the first lagging read) and the copy caught up after it, polls are free.
    await expect.poll(async () => {
      const from = counter.seen.length;
      await mine.state!({ lagging: true });
      return askedOfTrip(from).length;
    }, { timeout: 5_000 }).toBe(0);
    const quiet = counter.seen.length;
    for (let i = 0; i < 20; i++) expect(await rounds(mine, await mine.state!({ lagging: true }))).toEqual(['round:r1']);
    expect(askedOfTrip(quiet)).toHaveLength(0);

    // An exact read still asks, every time.
    const exact = counter.seen.length;
    await mine.state!();
    await mine.state!();
    expect(askedOfTrip(exact).length).toBeGreaterThanOrEqual(2);

    // Another server writes: a lagging read shows it within the feed's delay.
    await theirs.put({ _id: 'round:r2', type: 'round' });
    const written = Date.now();
    await expect.poll(async () => rounds(mine, await mine.state!({ lagging: true })), { timeout: WATCH_INTERVAL_MS, interval: 50 }).toEqual(['round:r1', 'round:r2']);
    expect(Date.now() - written).toBeLessThan(WATCH_INTERVAL_MS);

    // This server writes: the next lagging read has it, without waiting for the feed.
    await mine.put({ _id: 'round:r3', type: 'round' });
    expect(await rounds(mine, await mine.state!({ lagging: true }))).toEqual(['round:r1', 'round:r2', 'round:r3']);
  });
});
