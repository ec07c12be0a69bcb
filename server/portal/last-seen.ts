import type { AppDeps } from '../deps.js';
import type { DocStore, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';

/**
 * When each player's phone was last heard from: the last portal request (replication through the gateway, or the
 * portal's REST API) made with that player's session, for the organizer's Links screen and the trip-day control
 * room.
 *
 * The sync path is hot (a replicating phone sends dozens of requests a second), so a request costs a map write in
 * memory. The registry keeps one small document per player (`lastseen:<tripId>:<playerId>`, so two players never
 * contend), moved at most every {@link LAST_SEEN_WRITE_MS} per player, and this server writes all the players due in
 * one `_bulk_docs` at most every {@link LAST_SEEN_FLUSH_MS}: with a hundred phones in play that is one request every
 * few seconds, not five a second (issue 36). Readers merge the stored times with this server's memory, so the answer
 * on this server is exact; the stored ones are read at most every {@link LAST_SEEN_READ_MS} per trip (the control
 * room polls every 10 s). On another server of a CouchDB deployment a phone is at most 20 + 5 + 15 = 40 s late: a
 * phone with signal is heard at least every 25 s (its sync's longpoll, `HEARD_EVERY_MS` in sync/device), so another
 * server knows of it within 65 s, inside the control room's 90 s before a phone is called silent.
 * Recording on session validation instead would cost nothing but be an hour late, which cannot tell a silent group
 * on the course.
 */
export const LAST_SEEN_WRITE_MS = 20_000;
/** A server's writes of the times heard, together, at most this often (on the server's clock, `deps.now`). */
export const LAST_SEEN_FLUSH_MS = 5_000;
/** The stored times of a trip are read again after this long (the server's own are merged from memory at every read). */
export const LAST_SEEN_READ_MS = 15_000;

export interface LastSeenDoc extends StoredDoc {
  type: 'lastseen';
  tripId: string;
  playerId: string;
  at: string;
  createdAt: string;
  updatedAt: string;
}

const docId = (tripId: string, playerId: string) => `lastseen:${tripId}:${playerId}`;
const MAX_KNOWN_DOCS = 10_000;

class LastSeen {
  /** The newest time heard, by `tripId\nplayerId`. */
  readonly heard = new Map<string, string>();
  /** When this server last wrote (or queued) a player's time (ms of `deps.now`): at most every {@link LAST_SEEN_WRITE_MS}. */
  private readonly written = new Map<string, number>();
  /** The document as this server last wrote it: the next write names its revision without reading it first. */
  private readonly docs = new Map<string, LastSeenDoc>();
  /** Players due to be written at the next flush, by key. */
  private readonly due = new Set<string>();
  private flushedAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  /** Each trip's stored times as last read, and when (performance.now()). */
  private readonly stored = new Map<string, { at: number; times: Promise<Map<string, string>> }>();

  constructor(private readonly deps: AppDeps) {}

  record(tripId: string, playerId: string): void {
    const now = this.deps.now();
    const key = `${tripId}\n${playerId}`;
    this.heard.set(key, now.toISOString());
    const last = this.written.get(key);
    if (last !== undefined && now.getTime() - last < LAST_SEEN_WRITE_MS) return;
    this.written.set(key, now.getTime());
    this.due.add(key);
    this.schedule();
  }

  /** A flush now if none was made for {@link LAST_SEEN_FLUSH_MS}, else when that time is up. Not awaited by anyone. */
  private schedule(): void {
    if (this.timer || this.flushing || this.due.size === 0) return;
    const wait = Math.max(0, this.flushedAt + LAST_SEEN_FLUSH_MS - this.deps.now().getTime());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    const keys = [...this.due];
    this.due.clear();
    this.flushing = true;
    this.flushedAt = this.deps.now().getTime();
    try {
      await this.write(keys);
    } catch (err) {
      // Not written: each is tried again at its next request.
      for (const key of keys) {
        this.written.delete(key);
        this.docs.delete(key);
      }
      this.deps.logger.warn('could not record when phones were last heard from', { players: keys.length, err: String(err) });
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  /**
   * One `_bulk_docs` of every due player's time: over the revision this server wrote last, or over the one read now
   * (one `_all_docs` for those this server has not written, or that another server wrote since), never moving a time
   * back. A player another server wrote meanwhile is read and written again at once.
   */
  private async write(keys: string[]): Promise<void> {
    const registry = this.deps.store.registry;
    let pending = keys;
    for (let attempt = 0; pending.length > 0 && attempt < 3; attempt++) {
      const unknown = pending.filter((k) => !this.docs.has(k));
      if (unknown.length > 0) {
        const { rows } = await registry.allDocs({ keys: unknown.map(idOf), includeDocs: true });
        unknown.forEach((key, i) => {
          const doc = rows[i]?.doc as LastSeenDoc | null | undefined;
          if (doc && !rows[i]?.value?.deleted) this.remember(key, doc);
        });
      }
      const docs = pending.flatMap((key) => {
        const at = this.heard.get(key)!;
        const known = this.docs.get(key);
        if (known && known.at >= at) return [];
        const [tripId, playerId] = key.split('\n') as [string, string];
        return [known ? { ...known, at, updatedAt: at } : ({ _id: docId(tripId, playerId), type: 'lastseen', tripId, playerId, at, createdAt: at, updatedAt: at } as LastSeenDoc)];
      });
      if (docs.length === 0) return;
      const results = await registry.bulkDocs(docs);
      const again: string[] = [];
      docs.forEach((doc, i) => {
        const key = `${doc.tripId}\n${doc.playerId}`;
        const result = results[i];
        if (result?.rev && !result.error) this.remember(key, { ...doc, _rev: result.rev });
        else {
          // Another server wrote it since: read it again and write over it.
          this.docs.delete(key);
          again.push(key);
        }
      });
      pending = again;
    }
  }

  private remember(key: string, doc: LastSeenDoc): void {
    if (this.docs.size >= MAX_KNOWN_DOCS) this.docs.clear();
    this.docs.set(key, doc);
  }

  /** The stored times of a trip, by player: read at most every {@link LAST_SEEN_READ_MS}. */
  storedTimes(tripId: string): Promise<Map<string, string>> {
    const now = performance.now();
    const kept = this.stored.get(tripId);
    if (kept && now - kept.at < LAST_SEEN_READ_MS) return kept.times;
    const times = docsWithPrefix<LastSeenDoc>(this.deps.store.registry, `lastseen:${tripId}:`).then((docs) => new Map(docs.map((d) => [d.playerId, d.at])));
    if (this.stored.size >= MAX_KNOWN_DOCS) this.stored.clear();
    this.stored.set(tripId, { at: now, times });
    // A failed read is not kept.
    times.catch(() => {
      if (this.stored.get(tripId)?.times === times) this.stored.delete(tripId);
    });
    return times;
  }
}

function idOf(key: string): string {
  const [tripId, playerId] = key.split('\n') as [string, string];
  return docId(tripId, playerId);
}

const trackers = new WeakMap<DocStore, LastSeen>();
function tracker(deps: AppDeps): LastSeen {
  let t = trackers.get(deps.store);
  if (!t) trackers.set(deps.store, (t = new LastSeen(deps)));
  return t;
}

/** Notes that a player's phone was heard from now (cheap: see {@link LastSeen}). */
export function recordSeen(deps: AppDeps, tripId: string, playerId: string): void {
  tracker(deps).record(tripId, playerId);
}

/** When each player of the trip was last heard from (ISO instant), by player id; players never heard from are absent. */
export async function lastSeenByPlayer(deps: AppDeps, tripId: string): Promise<Map<string, string>> {
  const seen = tracker(deps);
  const out = new Map(await seen.storedTimes(tripId));
  for (const [key, at] of seen.heard) {
    const [t, playerId] = key.split('\n') as [string, string];
    if (t === tripId && at > (out.get(playerId) ?? '')) out.set(playerId, at);
  }
  return out;
}
