/**
 * The startup sweep of conflicted scores on the embedded store (issue 36): a season holds a thousand trips, so only
 * the trips written since the last complete sweep began are read (each database's write mark, pouch.adapter.ts). A
 * conflict planted in a trip whose mark then looks old (its time moved back) is not read by the next sweep; with no
 * sweep kept, every trip is read and it is merged.
 */
import { readdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepScoreConflicts } from '../../server/scores/scores.service.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';

let server: TestServer;
let busy: FaultTrip;
let quiet: FaultTrip;

beforeAll(async () => {
  server = await startTestServer();
  busy = await createTrip(server.url, { names: ['Al', 'Bo'], groups: [[0, 1]] });
  quiet = await createTrip(server.url, { names: ['Cy', 'Di'], groups: [[0, 1]] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Two phones' values of hole `hole` of the trip's first card, stored as sibling leaves (as replication stores them). */
async function plantConflict(trip: FaultTrip, hole: number): Promise<string> {
  const db = server.deps.store.trip(trip.tripId);
  const card = trip.players[0]!;
  const docs = [0, 1].map((i) => ({
    ...scoreDoc(trip, card, hole, { strokes: 4 + i, enteredBy: card.id, deviceId: `phone-${i}`, enteredAt: new Date(Date.UTC(2027, 3, 11, 9, i)).toISOString() }),
    _rev: `1-${String(i + 1).repeat(32)}`,
  }));
  expect((await db.bulkDocs(docs, { newEdits: false })).filter((r) => r.error)).toEqual([]);
  return docs[0]!._id;
}

const conflicts = async (trip: FaultTrip, id: string) => (await server.deps.store.trip(trip.tripId).get(id, { conflicts: true }))?._conflicts?.length ?? 0;

/** Moves the trip's write mark and every file time of its database an hour back: as if it had not been written since. */
async function ageFiles(trip: FaultTrip): Promise<void> {
  const dir = join(server.dataDir, 'db', `trip-${trip.tripId}`);
  const old = new Date(Date.now() - 3_600_000);
  for (const f of await readdir(dir)) await utimes(join(dir, f), old, old);
  await utimes(join(server.dataDir, 'db-written', `trip-${trip.tripId}`), old, old);
}

describe('the startup sweep on the embedded store', () => {
  it('reads the trips written since the last sweep, and only those', async () => {
    await sweepScoreConflicts(server.deps);
    const hidden = await plantConflict(quiet, 3);
    await ageFiles(quiet);
    const seen = await plantConflict(busy, 4);
    expect(await sweepScoreConflicts(server.deps)).toBe(1);
    expect(await conflicts(busy, seen)).toBe(0);
    // The quiet trip was not read: its planted conflict is still there.
    expect(await conflicts(quiet, hidden)).toBe(1);
  });

  it('reads every trip when no sweep was kept', async () => {
    const hidden = await plantConflict(quiet, 5);
    await ageFiles(quiet);
    const mark = await server.deps.store.registry.getLocal('score-sweep');
    await server.deps.store.registry.putLocal({ _id: 'score-sweep', _rev: mark!._rev! });
    expect(await sweepScoreConflicts(server.deps)).toBeGreaterThanOrEqual(2);
    expect(await conflicts(quiet, hidden)).toBe(0);
  });
});
