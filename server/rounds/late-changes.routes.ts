import { z } from 'zod';
import { Id } from '../../shared/schemas/common.js';
import { OutOfPlayAnswer } from '../../shared/schemas/late-changes.js';
import { Pairings, RoundIdParams } from '../../shared/schemas/scheduling.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { roundForOrganizer } from '../scheduling/round-access.js';
import { addPlayerToGroup, markOutOfPlay, reinstate } from './late-changes.service.js';

const tags = ['Scheduling'];

const AddPlayerBody = z.strictObject({ playerId: Id, toGroup: z.number().int().min(1, 'groups are numbered from 1') });
const OutOfPlayBody = z.strictObject({
  playerId: Id,
  /** How a Nassau the player plays alone on their side ends: conceded to the opponent, or called off. */
  nassau: z.enum(['forfeit', 'void']).default('forfeit'),
  /** Answer what would change, write nothing. */
  preview: z.boolean().default(false),
});
const ReinstateParams = z.strictObject({ id: Id, playerId: Id });
const ReinstateQuery = z.object({ preview: z.enum(['true', 'false']).optional() });

export const lateChangeRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/rounds/:id/add-player',
    auth: 'dashboard',
    summary: 'Add a player to a group of a round in play (a late arrival)',
    description:
      'For a ready or started round: a trip player in no group of the round joins group `toGroup` (from 1). A player new to the round gets a ' +
      'scorecard with their handicap frozen. A group that has started (one of its players has a score) takes nobody new: 409 `group_started`. ' +
      'A group keeps at most 6 players (422). A player marked out of play is put back first (`DELETE …/out-of-play/:playerId`).',
    tags,
    params: RoundIdParams,
    body: AddPlayerBody,
    responses: { 200: { description: "The round's pairings", schema: Pairings } },
    errors: ['round_not_found', 'round_state_conflict', 'group_started', 'revision_conflict', 'unknown_player', 'group_size_out_of_range', 'conflict', 'unprocessable'],
    handler: async ({ params, body, auth, deps }) => ({ body: await addPlayerToGroup(deps, await roundForOrganizer(deps, auth, params.id), body.playerId, body.toGroup) }),
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/out-of-play',
    auth: 'dashboard',
    summary: 'Mark a player as not playing a round (no-show or withdrawal)',
    description:
      'For a ready or started round; the player stays on the trip and the holes they entered stay as they are. Without a score they are a ' +
      "no-show, else withdrawn after those holes. They leave the round's boards and games from then on: skins without them on the holes they " +
      'did not play (a no-show is not in the game), a Nassau they play alone on their side ends: `forfeit` (the opponent wins the bets not yet ' +
      'decided) or `void` (those bets are off). Without a score, in a group of 3 or more, they leave the group. `preview: true` writes nothing ' +
      "and answers the same: each game's money per player before and after. A score for the player arriving meanwhile: 409, nothing changed.",
    tags,
    params: RoundIdParams,
    body: OutOfPlayBody,
    responses: { 200: { description: 'What changes (and whether it was written)', schema: OutOfPlayAnswer } },
    errors: ['round_not_found', 'round_state_conflict', 'revision_conflict', 'conflict', 'unprocessable'],
    handler: async ({ params, body, auth, deps }) => ({ body: await markOutOfPlay(deps, await roundForOrganizer(deps, auth, params.id), body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/rounds/:id/out-of-play/:playerId',
    auth: 'dashboard',
    summary: 'Put a player marked out of play back in the round',
    description:
      'Undoes a no-show or a withdrawal while the round is ready or started: their card plays again in the boards and games. Refused (409 ' +
      '`conflict`) once money between the players of their games has been paid. `?preview=true` writes nothing and answers the money effect.',
    tags,
    params: ReinstateParams,
    query: ReinstateQuery,
    responses: { 200: { description: 'What changes (and whether it was written)', schema: OutOfPlayAnswer } },
    errors: ['round_not_found', 'round_state_conflict', 'revision_conflict', 'conflict', 'unprocessable'],
    handler: async ({ params, query, auth, deps }) => ({ body: await reinstate(deps, await roundForOrganizer(deps, auth, params.id), params.playerId, query.preview === 'true') }),
  }),
];
