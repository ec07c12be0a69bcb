/**
 * Which trips the embedded store says were written since a position (the startup sweep reads only those, issue 36):
 * told by each database's write mark (`DATA_DIR/db-written/`), moved before every write, not by LevelDB's own files,
 * which opening a database rewrites. A trip only opened and read since is not written; one written is; a database
 * from before the marks is judged once by its files' times, which then become its mark.
 */
import { mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const HOUR = 3_600_000;
const age = async (path: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  await utimes(path, then, then);
};
/** Every file of the trip's LevelDB folder, and its mark where it has one, `ms` back. */
async function ageTrip(root: string, name: string, ms: number, withMark = true): Promise<void> {
  for (const f of await readdir(join(root, 'db', name))) await age(join(root, 'db', name, f), ms);
  if (withMark) await age(join(root, 'db-written', name), ms);
}

async function seasonOf(trips: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'golf-write-marks-'));
  const maker = new PouchDocStore(root);
  await maker.init();
  for (const t of trips) await (await maker.createTrip(t)).put({ _id: `score:${t}`, type: 'score', strokes: 4 });
  await maker.close();
  return root;
}

describe("the embedded store's write marks", () => {
  it('counts a trip written since the position, and not one only opened and read', async () => {
    dir = await seasonOf(['read', 'written', 'asleep']);
    for (const t of ['read', 'written', 'asleep']) await ageTrip(dir, `trip-${t}`, HOUR);
    const store = new PouchDocStore(dir);
    await store.init();
    const position = await store.writesPosition();
    expect(await store.databasesWrittenSince(position)).toEqual(new Set());

    // Opening and reading rewrites LevelDB's own files (its LOG at least): they look new, the trip is not written.
    expect((await store.trip('read').get('score:read'))?.strokes).toBe(4);
    const files = await Promise.all((await readdir(join(dir, 'db', 'trip-read'))).map((f) => stat(join(dir!, 'db', 'trip-read', f))));
    expect(Math.max(...files.map((f) => f.mtimeMs))).toBeGreaterThanOrEqual(position);
    await store.trip('written').put({ _id: 'score:written-2', type: 'score', strokes: 5 });
    expect(await store.databasesWrittenSince(position)).toEqual(new Set(['trip-written']));
    await store.close();
  });

  it('judges a database from before the marks by its files once, then by the mark it leaves', async () => {
    dir = await seasonOf(['old', 'recent']);
    await rm(join(dir, 'db-written'), { recursive: true });
    await ageTrip(dir, 'trip-old', HOUR, false);
    await ageTrip(dir, 'trip-recent', 30_000, false);
    const store = new PouchDocStore(dir);
    await store.init();
    const position = await store.writesPosition();
    // Files 30 s old are within the clock margin of the position (60 s before now): written since, as before marks.
    expect(await store.databasesWrittenSince(position)).toEqual(new Set(['trip-recent']));
    // Both now have marks at their files' newest time: the old one stays old after it is opened and read.
    expect((await stat(join(dir, 'db-written', 'trip-old'))).mtimeMs).toBeLessThan(position);
    expect((await store.trip('old').get('score:old'))?.strokes).toBe(4);
    expect(await store.databasesWrittenSince(position)).toEqual(new Set(['trip-recent']));
    await store.trip('old').put({ _id: 'score:old-2', type: 'score', strokes: 3 });
    expect(await store.databasesWrittenSince(position)).toEqual(new Set(['trip-recent', 'trip-old']));
    await store.close();
  });

  it('forgets the mark of a trip destroyed', async () => {
    dir = await seasonOf(['gone']);
    const store = new PouchDocStore(dir);
    await store.init();
    await store.destroyTrip('gone');
    await expect(stat(join(dir, 'db-written', 'trip-gone'))).rejects.toThrow();
    expect(await store.databasesWrittenSince(0)).toEqual(new Set());
    await store.close();
  });
});
