import type { Database, DocStore } from './docstore.js';

/**
 * Writes made by the other app servers of a CouchDB deployment, for caches of this server that must not serve what
 * another server changed for longer than a known bound. This server's own writes are reported at once by
 * `DocStore.onWrite`; the others' are learnt by polling the changes feed of each database a cache depends on, once
 * every {@link WATCH_INTERVAL_MS} while a cache still depends on it: one request per database and interval, however
 * many caches and entries there are (CouchDB API: /{db}/_changes, `since`).
 *
 * The embedded store is held by one process, so nothing is polled there and `watch` costs nothing.
 */
export interface ChangeWatch {
  /**
   * Watches `db` from now on; resolves once its position is known, so every write acknowledged after that is
   * reported to `onChange` within the interval and a poll's time. Read what you cache after this resolves.
   */
  watch(db: Database): Promise<void>;
}

/** How often the changes of a watched database are polled: the bound on how late another server's write is learnt. */
export const WATCH_INTERVAL_MS = 2_000;

export interface ChangeWatchOptions {
  /**
   * The documents written to a database since the last poll, each with its winning revision now; `undefined` when
   * they cannot be known (a poll failed). A cache compares the revision with the one it read: a write it saw
   * already (made before its read, learnt after it) need not drop anything.
   */
  onChange(dbName: string, changed: readonly Changed[] | undefined): void;
  /** Asked before every poll: the databases still depended on (the others are no longer polled). */
  needed(): ReadonlySet<string>;
}

export interface Changed {
  id: string;
  rev: string | undefined;
}

interface Watched {
  db: Database;
  since: string | number;
}

/** Subscribes a cache to the writes of the databases it watches; one poller per store, shared by every cache. */
export function watchChanges(store: DocStore, subscriber: ChangeWatchOptions): ChangeWatch {
  if (store.kind === 'pouchdb') return { watch: async () => undefined };
  let poller = pollers.get(store);
  if (!poller) pollers.set(store, (poller = new PolledChanges()));
  poller.subscribers.add(subscriber);
  return poller;
}

const pollers = new WeakMap<DocStore, PolledChanges>();

class PolledChanges implements ChangeWatch {
  private readonly watched = new Map<string, Watched>();
  /** Positions being read, shared by the callers watching the same database meanwhile. */
  private readonly starting = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  readonly subscribers = new Set<ChangeWatchOptions>();

  watch(db: Database): Promise<void> {
    if (this.watched.has(db.name)) return Promise.resolve();
    let started = this.starting.get(db.name);
    if (!started) {
      // `since=now` answers the current position at once, without rows (CouchDB API: /{db}/_changes).
      started = db
        .changes({ since: 'now', limit: 1 })
        .then(({ lastSeq }) => {
          this.watched.set(db.name, { db, since: lastSeq });
          this.schedule();
        })
        .finally(() => this.starting.delete(db.name));
      this.starting.set(db.name, started);
    }
    return started;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.poll(), WATCH_INTERVAL_MS);
    // A cache's bookkeeping never keeps the process alive.
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    const needed = new Set([...this.subscribers].flatMap((s) => [...s.needed()]));
    for (const name of [...this.watched.keys()]) if (!needed.has(name)) this.watched.delete(name);
    await Promise.all(
      [...this.watched.values()].map(async (w) => {
        try {
          const { results, lastSeq } = await w.db.changes({ since: w.since });
          // Watched anew meanwhile (after a failure): that watch's position is the one to keep.
          if (this.watched.get(w.db.name) !== w) return;
          w.since = lastSeq;
          if (results.length) this.report(w.db.name, results.map((r) => ({ id: r.id, rev: r.changes[0]?.rev })));
        } catch {
          // What was written meanwhile cannot be known: the caches drop what depends on it, and watch it anew.
          if (this.watched.get(w.db.name) === w) this.watched.delete(w.db.name);
          this.report(w.db.name, undefined);
        }
      }),
    );
    this.timer = undefined;
    if (this.watched.size > 0) this.schedule();
  }

  private report(dbName: string, changed: readonly Changed[] | undefined): void {
    for (const s of this.subscribers) s.onChange(dbName, changed);
  }
}
