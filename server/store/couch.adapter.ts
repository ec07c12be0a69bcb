import { designDocs } from '../../couchdb/design/index.js';
import { stamp } from './arrival.js';
import { updatedSince } from './change-watch.js';
import { CouchHttp, CouchRequestError, isStatus, type Query } from './couch-http.js';
import { SharedLongpoll } from './couch-longpoll.js';
import { CouchMirror } from './couch-mirror.js';
import { installDesignDocs } from './design.js';
import {
  type DbUpdates,
  type DbUpdatesOptions,
  inAskedOrder,
  StoreConflictError,
  tripSecurity,
  type AllDocsOptions,
  type AllDocsRow,
  type BulkGetRequest,
  type BulkGetResult,
  type BulkResult,
  type ChangeRow,
  type ChangesOptions,
  type CopyFeed,
  type Database,
  type DbInfo,
  type StateOptions,
  type DocStore,
  type GetOptions,
  type RevsDiffRequest,
  type RevsDiffResult,
  type StoredDoc,
  type ViewOptions,
  type ViewRow,
  WriteEvents,
  type WriteListener,
} from './docstore.js';

const REGISTRY = 'golf_registry';
/** Trip database objects kept (each only a name and what was computed from it: boards of its latest state). */
const MAX_OPEN_TRIPS = 1_000;
/**
 * Characters of document JSON the copies of trips (couch-mirror.ts) may hold together, unless configured
 * (`TRIP_COPIES_MB`): past it the least recently read trips drop theirs. The trips in play are read every few
 * seconds (boards, the TV), so they keep theirs; a trip nobody reads costs nothing but its copy's memory, and only
 * until {@link COPY_IDLE_MS}.
 */
const MAX_COPIES_CHARS = 128 * 1024 * 1024;
/** A trip's copy and its database object not read for this long are dropped: a sleeping trip holds no memory. */
export const COPY_IDLE_MS = 15 * 60_000;
/**
 * A lagging read (`state({ lagging: true })`) takes the copy as it stands for at most this long after its last
 * catch-up, even when the feed of database updates names nothing: a feed that stopped answering without failing
 * leaves a TV this late at most.
 */
export const LAGGING_MAX_MS = 10_000;

export interface CouchDocStoreOptions {
  /** Name of the registry database; tests give each run its own so they never touch a real registry. */
  registryName?: string;
  /** `q` (shards) and `n` (copies) of each new trip database (`COUCHDB_TRIP_Q`, `COUCHDB_TRIP_N`); default q=1. */
  tripShards?: { q: number; n?: number };
  /** Characters of document JSON the copies of trips may hold together (`TRIP_COPIES_MB`). */
  copiesChars?: number;
  /** The clock of idleness (tests move it). */
  now?: () => number;
}

/**
 * The CouchDB adapter: one database per trip on an Apache CouchDB 3 server or cluster (COUCHDB_URL, with the
 * server admin's credentials in it). It speaks only the documented HTTP API, so pouchdb-server serves it in tests.
 */
export class CouchDocStore implements DocStore {
  readonly kind = 'couchdb' as const;
  readonly registry: Database;
  private readonly http: CouchHttp;
  private readonly events = new WriteEvents();
  /** Trip database objects, least recently used first. */
  private readonly trips = new Map<string, { db: CouchDatabase; usedAt: number }>();
  private readonly mirrors: MirrorBudget;
  private readonly tripShards: { q: number; n?: number };
  private readonly now: () => number;
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;

  constructor(url: string, options: CouchDocStoreOptions = {}) {
    this.http = new CouchHttp(url);
    this.now = options.now ?? (() => performance.now());
    this.registry = new CouchDatabase(this.http, options.registryName ?? REGISTRY, this.events);
    this.mirrors = new MirrorBudget(options.copiesChars ?? MAX_COPIES_CHARS, this.now);
    this.tripShards = options.tripShards ?? { q: 1 };
    // A server nobody asks anything still lets go of the trips that went to sleep.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  onWrite(listener: WriteListener): () => void {
    return this.events.on(listener);
  }

  async init(): Promise<void> {
    await this.createDb(this.registry.name);
    await installDesignDocs(this.registry, designDocs().registry);
  }

  tripDbName(tripId: string): string {
    return `trip-${tripId}`;
  }

  /**
   * One database object per trip, kept while in use (the most recently used `MAX_OPEN_TRIPS`): what is computed once
   * per state of a database and shared (boards, `by-seq.ts`) is remembered per object, so a new object per call
   * would compute every board afresh on every request.
   */
  trip(tripId: string): Database {
    const name = this.tripDbName(tripId);
    const now = this.now();
    const held = this.trips.get(name);
    if (held) this.trips.delete(name);
    const db = held?.db ?? new CouchDatabase(this.http, name, this.events, this.mirrors, (dbName, since) => updatedSince(this, dbName, since));
    this.trips.set(name, { db, usedAt: now });
    // Least recently used first: past the count, or idle for long, an object goes (with what was computed from it).
    this.sweep(now);
    return db;
  }

  /** Drops the trip objects (and copies) of the trips not used for {@link COPY_IDLE_MS}, and past the count. */
  private sweep(now = this.now()): void {
    for (const [oldest, { usedAt }] of this.trips) {
      if (this.trips.size <= MAX_OPEN_TRIPS && now - usedAt < COPY_IDLE_MS) break;
      this.trips.delete(oldest);
      this.mirrors.forget(oldest);
    }
    this.mirrors.sweep();
  }

  /** What this server holds of trips now: database objects, copies and their characters (for tests and benches). */
  held(): { tripObjects: number; copies: number; copiedChars: number } {
    return { tripObjects: this.trips.size, ...this.mirrors.held() };
  }

  async createTrip(tripId: string): Promise<Database> {
    const db = this.trip(tripId);
    // Sharding is chosen at creation (CouchDB API: PUT /{db}?q=&n=); pouchdb-server ignores both.
    await this.createDb(db.name, { q: this.tripShards.q, n: this.tripShards.n });
    // Replaced every time, so a database created by an older version gets the current members.
    await this.http.request({ method: 'PUT', path: `${dbPath(db.name)}/_security`, body: tripSecurity(tripId) });
    await installDesignDocs(db, designDocs().trip);
    return db;
  }

  async destroyTrip(tripId: string): Promise<void> {
    this.trips.delete(this.tripDbName(tripId));
    this.mirrors.forget(this.tripDbName(tripId));
    try {
      await this.http.request({ method: 'DELETE', path: dbPath(this.tripDbName(tripId)) });
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
    }
  }

  async tripExists(tripId: string): Promise<boolean> {
    try {
      await this.http.request({ path: dbPath(this.tripDbName(tripId)) });
      return true;
    } catch (err) {
      if (isStatus(err, 404)) return false;
      throw err;
    }
  }

  /**
   * Ends the requests that wait on CouchDB (the shared longpolls of `waitForChange`): a stopped server must not hold
   * a longpoll open for up to a minute (their waiters are told the store is unavailable). Every other request is a
   * stateless HTTP call.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.http.close();
  }

  /**
   * `GET /_db_updates` (CouchDB API: server-wide, admins only): answered from CouchDB's `_global_changes` database,
   * each database once per answer. A server without the feed answers an error status to the first request;
   * pouchdb-server answers 400.
   */
  async dbUpdates(options: DbUpdatesOptions): Promise<DbUpdates | 'unsupported' | 'closed'> {
    if (this.closed) return 'closed';
    const longpoll = options.timeoutMs !== undefined;
    try {
      const res = await this.http.request<{ results?: { db_name: string; type: string }[]; last_seq: string | number }>({
        path: '_db_updates',
        qs: { since: options.since, feed: longpoll ? 'longpoll' : 'normal', timeout: longpoll ? options.timeoutMs : undefined },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (res.last_seq === undefined) return 'unsupported';
      return { results: (res.results ?? []).map((r) => ({ dbName: r.db_name, type: r.type })), lastSeq: res.last_seq };
    } catch (err) {
      if (this.closed) return 'closed';
      if (err instanceof CouchRequestError) return 'unsupported';
      throw err;
    }
  }

  /** The `_db_updates` position (undefined where the server has no feed). */
  async writesPosition(): Promise<string | number | undefined> {
    const now = await this.dbUpdates({ since: 'now' });
    return typeof now === 'object' ? now.lastSeq : undefined;
  }

  /** The databases `_db_updates` names since `position` (CouchDB's sequences are durable; undefined without the feed). */
  async databasesWrittenSince(position: string | number): Promise<Set<string> | undefined> {
    const updated = await this.dbUpdates({ since: position }).catch(() => 'unsupported' as const);
    return typeof updated === 'object' ? new Set(updated.results.map((r) => r.dbName)) : undefined;
  }

  private async createDb(name: string, shards: { q?: number; n?: number } = {}): Promise<void> {
    try {
      await this.http.request({ method: 'PUT', path: dbPath(name), qs: { q: shards.q, n: shards.n } });
    } catch (err) {
      // 412 file_exists: created earlier, or by another server instance a moment ago.
      if (!isStatus(err, 412)) throw err;
    }
  }
}


/**
 * Which trips keep a copy of their documents: the most recently read, while their copies hold fewer than `maxChars`
 * characters of JSON together, and none not read for {@link COPY_IDLE_MS}. Each copy reports its size as it changes.
 */
class MirrorBudget {
  /** Database name → its copy's characters, when it was last read, and how to drop it; least recently read first. */
  private readonly used = new Map<string, { chars: number; usedAt: number; drop: () => void }>();
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    private readonly now: () => number,
  ) {}

  touch(name: string, drop: () => void): void {
    const entry = this.used.get(name);
    this.used.delete(name);
    this.used.set(name, { chars: entry?.chars ?? 0, usedAt: this.now(), drop });
    this.trim();
  }

  /** A copy's new size (after a catch-up). */
  resized(name: string, chars: number): void {
    const entry = this.used.get(name);
    if (!entry) return;
    this.chars += chars - entry.chars;
    entry.chars = chars;
    this.trim();
  }

  forget(name: string): void {
    const entry = this.used.get(name);
    if (!entry) return;
    this.used.delete(name);
    this.chars -= entry.chars;
    entry.drop();
  }

  held(): { copies: number; copiedChars: number } {
    return { copies: this.used.size, copiedChars: this.chars };
  }

  sweep(): void {
    this.trim();
  }

  /** Drops copies, least recently read first, while over the budget (the last one read stays) or idle. */
  private trim(): void {
    const now = this.now();
    for (const [name, entry] of this.used) {
      const over = this.chars > this.maxChars && this.used.size > 1;
      if (!over && now - entry.usedAt < COPY_IDLE_MS) break;
      this.forget(name);
    }
  }
}

class CouchDatabase implements Database {
  private readonly path: string;
  private readonly longpoll: SharedLongpoll;
  private readonly feedReads = new Map<string, Promise<unknown>>();
  private mirror?: CouchMirror;
  /** When this server last wrote to the database (arrival.ts counter). */
  private ownWriteAt = Number.NEGATIVE_INFINITY;
  /** Writes of this server to the database under way. */
  private writesUnderWay = 0;

  constructor(
    private readonly http: CouchHttp,
    readonly name: string,
    private readonly events: WriteEvents,
    /** Trip databases only: shared range reads are answered from a copy kept from the changes feed. */
    private readonly mirrors?: MirrorBudget,
    /** Whether the feed of database updates named a database since a point of arrival.ts's counter (change-watch.ts). */
    private readonly updatedSince?: (dbName: string, since: number) => boolean | undefined,
  ) {
    this.path = dbPath(name);
    this.longpoll = new SharedLongpoll(http, this.path);
  }

  private written(ids: string[]): void {
    this.ownWriteAt = stamp();
    this.events.emit(this.name, ids.filter((id) => !id.startsWith('_local/')));
  }

  /** Runs a write of this server, counted while under way (`writtenSince`). */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.writesUnderWay += 1;
    try {
      return await write();
    } finally {
      this.writesUnderWay -= 1;
      this.ownWriteAt = stamp();
    }
  }

  readMark(): number {
    return stamp();
  }

  /**
   * Written since `mark`: by this server (a write ended since, or one is under way: CouchDB may have committed it),
   * or by another as the feed of database updates tells (change-watch.ts `updatedSince`: false only when the feed
   * ran all along and did not name the database, so another server's write is missed for the feed's delay at most).
   * Trip databases only; undefined when the feed cannot tell.
   */
  writtenSince(mark: number): boolean | undefined {
    if (this.writesUnderWay > 0 || this.ownWriteAt >= mark) return true;
    return this.updatedSince?.(this.name, mark);
  }

  /**
   * A trip with a copy (its boards are being read): its state is the copy's, caught up by one `_changes`, which the
   * shared reads computed for that state then need not repeat (`AllDocsOptions.atSeq`). Otherwise `update_seq`.
   */
  async state(options: StateOptions = {}): Promise<string | number> {
    const mirror = this.mirror;
    if (!mirror || !this.mirrors) return (await this.info()).updateSeq;
    this.mirrors.touch(this.name, () => this.dropCopy());
    if (options.lagging && this.updatedSince) {
      // A reader that may lag by the feed's delay (a TV): the copy as it stands, while neither this server wrote to
      // the trip nor the feed of database updates named it since the copy's last catch-up began, and that catch-up
      // is recent. A TV polling a trip nobody writes then costs CouchDB nothing.
      const last = mirror.lastCaughtUp();
      if (last && this.ownWriteAt < last.from && performance.now() - last.endedAt < LAGGING_MAX_MS && this.updatedSince(this.name, last.from) === false) return last.seq;
    }
    return mirror.state();
  }

  hasCopy(): boolean {
    return this.mirror !== undefined;
  }

  copyFeed(): CopyFeed | undefined {
    return this.mirror;
  }

  /** The budget let the copy go: its followers are told (they read the changes feed themselves again). */
  private dropCopy(): void {
    this.mirror?.drop();
    this.mirror = undefined;
  }

  async info(): Promise<DbInfo> {
    const i = await this.http.request<{ doc_count: number; update_seq: string | number }>({ path: this.path });
    return { dbName: this.name, docCount: i.doc_count, updateSeq: i.update_seq };
  }

  async get<T extends StoredDoc = StoredDoc>(id: string, options: GetOptions = {}): Promise<T | undefined> {
    try {
      const doc = await this.http.request<T>({
        path: this.doc(id),
        qs: { rev: options.rev, revs: options.revs || undefined, conflicts: options.conflicts || undefined },
      });
      // CouchDB answers 404 for a deleted document unless a revision is asked for; keep the two cases alike.
      return doc._deleted && !options.rev ? undefined : doc;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }

  async getOpenRevs(id: string, revs: 'all' | string[], options: { revs?: boolean; latest?: boolean } = {}) {
    try {
      // Asked for JSON, CouchDB answers an array instead of its default multipart/mixed body.
      const leaves = await this.http.request<({ ok: StoredDoc } | { missing: string })[]>({
        path: this.doc(id),
        accept: 'application/json',
        qs: { open_revs: revs === 'all' ? 'all' : JSON.stringify(revs), revs: options.revs || undefined, latest: options.latest || undefined },
      });
      return revs === 'all' ? leaves : inAskedOrder(revs, leaves);
    } catch (err) {
      if (isStatus(err, 404)) return [];
      throw err;
    }
  }

  async put(doc: StoredDoc) {
    try {
      const r = await this.writing(() => this.http.request<{ id: string; rev: string }>({ method: 'PUT', path: this.doc(doc._id), body: doc }));
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (isStatus(err, 409)) throw new StoreConflictError(doc._id);
      throw err;
    }
  }

  async remove(id: string, rev: string) {
    try {
      const r = await this.writing(() => this.http.request<{ id: string; rev: string }>({ method: 'DELETE', path: this.doc(id), qs: { rev } }));
      this.written([r.id]);
      return { id: r.id, rev: r.rev };
    } catch (err) {
      if (isStatus(err, 409)) throw new StoreConflictError(id);
      throw err;
    }
  }

  async bulkDocs(docs: StoredDoc[], options: { newEdits?: boolean } = {}): Promise<BulkResult[]> {
    const body = options.newEdits === false ? { docs, new_edits: false } : { docs };
    const rows = await this.writing(() => this.http.request<BulkResult[]>({ method: 'POST', path: `${this.path}/_bulk_docs`, body }));
    const results: BulkResult[] = inInputOrder(docs, rows).map((row) =>
      row.error ? { id: row.id, error: row.error, reason: row.reason ?? row.error } : { id: row.id, rev: row.rev!, ok: true },
    );
    // With new_edits=false CouchDB lists only failures: every document without an error row was written.
    const failed = new Set(results.filter((r) => r.error).map((r) => r.id));
    const ok = results.filter((r) => !r.error).map((r) => r.id);
    this.written([...new Set([...ok, ...docs.map((d) => d._id).filter((id) => id && !failed.has(id))])]);
    return results;
  }

  async allDocs(options: AllDocsOptions = {}) {
    // A range read only to be read (a board's documents of one type): from this server's copy, brought up to date by
    // one `_changes` (couch-mirror.ts). One document (`sharedDoc`) is still one small read of CouchDB, unless it is
    // read for a state the copy gave (`atSeq`: the copy has it, no catch-up of its own).
    const { shared, includeDocs, keys, conflicts, limit, skip, startKey, endKey, atSeq } = options;
    const oneDoc = startKey !== undefined && startKey === endKey;
    if (this.mirrors && shared && includeDocs && !keys && !conflicts && limit === undefined && !skip && (!oneDoc || (atSeq !== undefined && this.mirror))) {
      const mirrors = this.mirrors;
      mirrors.touch(this.name, () => this.dropCopy());
      let mirror = this.mirror;
      if (!mirror) {
        // A copy dropped while its catch-up ran must not size the next one's budget entry.
        const fresh: CouchMirror = new CouchMirror(this.http, this.path, (chars) => this.mirror === fresh && mirrors.resized(this.name, chars));
        this.mirror = mirror = fresh;
      }
      const rows = await mirror.range(startKey, endKey, atSeq);
      if (rows) return { totalRows: mirror.size, rows };
    }
    const qs: Query = {
      include_docs: options.includeDocs || undefined,
      conflicts: (options.includeDocs && options.conflicts) || undefined,
      startkey: json(options.startKey),
      endkey: json(options.endKey),
      limit: options.limit,
      skip: options.skip,
    };
    const path = `${this.path}/_all_docs`;
    // POST with `keys` in the body: a long key list does not fit in a URL.
    const res = await this.http.request<{ total_rows: number; rows: AllDocsRow[] }>(
      options.keys ? { method: 'POST', path, qs, body: { keys: options.keys } } : { path, qs },
    );
    return { totalRows: res.total_rows, rows: res.rows };
  }

  async query(view: string, options: ViewOptions = {}) {
    const [ddoc, name] = view.split('/');
    if (!ddoc || !name) throw new Error(`a view is named "designdoc/view", not "${view}"`);
    const qs: Query = {
      key: json(options.key),
      startkey: json(options.startKey),
      endkey: json(options.endKey),
      include_docs: options.includeDocs || undefined,
      limit: options.limit,
      skip: options.skip,
      reduce: options.reduce ?? false,
    };
    const path = `${this.path}/_design/${encodeURIComponent(ddoc)}/_view/${encodeURIComponent(name)}`;
    const res = await this.http.request<{ total_rows?: number; rows: (ViewRow & { doc?: StoredDoc | null })[] }>(
      options.keys ? { method: 'POST', path, qs, body: { keys: options.keys } } : { path, qs },
    );
    return {
      totalRows: res.total_rows,
      rows: res.rows.map((r) => ({ id: r.id, key: r.key, value: r.value, ...(r.doc ? { doc: r.doc } : {}) })),
    };
  }

  async changes(options: ChangesOptions = {}) {
    const qs: Query = {
      since: options.since ?? 0,
      limit: options.limit,
      include_docs: options.includeDocs || undefined,
      style: options.style,
      descending: options.descending || undefined,
    };
    const path = `${this.path}/_changes`;
    type Feed = { results: ChangeRow[]; last_seq: string | number };
    // The `_doc_ids` filter takes its ids in a POST body (CouchDB API, /db/_changes "filter=_doc_ids").
    const res = options.docIds
      ? await this.http.request<Feed>({ method: 'POST', path, qs: { ...qs, filter: '_doc_ids' }, body: { doc_ids: options.docIds } })
      : await this.sharedRead(JSON.stringify(qs), () => this.http.request<Feed>({ path, qs }));
    return {
      lastSeq: res.last_seq,
      results: res.results.map((r) => {
        const row: ChangeRow = { id: r.id, seq: r.seq, changes: r.changes };
        if (r.deleted) row.deleted = true;
        if (r.doc) row.doc = r.doc;
        return row;
      }),
    };
  }

  /**
   * Identical reads of the changes feed under way at once share one request: the phones a change woke read from the
   * same position together. A page read a moment before a caller asked is still a page of the feed from `since`,
   * and the caller goes on from its `last_seq`, so nothing is skipped.
   */
  private sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.feedReads.get(key) as Promise<T> | undefined;
    if (!pending) {
      const started = read().finally(() => {
        if (this.feedReads.get(key) === started) this.feedReads.delete(key);
      });
      this.feedReads.set(key, started);
      pending = started;
    }
    return pending;
  }

  /** A longpoll from `since` answers at once when there is a change after it already. */
  readonly waitIsRead = true;

  waitForChange(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    // One longpoll per position for every waiter of this server (couch-longpoll.ts). Its own timer and the signal
    // settle each wait even if a server ignores `timeout` (pouchdb-server does).
    return this.longpoll.wait(since, timeoutMs, signal);
  }

  unchangedSince(since: string | number): boolean {
    return this.longpoll.unchangedSince(since);
  }

  async revsDiff(request: RevsDiffRequest): Promise<RevsDiffResult> {
    return this.http.request<RevsDiffResult>({ method: 'POST', path: `${this.path}/_revs_diff`, body: request });
  }

  async bulkGet(request: BulkGetRequest): Promise<BulkGetResult> {
    // `revs` is a query parameter of _bulk_get, not a member of its body.
    return this.http.request<BulkGetResult>({
      method: 'POST',
      path: `${this.path}/_bulk_get`,
      qs: { revs: request.revs || undefined },
      body: { docs: request.docs },
    });
  }

  async getLocal(id: string) {
    return this.get(`_local/${id}`);
  }

  async putLocal(doc: StoredDoc) {
    return this.put({ ...doc, _id: doc._id.startsWith('_local/') ? doc._id : `_local/${doc._id}` });
  }

  private doc(id: string): string {
    return `${this.path}/${docPath(id)}`;
  }
}

/**
 * CouchDB returns `_bulk_docs` rows in request order, but pouchdb-server does not (documents refused by a
 * validate_doc_update come first, conflicts last); match rows to documents by id so callers can rely on the order
 * either way. With `new_edits: false` only failures are listed, so there is nothing to align.
 */
function inInputOrder(docs: StoredDoc[], rows: BulkResult[]): BulkResult[] {
  if (rows.length !== docs.length) return rows;
  const left = [...rows];
  const aligned = docs.map((doc) => {
    const i = left.findIndex((r) => r.id === doc._id);
    return i < 0 ? undefined : left.splice(i, 1)[0];
  });
  // Documents posted without `_id` got ids from the server: they take the remaining rows in order.
  return aligned.map((row) => row ?? left.shift()!);
}

/** A database name in a URL path: legal names may hold `/`, `+`, `$`, `(` and `)`. */
function dbPath(name: string): string {
  return encodeURIComponent(name);
}

/**
 * A document id in a URL path. `_design/` and `_local/` keep their slash (CouchDB would otherwise look up a
 * regular document); everything else is encoded whole, so ids like `receipt:a/b` address one document.
 */
function docPath(id: string): string {
  for (const prefix of ['_design/', '_local/']) {
    if (id.startsWith(prefix)) return prefix + encodeURIComponent(id.slice(prefix.length));
  }
  return encodeURIComponent(id);
}

function json(v: unknown): string | undefined {
  return v === undefined ? undefined : JSON.stringify(v);
}
