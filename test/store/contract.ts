import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreConflictError, type Database, type DocStore } from '../../server/store/docstore.js';

/**
 * Known, specific ways a backend answers differently from CouchDB. A run declares the ones it has; the one
 * assertion that depends on each checks the deviant shape exactly, so a fix (or a new difference) still shows up.
 */
export type KnownDeviation =
  /** express-pouchdb 4 (pouchdb-server) reads `name`/`message` off the `{error}` wrapper, so a missing document
   * in `_bulk_get` comes back as `{}`. */
  | 'bulk-get-missing-as-empty'
  /** Apache CouchDB 3.5 (seen on a real one, issue 36) does not check a `_local` document's `_rev`: a write with a
   * stale one lands (the last writer wins; replication checkpoints need no more). pouchdb-server and PouchDB refuse it. */
  | 'local-revs-unchecked';

export interface ContractSubject {
  store: DocStore;
  cleanup: () => Promise<void>;
  deviations?: KnownDeviation[];
}

const REV_A = `1-${'a'.repeat(32)}`;
const REV_B = `1-${'b'.repeat(32)}`;

/** A fresh trip id matching the trip id rule /^[a-z][a-z0-9]{5,39}$/. */
function tripId(): string {
  return `t${randomUUID().replace(/-/g, '').slice(0, 20)}`;
}

const ids = (rows: { id?: string }[]) => rows.map((r) => r.id);

/**
 * The DocStore port's contract, run against every adapter (and, for the CouchDB adapter, every server it is run
 * against). `make` is called before each test and gives an uninitialised store; trips the tests create are
 * destroyed before `cleanup` runs.
 */
export function runDocStoreContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`DocStore contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    let store: DocStore;
    let created: string[] = [];

    beforeEach(async () => {
      subject = await make();
      store = subject.store;
      created = [];
      await store.init();
    });

    afterEach(async () => {
      if (!subject) return;
      for (const id of created) await store.destroyTrip(id);
      await store.close();
      await subject.cleanup();
      subject = undefined;
    });

    const deviates = (d: KnownDeviation) => subject?.deviations?.includes(d) ?? false;

    async function newTrip(): Promise<Database> {
      const id = tripId();
      created.push(id);
      return store.createTrip(id);
    }

    it('initialises the registry with its queryable design document, and init can run again', async () => {
      await store.init();
      const ddoc = await store.registry.get('_design/registry');
      expect(Object.keys((ddoc?.views ?? {}) as object)).toEqual(expect.arrayContaining(['by_type', 'trips_by_organizer', 'tokens_by_trip']));

      const id = `tripindex:${randomUUID()}`;
      await store.registry.put({ _id: id, type: 'tripindex', ownerId: 'sub-1', coOrganizers: [{ accountId: 'sub-2', since: '2027-01-01T00:00:00.000Z', via: 'inv1' }] });
      const byType = await store.registry.query('registry/by_type', { key: 'tripindex' });
      expect(ids(byType.rows)).toEqual([id]);
      const byCoOrganizer = await store.registry.query('registry/trips_by_organizer', { key: ['sub', 'sub-2'], includeDocs: true });
      expect(byCoOrganizer.rows.map((r) => r.doc?.ownerId)).toEqual(['sub-1']);
    });

    it('creates a trip database idempotently, with the trip design document installed once', async () => {
      const id = tripId();
      created.push(id);
      expect(await store.tripExists(id)).toBe(false);
      const db = await store.createTrip(id);
      expect(db.name).toBe(`trip-${id}`);
      expect(store.tripDbName(id)).toBe(`trip-${id}`);
      expect(await store.tripExists(id)).toBe(true);
      const first = await db.get('_design/trip');
      expect(Object.keys((first?.views ?? {}) as object).sort()).toEqual(['by_round', 'by_type', 'player_refs']);
      expect(first?.validate_doc_update).toEqual(expect.any(String));

      await db.put({ _id: 'player:p1', type: 'player' });
      const again = await store.createTrip(id);
      // An identical design document is left alone, and the data survives.
      expect((await again.get('_design/trip'))?._rev).toBe(first?._rev);
      expect(await again.get('player:p1')).toMatchObject({ type: 'player' });
    });

    it('indexes trip documents by type, by round and by the players they refer to', async () => {
      const db = await newTrip();
      await db.bulkDocs([
        { _id: 'player:p1', type: 'player', name: 'Ann' },
        { _id: 'player:p2', type: 'player', name: 'Bo' },
        { _id: 'score:r1:p1:1', type: 'score', roundId: 'r1', playerId: 'p1', strokes: 4 },
        { _id: 'expense:e1', type: 'expense', payerId: 'p2', participants: ['p1', 'p2'], amount: 1200 },
      ]);
      const players = await db.query('trip/by_type', { key: 'player', includeDocs: true });
      expect(players.rows.map((r) => r.doc?.name)).toEqual(['Ann', 'Bo']);
      const both = await db.query('trip/by_type', { keys: ['score', 'expense'] });
      expect(ids(both.rows)).toEqual(['score:r1:p1:1', 'expense:e1']);
      const round = await db.query('trip/by_round', { key: ['r1', 'score'], includeDocs: true });
      expect(round.rows.map((r) => r.doc?.strokes)).toEqual([4]);
      const refs = await db.query('trip/player_refs', { startKey: ['p1'], endKey: ['p1', {}] });
      expect(ids(refs.rows).sort()).toEqual(['expense:e1', 'score:r1:p1:1']);
      expect((await db.query('trip/by_type', { key: 'player', limit: 1 })).rows).toHaveLength(1);
    });

    it('answers undefined for a missing document', async () => {
      const db = await newTrip();
      expect(await db.get('player:nobody')).toBeUndefined();
      expect(await db.get('receipt:a/b')).toBeUndefined();
    });

    it('round-trips documents whose ids hold ":", "/" and other URL characters, with their history', async () => {
      const db = await newTrip();
      const id = 'receipt:a/b c?d#e%f+g&h';
      const first = await db.put({ _id: id, type: 'receipt', note: 'green fee' });
      expect(first).toEqual({ id, rev: expect.stringMatching(/^1-/) });
      expect(await db.get(id)).toEqual({ _id: id, _rev: first.rev, type: 'receipt', note: 'green fee' });

      const second = await db.put({ _id: id, _rev: first.rev, type: 'receipt', note: 'cart' });
      expect(second.rev).toMatch(/^2-/);
      const doc = await db.get(id, { revs: true });
      expect(doc?.note).toBe('cart');
      expect(doc?._revisions).toEqual({ start: 2, ids: [second.rev.slice(2), first.rev.slice(2)] });
      expect((await db.get(id, { rev: first.rev }))?.note).toBe('green fee');
    });

    it('refuses a write or a removal with a stale revision with StoreConflictError', async () => {
      const db = await newTrip();
      const first = await db.put({ _id: 'player:p1', type: 'player', name: 'Ann' });
      await db.put({ _id: 'player:p1', _rev: first.rev, type: 'player', name: 'Ann B.' });
      await expect(db.put({ _id: 'player:p1', _rev: first.rev, type: 'player', name: 'Late' })).rejects.toMatchObject({
        name: 'StoreConflictError',
        docId: 'player:p1',
      });
      await expect(db.put({ _id: 'player:p1', type: 'player', name: 'No rev' })).rejects.toBeInstanceOf(StoreConflictError);
      await expect(db.remove('player:p1', first.rev)).rejects.toBeInstanceOf(StoreConflictError);
      expect((await db.get('player:p1'))?.name).toBe('Ann B.');
    });

    it('removes a document: get answers undefined, the tombstone stays readable by revision', async () => {
      const db = await newTrip();
      const { rev } = await db.put({ _id: 'tee:t1', type: 'teetime' });
      const removed = await db.remove('tee:t1', rev);
      expect(removed).toEqual({ id: 'tee:t1', rev: expect.stringMatching(/^2-/) });
      expect(await db.get('tee:t1')).toBeUndefined();
      expect(await db.get('tee:t1', { rev: removed.rev })).toMatchObject({ _id: 'tee:t1', _deleted: true });
    });

    it('bulk-writes with a conflict row for the stale document while the others land', async () => {
      const db = await newTrip();
      const held = await db.put({ _id: 'score:b', type: 'score', strokes: 5 });
      const rows = await db.bulkDocs([
        { _id: 'score:a', type: 'score', strokes: 3 },
        { _id: 'score:b', type: 'score', strokes: 9 },
        { _id: 'score:c', type: 'score', strokes: 4 },
      ]);
      expect(rows).toEqual([
        { id: 'score:a', ok: true, rev: expect.stringMatching(/^1-/) },
        { id: 'score:b', error: 'conflict', reason: expect.any(String) },
        { id: 'score:c', ok: true, rev: expect.stringMatching(/^1-/) },
      ]);
      expect((await db.get('score:a'))?.strokes).toBe(3);
      expect(await db.get('score:b')).toMatchObject({ _rev: held.rev, strokes: 5 });
      expect((await db.get('score:c'))?.strokes).toBe(4);
    });

    it('stores replicated leaf revisions as given (newEdits false), keeping both sides of a conflict', async () => {
      const db = await newTrip();
      // Two leaves of a new document in one request, as a replicator pushes them after two phones edited offline.
      const rows = await db.bulkDocs(
        [
          { _id: 'score:h1', _rev: REV_A, type: 'score', strokes: 4 },
          { _id: 'score:h1', _rev: REV_B, type: 'score', strokes: 5 },
        ],
        { newEdits: false },
      );
      expect(rows.filter((r) => r.error)).toEqual([]);
      // CouchDB's deterministic winner: same depth, so the greater revision id wins, on every replica.
      expect(await db.get('score:h1', { conflicts: true })).toMatchObject({ _rev: REV_B, strokes: 5, _conflicts: [REV_A] });

      const leaves = await db.getOpenRevs('score:h1', 'all');
      const revs = leaves.map((l) => ('ok' in l ? l.ok._rev : l.missing)).sort();
      expect(revs).toEqual([REV_A, REV_B]);
      const asked = await db.getOpenRevs('score:h1', [REV_A, '9-feed']);
      expect(asked).toEqual([{ ok: expect.objectContaining({ _rev: REV_A, strokes: 4 }) }, { missing: '9-feed' }]);
      // In the order asked, however the lookups finish (PouchDB) or the server sorts them (CouchDB 3.5): missing and
      // present interleaved, repeated.
      const order = ['9-feed', REV_B, '8-beef', REV_A, '7-cafe'];
      for (let i = 0; i < 20; i++) {
        const got = await db.getOpenRevs('score:h1', order);
        expect(got.map((l) => ('ok' in l ? l.ok._rev : l.missing))).toEqual(order);
      }
      expect(await db.getOpenRevs('score:none', 'all')).toEqual([]);

      const feed = await db.changes({ style: 'all_docs', docIds: ['score:h1'] });
      expect(feed.results.map((r) => r.changes.map((c) => c.rev).sort())).toEqual([[REV_A, REV_B]]);
    });

    it('keeps a replicated revision history (newEdits false): extends a branch, or adds a conflicting one', async () => {
      // Run on the registry, which has no validate_doc_update: pouchdb-server's validation plugin overwrites the
      // `_revisions` of an incoming document with the stored one's, which CouchDB never does.
      const db = store.registry;
      const id = `account:${randomUUID()}`;
      const first = await db.put({ _id: id, type: 'account', name: 'local' });
      const base = first.rev.slice(2);
      const branch = (tip: string, name: string) => ({ _id: id, _rev: `2-${tip}`, _revisions: { start: 2, ids: [tip, base] }, type: 'account', name });

      expect((await db.bulkDocs([branch('c'.repeat(32), 'phone')], { newEdits: false })).filter((r) => r.error)).toEqual([]);
      const extended = await db.get(id, { revs: true, conflicts: true });
      expect(extended).toMatchObject({ _rev: `2-${'c'.repeat(32)}`, name: 'phone', _revisions: { start: 2, ids: ['c'.repeat(32), base] } });
      expect(extended?._conflicts ?? []).toEqual([]);

      await db.bulkDocs([branch('d'.repeat(32), 'tablet')], { newEdits: false });
      expect(await db.get(id, { conflicts: true })).toMatchObject({ _rev: `2-${'d'.repeat(32)}`, name: 'tablet', _conflicts: [`2-${'c'.repeat(32)}`] });
    });

    it('lists documents by keys (a missing key gives an error row) and by id range, with documents', async () => {
      const db = await newTrip();
      await db.bulkDocs([1, 2, 3].map((n) => ({ _id: `item:${n}`, type: 'item', n })));
      const gone = await db.put({ _id: 'item:gone', type: 'item' });
      await db.remove('item:gone', gone.rev);

      const byKeys = await db.allDocs({ keys: ['item:3', 'item:none', 'item:1', 'item:gone'], includeDocs: true });
      expect(byKeys.rows[0]).toMatchObject({ id: 'item:3', key: 'item:3', value: { rev: expect.stringMatching(/^1-/) }, doc: { n: 3 } });
      expect(byKeys.rows[1]).toMatchObject({ key: 'item:none', error: 'not_found' });
      expect(byKeys.rows[2]).toMatchObject({ id: 'item:1', doc: { n: 1 } });
      expect(byKeys.rows[3]).toMatchObject({ id: 'item:gone', value: { deleted: true } });

      const range = await db.allDocs({ startKey: 'item:', endKey: 'item:\ufff0', limit: 2, skip: 1 });
      expect(ids(range.rows)).toEqual(['item:2', 'item:3']);
      expect(range.rows[0]?.doc).toBeUndefined();
      expect(range.totalRows).toBe(4); // three items and the design document
    });

    it('feeds changes since a sequence, page by page, with documents, ids filter and deletions', async () => {
      const db = await newTrip();
      const since = (await db.info()).updateSeq;
      const a = await db.put({ _id: 'round:a', type: 'round' });
      await db.put({ _id: 'round:b', type: 'round' });
      await db.put({ _id: 'round:c', type: 'round' });

      const all = await db.changes({ since });
      expect(ids(all.results).sort()).toEqual(['round:a', 'round:b', 'round:c']);
      const page1 = await db.changes({ since, limit: 2 });
      expect(page1.results).toHaveLength(2);
      const page2 = await db.changes({ since: page1.lastSeq });
      expect([...ids(page1.results), ...ids(page2.results)].sort()).toEqual(['round:a', 'round:b', 'round:c']);

      const withDocs = await db.changes({ since, includeDocs: true, docIds: ['round:b'] });
      expect(withDocs.results).toEqual([expect.objectContaining({ id: 'round:b', doc: expect.objectContaining({ type: 'round' }) })]);

      await db.remove('round:a', a.rev);
      const after = await db.changes({ since: all.lastSeq });
      expect(after.results).toEqual([expect.objectContaining({ id: 'round:a', deleted: true, changes: [{ rev: expect.stringMatching(/^2-/) }] })]);
      expect((await db.changes({ since: after.lastSeq })).results).toEqual([]);

      // `since` has no meaning going backwards: the descending feed is the whole feed, newest first.
      const down = await db.changes({ descending: true });
      expect(ids(down.results).sort()).toEqual(['_design/trip', 'round:a', 'round:b', 'round:c']);
      // A clustered CouchDB merges its shards' feeds without a global order (apache/couchdb#513); a single
      // sequence, as PouchDB and pouchdb-server have, must come newest first.
      const seqs = down.results.map((r) => r.seq);
      if (seqs.every((s) => typeof s === 'number')) expect(seqs).toEqual([...seqs].sort((x, y) => Number(y) - Number(x)));
    });

    it('reports the revisions it lacks (revsDiff) and serves documents in bulk with their history', async () => {
      const db = await newTrip();
      const one = await db.put({ _id: 'pair:1', type: 'pairing', group: 1 });
      const two = await db.put({ _id: 'pair:1', _rev: one.rev, type: 'pairing', group: 2 });
      const other = await db.put({ _id: 'pair:2', type: 'pairing', group: 3 });

      const diff = await db.revsDiff({ 'pair:1': [two.rev, '3-abc'], 'pair:2': [other.rev], 'pair:9': ['1-def'] });
      expect(diff['pair:1']?.missing).toEqual(['3-abc']);
      expect(diff['pair:2']).toBeUndefined();
      expect(diff['pair:9']?.missing).toEqual(['1-def']);

      const got = await db.bulkGet({ docs: [{ id: 'pair:1' }, { id: 'pair:2', rev: other.rev }, { id: 'pair:ghost' }], revs: true });
      const docsOf = (id: string) => got.results.find((r) => r.id === id)?.docs ?? [];
      expect(docsOf('pair:1')).toEqual([
        { ok: expect.objectContaining({ _rev: two.rev, group: 2, _revisions: { start: 2, ids: [two.rev.slice(2), one.rev.slice(2)] } }) },
      ]);
      expect(docsOf('pair:2')).toEqual([{ ok: expect.objectContaining({ _rev: other.rev, group: 3 }) }]);
      const ghost = docsOf('pair:ghost');
      expect(ghost).toHaveLength(1);
      if (deviates('bulk-get-missing-as-empty')) expect(ghost[0]).toEqual({});
      else expect(ghost[0]).toMatchObject({ error: { id: 'pair:ghost', error: 'not_found', reason: 'missing' } });
    });

    it('wakes a change waiter at the next write, and times out when nothing is written', async () => {
      const db = await newTrip();
      const since = (await db.info()).updateSeq;
      const started = Date.now();
      expect(await db.waitForChange(since, 300)).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);

      const waiting = db.waitForChange(since, 10_000);
      setTimeout(() => void db.put({ _id: 'wake:1', type: 'note' }), 100);
      const t0 = Date.now();
      expect(await waiting).toBe(true);
      expect(Date.now() - t0).toBeLessThan(5_000);
      // A change already past `since` answers at once.
      expect(await db.waitForChange(since, 10_000)).toBe(true);

      const controller = new AbortController();
      const aborted = db.waitForChange((await db.info()).updateSeq, 1_000, controller.signal);
      controller.abort();
      expect(await aborted).toBe(false);
    });

    it('keeps _local documents with revisions, out of the changes feed and the document list', async () => {
      const db = await newTrip();
      const since = (await db.info()).updateSeq;
      expect(await db.getLocal('sync/phone-1')).toBeUndefined();
      const first = await db.putLocal({ _id: 'sync/phone-1', lastSeq: 1 });
      expect(first.id).toBe('_local/sync/phone-1');
      expect(await db.getLocal('sync/phone-1')).toMatchObject({ _id: '_local/sync/phone-1', _rev: first.rev, lastSeq: 1 });
      const second = await db.putLocal({ _id: '_local/sync/phone-1', _rev: first.rev, lastSeq: 2 });
      expect(second.rev).not.toBe(first.rev);
      if (deviates('local-revs-unchecked')) {
        await db.putLocal({ _id: 'sync/phone-1', _rev: first.rev, lastSeq: 3 });
        expect((await db.getLocal('sync/phone-1'))?.lastSeq).toBe(3);
      } else {
        await expect(db.putLocal({ _id: 'sync/phone-1', _rev: first.rev, lastSeq: 3 })).rejects.toBeInstanceOf(StoreConflictError);
        expect((await db.getLocal('sync/phone-1'))?.lastSeq).toBe(2);
      }

      expect((await db.changes({ since })).results).toEqual([]);
      expect(ids((await db.allDocs()).rows)).toEqual(['_design/trip']);
    });

    it('counts documents and advances the update sequence (info)', async () => {
      const db = await newTrip();
      const before = await db.info();
      expect(before.dbName).toBe(db.name);
      expect(before.docCount).toBe(1); // the design document
      const { rev } = await db.put({ _id: 'travel:1', type: 'travel' });
      await db.put({ _id: 'travel:2', type: 'travel' });
      await db.putLocal({ _id: 'checkpoint', seq: 1 });
      const during = await db.info();
      expect(during.docCount).toBe(3);
      expect(during.updateSeq).not.toEqual(before.updateSeq);
      await db.remove('travel:1', rev);
      expect((await db.info()).docCount).toBe(2);
    });

    it('tells write listeners the ids each successful write stored, and nothing of refused writes or _local documents', async () => {
      const db = await newTrip();
      const seen: [string, string[]][] = [];
      const off = store.onWrite((dbName, written) => seen.push([dbName, [...written]]));
      const a = await db.put({ _id: 'player:a', type: 'player' });
      await db.bulkDocs([{ _id: 'player:b', type: 'player' }, { _id: 'player:a', _rev: REV_B, type: 'player' }]);
      await db.bulkDocs([{ _id: 'score:x', _rev: REV_A, type: 'score', _revisions: { start: 1, ids: ['a'.repeat(32)] } }], { newEdits: false });
      await db.remove('player:a', a.rev);
      await expect(db.put({ _id: 'player:b', type: 'player' })).rejects.toBeInstanceOf(StoreConflictError);
      await db.putLocal({ _id: 'checkpoint' });
      await store.registry.put({ _id: `portaltoken:${randomUUID()}`, type: 'portaltoken' });
      off();
      await db.put({ _id: 'player:c', type: 'player' });
      expect(seen.slice(0, 4)).toEqual([
        [db.name, ['player:a']],
        [db.name, ['player:b']],
        [db.name, ['score:x']],
        [db.name, ['player:a']],
      ]);
      expect(seen).toHaveLength(5);
      expect(seen[4]![0]).toBe(store.registry.name);
    });

    it('destroys a trip database: it no longer exists, destroying again is fine, a new one starts empty', async () => {
      const id = tripId();
      created.push(id);
      const db = await store.createTrip(id);
      await db.put({ _id: 'player:p1', type: 'player' });
      await store.destroyTrip(id);
      expect(await store.tripExists(id)).toBe(false);
      await store.destroyTrip(id);

      const fresh = await store.createTrip(id);
      expect(await fresh.get('player:p1')).toBeUndefined();
      expect((await fresh.info()).docCount).toBe(1);
    });
  });
}
