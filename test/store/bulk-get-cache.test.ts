/**
 * The embedded adapter keeps the revisions `_bulk_get` read (server/store/pouch.adapter.ts): when a score arrives,
 * every other phone of the trip asks for that same revision. A revision never changes, so the kept copy must answer
 * exactly what PouchDB answers (body, `_revisions`), old revisions stay what they were after the document moves on,
 * and each caller gets its own copy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

let dir: string;
let store: PouchDocStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'golf-bulkget-'));
  store = new PouchDocStore(dir);
  await store.init();
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('_bulk_get by revision', () => {
  it('reads a revision from LevelDB once for 29 phones, answers as PouchDB does, and keeps old revisions as they were', async () => {
    const db = await store.createTrip('tbulkgetcache');
    const [first] = await db.bulkDocs([{ _id: 'score:c1:1', type: 'score', strokes: 4 }]);
    const [second] = await db.bulkDocs([{ _id: 'score:c1:1', _rev: first!.rev!, type: 'score', strokes: 5 }]);
    const pouch = (db as unknown as { pouch: { get: (...args: unknown[]) => Promise<unknown> } }).pouch;
    const direct = await pouch.get('score:c1:1', { rev: second!.rev, revs: true });

    let reads = 0;
    const original = pouch.get;
    pouch.get = function (this: unknown, ...args: unknown[]) {
      reads += 1;
      return original.apply(this, args);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 29 }, () => db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }], revs: true })));
      await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }], revs: true });
      for (const a of answers) expect(a.results[0]!.docs[0]).toEqual({ ok: direct });
      // The 29 concurrent asks each missed (nothing was kept yet); every later one is answered from memory.
      const afterFirstWave = reads;
      for (let i = 0; i < 10; i++) expect((await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }], revs: true })).results[0]!.docs[0]).toEqual({ ok: direct });
      expect(reads).toBe(afterFirstWave);
      expect(afterFirstWave).toBeLessThanOrEqual(30);

      // Each caller gets its own copy.
      const mine = (await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }], revs: true })).results[0]!.docs[0] as { ok: Record<string, unknown> };
      mine.ok.strokes = 99;
      expect(((await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }], revs: true })).results[0]!.docs[0] as { ok: Record<string, unknown> }).ok.strokes).toBe(5);

      // Without revs: another answer (no _revisions), kept apart.
      const plain = (await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: second!.rev! }] })).results[0]!.docs[0] as { ok: Record<string, unknown> };
      expect(plain.ok._revisions).toBeUndefined();
      expect(plain.ok.strokes).toBe(5);

      // The document moves on: its earlier revisions still answer what they were.
      await db.bulkDocs([{ _id: 'score:c1:1', _rev: second!.rev!, type: 'score', strokes: 6 }]);
      const old = (await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: first!.rev! }, { id: 'score:c1:1', rev: second!.rev! }], revs: true })).results;
      expect((old[0]!.docs[0] as { ok: Record<string, unknown> }).ok.strokes).toBe(4);
      expect((old[1]!.docs[0] as { ok: Record<string, unknown> }).ok.strokes).toBe(5);
      // Without a revision the winner is read, never a kept copy.
      const winner = (await db.bulkGet({ docs: [{ id: 'score:c1:1' }] })).results[0]!.docs[0] as { ok: Record<string, unknown> };
      expect(winner.ok.strokes).toBe(6);
      // A revision that does not exist is still not found.
      expect((await db.bulkGet({ docs: [{ id: 'score:c1:1', rev: '9-0123456789abcdef0123456789abcdef' }] })).results[0]!.docs[0]).toMatchObject({ error: { error: 'not_found' } });
    } finally {
      pouch.get = original;
    }
  });
});
