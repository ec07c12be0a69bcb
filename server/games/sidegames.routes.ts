import { z } from 'zod';
import { NassauPerGroupAnswer, NassauPerGroupBody, OrganizerCreateSideGameBody, PatchSideGameBody, PressInput, SideGame, SideGameParams, SideGameWithState } from '../../shared/schemas/games.js';
import { Id } from '../../shared/schemas/common.js';
import { RoundParams } from '../../shared/schemas/round.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { getRound } from '../rounds/round-doc.js';
import { replanPendingSettlements } from '../scores/corrections.service.js';
import type { Database } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { nassauPerGroup } from './nassau-groups.service.js';
import { sideGameState } from './sidegames.state.js';
import { addPress, createSideGame, deleteSideGame, getSideGame, listSideGames, patchSideGame, presentSideGame, withState } from './sidegames.service.js';

const tags = ['Side games'];

/** A game added to or changed on a completed round moves final money: a pending plan that counts games is planned again (issue 24). */
async function replanIfCompleted(deps: AppDeps, db: Database, trip: TripDoc & { id: string }, roundId: string): Promise<void> {
  const round = await getRound(db, roundId);
  if (round.state === 'completed') await replanPendingSettlements(deps, db, trip);
}
const PLAYER_ERRORS = ['unknown_player', 'duplicate_player', 'unprocessable'] as const;

export const sideGameRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/side-games',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Create a skins game or a Nassau on a round',
    description:
      'Skins: `participants` are player ids, `config` {mode per_skin|pot, cents, carryover, validation, leftover}. Nassau: `participants` {a, b} ' +
      '(one or more players a side, same size), `config` {stakes, autoPress, manualPresses}. Players must be on the trip (422 `unknown_player`) and ' +
      'play the round (422). On a completed round the game is added only with `confirmCompleted: true` (409 `round_state_conflict` without it, ' +
      'saying so): it computes from the scores already there, final at once, its money joins the unified and per-organizer plans, and a pending ' +
      'such plan is planned again (paid and confirmed settlements are never rewritten). Settings the rules refuse answer 400.',
    tags,
    params: TripIdParams,
    body: OrganizerCreateSideGameBody,
    responses: { 201: { description: 'The game and its current state', schema: SideGameWithState } },
    errors: ['round_not_found', 'round_state_conflict', 'conflict', ...PLAYER_ERRORS],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const game = await createSideGame(deps, db, body, { kind: 'organizer', id: auth.sub });
      await replanIfCompleted(deps, db, { ...tripDoc, id: trip.tripId }, game.roundId);
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/side-games/${game.id}` }, body: await withState(db, trip.tripId, game) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/nassau-per-group',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'A Nassau in every group of a round, from its pairings',
    description:
      'One request, the stakes given once (`config` as a Nassau\'s). `pairing: "four_ball"`: each group of four plays two against two, on the ' +
      'round\'s four-ball sides when it has them (`PUT …/rounds/:roundId/sides`), else `partners` `order` (players 1 and 2 against 3 and 4, as ' +
      'the pairings list them; the default) or `handicap` (lowest and highest Playing Handicap against the middle two, from the scorecards or a ' +
      'draft round\'s preview); a group of two plays a singles match; a group of 3, 5 or 6 is left out (`not_four`). `pairing: "singles"`: every ' +
      'player against each of the others in their group (6 matches in a four, 3 in a three, 1 in a two). A group that has a Nassau already (all ' +
      'its players in that group) is left alone (`has_nassau`). Every game is checked as `POST …/side-games` checks one before any is stored; ' +
      'then all are written together. 422 for a round without groups or on 9 holes; a completed round needs `confirmCompleted: true` (409).',
    tags,
    params: RoundParams,
    body: NassauPerGroupBody,
    responses: { 201: { description: 'The games made and what each group got', schema: NassauPerGroupAnswer } },
    errors: ['round_not_found', 'round_state_conflict', 'conflict', 'unprocessable'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const answer = await nassauPerGroup(deps, db, trip.tripId, params.roundId, body, { kind: 'organizer', id: auth.sub });
      if (answer.created.length) await replanIfCompleted(deps, db, { ...tripDoc, id: trip.tripId }, params.roundId);
      return { status: 201, body: answer };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/side-games',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's side games",
    tags,
    params: TripIdParams,
    query: z.object({ roundId: Id.optional() }),
    responses: { 200: { description: 'Games, oldest first', schema: z.object({ items: z.array(SideGame) }) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: { items: (await listSideGames(db, query.roundId)).map((g) => presentSideGame(trip.tripId, g)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/side-games/:gameId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'A side game with its current state',
    description:
      'The state is computed from the round\'s scores now: holes, skins or bets, and `moneyCents` per player (integer cents, summing to zero). ' +
      'Net skins use each player\'s Playing Handicap frozen on their scorecard, strokes given by stroke index; a net Nassau is match play: ' +
      'Playing Handicaps at `config.allowancePercent` (default 100 % singles, 90 % teams) and strokes off the lowest (WHS Appendix C, `matchStrokes`). ' +
      'A picked-up hole (`strokes: null`) wins no skin and loses a Nassau hole (halved when both sides picked up). While the round is open only the ' +
      'holes every participant has finished (a score or a pick-up) count; once it is completed the result is `final`.',
    tags,
    params: SideGameParams,
    responses: { 200: { description: 'The game and its state', schema: SideGameWithState } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await withState(db, trip.tripId, await getSideGame(db, params.gameId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/side-games/:gameId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Change a side game's name, basis, players or settings",
    description:
      'Settings given are merged into the current ones and checked again. Once the round is completed, refused (409) unless `confirmCompleted: true`; ' +
      'then the game computes from the round\'s scores and a pending unified or per-organizer plan is planned again.',
    tags,
    params: SideGameParams,
    body: PatchSideGameBody,
    responses: { 200: { description: 'The game and its state', schema: SideGameWithState } },
    errors: ['not_found', 'round_state_conflict', 'revision_conflict', 'conflict', ...PLAYER_ERRORS],
    handler: async ({ trip, params, body, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { game, data } = await patchSideGame(deps, db, params.gameId, body);
      await replanIfCompleted(deps, db, { ...tripDoc, id: trip.tripId }, game.roundId);
      return { body: { game: presentSideGame(trip.tripId, game), state: sideGameState(game, data) } };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/side-games/:gameId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete a side game',
    description:
      'The round\'s scores stay. On a completed round the game\'s final money leaves the unified and per-organizer plans: a pending such plan ' +
      'is planned again (paid and confirmed settlements are never rewritten; the next plan settles the difference).',
    tags,
    params: SideGameParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const game = await getSideGame(db, params.gameId);
      await deleteSideGame(db, params.gameId);
      await replanIfCompleted(deps, db, { ...tripDoc, id: trip.tripId }, game.roundId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/side-games/:gameId/presses',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Press a Nassau bet',
    description:
      'A press is a new bet at the pressed bet\'s stake from `startHole` to that bet\'s last hole. `bet` is the id of the bet pressed (default ' +
      'front for holes 2–9, back for 11–18; presses of presses name the press, e.g. `front/a3`). 400 when the rules refuse it, 409 when that bet ' +
      'is already pressed from that hole or the round is completed, 422 for a skins game.',
    tags,
    params: SideGameParams,
    body: PressInput,
    responses: { 201: { description: 'The game and its state', schema: SideGameWithState } },
    errors: ['not_found', 'round_state_conflict', 'revision_conflict', 'conflict', 'unprocessable'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { game, data } = await addPress(deps, db, params.gameId, body);
      return { status: 201, body: { game: presentSideGame(trip.tripId, game), state: sideGameState(game, data) } };
    },
  }),
];
