import { z } from 'zod';
import type { ErrorCode } from '../../shared/errors.js';
import { FunStats, HeadToHead, HeadToHeadMatrix, HeadToHeadQuery, Mvp, Rivalries, RivalriesQuery, TripSummary } from '../../shared/schemas/analytics.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { RouteSpec } from '../http/route.js';
import { tripRoutePairs } from '../http/trip-routes.js';
import type { Database } from '../store/docstore.js';
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

interface Analytic<Q extends z.ZodType> {
  path: string;
  summary: string;
  description: string;
  query?: Q;
  schema: z.ZodType;
  errors?: ErrorCode[];
  compute: (db: Database, query: z.output<Q>) => Promise<unknown>;
}

const analyticsPair = tripRoutePairs(['Analytics']);

/** The dashboard and portal routes of one analytic: same path under each base, same schemas, same answer. */
function twins<Q extends z.ZodType = z.ZodUndefined>(a: Analytic<Q>): RouteSpec[] {
  return analyticsPair({
    method: 'get',
    path: `analytics${a.path}`,
    summary: a.summary,
    description: `${a.description} ${PLAYED}`,
    portalNote: 'Read-only; the same figures as the dashboard.',
    params: TripIdParams,
    ...(a.query ? { query: a.query } : {}),
    responses: { 200: { description: a.summary, schema: a.schema } },
    ...(a.errors ? { errors: a.errors } : {}),
    handler: async ({ db, query }) => ({ body: await a.compute(db, query as z.output<Q>) }),
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
