import type { Context } from 'koa';
import type { z } from 'zod';
import type { Database } from '../store/docstore.js';
import {
  CompetitionLeaderboard,
  CompetitionLeaderboardParams,
  MultiRoundLeaderboard,
  MultiRoundLeaderboardQuery,
  RoundLeaderboard,
  RoundLeaderboardParams,
  RoundLeaderboardQuery,
  TeamRoundLeaderboard,
  TeamRoundLeaderboardQuery,
  TeamLines,
  TeamLinesParams,
} from '../../shared/schemas/leaderboards.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { zodDetails } from '../http/errors.js';
import { defineRoute, type Reply, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import { loadTripDoc } from '../trips/trip-db.js';
import type { TripIndexDoc } from '../trips/trip-index.js';
import { teamLines } from './team-lines.js';
import { boardJson, competitionBoard, multiRoundBoard, roundBoard, teamRoundBoard } from './leaderboards.service.js';

/**
 * Leaderboards (issue 4, "Leaderboards"): round, tournament or team match (per competition) and multi-round boards,
 * for the dashboard under `/trips/:tripId/leaderboards/…` and for players under `/trip-portal/trips/:tripId/leaderboards/…`.
 * Both twins answer the same board, computed by the shared pure functions the device library also runs offline.
 */

const ROUND =
  'Players with a scorecard in the round, ranked on gross or net strokes against the par of the holes played (so a player through 9 ' +
  'compares with one through 18), or on Stableford points (R&A Rule 21, net). Ties share a position ("T2"); players without a score come ' +
  'last ("-"). Playing Handicaps come from the handicap frozen on each scorecard at the allowance (WHS default 95 %).';
const COMPETITION =
  'A stroke play or Stableford competition answers its tournament board (`kind: "tournament"`: a column per round and totals, at the ' +
  "competition's allowance, split by countback when the competition asks for it). A `team_match` competition answers its matches, " +
  'scored as net match play from the round\u2019s scores, and the teams\u2019 running totals (`kind: "team_match"`). A `match_play` ' +
  'competition has no board (422).';
const MULTI = 'A column per round (in the order given; `null` where a player has no scorecard) and totals, ranked on the sum of the rounds.';

type Where = 'dashboard' | 'portal';

/** The trip database of a dashboard route (trip access checked by the route) or of a portal session (`portalTripAccess`). */
async function dashboardDb(deps: AppDeps, trip: TripIndexDoc): Promise<Database> {
  return (await loadTripDoc(deps, trip, { read: 'state' })).db;
}
async function portalDb(deps: AppDeps, auth: PortalPrincipal, tripId: string): Promise<Database> {
  const access = await portalTripAccess(deps, auth, tripId);
  return deps.store.trip(access.tripId);
}

/**
 * Answers a board with its JSON made once per board: a board is shared by every request at one state of the trip
 * (leaderboards.service.ts), and a round board of a full field, hole by hole, is hundreds of kilobytes that would
 * otherwise be serialized again for each of a hundred phones. The bytes are those Koa would send for the object.
 * With response checks on (tests), the board is checked against the route's schema as every other answer is.
 */
function sendBoard(ctx: Context, deps: AppDeps, schema: z.ZodType, board: object): Reply {
  if (deps.validateResponses) {
    const r = schema.safeParse(board);
    if (!r.success) throw new Error(`${ctx.method} ${ctx.path} answered a board its schema refuses: ${JSON.stringify(zodDetails(r.error))}`);
  }
  ctx.type = 'json';
  ctx.body = boardJson(board);
  return {};
}

const base = (where: Where) => (where === 'dashboard' ? '/trips/:tripId/leaderboards' : '/trip-portal/trips/:tripId/leaderboards');
const tagsOf = (where: Where) => (where === 'dashboard' ? ['Leaderboards'] : ['Portal', 'Leaderboards']);
const who = (where: Where) => (where === 'dashboard' ? '' : ' (portal: the same board the dashboard shows)');
const accessErrors = (where: Where) => (where === 'portal' ? (['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked', 'token_expired'] as const) : (['trip_not_ready'] as const));

function roundRoute(where: Where) {
  const spec = {
    method: 'get' as const,
    path: `${base(where)}/rounds/:roundId`,
    sharedPerState: true as const,
    summary: `Round leaderboard${who(where)}`,
    description: ROUND,
    tags: tagsOf(where),
    params: RoundLeaderboardParams,
    query: RoundLeaderboardQuery,
    responses: { 200: { description: 'The round board', schema: RoundLeaderboard } },
    errors: [...accessErrors(where), 'round_not_found' as const, 'unprocessable' as const],
  };
  return where === 'dashboard'
    ? defineRoute({ ...spec, auth: 'dashboard', trip: 'organizer', handler: async ({ trip, params, query, deps, ctx }) => sendBoard(ctx, deps, RoundLeaderboard, await roundBoard(await dashboardDb(deps, trip), params.roundId, query)) })
    : defineRoute({ ...spec, auth: 'portal', handler: async ({ auth, params, query, deps, ctx }) => sendBoard(ctx, deps, RoundLeaderboard, await roundBoard(await portalDb(deps, auth, params.tripId), params.roundId, query)) });
}

function competitionRoute(where: Where) {
  const spec = {
    method: 'get' as const,
    path: `${base(where)}/competitions/:competitionId`,
    sharedPerState: true as const,
    summary: `Competition leaderboard: tournament or team match${who(where)}`,
    description: COMPETITION,
    tags: tagsOf(where),
    params: CompetitionLeaderboardParams,
    responses: { 200: { description: 'The competition board', schema: CompetitionLeaderboard } },
    errors: [...accessErrors(where), 'not_found' as const, 'round_not_found' as const, 'unprocessable' as const],
  };
  return where === 'dashboard'
    ? defineRoute({ ...spec, auth: 'dashboard', trip: 'organizer', handler: async ({ trip, params, deps, ctx }) => sendBoard(ctx, deps, CompetitionLeaderboard, await competitionBoard(await dashboardDb(deps, trip), params.competitionId)) })
    : defineRoute({ ...spec, auth: 'portal', handler: async ({ auth, params, deps, ctx }) => sendBoard(ctx, deps, CompetitionLeaderboard, await competitionBoard(await portalDb(deps, auth, params.tripId), params.competitionId)) });
}

function multiRoundRoute(where: Where) {
  const spec = {
    method: 'get' as const,
    path: `${base(where)}/multi-round`,
    sharedPerState: true as const,
    summary: `Multi-round leaderboard over chosen rounds${who(where)}`,
    description: MULTI,
    tags: tagsOf(where),
    params: TripIdParams,
    query: MultiRoundLeaderboardQuery,
    responses: { 200: { description: 'The multi-round board', schema: MultiRoundLeaderboard } },
    errors: [...accessErrors(where), 'round_not_found' as const, 'unprocessable' as const],
  };
  return where === 'dashboard'
    ? defineRoute({
        ...spec,
        auth: 'dashboard',
        trip: 'organizer',
        handler: async ({ trip, query, deps, ctx }) => sendBoard(ctx, deps, MultiRoundLeaderboard, await multiRoundBoard(await dashboardDb(deps, trip), query.roundIds, query.basis, query.allowancePercent)),
      })
    : defineRoute({
        ...spec,
        auth: 'portal',
        handler: async ({ auth, params, query, deps, ctx }) => sendBoard(ctx, deps, MultiRoundLeaderboard, await multiRoundBoard(await portalDb(deps, auth, params.tripId), query.roundIds, query.basis, query.allowancePercent)),
      });
}

const TEAMS =
  'A round converted to team scorecards, its teams ranked against the par of the holes counted. Best ball counts the best n member ' +
  'scores per hole (net from the Playing Handicaps frozen on the scorecards, or gross; par × n); scramble takes the team score per hole ' +
  'less the team handicap\u2019s strokes by stroke index. Ties share a position ("T2"); teams without a score come last ("-"). 404 ' +
  '`not_found` when the round has no team scorecards.';

function teamRoundRoute(where: Where) {
  const spec = {
    method: 'get' as const,
    path: `${base(where)}/rounds/:roundId/teams`,
    sharedPerState: true as const,
    summary: `Team round leaderboard (best ball or scramble team scorecards)${who(where)}`,
    description: TEAMS,
    tags: tagsOf(where),
    params: RoundLeaderboardParams,
    query: TeamRoundLeaderboardQuery,
    responses: { 200: { description: 'The team round board', schema: TeamRoundLeaderboard } },
    errors: [...accessErrors(where), 'round_not_found' as const, 'not_found' as const],
  };
  return where === 'dashboard'
    ? defineRoute({ ...spec, auth: 'dashboard', trip: 'organizer', handler: async ({ trip, params, query, deps, ctx }) => sendBoard(ctx, deps, TeamRoundLeaderboard, await teamRoundBoard(await dashboardDb(deps, trip), params.roundId, query.basis)) })
    : defineRoute({ ...spec, auth: 'portal', handler: async ({ auth, params, query, deps, ctx }) => sendBoard(ctx, deps, TeamRoundLeaderboard, await teamRoundBoard(await portalDb(deps, auth, params.tripId), params.roundId, query.basis)) });
}

/** Where a team's figures come from (issue 24: the dashboard's derivation of a team board figure). */
const teamLinesRoute = defineRoute({
  method: 'get',
  path: '/trips/:tripId/leaderboards/rounds/:roundId/teams/:teamcardId',
  auth: 'dashboard',
  trip: 'organizer',
  summary: "A team's hole-by-hole lines: each member's card and the team's counted scores",
  description:
    "Each member's hole lines (gross, strokes received from the Playing Handicap frozen on the scorecard — the strokes best ball counts —, net, " +
    'Stableford points) and the team\u2019s counted gross and net per hole as on the team board. 404 `not_found` for a team card not in the round.',
  tags: ['Leaderboards'],
  params: TeamLinesParams,
  responses: { 200: { description: "The team's lines", schema: TeamLines } },
  errors: ['round_not_found', 'not_found'],
  handler: async ({ trip, params, deps }) => ({ body: await teamLines(await dashboardDb(deps, trip), params.roundId, params.teamcardId) }),
});

/** Leaderboards for the dashboard and the portal (issue 4). */
export const leaderboardRoutes: RouteSpec[] = [...(['dashboard', 'portal'] as const).flatMap((where) => [roundRoute(where), teamRoundRoute(where), competitionRoute(where), multiRoundRoute(where)]), teamLinesRoute];
