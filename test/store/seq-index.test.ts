/**
 * The embedded adapter answers `changes` pages without documents from an in-memory mirror (server/store/seq-index.ts).
 * Checked against PouchDB's own feed on the same LevelDB database: after random writes (new documents, edits,
 * deletions, replicated conflicting branches), every page asked for with random since/limit/style/doc_ids is the
 * same, including `last_seq`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesOptions, Database, StoredDoc } from '../../server/store/docstore.js';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';

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
  });
  return { lastSeq: res.last_seq, results: res.results.map((r) => ({ id: r.id, seq: r.seq, changes: r.changes, ...(r.deleted ? { deleted: true } : {}) })) };
}

const ID_POOL = Array.from({ length: 12 }, (_, i) => `score:card-${i}:1`);
const hash = (n: number) => n.toString(16).padStart(32, '0');

type Op = { kind: 'put'; id: number; v: number } | { kind: 'delete'; id: number } | { kind: 'branch'; id: number; n: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: fc.nat({ max: ID_POOL.length - 1 }), v: fc.nat({ max: 99 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.nat({ max: ID_POOL.length - 1 }) }),
  fc.record({ kind: fc.constant('branch' as const), id: fc.nat({ max: ID_POOL.length - 1 }), n: fc.integer({ min: 1, max: 1_000_000 }) }),
);

async function apply(db: Database, o: Op): Promise<void> {
  const id = ID_POOL[o.id]!;
  const current = await db.get(id);
  if (o.kind === 'put') {
    await db.put({ _id: id, type: 'score', strokes: o.v, ...(current ? { _rev: current._rev } : {}) } as StoredDoc);
  } else if (o.kind === 'delete') {
    if (current) await db.remove(id, current._rev!);
  } else {
    // A revision replicated from a phone that never saw the stored one: a conflicting branch.
    const depth = 1 + (o.n % 3);
    await db.bulkDocs([{ _id: id, type: 'score', strokes: o.n % 9, _rev: `${depth}-${hash(o.n)}`, _revisions: { start: depth, ids: Array.from({ length: depth }, (_, k) => hash(o.n + k)) } }], { newEdits: false });
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
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (bursts, queries) => {
          const db = await store.createTrip(`tseqindex${round++}`);
          // Writes in bursts with reads between them: the mirror catches up several times.
          for (const burst of bursts) {
            for (const o of burst) await apply(db, o);
            for (const q of queries) {
              const options: ChangesOptions = { since: q.since, style: q.style, ...(q.limit !== undefined ? { limit: q.limit } : {}), ...(q.docIds ? { docIds: q.docIds } : {}) };
              expect(await db.changes(options)).toEqual(await reference(db, options));
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
          await store.destroyTrip(`tseqindex${round - 1}`);
        },
      ),
      { numRuns: 25 },
    );
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
});
