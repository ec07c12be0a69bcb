/**
 * `oncePerSeq` (server/store/by-seq.ts) on a real embedded database: one computation per key at a time, shared by
 * the requests at its state, and the requests that arrive from a newer state while it runs share the next one. No
 * request ever gets a value computed from a state older than the one it found: each value here is the number of
 * documents, and each request knows how many there were when it started.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oncePerSeq } from '../../server/store/by-seq.js';
import type { Database } from '../../server/store/docstore.js';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

let dir: string;
let store: PouchDocStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'golf-byseq-'));
  store = new PouchDocStore(dir);
  await store.init();
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The number of `item:` documents: what a request must see at least. */
async function count(db: Database): Promise<number> {
  return (await db.allDocs({ startKey: 'item:', endKey: 'item:\ufff0' })).rows.length;
}

let n = 0;
const write = (db: Database) => db.bulkDocs([{ _id: `item:${String(++n).padStart(5, '0')}`, type: 'item' }]);

describe('oncePerSeq', () => {
  it('shares one computation among the requests at one state', async () => {
    const db = await store.createTrip('tbyseqshare');
    await write(db);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return count(db);
    };
    const values = await Promise.all(Array.from({ length: 20 }, () => oncePerSeq(db, 'k', compute)));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(computed).toBe(1);
  });

  it('runs one computation per key at a time: requests from newer states meanwhile share the next one, which sees them all', async () => {
    const db = await store.createTrip('tbyseqnext');
    await write(db);
    let computed = 0;
    let gate = deferred();
    const compute = async () => {
      computed += 1;
      const value = await count(db);
      await gate.promise;
      return value;
    };
    // The first computation starts and is held.
    const first = oncePerSeq(db, 'k', compute);
    await new Promise((r) => setTimeout(r, 20));
    // Writes land while it runs; after each, requests that know the count then.
    const later: { knew: number; value: Promise<number> }[] = [];
    for (let i = 0; i < 5; i++) {
      await write(db);
      const knew = await count(db);
      for (let j = 0; j < 4; j++) later.push({ knew, value: oncePerSeq(db, 'k', compute) });
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(computed).toBe(1);
    const held = gate;
    gate = deferred();
    held.resolve();
    expect(await first).toBe(1);
    // The next computation started once the first ended, after every later request had arrived.
    await new Promise((r) => setTimeout(r, 20));
    expect(computed).toBe(2);
    gate.resolve();
    const values = await Promise.all(later.map((l) => l.value));
    for (const [i, l] of later.entries()) expect(values[i]).toBeGreaterThanOrEqual(l.knew);
    expect(new Set(values)).toEqual(new Set([6]));
    expect(computed).toBe(2);
  });

  it('never answers a request with a value from before a write acknowledged before it started, under concurrent writes', async () => {
    const db = await store.createTrip('tbyseqexact');
    await write(db);
    const compute = async () => {
      const value = await count(db);
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      return value;
    };
    let stop = false;
    const writer = (async () => {
      while (!stop) await write(db);
    })();
    const checks = Array.from({ length: 40 }, async () => {
      for (let i = 0; i < 10; i++) {
        const knew = await count(db);
        expect(await oncePerSeq(db, 'k', compute)).toBeGreaterThanOrEqual(knew);
      }
    });
    await Promise.all(checks);
    stop = true;
    await writer;
  });

  it('recovers when the next computation cannot start because the database is unavailable', async () => {
    const real = await store.createTrip('tbyseqinfo');
    await write(real);
    // The fault: the database's info failing at one moment (a CouchDB outage), which a running store cannot be made
    // to do on cue; everything else is the real database.
    let infoFails = false;
    const db = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'info') return () => (infoFails ? Promise.reject(new Error('store unavailable')) : target.info());
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const gate = deferred();
    const first = oncePerSeq(db, 'k', async () => {
      const value = await count(real);
      await gate.promise;
      return value;
    });
    await new Promise((r) => setTimeout(r, 20));
    await write(real);
    const waiting = oncePerSeq(db, 'k', () => count(real));
    // It joined the next computation, which starts (and reads the database's info) when the first one ends.
    await new Promise((r) => setTimeout(r, 20));
    infoFails = true;
    gate.resolve();
    expect(await first).toBe(1);
    await expect(waiting).rejects.toThrow('store unavailable');
    infoFails = false;
    // Not stuck on the failed start: a new request computes.
    expect(await oncePerSeq(db, 'k', () => count(real))).toBe(2);
  });

  it('shares a failure with the requests waiting for it, and computes afresh for the next', async () => {
    const db = await store.createTrip('tbyseqfail');
    await write(db);
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error('board failed');
      return count(db);
    };
    const failed = await Promise.allSettled([oncePerSeq(db, 'k', compute), oncePerSeq(db, 'k', compute)]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await oncePerSeq(db, 'k', compute)).toBe(1);
  });
});
