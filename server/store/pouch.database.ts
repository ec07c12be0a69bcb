/**
 * One database of the embedded adapter (pouch.adapter.ts): PouchDB on LevelDB, with what makes it fast under load
 * beside it: the in-memory changes mirror that answers reads (seq-index.ts), the group commit of writes
 * (group-commit.ts), one live feed for every longpoll (pouch-live.ts), and caches of replication checkpoints and of
 * revisions fetched by `_bulk_get`.
 */
import PouchDB from 'pouchdb-node';
import { GroupCommit } from './group-commit.js';
import { LiveChanges } from './pouch-live.js';
import { allDocsByKeys, allDocsRange, type MirrorReads } from './pouch-mirror-reads.js';
import { SeqIndex, type SourceRow } from './seq-index.js';
import {
  inAskedOrder,
  StoreConflictError,
  StoreUnavailableError,
  type AllDocsOptions,
  type BulkGetRequest,
  type BulkGetResult,
  type BulkResult,
  type ChangesOptions,
  type ChangesResult,
  type Database,
  type GetOptions,
  type RevsDiffRequest,
  type StoredDoc,
  type ViewOptions,
  type WriteEvents,
} from './docstore.js';

type Pouch = PouchDB.Database<Record<string, unknown>>;

/** Local documents (replication checkpoints) kept in memory per database. */
const MAX_CACHED_LOCALS = 10_000;
/** Revisions (by id and revision) kept in memory per database for `_bulk_get`, most recently read last. */
const MAX_CACHED_REVISIONS = 2_000;

export class PouchDatabase implements Database {
  constructor(
    readonly name: string,
    readonly pouch: Pouch,
    private readonly events: WriteEvents,
    private readonly onIndexUse: (db: PouchDatabase) => void,
    /** Awaited before a write of documents (the adapter's write mark: pouch.adapter.ts `WriteMarks`). */
    private readonly beforeWrite: () => Promise<void> = async () => {},
    /**
     * Whether reads are answered from the in-memory mirror. False for a database whose reads are few and cached
     * above it (the registry: portal accesses are cached in session.ts), where a mirror of every document would cost
     * memory for nothing: a 1,000-trip season's registry holds 33,000 documents, 18.5 MB of JSON, mostly portal
     * tokens of trips long over.
     */
    private readonly mirrored = true,
  ) {
    this.live = new LiveChanges(pouch);
    // Every bulkDocs goes through the group commit (group-commit.ts), tracked for the mirror like any write.
    this.writes = new GroupCommit((docs, newEdits) =>
      this.tracked(docs.map((d) => d._id).filter(Boolean), () => this.pouch.bulkDocs(docs as PouchDB.Core.PutDocument<Record<string, unknown>>[], { new_edits: newEdits }) as Promise<unknown[]>),
    );
  }

  private readonly writes: GroupCommit;

  private index: SeqIndex | undefined;

  /** The in-memory changes mirror, made on first use (seq-index.ts). */
  private seqIndex(): SeqIndex {
    this.index ??= new SeqIndex({
      updateSeq: async () => Number((await this.pouch.info()).update_seq),
      changesSince: async (since, limit) => {
        const res = await this.pouch.changes({ since, limit, style: 'all_docs', include_docs: true });
        return { results: res.results.map(sourceRow), lastSeq: Number(res.last_seq) };
      },
      // The feed read as it comes and stopped at the first row past `upTo` (PouchDB then reads no further).
      changesBetween: async (since, upTo) => {
        const rows: SourceRow[] = [];
        const feed = this.pouch.changes({ since, style: 'all_docs', include_docs: true, return_docs: false });
        feed.on('change', (change) => {
          if (Number(change.seq) > upTo) feed.cancel();
          else rows.push(sourceRow(change));
        });
        await feed;
        return rows;
      },
    });
    this.onIndexUse(this);
    return this.index;
  }

  dropIndex(): void {
    this.index = undefined;
  }

  mirroredChars(): number {
    return this.index?.bodyChars ?? 0;
  }

  /** The mirror with what it needs to answer reads that PouchDB would otherwise answer (pouch-mirror-reads.ts). */
  private mirror(): MirrorReads {
    return { index: this.seqIndex(), pouch: this.pouch, writing: this.writingIds };
  }

  /** Ids being written now (a count per id): the mirror does not vouch for them until it read their write. */
  private readonly writing = new Map<string, number>();
  private readonly writingIds = { has: (id: string) => this.writing.has(id), ids: () => this.writing.keys() };

  /**
   * Runs a write of `ids`, telling the mirror: while it runs the ids are unsure, and once it finished (or failed:
   * it may have written some) they stay unsure until a catch-up reads past the sequence it ended at.
   */
  private async tracked<T>(ids: string[], write: () => Promise<T>): Promise<T> {
    for (const id of ids) this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
    const ofDocuments = ids.some((id) => !id.startsWith('_local/'));
    if (ofDocuments) this.generation += 1;
    try {
      if (ofDocuments) await this.beforeWrite();
      return await write();
    } finally {
      // Before the caller learns the write is done: a read that saw the generation before it cannot pass for later.
      if (ofDocuments) this.generation += 1;
      // update_seq is in memory and moved at commit: it is at least the sequence of this write.
      // (Unknown if info fails: then the ids stay unsure, so they are always read from PouchDB.) The caller does not
      // wait for this: the ids stay in `writing` (unsure) until it is done, and reads that catch up do not need it.
      void this.pouch
        .info()
        .then((i) => Number(i.update_seq), () => Number.MAX_SAFE_INTEGER)
        .then((seq) => {
          this.index?.wrote(ids, seq);
          for (const id of ids) {
            const n = (this.writing.get(id) ?? 1) - 1;
            if (n > 0) this.writing.set(id, n);
            else this.writing.delete(id);
          }
        });
    }
  }

  /** Moved when a write of documents starts and when it ends (replication checkpoints do not move it). */
  private generation = 0;

  /**
   * LevelDB lets only this process open the database, so every write goes through `tracked`: two reads that saw the
   * same generation saw the same acknowledged writes (the gateway shares a changes answer between them).
   */
  changesGeneration(): number {
    return this.generation;
  }

  private written(ids: string[]): void {
    this.events.emit(this.name, ids.filter((id) => !id.startsWith('_local/')));
  }

  async info() {
    const i = await this.pouch.info();
    return { dbName: this.name, docCount: i.doc_count, updateSeq: i.update_seq };
  }

  async get<T extends StoredDoc>(id: string, options: GetOptions = {}): Promise<T | undefined> {
    // The winner alone is read from the mirror, parsed afresh for each caller (callers may change what they get).
    if (this.mirrored && !options.rev && !options.revs && !options.conflicts && !id.startsWith('_local/')) {
      const body = await this.seqIndex().doc(id, this.writingIds);
      if (body === null) return undefined;
      if (body !== undefined) return JSON.parse(body) as T;
    }
    try {
      const opts: PouchDB.Core.GetOptions = {};
      if (options.rev) opts.rev = options.rev;
      if (options.revs) opts.revs = true;
      if (options.conflicts) opts.conflicts = true;
      const doc = (await this.pouch.get(id, opts)) as unknown as T;
      return doc._deleted && !options.rev ? undefined : doc;
    } catch (err) {
      if (status(err) === 404) return undefined;
      throw wrap(err);
    }
  }

  async getOpenRevs(id: string, revs: 'all' | string[], options: { revs?: boolean; latest?: boolean } = {}) {
    try {
      // `latest` is not passed on: PouchDB 9 throws an uncaught "Unable to resolve latest revision" for a revision
      // the document never had, which would hang the request. Callers resolve "latest" from the leaves instead.
      const res = (await this.pouch.get(id, { open_revs: revs, revs: options.revs ?? false } as PouchDB.Core.GetOpenRevisions)) as unknown as (
        | { ok: StoredDoc }
        | { missing: string }
      )[];
      return revs === 'all' ? res : inAskedOrder(revs, res);
    } catch (err) {
      if (status(err) === 404) return [];
      throw wrap(err);
    }
  }

  async put(doc: StoredDoc) {
    try {
      const r = await this.tracked([doc._id], () => this.pouch.put(doc as PouchDB.Core.PutDocument<Record<string, unknown>>));
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (status(err) === 409) throw new StoreConflictError(doc._id);
      throw wrap(err);
    }
  }

  async remove(id: string, rev: string) {
    try {
      const r = await this.tracked([id], () => this.pouch.remove(id, rev));
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (status(err) === 409) throw new StoreConflictError(id);
      throw wrap(err);
    }
  }

  async bulkDocs(docs: StoredDoc[], options: { newEdits?: boolean } = {}): Promise<BulkResult[]> {
    const res = await this.writes.submit(docs, options.newEdits ?? true);
    const rows = res.map((r, i) => {
      const row = r as { id?: string; rev?: string; ok?: boolean; error?: boolean | string; name?: string; message?: string; reason?: string; status?: number };
      if (row.error) {
        const error = typeof row.error === 'string' ? row.error : (row.name ?? 'error');
        return { id: row.id ?? docs[i]!._id, error, reason: row.reason ?? row.message ?? error };
      }
      return { id: row.id ?? docs[i]!._id, rev: row.rev!, ok: true };
    });
    // With new_edits=false CouchDB lists only failures: every document without an error row was written.
    const failed = new Set(rows.filter((r) => r.error).map((r) => r.id));
    const ok = rows.filter((r) => !r.error).map((r) => r.id);
    this.written([...new Set([...ok, ...docs.map((d) => d._id).filter((id) => id && !failed.has(id))])]);
    return rows;
  }

  async allDocs(options: AllDocsOptions = {}) {
    if (!this.mirrored) return this.allDocsOfPouch(options);
    if (options.keys && options.limit === undefined && options.skip === undefined) return allDocsByKeys(this.mirror(), options.keys, options.includeDocs ?? false, options.conflicts ?? false);
    if (!options.keys && !options.conflicts && options.limit === undefined && !options.skip && options.startKey !== undefined && options.endKey !== undefined) {
      const mirrored = await allDocsRange(this.mirror(), options.startKey, options.endKey, options.includeDocs ?? false, options.shared ?? false);
      if (mirrored) return mirrored;
    }
    return this.allDocsOfPouch(options);
  }

  private async allDocsOfPouch(options: AllDocsOptions) {
    const opts: Record<string, unknown> = { include_docs: options.includeDocs ?? false };
    if (options.conflicts && options.includeDocs) opts.conflicts = true;
    if (options.keys) opts.keys = options.keys;
    if (options.startKey !== undefined) opts.startkey = options.startKey;
    if (options.endKey !== undefined) opts.endkey = options.endKey;
    if (options.limit !== undefined) opts.limit = options.limit;
    if (options.skip !== undefined) opts.skip = options.skip;
    const res = await this.pouch.allDocs(opts);
    return {
      totalRows: res.total_rows,
      rows: res.rows.map((r) => {
        const row = r as unknown as { id?: string; key: string; value?: { rev: string; deleted?: boolean }; doc?: StoredDoc | null; error?: string };
        return { id: row.id, key: row.key, value: row.value, doc: row.doc, error: row.error };
      }),
    };
  }

  async query(view: string, options: ViewOptions = {}) {
    const opts: Record<string, unknown> = { include_docs: options.includeDocs ?? false, reduce: options.reduce ?? false };
    if (options.key !== undefined) opts.key = options.key;
    if (options.keys !== undefined) opts.keys = options.keys;
    if (options.startKey !== undefined) opts.startkey = options.startKey;
    if (options.endKey !== undefined) opts.endkey = options.endKey;
    if (options.limit !== undefined) opts.limit = options.limit;
    if (options.skip !== undefined) opts.skip = options.skip;
    try {
      const res = await this.pouch.query(view, opts);
      return {
        totalRows: res.total_rows,
        rows: res.rows.map((r) => ({ id: r.id, key: r.key, value: r.value, doc: r.doc as StoredDoc | undefined })),
      };
    } catch (err) {
      throw wrap(err);
    }
  }

  async changes(options: ChangesOptions = {}) {
    const since = Number(options.since ?? 0);
    // Pages oldest first (what replication asks for), with documents or without, come from the in-memory mirror;
    // PouchDB answers what the mirror cannot (descending, a body it does not hold).
    if (this.mirrored && !options.descending && Number.isSafeInteger(since)) {
      const res = await this.seqIndex().changes({
        since,
        style: options.style ?? 'main_only',
        // PouchDB (as CouchDB) takes a limit of 0 as 1.
        ...(options.limit !== undefined ? { limit: Math.max(1, options.limit) } : {}),
        ...(options.docIds ? { docIds: options.docIds } : {}),
        ...(options.includeDocs ? { includeDocs: true, rawDocs: options.rawDocs ?? false } : {}),
      });
      if (res) return { lastSeq: res.lastSeq, results: res.results as ChangesResult['results'] };
    }
    const opts: PouchDB.Core.ChangesOptions = {
      since: (options.since ?? 0) as number,
      include_docs: options.includeDocs ?? false,
      style: options.style ?? 'main_only',
      descending: options.descending ?? false,
    };
    if (options.limit !== undefined) opts.limit = options.limit;
    if (options.docIds) opts.doc_ids = options.docIds;
    const res = await this.pouch.changes(opts);
    return {
      lastSeq: res.last_seq,
      results: res.results.map((r) => {
        const row: { id: string; seq: string | number; changes: { rev: string }[]; deleted?: boolean; doc?: StoredDoc } = {
          id: r.id,
          seq: r.seq,
          changes: r.changes,
        };
        if (r.deleted) row.deleted = true;
        if (r.doc) row.doc = r.doc as unknown as StoredDoc;
        return row;
      }),
    };
  }

  /** One live changes feed shared by every longpoll of this database (pouch-live.ts). */
  private readonly live: LiveChanges;

  waitForChange(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return this.live.waitForChange(since, timeoutMs, signal);
  }

  /** Ids the mirror knows to be absent lack every revision; only the others are asked of PouchDB. */
  async revsDiff(request: RevsDiffRequest) {
    if (!this.mirrored) return (await this.pouch.revsDiff(request)) as unknown as Awaited<ReturnType<Database['revsDiff']>>;
    const ids = Object.keys(request);
    const { known } = await this.seqIndex().lookup(ids, (id) => this.writing.has(id));
    const result: Awaited<ReturnType<Database['revsDiff']>> = {};
    const rest: RevsDiffRequest = {};
    for (const id of ids) {
      if (known.get(id) === null) result[id] = { missing: [...request[id]!] };
      else rest[id] = request[id]!;
    }
    if (Object.keys(rest).length === 0) return result;
    return { ...result, ...((await this.pouch.revsDiff(rest)) as unknown as Awaited<ReturnType<Database['revsDiff']>>) };
  }

  /**
   * `_bulk_get` as CouchDB answers it: one result per request, in request order, each revision asked for (or the
   * winner when none is) with its history if `revs`. Each is one `get` by revision, run together: about twice as
   * fast as PouchDB's own bulkGet, which reads every document through `open_revs`.
   */
  async bulkGet(request: BulkGetRequest): Promise<BulkGetResult> {
    const results = await Promise.all(
      request.docs.map(async ({ id, rev }) => {
        try {
          const key = rev ? `${request.revs ? 1 : 0}${rev}\u0000${id}` : undefined;
          const known = key ? this.revisions.get(key) : undefined;
          if (key && known !== undefined) {
            this.revisions.delete(key);
            this.revisions.set(key, known);
            return { id, docs: [{ ok: JSON.parse(known) as StoredDoc }] };
          }
          const doc = await this.pouch.get(id, { ...(rev ? { rev } : {}), ...(request.revs ? { revs: true } : {}) });
          if (key) {
            if (this.revisions.size >= MAX_CACHED_REVISIONS) this.revisions.delete(this.revisions.keys().next().value!);
            this.revisions.set(key, JSON.stringify(doc));
          }
          return { id, docs: [{ ok: doc as unknown as StoredDoc }] };
        } catch (err) {
          if (status(err) !== 404) throw wrap(err);
          return { id, docs: [{ error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' } }] };
        }
      }),
    );
    return { results };
  }

  /**
   * Revisions fetched by `_bulk_get` (JSON by revision and id, least recently read first). A revision never changes
   * (its body and its ancestry are fixed when it is written; stemming can only shorten `_revisions`, and a copy with
   * more of them is as valid), so no write has to invalidate anything: when a score arrives, the 29 other phones of a
   * trip ask for that same revision and LevelDB reads it once.
   */
  private readonly revisions = new Map<string, string>();

  /**
   * Replication checkpoints, read by every phone at every pull: kept in memory once read or written (LevelDB lets
   * only this process open the database, so every write of one goes through `putLocal` here). A copy for each caller.
   */
  private readonly locals = new Map<string, StoredDoc | null>();
  /** Bumped by every `putLocal`: a read that started before one is not kept. */
  private localWrites = 0;

  async getLocal(id: string) {
    const key = `_local/${id}`;
    const known = this.locals.get(key);
    if (known !== undefined) return known ? structuredClone(known) : undefined;
    const before = this.localWrites;
    const doc = await this.get(key);
    if (before === this.localWrites) {
      if (this.locals.size >= MAX_CACHED_LOCALS) this.locals.clear();
      this.locals.set(key, doc ? structuredClone(doc) : null);
    }
    return doc;
  }

  /**
   * Written with the group commit (PouchDB stores `_local/` documents in a batch like any other): a replication
   * checkpoint, written by every phone after every batch it pulls, then does not take a write turn of its own
   * that the next score write would wait behind.
   */
  async putLocal(doc: StoredDoc) {
    const id = doc._id.startsWith('_local/') ? doc._id : `_local/${doc._id}`;
    this.localWrites += 1;
    this.locals.delete(id);
    const [row] = await this.bulkDocs([{ ...doc, _id: id }]).finally(() => (this.localWrites += 1));
    if (row?.error === 'conflict') throw new StoreConflictError(id);
    if (!row?.ok || !row.rev) throw new StoreUnavailableError(row?.reason ?? 'local document not written');
    // Written: the stored document is what was sent, with its new revision (writes of one id land in order).
    this.locals.set(id, structuredClone({ ...doc, _id: id, _rev: row.rev }));
    return { id, rev: row.rev };
  }
}

function status(err: unknown): number | undefined {
  return (err as { status?: number } | null)?.status;
}

function wrap(err: unknown): Error {
  if (err instanceof Error) return err;
  const e = err as { message?: string; reason?: string; name?: string } | null;
  return new StoreUnavailableError(e?.reason ?? e?.message ?? e?.name ?? 'storage error', { cause: err });
}

/** A row of PouchDB's changes feed as the mirror takes it. */
function sourceRow(r: PouchDB.Core.ChangesResponseChange<Record<string, unknown>>): SourceRow {
  return { id: r.id, seq: Number(r.seq), changes: r.changes, ...(r.deleted ? { deleted: true } : {}), ...(r.doc ? { doc: r.doc } : {}) };
}
