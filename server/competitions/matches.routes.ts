import { z } from 'zod';
import { CompetitionParams } from '../../shared/schemas/competition.js';
import { CreateMatchBody, Match, MatchListQuery, MatchParams, PatchMatchBody, type MatchDoc } from '../../shared/schemas/match.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc, stripDoc } from '../trips/trip-db.js';
import { getCompetition } from './competitions.service.js';
import { createMatch, deleteMatch, getMatch, listMatches, patchMatch } from './matches.service.js';

const tags = ['Competitions'];

export function presentMatch(tripId: string, doc: MatchDoc): z.infer<typeof Match> {
  return { ...stripDoc(doc), tripId };
}

const CHECKS =
  'The competition must be a `team_match` and the round one of its rounds (422 `unprocessable`, detail rule `not_team_match` or `unknown_round`); ' +
  'a completed round answers 409 `round_state_conflict`. Sides: singles 1 v 1, four-ball 2 v 2 (422 `unprocessable`, rule `side_size`); ' +
  'every player on the trip and in the round (422 `unknown_player`); each side one team, the two sides different teams (422 `unprocessable`, ' +
  'rules `no_team`, `mixed_teams`, `same_team`); a player in at most one match per round (422 `duplicate_player`). Every problem is listed in the details.';
const CHECK_ERRORS = ['not_found', 'unprocessable', 'unknown_player', 'duplicate_player', 'round_state_conflict'] as const;

export const matchRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/competitions/:competitionId/matches',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Add a team match (Ryder Cup style) to a team_match competition',
    description: `A match is worth \`points\` (default 1, steps of 0.5); a halved match gives each side half. ${CHECKS}`,
    tags,
    params: CompetitionParams,
    body: CreateMatchBody,
    responses: { 201: { description: 'The match', schema: Match } },
    errors: [...CHECK_ERRORS],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      const match = await createMatch(deps, trip.tripId, params.competitionId, body);
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/competitions/${params.competitionId}/matches/${match.id}` }, body: presentMatch(trip.tripId, match) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/competitions/:competitionId/matches',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List a competition's team matches",
    description: 'In the order of the competition\u2019s rounds, then as created; `roundId` keeps one round\u2019s matches.',
    tags,
    params: CompetitionParams,
    query: MatchListQuery,
    responses: { 200: { description: 'Matches', schema: z.object({ items: z.array(Match) }) } },
    errors: ['not_found'],
    handler: async ({ trip, params, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const competition = await getCompetition(db, params.competitionId);
      const items = await listMatches(db, competition, query.roundId);
      return { body: { items: items.map((m) => presentMatch(trip.tripId, m)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/competitions/:competitionId/matches/:matchId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Read a team match',
    tags,
    params: MatchParams,
    responses: { 200: { description: 'The match', schema: Match } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      await getCompetition(db, params.competitionId);
      return { body: presentMatch(trip.tripId, await getMatch(db, params.competitionId, params.matchId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/competitions/:competitionId/matches/:matchId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change a team match',
    description: `The match as changed is checked again as a whole; neither its old nor its new round may be completed. ${CHECKS}`,
    tags,
    params: MatchParams,
    body: PatchMatchBody,
    responses: { 200: { description: 'The match', schema: Match } },
    errors: [...CHECK_ERRORS, 'revision_conflict'],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentMatch(trip.tripId, await patchMatch(deps, trip.tripId, params.competitionId, params.matchId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/competitions/:competitionId/matches/:matchId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete a team match',
    description: 'A match of a completed round answers 409 `round_state_conflict`: its result is part of the record.',
    tags,
    params: MatchParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found', 'round_state_conflict', 'revision_conflict'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      await deleteMatch(deps, trip.tripId, params.competitionId, params.matchId);
      return { status: 204 };
    },
  }),
];
