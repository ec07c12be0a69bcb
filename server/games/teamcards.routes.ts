import { z } from 'zod';
import { ConvertBody, SidesBody, TeamcardParams, TeamScorecard, TeamScoreBody } from '../../shared/schemas/games.js';
import { RoundParams } from '../../shared/schemas/round.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { loadRoundData } from './round-data.js';
import { convertToTeamScorecards, enterTeamScore, makeSides, presentTeamcard, roundTeamcards } from './teamcards.service.js';

const tags = ['Team scorecards'];

export const teamcardRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/convert-to-team-scorecards',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Turn the round's groups or teams into team scorecards (best ball or scramble)",
    description:
      '`teams: "groups"` makes one card per group, `"teams"` one per team name of the players. Best ball keeps individual scores: its card ' +
      'counts the best `bestOf` (default 1) net scores of its members on each hole. Scramble cards carry the team handicap (WHS Appendix C: ' +
      '35/15, 30/20/10 or 25/20/15/10 % of the members\' Course Handicaps, lowest first) and take one team score per hole through ' +
      '`PUT /trips/:tripId/team-scorecards/:teamcardId/scores`. Converting again replaces the round\'s team cards (never duplicates); it is ' +
      'refused (409 `round_has_scores`) when it would drop a card with team scores. The round must be ready or in progress (409).',
    tags,
    params: RoundParams,
    body: ConvertBody,
    responses: { 200: { description: 'The team cards', schema: z.object({ items: z.array(TeamScorecard) }) } },
    errors: ['round_not_found', 'round_state_conflict', 'round_has_scores', 'revision_conflict', 'unprocessable'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { cards, scores, data } = await convertToTeamScorecards(deps, db, params.roundId, body);
      return { body: { items: cards.map((c) => presentTeamcard(trip.tripId, c, data, scores)) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/rounds/:roundId/sides',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Make a four-ball round's sides from its pairings: two sides of two in each group of four",
    description:
      '`by: "handicap"` pairs each group of four lowest Playing Handicap with highest against the middle two (A+D v B+C); groups not of ' +
      'four get no sides and are listed in `skipped`. `by: "organizer"` takes `sides`, each two partners of one group; naming one side of a ' +
      'group makes the two players left the other. A player on two sides is 422 `duplicate_player`, a player in no group 422 ' +
      '`unknown_player`, partners of different groups or a group not of four 422. Each side becomes a best ball team card with one score ' +
      'counting per hole (better-ball net from the Playing Handicaps frozen on the scorecards, at the round\'s allowance), replacing the ' +
      "round's earlier team cards; phones receive them by replication. The round must be four-ball (422) and ready or in progress (409).",
    tags,
    params: RoundParams,
    body: SidesBody,
    responses: {
      200: {
        description: 'The sides, as team cards',
        schema: z.object({ items: z.array(TeamScorecard), skipped: z.array(z.object({ groupId: z.string(), number: z.number().int(), reason: z.string() })) }),
      },
    },
    errors: ['round_not_found', 'round_state_conflict', 'round_has_scores', 'revision_conflict', 'unprocessable', 'unknown_player', 'duplicate_player'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { cards, scores, data, skipped } = await makeSides(deps, db, params.roundId, body);
      return { body: { items: cards.map((c) => presentTeamcard(trip.tripId, c, data, scores)), skipped } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds/:roundId/team-scorecards',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The round's team scorecards with their hole-by-hole team scores",
    description: 'Best ball: the best `bestOf` gross and net scores of the members per hole (null until enough members have a score). Scramble: the team score and net after the team handicap.',
    tags,
    params: RoundParams,
    responses: { 200: { description: 'The team cards', schema: z.object({ items: z.array(TeamScorecard) }) } },
    errors: ['round_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const data = await loadRoundData(db, params.roundId);
      const { cards, scores } = await roundTeamcards(db, params.roundId);
      return { body: { items: cards.map((c) => presentTeamcard(trip.tripId, c, data, scores)) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/team-scorecards/:teamcardId/scores',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Enter a scramble team's score on a hole",
    description:
      'Stored as `teamscore:<teamcardId>:<hole>`; entering a hole again keeps the earlier value in `history`. Best ball cards answer 409 (their ' +
      'members\' own scores count); a round not ready or in progress 409; a hole beyond the course 422. The first score starts the round.',
    tags,
    params: TeamcardParams,
    body: TeamScoreBody,
    responses: { 200: { description: 'The team card', schema: TeamScorecard } },
    errors: ['not_found', 'round_not_found', 'round_state_conflict', 'conflict', 'revision_conflict', 'unprocessable'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const score = await enterTeamScore(deps, db, params.teamcardId, body, `organizer:${auth.sub}`);
      const data = await loadRoundData(db, score.roundId);
      const { cards, scores } = await roundTeamcards(db, score.roundId);
      const card = cards.find((c) => c.id === score.teamcardId)!;
      return { body: presentTeamcard(trip.tripId, card, data, scores) };
    },
  }),
];
