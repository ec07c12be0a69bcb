/**
 * The embedded adapter writes the `bulkDocs` calls that arrive while one is being written together, as one PouchDB
 * batch (group commit, server/store/pouch.adapter.ts). Each caller must still get exactly its own rows: written
 * documents with their revisions, its own conflicts, and a whole-batch refusal (a malformed document) only for the
 * request that sent it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

let dir: string;
let store: PouchDocStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'golf-groupcommit-'));
  store = new PouchDocStore(dir);
  await store.init();
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const hash = (n: number) => n.toString(16).padStart(32, '0');

describe('bulkDocs calls written together', () => {
  it('answers each of 40 concurrent calls its own rows, conflicts and revisions', async () => {
    const db = await store.createTrip('tgroupcommit');
    await db.bulkDocs(Array.from({ length: 40 }, (_, i) => ({ _id: `score:c${i}:1`, type: 'score', strokes: 1 })));
    const stored = await Promise.all(Array.from({ length: 40 }, (_, i) => db.get(`score:c${i}:1`)));
    // Odd calls name a stale revision (a conflict), even ones the current one; each also creates a new document.
    const calls = stored.map((doc, i) => [
      { ...doc!, strokes: 2, _rev: i % 2 === 0 ? doc!._rev : `1-${hash(i)}` },
      { _id: `score:c${i}:2`, type: 'score', strokes: i },
    ]);
    // Counted at PouchDB: the calls that arrived while one was being written went in together.
    const pouch = (db as unknown as { pouch: { bulkDocs: (...args: unknown[]) => Promise<unknown> } }).pouch;
    const original = pouch.bulkDocs;
    let batches = 0;
    pouch.bulkDocs = (...args: unknown[]) => ((batches += 1), original.apply(pouch, args));
    const answers = await Promise.all(calls.map((docs) => db.bulkDocs(docs))).finally(() => (pouch.bulkDocs = original));
    expect(batches).toBeLessThan(40);
    for (const [i, rows] of answers.entries()) {
      expect(rows.map((r) => r.id)).toEqual([`score:c${i}:1`, `score:c${i}:2`]);
      if (i % 2 === 0) expect(rows[0]).toMatchObject({ ok: true, rev: expect.stringMatching(/^2-/) });
      else expect(rows[0]).toMatchObject({ error: 'conflict' });
      expect(rows[1]).toMatchObject({ ok: true, rev: expect.stringMatching(/^1-/) });
      expect((await db.get(`score:c${i}:1`))?.strokes).toBe(i % 2 === 0 ? 2 : 1);
      expect((await db.get(`score:c${i}:2`))?._rev).toBe(rows[1]!.rev);
    }
  });

  it('keeps replicated branches (new_edits=false) and their failures with the call that sent them', async () => {
    const db = await store.createTrip('tgroupcommitrepl');
    const branch = (id: string, n: number) => ({ _id: id, type: 'score', strokes: n % 9, _rev: `1-${hash(n)}`, _revisions: { start: 1, ids: [hash(n)] } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => db.bulkDocs([branch(`score:r${i}:1`, i + 1), branch(`score:r${i}:2`, i + 100)], { newEdits: false })));
    expect(answers.every((rows) => rows.every((r) => !r.error))).toBe(true);
    const all = await db.allDocs({ startKey: 'score:r', endKey: 'score:r\ufff0' });
    expect(all.rows).toHaveLength(40);
  });

  it('refuses a malformed document for its own call only, the calls written with it land', async () => {
    const db = await store.createTrip('tgroupcommitbad');
    const calls = Array.from({ length: 12 }, (_, i) => (i === 5 ? [{ _id: `score:b${i}:1`, type: 'score', _rev: 'not-a-revision' }] : [{ _id: `score:b${i}:1`, type: 'score', strokes: i }]));
    const answers = await Promise.allSettled(calls.map((docs) => db.bulkDocs(docs)));
    expect(answers[5]!.status).toBe('rejected');
    for (const [i, a] of answers.entries()) {
      if (i === 5) continue;
      expect(a.status).toBe('fulfilled');
      expect((a as PromiseFulfilledResult<{ ok?: boolean }[]>).value[0]).toMatchObject({ ok: true });
      expect((await db.get(`score:b${i}:1`))?.strokes).toBe(i);
    }
  });

  it('writes one document twice in order when two calls name it at once', async () => {
    const db = await store.createTrip('tgroupcommitsame');
    const [a, b] = await Promise.all([db.bulkDocs([{ _id: 'score:s:1', type: 'score', strokes: 1 }]), db.bulkDocs([{ _id: 'score:s:1', type: 'score', strokes: 2 }])]);
    // The second names no revision of a document that now exists: a conflict, exactly as written one after the other.
    expect(a[0]).toMatchObject({ ok: true });
    expect(b[0]).toMatchObject({ error: 'conflict' });
    expect((await db.get('score:s:1'))?.strokes).toBe(1);
  });

  it('reads a checkpoint as last written, through its cache, and refuses a stale revision', async () => {
    const db = await store.createTrip('tgroupcommitlocal');
    expect(await db.getLocal('sync/p1')).toBeUndefined();
    const first = await db.putLocal({ _id: 'sync/p1', seq: 1 });
    expect(await db.getLocal('sync/p1')).toEqual({ _id: '_local/sync/p1', _rev: first.rev, seq: 1 });
    // A caller changing what it read does not change the next reader's copy.
    (await db.getLocal('sync/p1'))!.seq = 99;
    const second = await db.putLocal({ _id: 'sync/p1', _rev: first.rev, seq: 2 });
    expect(await db.getLocal('sync/p1')).toEqual({ _id: '_local/sync/p1', _rev: second.rev, seq: 2 });
    await expect(db.putLocal({ _id: 'sync/p1', _rev: first.rev, seq: 3 })).rejects.toThrow(/conflict/);
    expect((await db.getLocal('sync/p1'))?.seq).toBe(2);
    // What PouchDB itself holds agrees.
    expect(await (db as unknown as { pouch: PouchDB.Database }).pouch.get('_local/sync/p1')).toEqual({ _id: '_local/sync/p1', _rev: second.rev, seq: 2 });
    // Reads and writes of many checkpoints at once: each reads its own last write.
    await Promise.all(Array.from({ length: 30 }, async (_, i) => {
      let rev: string | undefined;
      for (let n = 1; n <= 3; n++) {
        expect((await db.getLocal(`sync/q${i}`))?.n).toBe(n === 1 ? undefined : n - 1);
        rev = (await db.putLocal({ _id: `sync/q${i}`, ...(rev ? { _rev: rev } : {}), n })).rev;
      }
    }));
  });
});
