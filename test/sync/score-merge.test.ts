/**
 * Issue 14: the score merge itself (server/scores/scores.service.ts) run by two app servers at the same moment on
 * one CouchDB (express-pouchdb, see support/couch-server.ts): whatever the interleaving, one live leaf is left, it
 * holds the rule's winner, every other value is in its history, and merging again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeScoreVersions } from '../../shared/domain/scores.js';
import { resolveScoreConflicts, sweepScoreConflicts } from '../../server/scores/scores.service.js';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import type { Database } from '../../server/store/docstore.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startCouchCounter } from './support/couch-counter.js';
import { startCouchServer, type CouchServer } from './support/couch-server.js';
import { createTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';

let couch: CouchServer;
let servers: TestServer[];
let trip: FaultTrip;

beforeAll(async () => {
  couch = await startCouchServer();
  const store = () => new CouchDocStore(couch.url, { registryName: 'golf_registry_merge' });
  servers = [await startTestServer({ overrides: { store: store() } }), await startTestServer({ overrides: { store: store() } })];
  trip = await createTrip(servers[0]!.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
}, 60_000);

afterAll(async () => {
  for (const s of servers ?? []) await s.close();
  await couch?.stop();
});

const dbOf = (s: TestServer) => s.deps.store.trip(trip.tripId);

/** `n` phones' values of one hole, stored as `n` sibling leaves (as replication stores them); the 3rd is the latest. */
async function conflicted(db: Database, hole: number, n: number) {
  const card = trip.players[0]!;
  const entries = Array.from({ length: n }, (_, i) => ({
    strokes: 3 + i,
    enteredBy: trip.players[i % trip.players.length]!.id,
    deviceId: `phone-${i}`,
    enteredAt: new Date(Date.UTC(2026, 3, 11, 9, i === 2 ? 30 : i)).toISOString(),
  }));
  const docs = entries.map((e, i) => ({ ...scoreDoc(trip, card, hole, e), _rev: `1-${String(i).repeat(32)}` }));
  const rows = await db.bulkDocs(docs, { newEdits: false });
  expect(rows.filter((r) => r.error)).toEqual([]);
  const id = docs[0]!._id;
  expect((await db.get(id, { conflicts: true }))?._conflicts).toHaveLength(n - 1);
  return { id, entries, winner: entries.reduce((a, b) => (b.enteredAt > a.enteredAt ? b : a)) };
}

describe('two app servers merging one conflicted score at once', () => {
  it('leave one live leaf with the winner and every other value, in 10 of 10 tries', { timeout: 60_000 }, async () => {
    for (let hole = 1; hole <= 10; hole++) {
      const { id, entries, winner } = await conflicted(dbOf(servers[0]!), hole, 4);
      const merged = await Promise.all([...servers, ...servers].map((s) => resolveScoreConflicts(s.deps, dbOf(s), [id])));
      expect(merged.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);

      const leaves = await dbOf(servers[1]!).getOpenRevs(id, 'all');
      const live = leaves.flatMap((l) => ('ok' in l && !l.ok._deleted ? [l.ok] : []));
      expect({ hole, live: live.length }).toEqual({ hole, live: 1 });
      expect(live[0]).toMatchObject({ ...winner, disputed: true });
      expect(live[0]!.history).toEqual(expect.arrayContaining(entries.filter((e) => e !== winner)));
      expect(live[0]!.history).toHaveLength(entries.length - 1);
    }
  });

  it('merges nothing again: a second merge and the startup sweep leave the revision as it is', async () => {
    const { id } = await conflicted(dbOf(servers[0]!), 11, 3);
    expect(await resolveScoreConflicts(servers[0]!.deps, dbOf(servers[0]!), [id])).toBe(1);
    const rev = (await dbOf(servers[0]!).get(id))!._rev;
    expect(await resolveScoreConflicts(servers[1]!.deps, dbOf(servers[1]!), [id])).toBe(0);
    expect(await sweepScoreConflicts(servers[1]!.deps)).toBe(0);
    expect((await dbOf(servers[0]!).get(id))!._rev).toBe(rev);
  });

  it('finishes a merge cut off after its merged value was stored, before the losing leaf was deleted', async () => {
    const db = dbOf(servers[0]!);
    const { id, entries, winner } = await conflicted(db, 13, 2);
    // The state a crash between the two steps leaves: the merged value on the winning branch, the loser still a leaf.
    const current = (await db.get(id, { conflicts: true }))!;
    const loser = (await db.getOpenRevs(id, current._conflicts!)).flatMap((l) => ('ok' in l ? [l.ok] : []));
    const { _conflicts, ...half } = mergeScoreVersions([current, ...loser] as never[]) as Record<string, unknown>;
    await db.put({ ...half, _id: id, _rev: current._rev! });
    expect((await db.get(id, { conflicts: true }))?._conflicts).toHaveLength(1);

    expect(await sweepScoreConflicts(servers[1]!.deps)).toBe(1);
    const doc = await db.get(id, { conflicts: true });
    expect(doc?._conflicts).toBeUndefined();
    expect(doc).toMatchObject({ ...winner, disputed: true, history: entries.filter((e) => e !== winner) });
  });

  it('the startup sweep finds a conflicted score in any trip of the registry', async () => {
    const { id, winner } = await conflicted(dbOf(servers[1]!), 12, 2);
    expect(await sweepScoreConflicts(servers[0]!.deps)).toBe(1);
    const doc = await dbOf(servers[0]!).get(id, { conflicts: true });
    expect(doc?._conflicts).toBeUndefined();
    expect(doc).toMatchObject({ ...winner, disputed: true });
  });

  it("a season's startup sweep reads only the trips whose database changed since the last sweep (CouchDB's _db_updates)", async () => {
    const counter = await startCouchCounter(couch.url);
    const store = new CouchDocStore(counter.url, { registryName: 'golf_registry_merge' });
    const deps = { ...servers[0]!.deps, store };
    try {
      const quiet = await createTrip(servers[0]!.url, { names: ['Ed', 'Fa'], groups: [[0, 1]] });
      await sweepScoreConflicts(deps);
      // Written since: one conflicted score of the first trip; the other trip sleeps.
      const { id, winner } = await conflicted(dbOf(servers[1]!), 14, 2);
      const from = counter.seen.length;
      expect(await sweepScoreConflicts(deps)).toBe(1);
      const asked = counter.since(from).map((r) => decodeURIComponent(r.path.split('/')[1] ?? ''));
      expect(asked).toContain(`trip-${trip.tripId}`);
      expect(asked).not.toContain(`trip-${quiet.tripId}`);
      expect(await dbOf(servers[0]!).get(id, { conflicts: true })).toMatchObject({ ...winner, disputed: true });
      // The merge itself wrote during that sweep: the next one reads that trip again, and then nothing at all.
      const again = counter.seen.length;
      expect(await sweepScoreConflicts(deps)).toBe(0);
      expect(new Set(counter.since(again).filter((r) => r.path.startsWith('/trip-')).map((r) => r.path.split('/')[1]))).toEqual(new Set([`trip-${trip.tripId}`]));
      const quietNow = counter.seen.length;
      expect(await sweepScoreConflicts(deps)).toBe(0);
      expect(counter.since(quietNow).filter((r) => r.path.startsWith('/trip-')).map((r) => r.path)).toEqual([]);
    } finally {
      await store.close();
      await counter.close();
    }
  });
});
