import { z } from 'zod';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { Id } from '../../shared/schemas/common.js';
import { CreateSideGameBody, PortalSideGame, SideGameParams } from '../../shared/schemas/games.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { getRound } from '../rounds/rounds.service.js';
import { portalTripAccess } from '../portal/session.js';
import { loadRoundData, type RoundData } from './round-data.js';
import { createSideGame, getSideGame, hasResults, joinSideGame, listSideGames, presentSideGame, type StoredGame } from './sidegames.service.js';
import { gamePlayers, sideGameState } from './sidegames.state.js';

const tags = ['Portal', 'Side games'];

/** The game as a player sees it: whether they play in it, and whether they may still join (skins, before results). */
function portalView(tripId: string, playerId: string, game: StoredGame, data: RoundData): z.infer<typeof PortalSideGame> {
  const mine = gamePlayers(game).includes(playerId);
  const canJoin = !mine && game.kind === 'skins' && !data.final && roundPlayerIds(data.round).includes(playerId) && !hasResults(game, data);
  return { game: presentSideGame(tripId, game), state: sideGameState(game, data), mine, canJoin };
}

export const portalSideGameRoutes = [
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/side-games',
    auth: 'portal',
    summary: 'Side games I play in or can join, with their state',
    description: 'Skins games of rounds I play are joinable until the game has a score. States update as scores arrive. Draft rounds are left out.',
    tags,
    params: TripIdParams,
    query: z.object({ roundId: Id.optional() }),
    responses: { 200: { description: 'Games', schema: z.object({ items: z.array(PortalSideGame) }) } },
    errors: ['forbidden', 'trip_not_found'],
    handler: async ({ auth, params, query, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const rounds = new Map<string, Promise<RoundData | undefined>>();
      const items = [];
      for (const game of await listSideGames(db, query.roundId)) {
        if (!rounds.has(game.roundId)) rounds.set(game.roundId, loadRoundData(db, game.roundId).catch(() => undefined));
        const data = await rounds.get(game.roundId)!;
        if (!data || data.round.state === 'draft') continue;
        const view = portalView(a.tripId, a.playerId, game, data);
        if (view.mine || view.canJoin) items.push(view);
      }
      return { body: { items } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/trips/:tripId/side-games',
    auth: 'portal',
    summary: 'Start a skins game or a Nassau I play in',
    description:
      'Same body and rules as the dashboard\'s `POST /trips/:tripId/side-games`; I must be one of the players (403). Other players of the round ' +
      'join a skins game themselves; Nassau sides are fixed here.',
    tags,
    params: TripIdParams,
    body: CreateSideGameBody,
    responses: { 201: { description: 'The game and its state', schema: PortalSideGame } },
    errors: ['forbidden', 'trip_not_found', 'round_not_found', 'round_state_conflict', 'conflict', 'unknown_player', 'duplicate_player', 'unprocessable'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const round = await getRound(db, body.roundId);
      if (round.state === 'draft') throw new AppError('round_not_found', `no round ${body.roundId} on this trip`);
      if (!gamePlayers(body).includes(a.playerId)) throw new AppError('forbidden', 'you can start only a game you play in');
      const game = await createSideGame(deps, db, body, { kind: 'player', id: a.playerId });
      return { status: 201, body: portalView(a.tripId, a.playerId, game, await loadRoundData(db, game.roundId)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/trips/:tripId/side-games/:gameId/join',
    auth: 'portal',
    summary: 'Join a skins game',
    description:
      'A player of the round joins a skins game before it has results (409 once any of its players has a score, or for a Nassau, whose sides are ' +
      'fixed at creation). Joining again changes nothing. 422 when I do not play the round.',
    tags,
    params: SideGameParams,
    responses: { 200: { description: 'The game and its state', schema: PortalSideGame } },
    errors: ['forbidden', 'trip_not_found', 'not_found', 'round_state_conflict', 'conflict', 'revision_conflict', 'unprocessable'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const current = await getSideGame(db, params.gameId);
      const round = await getRound(db, current.roundId).catch(() => undefined);
      if (!round || round.state === 'draft') throw new AppError('not_found', `no side game ${params.gameId} on this trip`);
      const { game, data } = await joinSideGame(deps, db, params.gameId, a.playerId);
      return { body: portalView(a.tripId, a.playerId, game, data) };
    },
  }),
];
