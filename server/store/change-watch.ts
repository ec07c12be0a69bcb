import { stamp } from './arrival.js';
import type { CopyFeed, Database, DocStore } from './docstore.js';

/**
 * Writes made by the other app servers of a CouchDB deployment, for caches of this server that must not serve what
 * another server changed for longer than a known bound. This server's own writes are reported at once by
 * `DocStore.onWrite`; the others' are learnt from CouchDB's one server-wide feed of database updates
 * (`GET /_db_updates`, longpoll): one request open per app server, however many trips it has seen, answered when
 * some database changes. Only then is the changes feed of a database a cache depends on read (`/{db}/_changes` from
 * where it was last read), to tell which documents changed: at most once per {@link READ_GAP_MS} for each such
 * database. A trip nobody writes costs nothing; with every trip asleep the server asks CouchDB one longpoll every
 * {@link FEED_TIMEOUT_MS}, and nothing at all once no cache depends on any database.
 *
 * Where the server has no such feed (pouchdb-server answers 400; a CouchDB whose `_global_changes` database is
 * missing answers an error), the changes feed of each database depended on is polled every {@link WATCH_INTERVAL_MS}
 * instead, and the feed is tried again after {@link FEED_RETRY_MS}.
 *
 * The embedded store is held by one process, so nothing is watched there and `watch` costs nothing.
 */
export interface ChangeWatch {
  /**
   * Watches `db` from now on; resolves once its position is known, so every write acknowledged after that is
   * reported to `onChange` within {@link WATCH_INTERVAL_MS} (and a request's time). Read what you cache after this
   * resolves.
   */
  watch(db: Database): Promise<void>;
}

/**
 * The bound on how late another server's write is learnt: CouchDB records a database's update in `_global_changes`
 * within half a second (its `max_write_delay`), the feed answers, and the database's changes are read within
 * {@link READ_GAP_MS} of the previous read. When polling, the interval of the polls.
 */
export const WATCH_INTERVAL_MS = 2_000;
/** The changes of one database are read at most this often, however often it changes. */
export const READ_GAP_MS = 1_000;
/** How long one `_db_updates` longpoll waits for an update before it is asked again. */
export const FEED_TIMEOUT_MS = 60_000;
/** Between an answer of the feed and the next longpoll: while trips are in play, the feed answers at once. */
const FEED_GAP_MS = 250;
/** After the server said it has no `_db_updates`, how long the databases are polled before the feed is tried again. */
export const FEED_RETRY_MS = 10 * 60_000;
/** The feed keeps running this long after a reader last asked `updatedSince` (a TV polling), whatever the caches need. */
const FEED_WANTED_MS = 60_000;
/** Databases the feed named that are remembered at most (past it, the feed's knowledge starts again from now). */
const MAX_UPDATES_KEPT = 10_000;

export interface ChangeWatchOptions {
  /**
   * The documents written to a database since it was last read, each with its winning revision now; `undefined`
   * when they cannot be known (a read failed). A cache compares the revision with the one it read: a write it saw
   * already (made before its read, learnt after it) need not drop anything.
   */
  onChange(dbName: string, changed: readonly Changed[] | undefined): void;
  /** Asked before the feed is asked again and before every poll: the databases still depended on. */
  needed(): ReadonlySet<string>;
}

export interface Changed {
  id: string;
  rev: string | undefined;
}

interface Watched {
  db: Database;
  since: string | number;
  /** The feed said it changed since it was last read, and when it last said so (arrival.ts counter). */
  dirty: boolean;
  dirtyAt: number;
  /** When its changes were last read (performance.now()), and the read or timer under way. */
  readAt: number;
  pending?: 'reading' | NodeJS.Timeout;
  /**
   * The store's copy of the database (couch-mirror.ts), followed instead of reading the changes feed: the copy's
   * catch-ups tell the rows they apply, so one catch-up serves the boards, the TV and this watch. Until the copy is
   * dropped, when the watch reads the feed itself again from where the copy stood.
   */
  copy?: { feed: CopyFeed; unfollow: () => void };
}

/** Subscribes a cache to the writes of the databases it watches; one watcher per store, shared by every cache. */
export function watchChanges(store: DocStore, subscriber: ChangeWatchOptions): ChangeWatch {
  if (store.kind === 'pouchdb') return { watch: async () => undefined };
  let watcher = watchers.get(store);
  if (!watcher) watchers.set(store, (watcher = new StoreChanges(store)));
  watcher.subscribers.add(subscriber);
  return watcher;
}

/**
 * Whether the feed of database updates named `dbName` after `since` (a point of arrival.ts's counter): false when it
 * did not, though it ran all along, so no write made before the feed's delay ({@link WATCH_INTERVAL_MS} at most) was
 * made since; undefined when the feed cannot tell (it was not running since before `since`, the databases are polled,
 * or the store is the embedded one). Asking keeps the feed running for a while (it is started if it was not), costing
 * one longpoll open per server. For reads that may lag by that delay: a TV's display (couch.adapter.ts `state`).
 */
export function updatedSince(store: DocStore, dbName: string, since: number): boolean | undefined {
  if (store.kind === 'pouchdb' || !store.dbUpdates) return undefined;
  let watcher = watchers.get(store);
  if (!watcher) watchers.set(store, (watcher = new StoreChanges(store)));
  return watcher.updatedSince(dbName, since);
}

/** How the store's watcher learns of changes now, and what it asked of CouchDB (tests, benches). */
export function changeWatchState(store: DocStore): { mode: 'feed' | 'poll' | 'idle'; watched: number } | undefined {
  return watchers.get(store)?.state();
}

const watchers = new WeakMap<DocStore, StoreChanges>();

class StoreChanges implements ChangeWatch {
  private readonly watched = new Map<string, Watched>();
  /** Positions being read, shared by the callers watching the same database meanwhile. */
  private readonly starting = new Map<string, Promise<void>>();
  readonly subscribers = new Set<ChangeWatchOptions>();
  /** The feed's loop, once its position is known (`ready`); undefined while it does not run. */
  private feed?: { ready: Promise<void>; controller: AbortController; from?: number };
  /** Until when (performance.now()) the databases are polled instead: the server has no feed. */
  private pollUntil = Number.NEGATIVE_INFINITY;
  private pollTimer: NodeJS.Timeout | undefined;
  /** When the feed last named each database (arrival.ts counter). */
  private readonly updated = new Map<string, number>();
  /** The feed runs until then (performance.now()) for `updatedSince`'s readers, even if no cache needs it. */
  private wantedUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly store: DocStore) {}

  state(): { mode: 'feed' | 'poll' | 'idle'; watched: number } {
    return { mode: this.polling() ? 'poll' : this.feed ? 'feed' : 'idle', watched: this.watched.size };
  }

  updatedSince(dbName: string, since: number): boolean | undefined {
    this.wantedUntil = performance.now() + FEED_WANTED_MS;
    if (this.polling()) return undefined;
    if (!this.feed) {
      // Started for the next asker; this one cannot be told yet.
      this.feedStarted().catch(() => undefined);
      return undefined;
    }
    // `from`: when (arrival.ts counter) this feed started reporting every update.
    const from = this.feed.from;
    if (from === undefined || from > since) return undefined;
    return (this.updated.get(dbName) ?? Number.NEGATIVE_INFINITY) > since;
  }

  watch(db: Database): Promise<void> {
    if (this.watched.has(db.name)) return Promise.resolve();
    let started = this.starting.get(db.name);
    if (!started) {
      started = this.start(db).finally(() => this.starting.delete(db.name));
      this.starting.set(db.name, started);
    }
    return started;
  }

  private async start(db: Database): Promise<void> {
    // The feed's position first, then the database's: a write acknowledged after both is after each.
    await this.feedStarted();
    // `since=now` answers the current position at once, without rows (CouchDB API: /{db}/_changes).
    const { lastSeq } = await db.changes({ since: 'now', limit: 1 });
    this.watched.set(db.name, { db, since: lastSeq, dirty: false, dirtyAt: 0, readAt: Number.NEGATIVE_INFINITY });
    if (this.polling()) this.schedulePoll();
  }

  private polling(): boolean {
    return performance.now() < this.pollUntil || !this.store.dbUpdates;
  }

  /** Resolves once the feed's position is known and its loop runs, or once the databases are to be polled. */
  private feedStarted(): Promise<void> {
    if (this.polling()) return Promise.resolve();
    if (this.feed) return this.feed.ready;
    const controller = new AbortController();
    const feed: NonNullable<StoreChanges['feed']> = {
      controller,
      ready: this.store.dbUpdates!({ since: 'now' }).then((answer) => {
        if (this.feed !== feed) return;
        if (answer === 'unsupported' || answer === 'closed') {
          this.feed = undefined;
          if (answer === 'unsupported') this.pollUntil = performance.now() + FEED_RETRY_MS;
          return;
        }
        // Every update after the position just read is reported from here on (the counter moves past it now).
        feed.from = stamp();
        void this.runFeed(feed, answer.lastSeq);
      }),
    };
    // A failure to read the position fails the watches waiting on it; the next watch tries again.
    feed.ready.catch(() => {
      if (this.feed === feed) this.feed = undefined;
    });
    this.feed = feed;
    return feed.ready;
  }

  private async runFeed(feed: NonNullable<StoreChanges['feed']>, since: string | number): Promise<void> {
    for (;;) {
      this.prune();
      // Nothing depends on any database any more: the feed stops (the next watch starts it again).
      if (this.watched.size === 0 && this.starting.size === 0 && performance.now() > this.wantedUntil) {
        if (this.feed === feed) this.feed = undefined;
        return;
      }
      let answer: Awaited<ReturnType<NonNullable<DocStore['dbUpdates']>>>;
      try {
        answer = await this.store.dbUpdates!({ since, timeoutMs: FEED_TIMEOUT_MS, signal: feed.controller.signal });
      } catch {
        // What was written meanwhile cannot be known: the caches drop what depends on it, and watch anew.
        if (this.feed === feed) this.feed = undefined;
        this.dropAll();
        return;
      }
      if (this.feed !== feed) return;
      if (answer === 'closed' || answer === 'unsupported') {
        this.feed = undefined;
        if (answer === 'unsupported') {
          // Taken away meanwhile (a proxy, a reconfigured server): the databases are polled from where they are.
          this.pollUntil = performance.now() + FEED_RETRY_MS;
          for (const w of this.watched.values()) w.dirty = true;
          this.schedulePoll();
        }
        return;
      }
      since = answer.lastSeq;
      if (this.updated.size + answer.results.length > MAX_UPDATES_KEPT) {
        // What was forgotten cannot be told any more: the feed's knowledge starts again from here.
        this.updated.clear();
        feed.from = stamp();
      }
      const learnt = stamp();
      for (const update of answer.results) {
        this.updated.set(update.dbName, learnt);
        const w = this.watched.get(update.dbName);
        if (w) {
          w.dirty = true;
          w.dirtyAt = learnt;
        }
      }
      for (const w of this.watched.values()) if (w.dirty) this.readSoon(w);
      await new Promise((resolve) => setTimeout(resolve, FEED_GAP_MS).unref());
    }
  }

  /** Reads a changed database's changes now, or when {@link READ_GAP_MS} has passed since its last read. */
  private readSoon(w: Watched): void {
    if (w.pending) return;
    const wait = w.readAt + READ_GAP_MS - performance.now();
    if (wait > 0) {
      w.pending = setTimeout(() => {
        w.pending = undefined;
        this.readSoon(w);
      }, wait);
      w.pending.unref();
      return;
    }
    w.pending = 'reading';
    w.dirty = false;
    void this.read(w).finally(() => {
      w.pending = undefined;
      // Changed again while it was read: once more, after the gap.
      if (w.dirty && this.watched.get(w.db.name) === w) this.readSoon(w);
    });
  }

  private async read(w: Watched): Promise<void> {
    w.readAt = performance.now();
    if (w.copy) {
      // A catch-up of the copy that started after the feed named the database (or after now, when polling) tells
      // its rows (`follow`); one a board or the TV started since is shared, costing nothing more. A failed one
      // detaches the watch, and it reads the feed itself from where the copy stood.
      await w.copy.feed.caughtUpAfter(this.polling() ? stamp() : w.dirtyAt).catch(() => undefined);
      return;
    }
    // The store's copy, followed from before this read: what it applied before is in this read, what it applies
    // after is told by it. While the feed runs only: polled, the watch reads the database itself (a poll is one read).
    const feed = this.polling() ? undefined : w.db.copyFeed?.();
    const copy = feed && this.follow(w, feed);
    try {
      const { results, lastSeq } = await w.db.changes({ since: w.since });
      // Watched anew meanwhile (after a failure): that watch's position is the one to keep.
      if (this.watched.get(w.db.name) !== w) {
        copy?.unfollow();
        return;
      }
      w.since = lastSeq;
      if (feed && copy && !copy.detached()) w.copy = { feed, unfollow: copy.unfollow };
      if (results.length) this.report(w.db.name, results.map((r) => ({ id: r.id, rev: r.changes[0]?.rev })));
    } catch {
      copy?.unfollow();
      if (this.watched.get(w.db.name) === w) this.watched.delete(w.db.name);
      this.report(w.db.name, undefined);
    }
  }

  /** Follows the copy of `w`'s database: its rows are reported as this watch's, until it is dropped. */
  private follow(w: Watched, feed: CopyFeed): { unfollow: () => void; detached: () => boolean } {
    let detached = false;
    const unfollow = feed.follow({
      applied: (changed) => {
        if (this.watched.get(w.db.name) === w) this.report(w.db.name, changed);
      },
      detached: (seq) => {
        detached = true;
        if (w.copy?.feed !== feed) return;
        w.copy = undefined;
        // Every row up to `seq` was told (a copy that never read the feed told nothing: the watch's own read, made
        // after it began to follow, stands); from there the feed is read again, soon: the feed of database updates
        // may have named the database while the copy's last catch-up failed.
        if (seq !== undefined) w.since = seq;
        if (this.watched.get(w.db.name) !== w) return;
        w.dirty = true;
        w.dirtyAt = stamp();
        if (!this.polling()) this.readSoon(w);
      },
    });
    return { unfollow, detached: () => detached };
  }

  /** Stops watching `w` (its timer, and the copy it follows). */
  private forget(w: Watched): void {
    if (w.pending && w.pending !== 'reading') clearTimeout(w.pending);
    w.copy?.unfollow();
    w.copy = undefined;
  }

  /** Forgets the databases no cache depends on any more. */
  private prune(): void {
    const needed = new Set([...this.subscribers].flatMap((s) => [...s.needed()]));
    for (const [name, w] of this.watched) {
      if (needed.has(name)) continue;
      this.forget(w);
      this.watched.delete(name);
    }
  }

  private dropAll(): void {
    const names = [...this.watched.keys()];
    for (const w of this.watched.values()) this.forget(w);
    this.watched.clear();
    for (const name of names) this.report(name, undefined);
  }

  private schedulePoll(): void {
    if (this.pollTimer) return;
    this.pollTimer = setTimeout(() => void this.poll(), WATCH_INTERVAL_MS);
    // A cache's bookkeeping never keeps the process alive.
    this.pollTimer.unref();
  }

  /** Without the feed: every database depended on, once per interval. */
  private async poll(): Promise<void> {
    this.prune();
    await Promise.all([...this.watched.values()].filter((w) => !w.pending).map((w) => this.read(w)));
    this.pollTimer = undefined;
    if (this.watched.size === 0) return;
    if (this.polling()) this.schedulePoll();
    else {
      // Time to try the feed again. The databases watched stay watched from where they were last read, and are read
      // once more after the feed's position is known: a write between that read and the position is not missed.
      void this.feedStarted().then(
        () => {
          if (this.polling()) return this.schedulePoll();
          for (const w of this.watched.values()) {
            w.dirty = true;
            this.readSoon(w);
          }
        },
        () => this.schedulePoll(),
      );
    }
  }

  private report(dbName: string, changed: readonly Changed[] | undefined): void {
    for (const s of this.subscribers) s.onChange(dbName, changed);
  }
}
