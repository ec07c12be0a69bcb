import { randomUUID } from 'node:crypto';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { StoredDoc } from '../store/docstore.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
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
 */
export async function portalTripAccess(deps: AppDeps, who: PortalPrincipal, tripId: string): Promise<PortalTripAccess> {
  const entry = who.trips.find((t) => t.tripId === tripId);
  if (!entry) throw new AppError('forbidden', 'this portal session does not cover that trip');
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
  return { tripId, playerId: entry.playerId, tokenId: entry.tokenId, index, trip, player };
}
