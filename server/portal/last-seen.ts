import type { AppDeps } from '../deps.js';
import { StoreConflictError, type DocStore, type StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';

/**
 * When each player's phone was last heard from: the last portal request (replication through the gateway, or the
 * portal's REST API) made with that player's session, for the organizer's Links screen and the trip-day control
 * room.
 *
 * The sync path is hot (a replicating phone sends dozens of requests a second), so a request costs a map write in
 * memory, and the registry is written at most every 20 s per player (`lastseen:<tripId>:<playerId>`, one small
 * document per player so two players never contend). Readers merge the stored time with this server's memory, so
 * the answer on this server is exact, and on another server of a CouchDB deployment it is at most 20 s late: a phone
 * with signal is heard at least every 25 s (its sync's longpoll, `HEARD_EVERY_MS` in sync/device), so another server
 * has heard of it within 45 s, well inside the control room's 90 s before a phone is called silent. (At once a minute,
 * 60 + 25 s came within 5 s of it.)
 * Recording on session validation instead would cost nothing but be an hour late, which cannot tell a silent group
 * on the course.
 */
export const LAST_SEEN_WRITE_MS = 20_000;

export interface LastSeenDoc extends StoredDoc {
  type: 'lastseen';
  tripId: string;
  playerId: string;
  at: string;
  createdAt: string;
  updatedAt: string;
}

const docId = (tripId: string, playerId: string) => `lastseen:${tripId}:${playerId}`;

class LastSeen {
  /** The newest time heard, by `tripId\nplayerId`. */
  readonly heard = new Map<string, string>();
  /** When this server last wrote a player's document (ms), so it writes at most every {@link LAST_SEEN_WRITE_MS}. */
  private readonly written = new Map<string, number>();
  /** The document as this server last wrote it: the next write names its revision without reading it first. */
  private readonly docs = new Map<string, LastSeenDoc>();

  record(deps: AppDeps, tripId: string, playerId: string): void {
    const now = deps.now();
    const key = `${tripId}\n${playerId}`;
    const at = now.toISOString();
    this.heard.set(key, at);
    const last = this.written.get(key);
    if (last !== undefined && now.getTime() - last < LAST_SEEN_WRITE_MS) return;
    this.written.set(key, now.getTime());
    // Not awaited: the request that was heard does not wait for the record of it.
    void write(deps, tripId, playerId, at, this.docs.get(key)).then(
      (doc) => {
        if (this.docs.size >= MAX_KNOWN_DOCS) this.docs.clear();
        this.docs.set(key, doc);
      },
      (err: unknown) => {
        this.written.delete(key);
        this.docs.delete(key);
        deps.logger.warn('could not record when a phone was last heard from', { tripId, playerId, err: String(err) });
      },
    );
  }
}

const MAX_KNOWN_DOCS = 10_000;

/**
 * Writes the time heard: over the revision this server wrote last (one request), or, when another server wrote
 * since or none is known, over the one read now, and never moving the time back.
 */
async function write(deps: AppDeps, tripId: string, playerId: string, at: string, known: LastSeenDoc | undefined): Promise<LastSeenDoc> {
  const registry = deps.store.registry;
  const id = docId(tripId, playerId);
  const moved = (d: LastSeenDoc) => (d.at >= at ? undefined : { ...d, at, updatedAt: at });
  if (known && known.at < at) {
    const next = { ...known, at, updatedAt: at };
    try {
      return { ...next, _rev: (await registry.put(next)).rev };
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
    }
  }
  const updated = await updateDoc<LastSeenDoc>(registry, id, moved);
  if (updated) return updated;
  const doc: LastSeenDoc = { _id: id, type: 'lastseen', tripId, playerId, at, createdAt: at, updatedAt: at };
  try {
    return { ...doc, _rev: (await registry.put(doc)).rev };
  } catch {
    // Another request created it meanwhile: move it forward instead.
    const again = await updateDoc<LastSeenDoc>(registry, id, moved);
    if (!again) throw new Error(`${id} could not be written`);
    return again;
  }
}

const trackers = new WeakMap<DocStore, LastSeen>();
function tracker(store: DocStore): LastSeen {
  let t = trackers.get(store);
  if (!t) trackers.set(store, (t = new LastSeen()));
  return t;
}

/** Notes that a player's phone was heard from now (cheap: see {@link LastSeen}). */
export function recordSeen(deps: AppDeps, tripId: string, playerId: string): void {
  tracker(deps.store).record(deps, tripId, playerId);
}

/** When each player of the trip was last heard from (ISO instant), by player id; players never heard from are absent. */
export async function lastSeenByPlayer(deps: AppDeps, tripId: string): Promise<Map<string, string>> {
  const stored = await docsWithPrefix<LastSeenDoc>(deps.store.registry, `lastseen:${tripId}:`);
  const out = new Map(stored.map((d) => [d.playerId, d.at]));
  for (const [key, at] of tracker(deps.store).heard) {
    const [t, playerId] = key.split('\n') as [string, string];
    if (t === tripId && at > (out.get(playerId) ?? '')) out.set(playerId, at);
  }
  return out;
}
