import { WATCH_INTERVAL_MS, watchChanges, type Changed, type ChangeWatch } from './change-watch.js';
import type { Database, DocStore, StoredDoc } from './docstore.js';

/**
 * Documents an access check reads on every request (an organizer's account for a password reset that ended older
 * tokens, a trip's index for who organizes it), kept while they are used instead of read from CouchDB each time.
 *
 * A document is dropped at once when this server writes it, and within {@link WATCH_INTERVAL_MS} (and one poll's time)
 * when another server of a CouchDB deployment does (change-watch.ts: one changes-feed poll per database and
 * interval on each server, the same bound as a portal session's access in server/portal/session.ts). Only found
 * documents are kept: one created elsewhere is read at once. Each caller gets its own copy. Writes never go through
 * here: a read-modify-write reads the store itself (`updateDoc`).
 */
export async function readCached<T extends StoredDoc>(store: DocStore, db: Database, id: string): Promise<T | undefined> {
  const doc = await cacheOf(store).get(db, id);
  return doc ? (structuredClone(doc) as T) : undefined;
}

/** A document not read for this long is forgotten (and its database no longer polled for it). */
const IDLE_MS = 10 * 60_000;
const MAX_CACHED = 10_000;

class DocCache {
  private readonly entries = new Map<string, { doc: StoredDoc; usedAt: number }>();
  private readonly reading = new Map<string, Promise<StoredDoc | undefined>>();
  /** Bumped by every invalidation: a read that started before one must not be kept after it. */
  private generation = 0;
  private readonly others: ChangeWatch;

  constructor(store: DocStore) {
    store.onWrite((dbName, ids) => this.written(dbName, ids));
    this.others = watchChanges(store, { onChange: (dbName, changed) => this.written(dbName, changed), needed: () => this.needed() });
  }

  get(db: Database, id: string): Promise<StoredDoc | undefined> {
    const key = `${db.name}\n${id}`;
    const hit = this.entries.get(key);
    if (hit) {
      hit.usedAt = performance.now();
      return Promise.resolve(hit.doc);
    }
    let read = this.reading.get(key);
    if (!read) {
      const started: Promise<StoredDoc | undefined> = this.read(db, key, id).finally(() => {
        if (this.reading.get(key) === started) this.reading.delete(key);
      });
      read = started;
      this.reading.set(key, read);
    }
    return read;
  }

  private async read(db: Database, key: string, id: string): Promise<StoredDoc | undefined> {
    // Watched before reading, so whatever another server writes after the read is learnt of.
    await this.others.watch(db);
    const generation = this.generation;
    const doc = await db.get(id);
    if (doc && generation === this.generation) {
      if (this.entries.size >= MAX_CACHED) this.entries.clear();
      this.entries.set(key, { doc, usedAt: performance.now() });
    }
    return doc;
  }

  /** This server's writes (ids) drop what they name; another server's only what was read at another revision. */
  private written(dbName: string, changed: readonly (string | Changed)[] | undefined): void {
    const prefix = `${dbName}\n`;
    const revs = changed && new Map(changed.map((c) => (typeof c === 'string' ? [c, null] : [c.id, c.rev])));
    const stale = [...new Set([...this.entries.keys(), ...this.reading.keys()])].filter((key) => {
      if (!key.startsWith(prefix)) return false;
      if (!revs) return true;
      const id = key.slice(prefix.length);
      return revs.has(id) && (revs.get(id) === null || this.entries.get(key)?.doc._rev !== revs.get(id));
    });
    if (stale.length === 0) return;
    this.generation += 1;
    for (const key of stale) {
      this.entries.delete(key);
      this.reading.delete(key);
    }
  }

  private needed(): Set<string> {
    const now = performance.now();
    for (const [key, entry] of this.entries) if (now - entry.usedAt > IDLE_MS) this.entries.delete(key);
    return new Set([...this.entries.keys(), ...this.reading.keys()].map((key) => key.slice(0, key.indexOf('\n'))));
  }
}

const caches = new WeakMap<DocStore, DocCache>();

function cacheOf(store: DocStore): DocCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new DocCache(store)));
  return cache;
}
