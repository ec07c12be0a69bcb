/**
 * A trip's LevelDB is opened with a small memtable and block cache (pouch.adapter.ts, TRIP_LEVELDB): each open
 * LevelDB keeps both outside the JS heap, and a season's server holds some 60 trips open (issue 36). What is
 * observable from outside: a trip written past 1 MB has flushed its log to tables, where LevelDB's default (4 MB)
 * would still hold it all in memory and in its log; the registry keeps LevelDB's defaults. Every write is still read
 * back whole, through the copy in memory and from the disk after a reopen.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDoc } from '../../server/store/docstore.js';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

async function files(dir: string): Promise<{ tables: number; logBytes: number }> {
  const names = await readdir(dir);
  let logBytes = 0;
  for (const n of names.filter((f) => f.endsWith('.log') && !f.startsWith('LOG'))) logBytes += (await stat(join(dir, n))).size;
  return { tables: names.filter((f) => f.endsWith('.ldb') || f.endsWith('.sst')).length, logBytes };
}

describe('the embedded store’s LevelDB sizes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'golf-pouch-sizes-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('flushes a trip’s writes to tables past 1 MB, keeps the registry’s 3.5 MB in memory (LevelDB’s 4 MB), and loses none', async () => {
    const store = new PouchDocStore(dir);
    await store.init();
    const trip = await store.createTrip('inplay');
    // 3,000 scores in batches, as a day writes them: about 2.7 MB as LevelDB stores them (bodies, revisions, sequence).
    const note = 'n'.repeat(400);
    const ids: string[] = [];
    for (let b = 0; b < 15; b++) {
      const docs = Array.from({ length: 200 }, (_, i) => ({ _id: `score:${b}:${i}`, type: 'score', strokes: (b + i) % 9 || 3, note }));
      await trip.bulkDocs(docs);
      ids.push(...docs.map((d) => d._id));
    }
    const tokens = Array.from({ length: 4_000 }, (_, i) => ({ _id: `portaltoken:t${i}`, type: 'portaltoken', note }));
    await store.registry.bulkDocs(tokens);

    const tripFiles = await files(join(dir, 'db', 'trip-inplay'));
    expect(tripFiles.tables).toBeGreaterThan(0);
    expect(tripFiles.logBytes).toBeLessThan(1.2 * 1024 * 1024);
    // The registry took about 3.5 MB, under LevelDB's default memtable: all of it is still in its log.
    const registryFiles = await files(join(dir, 'db', 'golf_registry'));
    expect(registryFiles.tables).toBe(0);
    expect(registryFiles.logBytes).toBeGreaterThan(3 * 1024 * 1024);

    expect((await trip.get<StoredDoc & { strokes: number }>('score:14:199'))?.strokes).toBe((14 + 199) % 9 || 3);
    await store.close();
    const again = new PouchDocStore(dir);
    await again.init();
    const all = await again.trip('inplay').allDocs({ keys: ids, includeDocs: true });
    expect(all.rows.filter((r) => r.doc).length).toBe(3_000);
    expect((await again.registry.get('portaltoken:t3999'))?._id).toBe('portaltoken:t3999');
    await again.close();
  });
});
