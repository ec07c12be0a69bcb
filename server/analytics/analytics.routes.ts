import { z } from 'zod';
import type { ErrorCode } from '../../shared/errors.js';
import { FunStats, HeadToHead, HeadToHeadMatrix, HeadToHeadQuery, Mvp, Rivalries, RivalriesQuery, TripSummary } from '../../shared/schemas/analytics.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import type { Database } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import type { TripIndexDoc } from '../trips/trip-index.js';
import { fun, headToHead, matrix, mostValuable, rivalries, summary } from './analytics.service.js';

/**
 * Analytics (issue 8, "Analytics"): trip summary, head-to-head and matrix, MVP, fun stats and rivalries, for the
 * dashboard under `/trips/:tripId/analytics/…` (organizers) and read-only for players under
 * `/trip-portal/trips/:tripId/analytics/…`. Both twins answer the same figures, computed from entered scores by the
 * pure functions of `shared/domain/analytics` (definitions there and in the README).
 */

const PLAYED =
  'Only completed cards count: a player has played a round when their scorecard has a score on every hole of the course. ' +
  'Net is at the WHS 95 % stroke play allowance, as on the net leaderboard.';

type Where = 'dashboard' | 'portal';

async function dashboardDb(deps: AppDeps, trip: TripIndexDoc): Promise<Database> {
  return (await loadTripDoc(deps, trip)).db;
}
async function portalDb(deps: AppDeps, auth: PortalPrincipal, tripId: string): Promise<Database> {
  const access = await portalTripAccess(deps, auth, tripId);
  return deps.store.trip(access.tripId);
}

const base = (where: Where) => (where === 'dashboard' ? '/trips/:tripId/analytics' : '/trip-portal/trips/:tripId/analytics');
const tagsOf = (where: Where) => (where === 'dashboard' ? ['Analytics'] : ['Portal', 'Analytics']);
const accessErrors = (where: Where): ErrorCode[] => (where === 'portal' ? ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked', 'token_expired'] : ['trip_not_ready']);

interface Analytic<Q extends z.ZodType> {
  path: string;
  summary: string;
  description: string;
  query?: Q;
  schema: z.ZodType;
  errors?: ErrorCode[];
  compute: (db: Database, query: z.output<Q>) => Promise<unknown>;
}

/** The dashboard and portal routes of one analytic: same path under each base, same schemas, same answer. */
function twins<Q extends z.ZodType = z.ZodUndefined>(a: Analytic<Q>): RouteSpec[] {
  return (['dashboard', 'portal'] as const).map((where) => {
    const spec = {
      method: 'get' as const,
      path: `${base(where)}${a.path}`,
      summary: where === 'dashboard' ? a.summary : `${a.summary} (portal, read-only)`,
      description: `${a.description} ${PLAYED}`,
      tags: tagsOf(where),
      params: TripIdParams,
      ...(a.query ? { query: a.query } : {}),
      responses: { 200: { description: a.summary, schema: a.schema } },
      errors: [...new Set([...accessErrors(where), ...(a.errors ?? [])])],
    };
    return where === 'dashboard'
      ? defineRoute({ ...spec, auth: 'dashboard', trip: 'organizer', handler: async ({ trip, query, deps }) => ({ body: await a.compute(await dashboardDb(deps, trip), query as z.output<Q>) }) })
      : defineRoute({ ...spec, auth: 'portal', handler: async ({ auth, params, query, deps }) => ({ body: await a.compute(await portalDb(deps, auth, params.tripId), query as z.output<Q>) }) });
  });
}

/** Analytics for the dashboard and the portal (issue 8). */
export const analyticsRoutes: RouteSpec[] = [
  ...twins({
    path: '/summary',
    summary: 'Trip summary: rounds played, scoring averages, birdies and better, best rounds',
    description:
      'Per player and for the trip: completed rounds, average gross and net (and to par), holes by score against par (eagles or better, ' +
      'birdies, pars, bogeys, double bogeys or worse), best gross and net round (lowest to par); the trip\u2019s three best rounds each way.',
    schema: TripSummary,
    compute: (db) => summary(db),
  }),
  ...twins({
    path: '/head-to-head',
    summary: 'Head-to-head between two players',
    description:
      'Rounds both completed, gross and net totals over them (margins A − B), each shared round won by the lower net total, finished team ' +
      'matches with the two on opposite sides, and the record: from those matches if any, else from the shared rounds. 400 for the same ' +
      'player twice, 404 `player_not_found` for a player not on the trip.',
    query: HeadToHeadQuery,
    schema: HeadToHead,
    errors: ['player_not_found'],
    compute: (db, q) => headToHead(db, q.playerA, q.playerB),
  }),
  ...twins({
    path: '/head-to-head/matrix',
    summary: 'Head-to-head matrix of every pair of players',
    description: 'A row per player (by name), a cell per opponent from the row player\u2019s side (null for oneself), as the head-to-head counts them.',
    schema: HeadToHeadMatrix,
    compute: (db) => matrix(db),
  }),
  ...twins({
    path: '/mvp',
    summary: 'MVP: points over the competitions\u2019 results',
    description:
      'Per stroke play or Stableford competition, 10/7/5/3/1 points for places 1–5 on its leaderboard (ties share the points of the places ' +
      'they occupy); per team match competition, 1 point per finished match won and 0.5 per halved. match_play competitions count nothing.',
    schema: Mvp,
    compute: (db) => mostValuable(db),
  }),
  ...twins({
    path: '/fun-stats',
    summary: 'Fun stats: most birdies, biggest blow-up hole, most improved, longest par streak',
    description:
      'Most holes at birdie or better; most strokes over par on one hole; largest drop in gross to par from a player\u2019s first to last ' +
      'completed round (two or more); most consecutive holes at par or better within one round. Each lists every player sharing the best value, or is null.',
    schema: FunStats,
    compute: (db) => fun(db),
  }),
  ...twins({
    path: '/rivalries',
    summary: 'Rivalries: closest and most-played head-to-head records',
    description:
      'Pairs with at least `minRounds` rounds together. Closest: smallest average net margin per shared round, then the closer record, then ' +
      'more rounds. Most played: most rounds together, then the smaller average margin.',
    query: RivalriesQuery,
    schema: Rivalries,
    compute: (db, q) => rivalries(db, q),
  }),
];
