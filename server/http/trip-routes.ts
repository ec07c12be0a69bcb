import type { z } from 'zod';
import type { ErrorCode } from '../../shared/errors.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from './errors.js';
import { defineRoute, type Method, type Reply, type ResponseSpec, type RouteSpec } from './route.js';
import { portalTripAccess } from '../portal/session.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';

/**
 * Routes that exist twice, for organizers under `/trips/:tripId/…` (dashboard) and for players under
 * `/trip-portal/trips/:tripId/…` (portal session), with one handler; and who may act for whom on them.
 *
 * Who acts: an organizer from the dashboard, or a player through a portal session. A player whose role on the trip
 * is `organizer` acts as an organizer on the portal too.
 */
export type Actor = { kind: 'organizer'; id: string } | { kind: 'player'; playerId: string; organizer: boolean };

export const isOrganizer = (a: Actor) => a.kind === 'organizer' || a.organizer;

/** The player a request acts for: the one named, or the portal session's own. Only organizers name someone else. */
export function actingFor(actor: Actor, named: string | undefined, field = 'playerId'): string {
  if (actor.kind === 'organizer') {
    if (!named) throw new AppError('validation_failed', `invalid body at ${field}: ${field} is required from the dashboard`, [{ path: ['body', field], message: 'required' }]);
    return named;
  }
  if (named && named !== actor.playerId && !actor.organizer) throw new AppError('forbidden', 'a player acts only for themselves');
  return named ?? actor.playerId;
}

/** Refuses a player who is neither the owner of an entry nor an organizer (403). */
export function mustOwn(actor: Actor, ownerIds: (string | null | undefined)[], what: string): void {
  if (isOrganizer(actor)) return;
  if (actor.kind === 'player' && ownerIds.includes(actor.playerId)) return;
  throw new AppError('forbidden', `only its owner or an organizer may change ${what}`);
}

export interface TripRouteContext<P, Q, B> {
  actor: Actor;
  tripId: string;
  db: Database;
  trip: TripDoc & StoredDoc;
  params: P;
  query: Q;
  body: B;
  deps: AppDeps;
}

export interface PairSpec<P extends z.ZodType<{ tripId: string }>, Q extends z.ZodType, B extends z.ZodType> {
  method: Method;
  /** OpenAPI tags; the portal route gets `Portal` first. */
  tags: string[];
  /** The path after `/trips/:tripId/` and `/trip-portal/trips/:tripId/`. */
  path: string;
  summary: string;
  description?: string;
  params: P;
  query?: Q;
  body?: B;
  responses: Record<number, ResponseSpec>;
  errors?: ErrorCode[];
  /** `both` (default): a dashboard and a portal route; `organizer`: the dashboard route only. */
  audience?: 'both' | 'organizer';
  /** What the portal route adds to the description (who may do what). */
  portalNote?: string;
  handler: (c: TripRouteContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<Reply>;
}

/** What a portal route of a trip answers beyond its auth mode's errors: the session does not cover the trip, or its token or player is gone. */
export const PORTAL_TRIP_ERRORS = ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked'] as const satisfies readonly ErrorCode[];

/**
 * One action as two routes with one handler: `/trips/:tripId/<path>` for organizers (dashboard, the trip's
 * organizers) and `/trip-portal/trips/:tripId/<path>` for players (portal session covering the trip).
 */
export function tripRoutePair<P extends z.ZodType<{ tripId: string }>, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  spec: PairSpec<P, Q, B>,
): RouteSpec[] {
  const { path, audience, portalNote, handler, tags, errors = [], ...rest } = spec;
  const organizerRoute = defineRoute({
    ...rest,
    path: `/trips/:tripId/${path}`,
    auth: 'dashboard',
    trip: 'organizer',
    tags,
    errors: [...new Set<ErrorCode>(['trip_not_ready', ...errors])],
    handler: async ({ trip, auth, params, query, body, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return handler({ actor: { kind: 'organizer', id: auth.sub }, tripId: trip.tripId, db, trip: tripDoc, params, query, body, deps });
    },
  });
  if (audience === 'organizer') return [organizerRoute];
  const portalRoute = defineRoute({
    ...rest,
    ...(rest.description || portalNote ? { description: [rest.description, portalNote].filter(Boolean).join(' ') } : {}),
    path: `/trip-portal/trips/:tripId/${path}`,
    auth: 'portal',
    tags: ['Portal', ...tags],
    errors: [...new Set([...PORTAL_TRIP_ERRORS, ...errors])],
    handler: async ({ auth, params, query, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const actor: Actor = { kind: 'player', playerId: a.playerId, organizer: a.player.role === 'organizer' };
      return handler({ actor, tripId: a.tripId, db: deps.store.trip(a.tripId), trip: a.trip, params, query, body, deps });
    },
  });
  return [organizerRoute, portalRoute];
}

/** {@link tripRoutePair} with the tags of one feature filled in. */
export function tripRoutePairs(tags: string[]) {
  return <P extends z.ZodType<{ tripId: string }>, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(spec: Omit<PairSpec<P, Q, B>, 'tags'>) =>
    tripRoutePair<P, Q, B>({ ...spec, tags });
}
