import { z } from 'zod';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { CreateWagerBody, SettleWagerBody, Wager, WagerListQuery, WagerParams } from '../../shared/schemas/wager.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { createWager, deleteWager, getWager, listWagers, presentWager, settleWager } from './wagers.service.js';

const tags = ['Wagers'];
const MONEY_RULE =
  'Money is in cents of the trip currency. When a wager is settled the losing side together pays `stakeCents` and the winning side ' +
  'together receives it, each side split evenly in the order listed (the odd cents to the players listed first); a push moves ' +
  'nothing. `amounts` shows what the wager moves per player; settled wagers count in the unified and per-organizer settlements.';

export const wagerRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/wagers',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Record a wager between players or teams',
    description:
      `Each side is a list of player ids of the trip, or \`{"team": "<name>"}\`: every player of the trip on that team (stored as ids, with the team name). ` +
      'The sides must not share a player (422 `unprocessable`); unknown players are 422 `unknown_player`. `roundId` and `sideGameId` optionally tie ' +
      `the wager to a round or side game of the trip (422 if unknown). The wager starts \`open\`. ${MONEY_RULE}`,
    tags,
    params: TripIdParams,
    body: CreateWagerBody,
    responses: { 201: { description: 'The open wager', schema: Wager } },
    errors: ['unknown_player', 'unprocessable'],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const doc = await createWager(deps, db, body, { kind: 'organizer', id: auth.sub });
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/wagers/${doc.id}` }, body: presentWager(trip.tripId, tripDoc, doc) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/wagers',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's wagers",
    description: `Oldest first. Filters: \`status\` (open or settled), \`roundId\`. ${MONEY_RULE}`,
    tags,
    params: TripIdParams,
    query: WagerListQuery,
    responses: { 200: { description: 'Wagers', schema: z.object({ items: z.array(Wager) }) } },
    handler: async ({ trip, query, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const items = (await listWagers(db)).filter((w) => (!query.status || w.status === query.status) && (!query.roundId || w.roundId === query.roundId));
      return { body: { items: items.map((w) => presentWager(trip.tripId, tripDoc, w)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/wagers/:wagerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One wager',
    tags,
    params: WagerParams,
    responses: { 200: { description: 'The wager', schema: Wager } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentWager(trip.tripId, tripDoc, await getWager(db, params.wagerId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/wagers/:wagerId/settle',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Settle a wager: side A won, side B won, or a push',
    description:
      'open → settled, once: settling again is 409 `wager_already_settled` (the first result stands). `winnerPlayerId` is set when one player ' +
      `wins alone. ${MONEY_RULE}`,
    tags,
    params: WagerParams,
    body: SettleWagerBody,
    responses: { 200: { description: 'The settled wager', schema: Wager } },
    errors: ['not_found', 'wager_already_settled'],
    handler: async ({ trip, params, body, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentWager(trip.tripId, tripDoc, await settleWager(deps, db, params.wagerId, body.winner)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/wagers/:wagerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete an open wager',
    description: 'Only while open: a settled wager has moved money and is kept (409 `wager_already_settled`).',
    tags,
    params: WagerParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found', 'wager_already_settled'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      await deleteWager(db, params.wagerId);
      return { status: 204 };
    },
  }),
];
