import { z } from 'zod';
import { CreatePointGameBody, PointGame, SelectionBody } from '../../shared/schemas/games.js';
import { RoundParams } from '../../shared/schemas/round.js';
import { defineRoute } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { listPointGames, myPointGame, presentPointGame, selectScores, setUpPointGame } from './pointgames.service.js';
import { loadRoundData } from './round-data.js';

const tags = ['Point game'];
const PortalPointGame = PointGame.extend({ isCaptain: z.boolean() });

export const pointGameRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/point-games',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Set up a team's point game (the 40-point game) and name its captain",
    description:
      'The team is every player of the round with that team name; `teamSize` (default: that number) must match it. The captain, one of them, ' +
      'selects after each hole which net scores count. `targetCount` defaults to 10 per player per 18 holes (40 for a team of 4). Setting a ' +
      'team up again replaces its game while no hole is selected (409 after); a completed round answers 409.',
    tags,
    params: RoundParams,
    body: CreatePointGameBody,
    responses: {
      201: { description: 'The point game', schema: PointGame },
      200: { description: 'The point game, replaced', schema: PointGame },
    },
    errors: ['round_not_found', 'round_state_conflict', 'conflict', 'revision_conflict', 'unknown_player', 'unprocessable'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { doc, created, data } = await setUpPointGame(deps, db, params.roundId, body);
      return { status: created ? 201 : 200, body: presentPointGame(trip.tripId, doc, data) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds/:roundId/point-games',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The round's point games, one per team, with their state",
    tags,
    params: RoundParams,
    responses: { 200: { description: 'Point games by team name', schema: z.object({ items: z.array(PointGame) }) } },
    errors: ['round_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const data = await loadRoundData(db, params.roundId);
      return { body: { items: (await listPointGames(db, params.roundId)).map((g) => presentPointGame(trip.tripId, g, data)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/rounds/:roundId/point-game',
    auth: 'portal',
    summary: "My team's point game in a round",
    description:
      'The allowed count on the current hole (min = max(0, remaining − holesAfterThis × teamSize), max = min(teamSize, remaining)), the ' +
      'players who can be selected (those with a net score on it), the selections, running total, locked holes and whether the target is ' +
      'still reachable (`canComplete`). 404 when my team has no point game in the round.',
    tags,
    params: RoundParams,
    responses: { 200: { description: 'The point game', schema: PortalPointGame } },
    errors: ['forbidden', 'trip_not_found', 'round_not_found', 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const data = await loadRoundData(db, params.roundId);
      const game = await myPointGame(db, params.roundId, a.playerId);
      return { body: { ...presentPointGame(a.tripId, game, data), isCaptain: game.captainId === a.playerId } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/trips/:tripId/rounds/:roundId/point-game/selections',
    auth: 'portal',
    summary: "The captain selects the scores that count on the current hole",
    description:
      'Only the captain (403). Only the current hole can change: a confirmed hole is locked and another hole answers 409 `conflict` (detail ' +
      '`hole_locked`, `not_current_hole` or `game_complete`). A count outside the allowed range or a player without a net score on the hole ' +
      'answers 422 `unprocessable` (detail `count_out_of_range` with min and max, or `no_score`); a player not on the team 422 `unknown_player`. ' +
      '`confirm: true` locks the hole and moves on.',
    tags,
    params: RoundParams,
    body: SelectionBody,
    responses: { 200: { description: 'The point game', schema: PortalPointGame } },
    errors: ['forbidden', 'trip_not_found', 'round_not_found', 'not_found', 'round_state_conflict', 'conflict', 'unknown_player', 'duplicate_player', 'unprocessable'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const { doc, data } = await selectScores(db, params.roundId, a.playerId, body, deps.now().toISOString());
      return { body: { ...presentPointGame(a.tripId, doc, data), isCaptain: true } };
    },
  }),
];
