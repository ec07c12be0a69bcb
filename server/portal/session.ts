import { randomUUID } from 'node:crypto';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
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
 * The answer is reused for {@link ACCESS_CACHE_MS} (a phone replicating sends dozens of requests a second, each of
 * which would otherwise read four documents). It is dropped at once when this server writes the token, the trip's
 * index, the trip or the player, so a revocation stops the session at its next request; a write made by another
 * server of a CouchDB deployment takes effect within {@link ACCESS_CACHE_MS}. Every access let in notes that the
 * player's phone was heard from (a map write; the registry at most once a minute, see last-seen.ts).
 */
export async function portalTripAccess(deps: AppDeps, who: PortalPrincipal, tripId: string): Promise<PortalTripAccess> {
  const entry = who.trips.find((t) => t.tripId === tripId);
  if (!entry) throw new AppError('forbidden', 'this portal session does not cover that trip');
  const cache = accessCache(deps.store);
  const key = `${tripId}\n${entry.tokenId}\n${entry.playerId}`;
  const hit = cache.get(key, deps.now());
  if (hit) {
    recordSeen(deps, tripId, entry.playerId);
    return hit;
  }
  const generation = cache.generation;
  const { access, tokenExpiresAt } = await readTripAccess(deps, entry, tripId);
  cache.set(key, access, tokenExpiresAt, generation);
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
  return { access, tokenExpiresAt: Date.parse(token!.expiresAt) };
}

/** How long a checked trip access is reused when nothing this server wrote says it changed. */
export const ACCESS_CACHE_MS = 2_000;
const MAX_CACHED = 10_000;
/** Documents whose writes can change a portal session's access: then every cached answer is dropped. */
const REGISTRY_PREFIXES = ['portaltoken:', 'tripindex:'];
const TRIP_PREFIXES = ['trip:', 'player:'];

class AccessCache {
  private readonly entries = new Map<string, { access: PortalTripAccess; until: number; tokenExpiresAt: number }>();
  /** Bumped by every invalidation: a read that started before one must not be cached after it. */
  generation = 0;

  constructor(store: DocStore) {
    const registry = store.registry.name;
    store.onWrite((dbName, ids) => {
      const prefixes = dbName === registry ? REGISTRY_PREFIXES : TRIP_PREFIXES;
      if (ids.some((id) => prefixes.some((p) => id.startsWith(p)))) this.clear();
    });
  }

  get(key: string, now: Date): PortalTripAccess | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= performance.now() || hit.tokenExpiresAt <= now.getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.access;
  }

  set(key: string, access: PortalTripAccess, tokenExpiresAt: number, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_CACHED) this.entries.clear();
    this.entries.set(key, { access, until: performance.now() + ACCESS_CACHE_MS, tokenExpiresAt });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
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
