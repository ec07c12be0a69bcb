import type { RoundDoc } from '../../shared/schemas/round.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal, PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { portalTripAccess, type PortalTripAccess } from '../portal/session.js';
import { getRound, roundDocId } from '../rounds/rounds.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { tripsOrganizedBy, type TripIndexDoc } from '../trips/trip-index.js';

type Stored<T> = T & StoredDoc;

/** A round found for an organizer, with its trip. */
export interface OrganizerRound {
  tripId: string;
  /** The trip's database. */
  db: Database;
  /** The trip document. */
  trip: Stored<TripDoc>;
  /** The stored round (with its revision). */
  round: Stored<RoundDoc>;
  /** The trip's registry entry. */
  index: TripIndexDoc;
}

/**
 * The round of a `/rounds/:id/…` path, which carries no trip id: it is looked for in every active trip the caller
 * owns or co-organizes (`registry/trips_by_organizer`, the same rule as `trip: 'organizer'` routes). A round of a
 * trip the caller does not organize answers 404 `round_not_found` exactly like one that does not exist, never 403,
 * so another organizer's rounds are not revealed.
 *
 * @example const { tripId, db, round } = await roundForOrganizer(deps, auth, params.id);
 */
export async function roundForOrganizer(deps: AppDeps, auth: DashboardPrincipal, roundId: string): Promise<OrganizerRound> {
  // Trips still being created by the wizard (or being deleted) have no rounds to act on yet.
  const trips = (await tripsOrganizedBy(deps, auth)).filter((t) => t.status === 'active');
  const found = await Promise.all(trips.map((t) => deps.store.trip(t.tripId).get<Stored<RoundDoc>>(roundDocId(roundId))));
  const at = found.findIndex((r) => r !== undefined);
  if (at < 0) throw new AppError('round_not_found', `no round ${roundId}`);
  const index = trips[at]!;
  const { db, trip } = await loadTripDoc(deps, index);
  return { tripId: index.tripId, db, trip, round: found[at]!, index };
}

/** A round of a trip as a portal session sees it. */
export interface PlayerRound {
  tripId: string;
  /** The player the session acts as. */
  playerId: string;
  db: Database;
  trip: Stored<TripDoc>;
  round: Stored<RoundDoc>;
  access: PortalTripAccess;
}

/**
 * The round of a `/trip-portal/trips/:tripId/rounds/:roundId/…` path for a portal session: the session must cover
 * the trip (`portalTripAccess`: 403, or 401 for a revoked token), and the round must be on it (404 `round_not_found`).
 */
export async function roundForPlayer(deps: AppDeps, auth: PortalPrincipal, tripId: string, roundId: string): Promise<PlayerRound> {
  const access = await portalTripAccess(deps, auth, tripId);
  const db = deps.store.trip(access.tripId);
  const round = await getRound(db, roundId);
  return { tripId: access.tripId, playerId: access.playerId, db, trip: access.trip, round, access };
}
