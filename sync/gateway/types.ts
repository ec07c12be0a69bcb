/**
 * What the replication gateway needs from the server, injected so that `sync/` imports nothing of `server/`
 * (`sync/` imports only `shared/`, never `server/`). The server's DocStore `Database` satisfies {@link GatewayDatabase} structurally.
 */

export interface GatewayDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _revisions?: { start: number; ids: string[] };
  [key: string]: unknown;
}

export interface GatewayBulkResult {
  id: string;
  rev?: string;
  ok?: boolean;
  error?: string;
  reason?: string;
}

export interface GatewayChangeRow {
  id: string;
  seq: string | number;
  changes: { rev: string }[];
  deleted?: boolean;
  doc?: GatewayDoc;
  /** The document as JSON text instead of `doc`, when asked for `rawDocs` and the store has it so. */
  docJson?: string;
}

/** The subset of the server's DocStore `Database` the gateway uses; shapes follow the CouchDB HTTP API. */
export interface GatewayDatabase {
  info(): Promise<{ dbName: string; docCount: number; updateSeq: string | number }>;
  get(id: string, options?: { rev?: string; revs?: boolean; conflicts?: boolean }): Promise<GatewayDoc | undefined>;
  getOpenRevs(id: string, revs: 'all' | string[], options?: { revs?: boolean; latest?: boolean }): Promise<({ ok: GatewayDoc } | { missing: string })[]>;
  bulkDocs(docs: GatewayDoc[], options?: { newEdits?: boolean }): Promise<GatewayBulkResult[]>;
  allDocs(options?: { keys?: string[]; startKey?: string; endKey?: string; includeDocs?: boolean; conflicts?: boolean; limit?: number; skip?: number }): Promise<{
    rows: { id?: string; key: string; value?: { rev: string; deleted?: boolean }; doc?: GatewayDoc | null; error?: string }[];
    totalRows: number;
  }>;
  changes(options?: { since?: string | number; limit?: number; includeDocs?: boolean; style?: 'main_only' | 'all_docs'; docIds?: string[]; descending?: boolean; rawDocs?: boolean }): Promise<{
    results: GatewayChangeRow[];
    lastSeq: string | number;
  }>;
  revsDiff(request: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>>;
  /**
   * A number that moves whenever a write of a document (not a `_local/` checkpoint) starts or ends, optional. Two
   * reads that saw the same number saw the same acknowledged writes, so the changes feed shares one answer between
   * them (changes.ts). A store that cannot tell (another server writes the same database) leaves it out.
   */
  changesGeneration?(): number;
  /**
   * A point taken just before a read begins (optional, with `writtenSince`): see push-reads.ts, which reuses a push's
   * first read for its write only while the database was not written since.
   */
  readMark?(): number;
  /**
   * Whether the database was written since `mark` (`readMark`): true when this server wrote it since or has a write
   * to it under way, false when neither it did nor the feed of database updates named the database since, and
   * undefined when the store cannot tell.
   */
  writtenSince?(mark: number): boolean | undefined;
  bulkGet(request: { docs: { id: string; rev?: string }[]; revs?: boolean }): Promise<{
    results: { id: string; docs: ({ ok: GatewayDoc } | { error: { id: string; rev: string; error: string; reason: string } })[] }[];
  }>;
  getLocal(id: string): Promise<GatewayDoc | undefined>;
  putLocal(doc: GatewayDoc): Promise<{ id: string; rev: string }>;
}

/** Who is syncing: a trip participant (portal session) acting as one player, or an organizer of the trip. */
export interface SyncActor {
  tripId: string;
  playerId: string;
  role: 'player' | 'organizer';
  sessionId: string;
}

/** Documents read for `checkWrites` by id: the stored winning revision, or null when it does not exist (or is deleted). */
export type Related = ReadonlyMap<string, GatewayDoc | null>;

/**
 * How documents were written, for `afterWrite`: `newEdits` as the client asked (false: replication, revisions stored
 * as given), and what the gateway read before the write (`related`, see `relatedIds`).
 */
export interface WriteContext {
  newEdits: boolean;
  related: Related;
}

/** A document refused for its content: answered per document as CouchDB's `forbidden`, and recorded. */
export interface WriteRefusal {
  id: string;
  reason: string;
}

/**
 * The server's rules, injected into the gateway. Authentication failures throw (401/403 for the whole request,
 * never a per-document refusal: PouchDB skips a refused document forever, which would lose a score).
 */
export interface GatewayPolicy {
  /** Authenticates the request for the trip; throws the server's AppError (401/403/404) when it may not sync. */
  authenticate(request: { authorization: string | undefined; tripId: string }): Promise<SyncActor>;
  /** The trip's database, once `authenticate` let the actor in. */
  database(tripId: string): GatewayDatabase;
  /**
   * Checks incoming documents against their schema and write rules. Answers the refused ones; the rest are
   * written. `current` holds the stored winning revision of each id that exists.
   */
  checkWrites(actor: SyncActor, docs: GatewayDoc[], current: Map<string, GatewayDoc>, related?: Related): Promise<WriteRefusal[]>;
  /**
   * Ids of other stored documents `checkWrites` reads to judge `docs` (a score's scorecard and round): the gateway
   * reads them with the current revisions, in one request, and hands them to `checkWrites` as `related`.
   */
  relatedIds?(actor: SyncActor, docs: GatewayDoc[]): string[];
  /** Whether the actor may see a document (design documents and server-internal types are never sent). */
  canRead(actor: SyncActor, doc: { _id: string; type?: unknown }): boolean;
  /** True when `canRead` decides from the id alone: the changes feed then reads no documents it was not asked for. */
  readonly readsById?: boolean;
  /**
   * Which documents the actor may see, as a key (optional): actors with the same key are let see exactly the same
   * documents of a trip, so they may be given the same changes answer (changes.ts). Without it every answer is the
   * actor's own.
   */
  readScope?(actor: SyncActor): string;
  /**
   * Called once documents were written: resolves score conflicts, moves rounds to in_progress, … `current` holds
   * the winning revisions read before the write, each with its `_conflicts` (losing leaves) when it had any.
   * Replicated revisions (`newEdits` false) may add a branch: conflicts are read from the store after such a write.
   * A normal edit names a leaf and extends it (or is refused as a conflict), so it never adds one; a branch another
   * request adds meanwhile is found by that request's own read after its write.
   */
  afterWrite(actor: SyncActor, written: GatewayDoc[], current: Map<string, GatewayDoc>, how?: WriteContext): Promise<void>;
  /** Records refused documents so organizers can see them (nothing disappears silently). */
  recordRefusals(actor: SyncActor, refused: { doc: GatewayDoc; reason: string }[]): Promise<void>;
  /** Resolves when the trip database changes after `since`, or after `timeoutMs` (longpoll and live feeds). */
  waitForChange(tripId: string, since: string | number, timeoutMs: number, signal: AbortSignal): Promise<void>;
  /** True when the server is waiting for the trip's first change after exactly `since` and saw none yet (optional). */
  unchangedSince?(tripId: string, since: string | number): boolean;
  /**
   * True when `waitForChange` answers at once for a change made after `since` already (it is itself a read of the
   * store from that position: a CouchDB longpoll), so a longpoll need not read the feed before it waits (optional).
   */
  waitAnswersAtOnce?(tripId: string): boolean;
}
