import { randomUUID } from 'node:crypto';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { WATCH_INTERVAL_MS, watchChanges, type Changed, type ChangeWatch } from '../store/change-watch.js';
import type { DocStore, StoredDoc } from '../store/docstore.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import { recordSeen } from './last-seen.js';
import { tokenDocId, tokenRefusal } from './tokens.service.js';
import type { PortalTokenDoc } from './tokens.js';

type Stored<T> = T & StoredDoc;

/**
 * Signs a portal session: the trips it covers, each with the player it acts as and the token that let it in. The
 * session is short-lived (PORTAL_SESSION_TTL_SECONDS); a device renews it by validating its token again.
 */
export async function signSession(deps: AppDeps, trips: PortalPrincipal['trips'], sessionId: string = randomUUID()) {
  return deps.keys.signPortal({ sub: `portal:${sessionId}`, jti: sessionId, trips }, deps.config.auth.portalSessionTtlSeconds);
}

export interface PortalTripAccess {
  tripId: string;
  playerId: string;
  tokenId: string;
  index: TripIndexDoc;
  trip: Stored<TripDoc>;
  player: Stored<PlayerDoc>;
}

/**
 * What a portal session may do on one trip. A session that does not cover the trip is 403; one whose token has
 * since been revoked or has expired is 401 (so a device knows to ask for a new token, and keeps its data); a trip
 * or player removed since is 404.
 *
 * The answer is read once (four documents) and reused until the token expires, or until {@link ACCESS_IDLE_MS}
 * without a request: a phone replicating sends dozens of requests a second. It is dropped when the token, the trip's
 * index, the trip or the player is written: at once when this server writes it, so a revocation stops the session at
 * its next request; within {@link ACCESS_REVALIDATE_MS} (and one poll's time) when another server of a CouchDB
 * deployment does, learnt from the changes feeds of the registry and the trip (server/store/change-watch.ts: one
 * request per database and interval on each server, whatever the number of phones). Every access let in notes that
 * the player's phone was heard from (a map write; the registry at most every 20 s, see last-seen.ts).
 */
export async function portalTripAccess(deps: AppDeps, who: PortalPrincipal, tripId: string): Promise<PortalTripAccess> {
  const entry = who.trips.find((t) => t.tripId === tripId);
  if (!entry) throw new AppError('forbidden', 'this portal session does not cover that trip');
  const access = await accessCache(deps.store).get(deps, entry, tripId);
  // Only a session let in counts as the phone being heard from (last-seen.ts).
  recordSeen(deps, tripId, entry.playerId);
  return access;
}

async function readTripAccess(deps: AppDeps, entry: PortalPrincipal['trips'][number], tripId: string) {
  const [token, index] = await Promise.all([
    deps.store.registry.get<PortalTokenDoc>(tokenDocId(entry.tokenId)),
    deps.store.registry.get<TripIndexDoc>(tripIndexId(tripId)),
  ]);
  const refusal = tokenRefusal(token, deps.now());
  if (refusal) throw refusal;
  // Only an active trip's database is opened: opening a deleted one would create it again, empty.
  if (!index || index.status !== 'active') throw new AppError('trip_not_found', `no trip ${tripId}`);
  const db = deps.store.trip(tripId);
  const [trip, player] = await Promise.all([db.get<Stored<TripDoc>>(`trip:${tripId}`), db.get<Stored<PlayerDoc>>(`player:${entry.playerId}`)]);
  if (!trip) throw new AppError('trip_not_found', `no trip ${tripId}`);
  if (!player) throw new AppError('player_not_found', 'the player this session acts as is no longer on the trip');
  const access: PortalTripAccess = { tripId, playerId: entry.playerId, tokenId: entry.tokenId, index, trip, player };
  // The revisions read: a write another server made is told apart from one this read saw already (change-watch.ts).
  const revs = new Map([token!, index, trip, player].map((d) => [d._id, d._rev]));
  return { access, tokenExpiresAt: Date.parse(token!.expiresAt), revs };
}

/** How often each server learns what the other servers of a CouchDB deployment wrote: the bound on a revocation's delay there. */
export const ACCESS_REVALIDATE_MS = WATCH_INTERVAL_MS;
/** A checked access not used for this long is forgotten (and its trip no longer watched). */
export const ACCESS_IDLE_MS = 10 * 60_000;
const MAX_CACHED = 10_000;

interface Cached {
  access: PortalTripAccess;
  tokenExpiresAt: number;
  /** The revision of each document the access was read from, by id. */
  revs: ReadonlyMap<string, string | undefined>;
  usedAt: number;
}

/**
 * Checked accesses by `tripId\ntokenId\nplayerId`. Concurrent requests of one session that find none share one read;
 * a read that started before an invalidation of what it read is answered but not kept.
 */
class AccessCache {
  private readonly entries = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<PortalTripAccess>>();
  /** Bumped by every invalidation: a read that started before one must not be cached after it. */
  private generation = 0;
  private readonly registryName: string;
  readonly others: ChangeWatch;

  constructor(private readonly store: DocStore) {
    this.registryName = store.registry.name;
    store.onWrite((dbName, ids) => this.written(dbName, ids));
    this.others = watchChanges(store, {
      onChange: (dbName, ids) => this.written(dbName, ids),
      needed: () => this.needed(),
    });
  }

  async get(deps: AppDeps, entry: PortalPrincipal['trips'][number], tripId: string): Promise<PortalTripAccess> {
    const key = `${tripId}\n${entry.tokenId}\n${entry.playerId}`;
    const hit = this.entries.get(key);
    if (hit && hit.tokenExpiresAt > deps.now().getTime()) {
      hit.usedAt = performance.now();
      return hit.access;
    }
    if (hit) this.entries.delete(key);
    let read = this.reading.get(key);
    if (!read) {
      const started: Promise<PortalTripAccess> = this.read(deps, key, entry, tripId).finally(() => {
        if (this.reading.get(key) === started) this.reading.delete(key);
      });
      read = started;
      this.reading.set(key, read);
    }
    return read;
  }

  private async read(deps: AppDeps, key: string, entry: PortalPrincipal['trips'][number], tripId: string): Promise<PortalTripAccess> {
    // Watched before reading, so whatever another server writes after the read is learnt of.
    await Promise.all([this.others.watch(this.store.registry), this.others.watch(this.store.trip(tripId))]);
    const generation = this.generation;
    const { access, tokenExpiresAt, revs } = await readTripAccess(deps, entry, tripId);
    if (generation === this.generation) {
      if (this.entries.size >= MAX_CACHED) this.entries.clear();
      this.entries.set(key, { access, tokenExpiresAt, revs, usedAt: performance.now() });
    }
    return access;
  }

  /**
   * Drops what a write may have changed: this server's writes (ids only) drop every access read from one of them;
   * another server's, learnt with their revision, only those read from another revision. `changed` undefined:
   * anything in that database may have changed.
   */
  private written(dbName: string, changed: readonly (string | Changed)[] | undefined): void {
    const revs = changed && new Map(changed.map((c) => (typeof c === 'string' ? [c, null] : [c.id, c.rev])));
    // A trip database's write of neither its trip nor a player (a score, most of a day's writes) drops nothing.
    if (revs && dbName !== this.registryName && ![...revs.keys()].some((id) => id.startsWith('trip:') || id.startsWith('player:'))) return;
    const stale = (key: string): boolean => {
      const [tripId, tokenId, playerId] = key.split('\n') as [string, string, string];
      const ids = dbName === this.registryName ? [tokenDocId(tokenId), tripIndexId(tripId)] : dbName === this.store.tripDbName(tripId) ? [`trip:${tripId}`, `player:${playerId}`] : [];
      if (ids.length === 0) return false;
      if (!revs) return true;
      const read = this.entries.get(key)?.revs;
      return ids.some((id) => revs.has(id) && (revs.get(id) === null || !read || read.get(id) !== revs.get(id)));
    };
    const keys = [...new Set([...this.entries.keys(), ...this.reading.keys()])].filter(stale);
    if (keys.length === 0) return;
    this.generation += 1;
    // A read under way may have read the old value: the next request reads afresh instead of sharing it.
    for (const key of keys) {
      this.entries.delete(key);
      this.reading.delete(key);
    }
  }

  /** The databases the cached accesses (and those being read) depend on; idle entries are forgotten here. */
  private needed(): Set<string> {
    const now = performance.now();
    const names = new Set<string>();
    for (const [key, cached] of this.entries) if (now - cached.usedAt > ACCESS_IDLE_MS) this.entries.delete(key);
    for (const key of [...this.entries.keys(), ...this.reading.keys()]) names.add(this.store.tripDbName(key.split('\n')[0]!));
    if (names.size > 0) names.add(this.registryName);
    return names;
  }
}

const caches = new WeakMap<DocStore, AccessCache>();

function accessCache(store: DocStore): AccessCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new AccessCache(store);
    caches.set(store, cache);
  }
  return cache;
}
