/**
 * A task over a season's trips (the startup conflict sweep) borrows each trip's database and gives it back: what it
 * opened is closed after it, so a restart does not leave every trip written since the last one open (each open
 * LevelDB database is a few MB of this process: issue 36's bench saw 850 MB for 250 trips before anyone asked
 * anything). A handle someone else asked for meanwhile stays open and usable.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

describe('borrowing trip databases on the embedded store', () => {
  let dir: string;
  const trips = Array.from({ length: 30 }, (_, i) => `borrow${i}`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'golf-pouch-borrow-'));
    const maker = new PouchDocStore(dir);
    await maker.init();
    for (const t of trips) {
      const db = await maker.createTrip(t);
      await db.put({ _id: `score:${t}`, type: 'score', strokes: 4 });
    }
    await maker.close();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('closes what a task opened once it gives it back, and opens it again for the next reader', async () => {
    const store = new PouchDocStore(dir);
    await store.init();
    for (const t of trips) {
      const { db, release } = store.borrowTrip(t);
      const { rows } = await db.allDocs({ startKey: 'score:', endKey: 'score:\ufff0', includeDocs: true, conflicts: true });
      expect(rows.map((r) => r.id)).toEqual([`score:${t}`]);
      await release();
    }
    expect(store.held()).toEqual({ openTrips: 0, mirrors: 0 });
    // Closed, not lost: a reader opens it again, and its writes are there.
    expect((await store.trip(trips[7]!).get(`score:${trips[7]}`))?.strokes).toBe(4);
    expect(store.held().openTrips).toBe(1);
    await store.close();
  });

  it('keeps open a database that was open before, or that someone asked for while it was borrowed', async () => {
    const store = new PouchDocStore(dir);
    await store.init();
    const before = store.trip(trips[0]!);
    const a = store.borrowTrip(trips[0]!);
    expect(a.db).toBe(before);
    await a.release();

    const b = store.borrowTrip(trips[1]!);
    await b.db.info();
    const reader = store.trip(trips[1]!);
    await b.release();
    expect(store.held().openTrips).toBe(2);
    // The reader's handle still works after the borrow ended.
    await reader.put({ _id: 'note:after', type: 'note' });
    expect((await reader.get('note:after'))?._id).toBe('note:after');
    await before.put({ _id: 'note:kept', type: 'note' });
    await store.close();
  });
});
