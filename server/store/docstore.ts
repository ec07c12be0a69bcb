/**
 * The DocStore port: every feature reads and writes documents through it, and only `server/store/` talks to
 * PouchDB or CouchDB. Request and answer shapes follow the CouchDB HTTP API so that the replication gateway can
 * pass them through unchanged. Two adapters implement it (`pouch.adapter.ts`, `couch.adapter.ts`); one contract
 * suite (`test/store/contract.ts`) runs against both.
 */

export interface StoredDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  [key: string]: unknown;
}

/** One row of a bulk write answer, as CouchDB's `_bulk_docs` returns it. */
export interface BulkResult {
  id: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  reason?: string;
}

export interface GetOptions {
  /** A specific revision. */
  rev?: string;
  /** Include `_revisions` (the revision history). */
  revs?: boolean;
  /** Include `_conflicts` (losing leaf revisions). */
  conflicts?: boolean;
}

export interface AllDocsOptions {
  keys?: string[];
  startKey?: string;
  endKey?: string;
  includeDocs?: boolean;
  /** With `includeDocs`: each document carries `_conflicts` (its losing leaf revisions) when it has any. */
  conflicts?: boolean;
  limit?: number;
  skip?: number;
  /**
   * With `includeDocs`: the caller only reads the documents, so they may be the same objects for every caller,
   * frozen (changing one throws). The embedded adapter then answers a range from its memory without parsing a
   * document again until it changes; the CouchDB adapter answers as usual.
   */
  shared?: boolean;
  /**
   * With `shared`: the state of the database the caller computes for, as `state()` (or `info()`) gave it after the
   * caller's request began. A copy of the database already at that state answers as it stands, without asking the store
   * again (the CouchDB adapter's copy, couch-mirror.ts); otherwise the read is as without it.
   */
  atSeq?: string | number;
}

export interface AllDocsRow {
  id?: string;
  key: string;
  value?: { rev: string; deleted?: boolean };
  doc?: StoredDoc | null;
  error?: string;
}

export interface ViewOptions {
  key?: unknown;
  keys?: unknown[];
  startKey?: unknown;
  endKey?: unknown;
  includeDocs?: boolean;
  limit?: number;
  skip?: number;
  reduce?: boolean;
}

export interface ViewRow {
  id: string;
  key: unknown;
  value: unknown;
  doc?: StoredDoc;
}

export interface ChangesOptions {
  since?: string | number;
  limit?: number;
  includeDocs?: boolean;
  /** `all_docs` lists every leaf revision, as replication needs. */
  style?: 'main_only' | 'all_docs';
  docIds?: string[];
  descending?: boolean;
  /**
   * With `includeDocs`: a store may give a row's document as its JSON text (`docJson`) instead of parsed (`doc`),
   * for a caller that only passes it on (the sync gateway's answers). A store that holds no text gives `doc`.
   */
  rawDocs?: boolean;
}

export interface ChangeRow {
  id: string;
  seq: string | number;
  changes: { rev: string }[];
  deleted?: boolean;
  doc?: StoredDoc;
  /** The document as JSON text, when asked for `rawDocs` and the store holds it so. */
  docJson?: string;
}

export interface ChangesResult {
  results: ChangeRow[];
  lastSeq: string | number;
}

export interface DbInfo {
  dbName: string;
  docCount: number;
  updateSeq: string | number;
}

/** CouchDB `_revs_diff`: for each id, the revisions the database does not have. */
export type RevsDiffRequest = Record<string, string[]>;
export type RevsDiffResult = Record<string, { missing: string[]; possible_ancestors?: string[] }>;

/** CouchDB `_bulk_get` request and answer. */
export interface BulkGetRequest {
  docs: { id: string; rev?: string; atts_since?: string[] }[];
  revs?: boolean;
}
export interface BulkGetResult {
  results: { id: string; docs: ({ ok: StoredDoc } | { error: { id: string; rev: string; error: string; reason: string } })[] }[];
}

/** Thrown by `put` and `remove` when the revision given is not the current one (HTTP 409 in CouchDB). */
export class StoreConflictError extends Error {
  constructor(readonly docId: string) {
    super(`document update conflict: ${docId}`);
    this.name = 'StoreConflictError';
  }
}

/** Thrown when the storage backend cannot be reached or answers an unexpected error. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export interface StateOptions {
  /**
   * The reader may lag behind the latest writes by the store's delay in learning of other servers' writes (a TV's
   * display polling: seconds do not matter, a request to CouchDB every poll does). Never behind this server's writes.
   */
  lagging?: boolean;
}

/** Told what a copy of a database (couch-mirror.ts) learns from the changes feed. */
export interface CopyFollower {
  /** The rows one catch-up applied: each document's id and its winning revision now (undefined if unknown). */
  applied(changed: readonly { id: string; rev: string | undefined }[]): void;
  /**
   * The copy was dropped, or a catch-up failed: nothing more is told. Every row up to `seq` (a position of the
   * database's changes feed; undefined if the copy never read it) was applied and told.
   */
  detached(seq: string | number | undefined): void;
}

/** A copy of a database kept from its changes feed, as a follower sees it. */
export interface CopyFeed {
  /** Tells `follower` every row a catch-up applies from now on; returns how to stop. */
  follow(follower: CopyFollower): () => void;
  /** Resolves once a catch-up that started after `since` (arrival.ts counter) has ended, shared with the reads. */
  caughtUpAfter(since: number): Promise<void>;
}

export interface Database {
  readonly name: string;
  info(): Promise<DbInfo>;
  /**
   * Optional: the state of the database as of a read that starts after this call, compared as `update_seq` is
   * (by-seq.ts), where the store has one cheaper than `info()` (the CouchDB adapter's copy of a trip: its position,
   * caught up). Values computed for it may read their shared ranges with `AllDocsOptions.atSeq`.
   */
  state?(options?: StateOptions): Promise<string | number>;
  /**
   * Optional: the store keeps a copy of this database that `state()` catches up (the CouchDB adapter's, for a trip
   * whose boards are read): a document read for that state costs no request of its own (`readDoc` in docs.ts).
   */
  hasCopy?(): boolean;
  /**
   * Optional: the copy this store keeps of the database now (see `hasCopy`), for a reader of its changes that would
   * otherwise read the changes feed itself (change-watch.ts): the copy's catch-ups tell it the rows they apply.
   */
  copyFeed?(): CopyFeed | undefined;
  /** The current winning revision, or undefined if missing or deleted. */
  get<T extends StoredDoc = StoredDoc>(id: string, options?: GetOptions): Promise<T | undefined>;
  /** Every leaf revision asked for (`open_revs`), in the CouchDB answer shape `[{ok: doc} | {missing: rev}]`, in the order asked.
   * `latest` is honoured by CouchDB only; the embedded adapter ignores it (see pouch.adapter.ts). */
  getOpenRevs(id: string, revs: 'all' | string[], options?: { revs?: boolean; latest?: boolean }): Promise<({ ok: StoredDoc } | { missing: string })[]>;
  /** Writes one document; `_rev` must be the current revision when updating. Throws {@link StoreConflictError}. */
  put(doc: StoredDoc): Promise<{ id: string; rev: string }>;
  remove(id: string, rev: string): Promise<{ id: string; rev: string }>;
  /**
   * Writes many documents in one request. With `newEdits: false` the revisions given are stored as they are
   * (replication); otherwise each conflicting document gets its own `conflict` row and the rest land.
   */
  bulkDocs(docs: StoredDoc[], options?: { newEdits?: boolean }): Promise<BulkResult[]>;
  allDocs(options?: AllDocsOptions): Promise<{ rows: AllDocsRow[]; totalRows: number }>;
  /** Queries a view of the installed design documents, e.g. `trip/by_type`. */
  query(view: string, options?: ViewOptions): Promise<{ rows: ViewRow[]; totalRows?: number }>;
  changes(options?: ChangesOptions): Promise<ChangesResult>;
  /**
   * Resolves true as soon as the database has a change after `since`, false once `timeoutMs` passed or `signal`
   * aborted. Live feeds (longpoll replication) wait on it; with CouchDB it is a longpoll `_changes`, so it sees
   * writes made by other servers of a cluster too.
   */
  waitForChange(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /**
   * Optional: `waitForChange` is one request to the store that answers at once when a change after `since` was made
   * already (CouchDB's longpoll from that position), so waiting costs no more than reading first would.
   */
  readonly waitIsRead?: boolean;
  /**
   * True when this process is waiting for a change after exactly `since` and saw none yet, so a read of the changes
   * after `since` would find none (or one a waiter is about to be woken for): a longpoll can wait at once.
   */
  unchangedSince?(since: string | number): boolean;
  /**
   * Moves whenever a write of a document starts or ends; two reads that saw the same number saw the same acknowledged
   * writes. Only a store whose every write goes through this process has it (the embedded one); see the gateway's
   * shared changes answers (sync/gateway/changes.ts).
   */
  changesGeneration?(): number;
  revsDiff(request: RevsDiffRequest): Promise<RevsDiffResult>;
  bulkGet(request: BulkGetRequest): Promise<BulkGetResult>;
  /** Non-replicated `_local/` documents (replication checkpoints). `id` excludes the `_local/` prefix. */
  getLocal(id: string): Promise<StoredDoc | undefined>;
  putLocal(doc: StoredDoc): Promise<{ id: string; rev: string }>;
}

/**
 * Told the ids a write of this process stored in a database (after it succeeded). Writes by other processes (other
 * servers of a CouchDB deployment) are not seen: caches built on it must also expire on their own.
 */
export type WriteListener = (dbName: string, ids: readonly string[]) => void;

/** The listeners of one DocStore; a listener that throws does not stop the write or the other listeners. */
export class WriteEvents {
  private readonly listeners = new Set<WriteListener>();

  on(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(dbName: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(dbName, ids);
      } catch {
        // A cache's bookkeeping must never fail a write that already landed.
      }
    }
  }
}

export interface DocStore {
  readonly kind: 'pouchdb' | 'couchdb';
  /** Listens to this process's successful writes (put, remove, bulkDocs, local documents excluded); answers the unsubscribe. */
  onWrite(listener: WriteListener): () => void;
  /** The registry database: accounts, the trip index, token hashes, access codes and jobs. */
  readonly registry: Database;
  /** Opens (creates if needed) the registry and installs its design documents. */
  init(): Promise<void>;
  /** Name of the database of a trip: `trip-<tripId>`. */
  tripDbName(tripId: string): string;
  /** A handle on a trip's database; it must have been created with {@link createTrip}. */
  trip(tripId: string): Database;
  /**
   * Creates the trip's database, sets its security (members: the trip's role) and installs the design documents.
   * Idempotent: calling it again on an existing database only brings the design documents up to date.
   */
  createTrip(tripId: string): Promise<Database>;
  /** Deletes the trip's database; a missing database is not an error. */
  destroyTrip(tripId: string): Promise<void>;
  tripExists(tripId: string): Promise<boolean>;
  /**
   * A trip's database for one task that goes through many trips once (the startup sweep), and `release` once the
   * task is done with it: a handle the task opened and nobody else asked for meanwhile is closed again, so a task
   * over a season's trips does not leave every one of them open. Without it, `trip`.
   */
  borrowTrip?(tripId: string): { db: Database; release(): Promise<void> };
  close(): Promise<void>;
  /**
   * The server-wide feed of database updates, where the store has one (CouchDB's `GET /_db_updates`): which
   * databases changed after `since` (`'now'`: none, only the position), waiting up to `timeoutMs` for one when
   * `timeoutMs` is given. `'unsupported'` when the server does not offer the feed (pouchdb-server, a CouchDB without
   * its `_global_changes` database); `'closed'` once the store is closed.
   */
  dbUpdates?(options: DbUpdatesOptions): Promise<DbUpdates | 'unsupported' | 'closed'>;
  /**
   * Where the store's writes stand now, as an opaque JSON value to keep (undefined: the store cannot tell), and the
   * trip databases written since such a position (undefined: unknown, take every one). What the startup sweep of
   * conflicted scores reads from: the trips written since the last sweep, not a whole season.
   */
  writesPosition(): Promise<string | number | undefined>;
  databasesWrittenSince(position: string | number): Promise<Set<string> | undefined>;
}

export interface DbUpdatesOptions {
  since: string | number;
  /** Wait (longpoll) up to this long for an update; without it the feed answers at once. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface DbUpdates {
  /** Each database updated after `since` once (CouchDB collapses a database's updates), in feed order. */
  results: { dbName: string; type: 'created' | 'updated' | 'deleted' | string }[];
  /** Opaque: only ever sent back as the next `since`. */
  lastSeq: string | number;
}

/**
 * Leaves of `open_revs=[…]` in the order the revisions were asked: PouchDB answers in the order its lookups finish,
 * Apache CouchDB 3.5 sorted by revision (seen on a real one, issue 36); the port promises the order asked.
 */
export function inAskedOrder<L extends { ok: StoredDoc } | { missing: string }>(revs: readonly string[], leaves: L[]): L[] {
  const revOf = (leaf: L) => ('ok' in leaf ? leaf.ok._rev : leaf.missing);
  const order = new Map(revs.map((rev, i) => [rev, i] as const));
  return [...leaves].sort((a, b) => (order.get(revOf(a) ?? '') ?? revs.length) - (order.get(revOf(b) ?? '') ?? revs.length));
}

/** The `_security` object of a trip database: admins only by the server admin, members by the trip's role. */
export function tripSecurity(tripId: string) {
  return {
    admins: { names: [], roles: ['_admin'] },
    members: { names: [], roles: [tripRole(tripId)] },
  };
}

/** The CouchDB role that grants membership of one trip's database (used in JWT `_couchdb.roles`). */
export function tripRole(tripId: string): string {
  return `trip-${tripId}`;
}
