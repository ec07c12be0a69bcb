import { z } from 'zod';
import { AutoPairBody, BulkTeeTimesBody, CopyPairingsBody, MovePlayerBody, Pairings, RoundIdParams, RuleBreak, SwapGroupsBody, SwapPlayersBody } from '../../shared/schemas/scheduling.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { applySwap, autoPair, bulkTeeTimes, presentPairings } from './pairings.service.js';
import { copyPairingsTo } from './events.service.js';
import { roundForOrganizer } from './round-access.js';

const tags = ['Scheduling'];
const ROUND_ERRORS = ['round_not_found', 'round_not_editable', 'group_started', 'round_state_conflict', 'revision_conflict', 'group_size_out_of_range', 'unprocessable'] as const;
const EDITABLE =
  'The round\'s groups are written through the rounds rules: a draft round takes any groups; once the round has scorecards, groups with no score yet change freely while a started group keeps its players, tee time and hole (409 `group_started`, its scorecards follow); a completed round refuses (409).';
const SwapAnswer = z.object({ pairings: Pairings, brokenRules: z.array(RuleBreak) });

export const pairingRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/rounds/:id/auto-pair',
    auth: 'dashboard',
    summary: 'Generate automatic pairings for a round',
    description:
      'Strategies: `random`; `handicap` (sorted by Handicap Index, grouped lowest to highest); `balanced` (snake draft so group totals are similar; ' +
      '`optimize` improves it by local search to the lowest possible spread); `ab`, `abc`, `abcd` (2, 3 or 4 tiers, one per tier per group); ' +
      '`previous_results` (from the completed round `resultsRoundId`, `ordering` leaders_last, leaders_first or reverse_horseshoe); `custom` (rules only, in the given order). ' +
      'Group size 2–6; uneven fields make groups differing by at most one, none under 2. The trip\'s Keep Together / Keep Apart rules (and any in the body) ' +
      'are honoured; a rule that cannot be (a conflict lost to a higher priority, or impossible at these sizes) is listed in `brokenRules` with why. ' +
      `The seed is returned: the same request with the same seed gives the same pairings. ${EDITABLE}`,
    tags,
    params: RoundIdParams,
    body: AutoPairBody,
    responses: { 200: { description: 'The round\'s new pairings', schema: Pairings } },
    errors: [...ROUND_ERRORS, 'unknown_player'],
    handler: async ({ params, body, auth, deps }) => ({ body: await autoPair(deps, await roundForOrganizer(deps, auth, params.id), body) }),
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/swap-players',
    auth: 'dashboard',
    summary: 'Swap two players between their groups',
    description: `Refused (422) for a player not in the round or two players of one group. The answer lists every rule the new groups break. ${EDITABLE}`,
    tags,
    params: RoundIdParams,
    body: SwapPlayersBody,
    responses: { 200: { description: 'The new pairings and the rules they break', schema: SwapAnswer } },
    errors: [...ROUND_ERRORS],
    handler: async ({ params, body, auth, deps }) => ({ body: await applySwap(deps, await roundForOrganizer(deps, auth, params.id), { op: 'swap_players', a: body.playerA, b: body.playerB }) }),
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/move-player',
    auth: 'dashboard',
    summary: 'Move a player to another group',
    description: `Groups are numbered from 1. Refused (422) when a group would fall under 2 or pass 6 players. The answer lists every rule broken. ${EDITABLE}`,
    tags,
    params: RoundIdParams,
    body: MovePlayerBody,
    responses: { 200: { description: 'The new pairings and the rules they break', schema: SwapAnswer } },
    errors: [...ROUND_ERRORS],
    handler: async ({ params, body, auth, deps }) => ({ body: await applySwap(deps, await roundForOrganizer(deps, auth, params.id), { op: 'move_player', playerId: body.playerId, toGroup: body.toGroup }) }),
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/swap-groups',
    auth: 'dashboard',
    summary: 'Swap two groups: their players, or their tee times',
    description: `\`exchange: players\` moves all players of each group into the other's place (tee times stay with the places); \`tee_times\` trades the two groups' tee times and starting holes. ${EDITABLE}`,
    tags,
    params: RoundIdParams,
    body: SwapGroupsBody,
    responses: { 200: { description: 'The new pairings and the rules they break', schema: SwapAnswer } },
    errors: [...ROUND_ERRORS],
    handler: async ({ params, body, auth, deps }) => ({ body: await applySwap(deps, await roundForOrganizer(deps, auth, params.id), { op: 'swap_groups', a: body.groupA, b: body.groupB, exchange: body.exchange }) }),
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/bulk-tee-times',
    auth: 'dashboard',
    summary: 'Assign tee times to every group of a round',
    description:
      'Single Tee: all from hole 1 every `intervalMinutes` (5–30). Two-Tee: groups alternate between holes 1 and 10 at the same interval (`reverseHorseshoe` sends the middle ' +
      'of the order first and the leaders and trailers last). Shotgun: all at `firstTime`, one group per hole up to 18 (9 on a 9-hole course); with `doubles` up to 36, ' +
      'labelled A and B on a hole; `priority` fill_from_one (holes 1, 2, 3…), balanced (spread over the course) or priority_holes (the named holes first). ' +
      'An interval outside 5–30 or a hole outside 1–18 is a malformed request (400 `validation_failed`); more groups than the shotgun has places, a priority hole ' +
      'the course lacks, or a time past 23:59 answers 422 naming the limit broken.',
    tags,
    params: RoundIdParams,
    body: BulkTeeTimesBody,
    responses: { 200: { description: 'The pairings with their tee times', schema: Pairings } },
    errors: [...ROUND_ERRORS],
    handler: async ({ params, body, auth, deps }) => ({ body: await bulkTeeTimes(deps, await roundForOrganizer(deps, auth, params.id), body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/rounds/:id/pairings',
    auth: 'dashboard',
    summary: "A round's pairings and tee sheet",
    description: 'Groups in tee order with players, handicap totals, tee times, starting holes and shotgun labels; the strategy and seed that made them; the rules they break.',
    tags,
    params: RoundIdParams,
    responses: { 200: { description: 'The pairings', schema: Pairings } },
    errors: ['round_not_found'],
    handler: async ({ params, auth, deps }) => {
      const ctx = await roundForOrganizer(deps, auth, params.id);
      return { body: await presentPairings(ctx.db, ctx.tripId, ctx.round) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/copy-pairings',
    auth: 'dashboard',
    summary: "Copy this round's pairings to another round of the trip",
    description:
      'Options: `offsetMinutes` moves every tee time; `swapStartingHoles` turns hole 1 into 10 and 10 into 1; `keepTimes` keeps the times as they are; or `newFirstTime` ' +
      'with `intervalMinutes` lays them out again. The target round follows the same editing rules (422/409).',
    tags,
    params: RoundIdParams,
    body: CopyPairingsBody,
    responses: { 200: { description: "The target round's pairings", schema: Pairings } },
    errors: [...ROUND_ERRORS],
    handler: async ({ params, body, auth, deps }) => ({ body: await copyPairingsTo(deps, await roundForOrganizer(deps, auth, params.id), body) }),
  }),
];
