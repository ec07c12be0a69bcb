/**
 * The embedded adapter answers `changes` pages (with documents or without) from an in-memory mirror (server/store/seq-index.ts).
 * Checked against PouchDB's own feed on the same LevelDB database: after random writes (new documents, edits,
 * deletions with and without a body, attachments, replicated conflicting branches), every page asked for with random
 * since/limit/style/doc_ids/include_docs is the
 * same, including `last_seq`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesOptions, Database, StoredDoc } from '../../server/store/docstore.js';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';
import { createRng } from '../../shared/domain/scheduling/random.js';

let dir: string;
let store: PouchDocStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'golf-seqindex-'));
  store = new PouchDocStore(dir);
  await store.init();
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

type Pouch = PouchDB.Database<Record<string, unknown>>;
const pouchOf = (db: Database) => (db as unknown as { pouch: Pouch }).pouch;

/** PouchDB's answer for the same request, read past the mirror. */
async function reference(db: Database, o: ChangesOptions) {
  const res = await pouchOf(db).changes({
    since: (o.since ?? 0) as number,
    style: o.style ?? 'main_only',
    ...(o.limit !== undefined ? { limit: o.limit } : {}),
    ...(o.docIds ? { doc_ids: o.docIds } : {}),
    ...(o.includeDocs ? { include_docs: true } : {}),
  });
  return { lastSeq: res.last_seq, results: res.results.map((r) => ({ id: r.id, seq: r.seq, changes: r.changes, ...(r.deleted ? { deleted: true } : {}), ...(r.doc ? { doc: r.doc } : {}) })) };
}

/** A row without its undefined members (the adapter maps rows to a fixed shape). */
const withoutUndefined = (row: object) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));

const ID_POOL = Array.from({ length: 12 }, (_, i) => `score:card-${i}:1`);
const hash = (n: number) => n.toString(16).padStart(32, '0');

type Op = { kind: 'put'; id: number; v: number } | { kind: 'delete'; id: number } | { kind: 'deleteWithBody'; id: number; v: number } | { kind: 'attach'; id: number; v: number } | { kind: 'branch'; id: number; n: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: fc.nat({ max: ID_POOL.length - 1 }), v: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.nat({ max: ID_POOL.length - 1 }) }),
  // A deletion that keeps its fields, as RxDB's replication pushes one.
  fc.record({ kind: fc.constant('deleteWithBody' as const), id: fc.nat({ max: ID_POOL.length - 1 }), v: fc.nat({ max: 99 }) }),
  // A document with an attachment: its body is not held by the mirror, so PouchDB answers pages with it.
  fc.record({ kind: fc.constant('attach' as const), id: fc.nat({ max: ID_POOL.length - 1 }), v: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant('branch' as const), id: fc.nat({ max: ID_POOL.length - 1 }), n: fc.integer({ min: 1, max: 1_000_000 }) }),
);

async function apply(db: Database, o: Op): Promise<void> {
  const id = ID_POOL[o.id]!;
  const current = await db.get(id);
  if (o.kind === 'put') {
    await db.put({ _id: id, type: 'score', strokes: o.v, ...(current ? { _rev: current._rev } : {}) } as StoredDoc);
  } else if (o.kind === 'delete') {
    if (current) await db.remove(id, current._rev!);
  } else if (o.kind === 'deleteWithBody') {
    if (current) await db.put({ _id: id, _rev: current._rev, _deleted: true, type: 'score', strokes: o.v } as StoredDoc);
  } else if (o.kind === 'attach') {
    const data = Buffer.from(`receipt ${o.v}`).toString('base64');
    await db.put({ _id: id, type: 'score', strokes: o.v, _attachments: { 'a.txt': { content_type: 'text/plain', data } }, ...(current ? { _rev: current._rev } : {}) } as unknown as StoredDoc);
  } else {
    // A revision replicated from a phone that never saw the stored one: a conflicting branch.
    const depth = 1 + (o.n % 3);
    await db.bulkDocs([{ _id: id, type: 'score', strokes: o.n % 9, _rev: `${depth}-${hash(o.n)}`, _revisions: { start: depth, ids: Array.from({ length: depth }, (_, k) => hash(o.n + k)) } }], { newEdits: false });
  }
}

/**
 * Ranges of ids (with and without bodies) and single documents, read through the adapter (from the mirror), are
 * PouchDB's own answers: winners, deleted documents left out, conflicting branches' winners.
 */
async function expectReadsLikePouch(db: Database): Promise<void> {
  const ranges: [string, string][] = [['score:', 'score:\ufff0'], [ID_POOL[2]!, ID_POOL[7]!], ['score:card-1', 'score:card-1\ufff0'], ['a', 'b'], ['', '\ufff0']];
  for (const [startKey, endKey] of ranges) {
    for (const includeDocs of [false, true]) {
      const ours = await db.allDocs({ startKey, endKey, includeDocs });
      const theirs = await pouchOf(db).allDocs({ startkey: startKey, endkey: endKey, include_docs: includeDocs });
      expect(ours.totalRows).toBe(theirs.total_rows);
      expect(ours.rows.map(withoutUndefined)).toEqual(theirs.rows.map(withoutUndefined));
    }
    const shared = await db.allDocs({ startKey, endKey, includeDocs: true, shared: true });
    expect(shared.rows.map(withoutUndefined)).toEqual((await pouchOf(db).allDocs({ startkey: startKey, endkey: endKey, include_docs: true })).rows.map(withoutUndefined));
    // From the mirror the documents are shared, so frozen; a range with an attachment is PouchDB's to answer.
    if (!shared.rows.some((r) => r.doc?._attachments)) expect(shared.rows.every((r) => Object.isFrozen(r.doc))).toBe(true);
  }
  for (const id of [...ID_POOL, 'score:never-written:1']) {
    const theirs = await pouchOf(db).get(id).catch(() => undefined);
    expect(await db.get(id)).toEqual(theirs);
  }
}

describe('changes answered from the in-memory mirror', () => {
  it('matches PouchDB page for page, whatever was written, for every since, limit, style and doc_ids', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.record({
            since: fc.nat({ max: 40 }),
            limit: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
            style: fc.constantFrom('main_only' as const, 'all_docs' as const),
            docIds: fc.option(fc.subarray(ID_POOL, { minLength: 1 }), { nil: undefined }),
            includeDocs: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (bursts, queries) => {
          const db = await store.createTrip(`tseqindex${round++}`);
          // Writes in bursts with reads between them: the mirror catches up several times.
          for (const burst of bursts) {
            for (const o of burst) await apply(db, o);
            for (const q of queries) {
              const options: ChangesOptions = { since: q.since, style: q.style, includeDocs: q.includeDocs, ...(q.limit !== undefined ? { limit: q.limit } : {}), ...(q.docIds ? { docIds: q.docIds } : {}) };
              expect(await db.changes(options)).toEqual(await reference(db, options));
              // allDocs by keys (a missing key, a deleted and a live document; repeated keys), with documents and their
              // conflicts too, as PouchDB answers it.
              const keys = [...(q.docIds ?? ID_POOL.slice(0, 3)), 'score:never-written:1', ...(q.docIds ?? []).slice(0, 1)];
              for (const [includeDocs, conflicts] of [[false, false], [true, false], [true, true]] as const) {
                const ours = await db.allDocs({ keys, includeDocs, conflicts });
                const theirs = await pouchOf(db).allDocs({ keys, include_docs: includeDocs, conflicts });
                expect(ours.totalRows).toBe(theirs.total_rows);
                expect(ours.rows.map(withoutUndefined)).toEqual(theirs.rows.map(withoutUndefined));
              }
              await expectReadsLikePouch(db);
            }
          }
          // Paging through with limit, as replication does, visits every document once.
          const seen: string[] = [];
          let since: string | number = 0;
          for (;;) {
            const page = await db.changes({ since, limit: 3, style: 'all_docs' });
            if (page.results.length === 0) break;
            seen.push(...page.results.map((r) => r.id));
            since = page.lastSeq;
          }
          const all = await reference(db, { since: 0, style: 'all_docs' });
          expect(seen).toEqual(all.results.map((r) => r.id));
          // _bulk_get of every leaf (live, deleted, conflicting), a winner by id alone and a revision never written.
          const request: { id: string; rev?: string }[] = [...all.results.flatMap((r) => r.changes.map((c) => ({ id: r.id, rev: c.rev }))), { id: ID_POOL[0]! }, { id: ID_POOL[1]!, rev: `9-${hash(9)}` }];
          const ours = await db.bulkGet({ docs: request, revs: true });
          expect(ours.results.map((r) => r.id)).toEqual(request.map((r) => r.id));
          // _revs_diff with known, unknown and repeated revisions, of stored ids and of one never written.
          const diffRequest = Object.fromEntries([...all.results.map((r) => [r.id, [r.changes[0]!.rev, `7-${hash(7)}`, `7-${hash(7)}`]]), ['score:never-written:1', [`1-${hash(1)}`, `1-${hash(1)}`]]]);
          expect(await db.revsDiff(diffRequest)).toEqual(await pouchOf(db).revsDiff(diffRequest));
          // PouchDB's answer request by request (asked together it merges requests of one id into one result).
          for (const [i, one] of request.entries()) {
            const theirs = (await pouchOf(db).bulkGet({ docs: [one], revs: true })) as unknown as { results: { docs: ({ ok: StoredDoc } | { error: object })[] }[] };
            const [mine, ref] = [ours.results[i]!.docs[0]!, theirs.results[0]!.docs[0]!];
            if ('ok' in ref) expect(mine).toEqual(ref);
            else expect(mine).toEqual({ error: { id: one.id, rev: one.rev ?? 'undefined', error: 'not_found', reason: 'missing' } });
          }
          await store.destroyTrip(`tseqindex${round - 1}`);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('catches up long runs of writes in parts side by side, exactly as PouchDB lists them, also while more writes land', async () => {
    const db = await store.createTrip('tseqparts');
    const rng = createRng(20261128).next;
    const randomOp = (): Op => {
      const r = rng();
      const id = Math.floor(rng() * ID_POOL.length);
      return r < 0.75 ? { kind: 'put', id, v: Math.floor(rng() * 99) } : r < 0.9 ? { kind: 'delete', id } : { kind: 'branch', id, n: 1 + Math.floor(rng() * 999_999) };
    };
    // Writes through the adapter that read the current revision from PouchDB itself: reading it through the adapter
    // would catch the mirror up before every write.
    const write = async (o: Op) => {
      const id = ID_POOL[o.id]!;
      const current = (await pouchOf(db).get(id).catch(() => undefined)) as StoredDoc | undefined;
      if (o.kind === 'put') await db.put({ _id: id, type: 'score', strokes: o.v, ...(current ? { _rev: current._rev } : {}) } as StoredDoc);
      else if (o.kind === 'delete') {
        if (current) await db.remove(id, current._rev!);
      } else if (o.kind === 'branch') {
        const depth = 1 + (o.n % 3);
        await db.bulkDocs([{ _id: id, type: 'score', strokes: o.n % 9, _rev: `${depth}-${hash(o.n)}`, _revisions: { start: depth, ids: Array.from({ length: depth }, (_, k) => hash(o.n + k)) } }], { newEdits: false });
      }
    };
    // The mirror is made, then falls far behind: 150 writes over 12 ids, most rows superseded by later ones.
    await db.changes({ since: 0, style: 'all_docs' });
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 150; i++) await write(randomOp());
      // Caught up (in parts) while another 30 writes land one after the other.
      const more = (async () => {
        for (let i = 0; i < 30; i++) await write(randomOp());
      })();
      const during = db.changes({ since: 0, style: 'all_docs' });
      await more;
      expect((await during).results.length).toBeGreaterThan(0);
      // Once the writes are done, the mirror is PouchDB's feed and reads, row for row.
      for (const style of ['all_docs', 'main_only'] as const) expect(await db.changes({ since: 0, style })).toEqual(await reference(db, { since: 0, style }));
      await expectReadsLikePouch(db);
    }
    await store.destroyTrip('tseqparts');
  });

  it('sees a write at once: a page read right after a write lists it', async () => {
    const db = await store.createTrip('tseqindexfresh');
    const before = await db.changes({ since: 0 });
    await db.put({ _id: 'player:p1', type: 'player' });
    const after = await db.changes({ since: before.lastSeq });
    expect(after.results.map((r) => r.id)).toEqual(['player:p1']);
    const concurrent = await Promise.all([db.put({ _id: 'player:p2', type: 'player' }), db.changes({ since: after.lastSeq })]);
    expect((await db.changes({ since: after.lastSeq })).results.map((r) => r.id)).toEqual(['player:p2']);
    // Read while the write was in flight: before it or after it, never half of it.
    expect([[], ['player:p2']]).toContainEqual(concurrent[1].results.map((r) => r.id));
  });

  it('reads a document and a range of ids as written, at once after each write, and never a half-written batch', async () => {
    const db = await store.createTrip('tseqindexreads');
    await db.put({ _id: 'player:p1', type: 'player', name: 'Ann' });
    expect(await db.get('player:p1')).toMatchObject({ name: 'Ann' });
    const range = () => db.allDocs({ startKey: 'score:', endKey: 'score:\ufff0', includeDocs: true });
    expect((await range()).rows).toEqual([]);
    // Each acknowledged write shows in the next read, with no read of the changes feed in between.
    for (let i = 1; i <= 5; i++) {
      const current = await db.get(`score:c:1`);
      await db.put({ _id: 'score:c:1', type: 'score', strokes: i, ...(current ? { _rev: current._rev } : {}) });
      expect((await db.get('score:c:1'))?.strokes).toBe(i);
      expect((await range()).rows.map((r) => r.doc?.strokes)).toEqual([i]);
    }
    // A reader that only reads gets the same frozen document until it changes, then the new one.
    const sharedRange = () => db.allDocs({ startKey: 'score:', endKey: 'score:\ufff0', includeDocs: true, shared: true });
    const [s1, s2] = [await sharedRange(), await sharedRange()];
    expect(s1.rows[0]!.doc).toBe(s2.rows[0]!.doc);
    expect(() => {
      s1.rows[0]!.doc!.strokes = 1;
    }).toThrow(TypeError);
    await db.put({ ...(await db.get('score:c:1'))!, strokes: 5 });
    const s3 = await sharedRange();
    expect(s3.rows[0]!.doc).not.toBe(s1.rows[0]!.doc);
    expect(s3.rows[0]!.doc).toMatchObject({ strokes: 5, _rev: (await db.get('score:c:1'))!._rev });
    // A caller may change what it read: the next reader still gets the stored document.
    const mine = (await range()).rows[0]!.doc!;
    mine.strokes = 99;
    (await db.get('player:p1'))!.name = 'changed';
    expect((await range()).rows[0]!.doc!.strokes).toBe(5);
    expect((await db.get('player:p1'))!.name).toBe('Ann');
    // Read during a batch write: all of it or none of it.
    const batch = Array.from({ length: 40 }, (_, i) => ({ _id: `score:c:${100 + i}`, type: 'score', strokes: 3 }));
    const [, during] = await Promise.all([db.bulkDocs(batch), range()]);
    expect([1, 41]).toContain(during.rows.length);
    expect((await range()).rows.length).toBe(41);
    // A deletion shows at once too.
    await db.remove('player:p1', (await db.get('player:p1'))!._rev!);
    expect(await db.get('player:p1')).toBeUndefined();
    expect((await db.allDocs({ startKey: 'player:', endKey: 'player:\ufff0', includeDocs: true })).rows).toEqual([]);
    // Ids past the Basic Multilingual Plane sort differently in LevelDB (UTF-8 bytes): PouchDB answers those ranges.
    await db.bulkDocs([{ _id: 'note:\u{1F600}', type: 'note' }, { _id: 'note:\uffee', type: 'note' }]);
    const notes = await db.allDocs({ startKey: 'note:', endKey: 'note:\uffff', includeDocs: true });
    expect(notes.rows.map((r) => r.id)).toEqual((await pouchOf(db).allDocs({ startkey: 'note:', endkey: 'note:\uffff' })).rows.map((r) => r.id));
  });

  it('answers existence and missing revisions right after a write, and never a half-written state during one', async () => {
    const db = await store.createTrip('tseqindexwrites');
    await db.put({ _id: 'player:p0', type: 'player' });
    await db.changes({ since: 0 }); // the mirror is built and current
    const docs = Array.from({ length: 50 }, (_, i) => ({ _id: `score:c:${i}`, type: 'score', _rev: `1-${hash(i + 1)}`, _revisions: { start: 1, ids: [hash(i + 1)] } }));
    const ids = docs.map((d) => d._id);
    const diffOf = () => db.revsDiff(Object.fromEntries(docs.map((d) => [d._id, [d._rev]])));
    const during = Promise.all([db.allDocs({ keys: ids }), diffOf()]);
    await db.bulkDocs(docs, { newEdits: false });
    const [rows, diff] = await during;
    const existing = rows.rows.filter((r) => !r.error).length;
    expect([0, 50]).toContain(existing);
    expect(Object.keys(diff).length).toBe(50 - existing);
    // After the write, with no changes read since: every id exists, no revision is missing.
    expect((await db.allDocs({ keys: ids })).rows.every((r) => r.value?.rev !== undefined && !r.error)).toBe(true);
    expect(await diffOf()).toEqual({});
    // And a removal shows at once too.
    const removed = await db.remove('player:p0', (await db.get('player:p0'))!._rev!);
    expect((await db.allDocs({ keys: ['player:p0'] })).rows[0]).toMatchObject({ id: 'player:p0', value: { rev: removed.rev, deleted: true } });
  });
});
