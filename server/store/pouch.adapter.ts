import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { designDocs } from '../../couchdb/design/index.js';
import { installDesignDocs } from './design.js';
import { SeqIndex } from './seq-index.js';
import {
  StoreConflictError,
  StoreUnavailableError,
  type AllDocsOptions,
  type BulkGetRequest,
  type BulkGetResult,
  type BulkResult,
  type ChangesOptions,
  type Database,
  type DocStore,
  type GetOptions,
  type RevsDiffRequest,
  type StoredDoc,
  type ViewOptions,
  WriteEvents,
  type WriteListener,
} from './docstore.js';

type Pouch = PouchDB.Database<Record<string, unknown>>;

const REGISTRY = 'golf_registry';
/** Databases whose changes feed is mirrored in memory at once (seq-index.ts); the least recently used drop theirs. */
const MAX_INDEXED = 200;

/**
 * The embedded adapter: PouchDB on LevelDB, one folder per database under `DATA_DIR/db/`. The default, so the
 * server runs on a laptop with no CouchDB.
 */
export class PouchDocStore implements DocStore {
  readonly kind = 'pouchdb' as const;
  private readonly dir: string;
  private readonly open = new Map<string, PouchDatabase>();
  private readonly events = new WriteEvents();
  /** Databases holding a SeqIndex, least recently used first. */
  private readonly indexed = new Map<string, PouchDatabase>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'db');
  }

  onWrite(listener: WriteListener): () => void {
    return this.events.on(listener);
  }

  /** LevelDB opens its folder as soon as a handle is made, so handles exist only after `init` made the folder. */
  get registry(): Database {
    return this.handle(REGISTRY);
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await installDesignDocs(this.registry, designDocs().registry);
  }

  tripDbName(tripId: string): string {
    return `trip-${tripId}`;
  }

  trip(tripId: string): Database {
    return this.handle(this.tripDbName(tripId));
  }

  async createTrip(tripId: string): Promise<Database> {
    const db = this.trip(tripId);
    // PouchDB has no _security object; access control is the server's (the CouchDB adapter sets it).
    await installDesignDocs(db, designDocs().trip);
    return db;
  }

  async destroyTrip(tripId: string): Promise<void> {
    const name = this.tripDbName(tripId);
    const db = this.open.get(name) ?? this.handle(name);
    this.open.delete(name);
    this.indexed.delete(name);
    await db.pouch.destroy();
  }

  async tripExists(tripId: string): Promise<boolean> {
    try {
      await stat(join(this.dir, this.tripDbName(tripId)));
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const dbs = [...this.open.values()];
    this.open.clear();
    this.indexed.clear();
    await Promise.all(dbs.map((d) => d.pouch.close().catch(() => undefined)));
  }

  /** Removes every database folder (tests only). */
  async wipe(): Promise<void> {
    await this.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private usedIndex(db: PouchDatabase): void {
    this.indexed.delete(db.name);
    this.indexed.set(db.name, db);
    if (this.indexed.size <= MAX_INDEXED) return;
    const [oldest] = this.indexed.values();
    this.indexed.delete(oldest!.name);
    oldest!.dropIndex();
  }

  private handle(name: string): PouchDatabase {
    let db = this.open.get(name);
    if (!db) {
      db = new PouchDatabase(name, new PouchDB(join(this.dir, name)), this.events, (d) => this.usedIndex(d));
      this.open.set(name, db);
    }
    return db;
  }
}

class PouchDatabase implements Database {
  constructor(
    readonly name: string,
    readonly pouch: Pouch,
    private readonly events: WriteEvents,
    private readonly onIndexUse: (db: PouchDatabase) => void,
  ) {}

  private index: SeqIndex | undefined;

  /** The in-memory changes mirror, made on first use (seq-index.ts). */
  private seqIndex(): SeqIndex {
    this.index ??= new SeqIndex({
      updateSeq: async () => Number((await this.pouch.info()).update_seq),
      changesSince: async (since, limit) => {
        const res = await this.pouch.changes({ since, limit, style: 'all_docs', include_docs: true });
        return { results: res.results.map((r) => ({ id: r.id, seq: Number(r.seq), changes: r.changes, ...(r.deleted ? { deleted: true } : {}), ...(r.doc ? { doc: { _rev: r.doc._rev } } : {}) })), lastSeq: Number(res.last_seq) };
      },
    });
    this.onIndexUse(this);
    return this.index;
  }

  dropIndex(): void {
    this.index = undefined;
  }

  private written(ids: string[]): void {
    this.events.emit(this.name, ids.filter((id) => !id.startsWith('_local/')));
  }

  async info() {
    const i = await this.pouch.info();
    return { dbName: this.name, docCount: i.doc_count, updateSeq: i.update_seq };
  }

  async get<T extends StoredDoc>(id: string, options: GetOptions = {}): Promise<T | undefined> {
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
      const res = await this.pouch.get(id, { open_revs: revs, revs: options.revs ?? false } as PouchDB.Core.GetOpenRevisions);
      return res as unknown as ({ ok: StoredDoc } | { missing: string })[];
    } catch (err) {
      if (status(err) === 404) return [];
      throw wrap(err);
    }
  }

  async put(doc: StoredDoc) {
    try {
      const r = await this.pouch.put(doc as PouchDB.Core.PutDocument<Record<string, unknown>>);
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (status(err) === 409) throw new StoreConflictError(doc._id);
      throw wrap(err);
    }
  }

  async remove(id: string, rev: string) {
    try {
      const r = await this.pouch.remove(id, rev);
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (status(err) === 409) throw new StoreConflictError(id);
      throw wrap(err);
    }
  }

  async bulkDocs(docs: StoredDoc[], options: { newEdits?: boolean } = {}): Promise<BulkResult[]> {
    const res = await this.pouch.bulkDocs(docs as PouchDB.Core.PutDocument<Record<string, unknown>>[], { new_edits: options.newEdits ?? true });
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
    const opts: Record<string, unknown> = { include_docs: options.includeDocs ?? false };
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
    // Pages without documents, oldest first (what replication asks for) come from the in-memory mirror.
    if (!options.includeDocs && !options.descending && Number.isSafeInteger(since)) {
      const res = await this.seqIndex().changes({
        since,
        style: options.style ?? 'main_only',
        // PouchDB (as CouchDB) takes a limit of 0 as 1.
        ...(options.limit !== undefined ? { limit: Math.max(1, options.limit) } : {}),
        ...(options.docIds ? { docIds: options.docIds } : {}),
      });
      return { lastSeq: res.lastSeq, results: res.results };
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

  /**
   * One live changes feed per database, shared by every waiter (longpolls of many phones), opened while anyone
   * waits and closed after; a waiter whose `since` is already behind answers at once.
   */
  async waitForChange(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return false;
    const current = (await this.pouch.info()).update_seq;
    if (Number(current) > Number(since)) return true;
    return new Promise((resolve) => {
      const waiter = (changed: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        if (this.waiters.size === 0) this.stopFeed();
        resolve(changed);
      };
      const onAbort = () => waiter(false);
      const timer = setTimeout(() => waiter(false), timeoutMs);
      signal?.addEventListener('abort', onAbort);
      this.waiters.add(waiter);
      this.startFeed(current);
      // A write between the first look and joining a feed that was already running would be missed: look again.
      void this.pouch.info().then(
        (i) => (Number(i.update_seq) > Number(since) ? waiter(true) : undefined),
        () => undefined,
      );
    });
  }

  private readonly waiters = new Set<(changed: boolean) => void>();
  private feed: PouchDB.Core.Changes<Record<string, unknown>> | undefined;

  private startFeed(since: string | number) {
    if (this.feed) return;
    this.feed = this.pouch.changes({ since: since as number, live: true });
    const wakeAll = () => {
      for (const w of [...this.waiters]) w(true);
    };
    this.feed.on('change', wakeAll);
    this.feed.on('error', () => {
      this.stopFeed();
      for (const w of [...this.waiters]) w(false);
    });
  }

  private stopFeed() {
    this.feed?.cancel();
    this.feed = undefined;
  }

  async revsDiff(request: RevsDiffRequest) {
    return (await this.pouch.revsDiff(request)) as unknown as Awaited<ReturnType<Database['revsDiff']>>;
  }

  async bulkGet(request: BulkGetRequest): Promise<BulkGetResult> {
    const res = (await this.pouch.bulkGet(request as PouchDB.Core.BulkGetOptions)) as unknown as {
      results: { id: string; docs: ({ ok: StoredDoc } | { error: unknown })[] }[];
    };
    // PouchDB puts its own error object (with a stack) where CouchDB answers {id, rev, error, reason}.
    return {
      results: res.results.map((r, i) => ({
        id: r.id,
        docs: r.docs.map((d) =>
          'ok' in d ? d : { error: { id: r.id, rev: request.docs[i]?.rev ?? 'undefined', error: 'not_found', reason: 'missing' } },
        ),
      })),
    };
  }

  async getLocal(id: string) {
    return this.get(`_local/${id}`);
  }

  async putLocal(doc: StoredDoc) {
    return this.put({ ...doc, _id: doc._id.startsWith('_local/') ? doc._id : `_local/${doc._id}` });
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
