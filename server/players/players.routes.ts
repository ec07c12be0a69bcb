import { z } from 'zod';
import { BulkPlayersBody, PatchPlayerBody, Player, PlayerInput, PlayerParams, type PlayerDoc } from '../../shared/schemas/player.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc, stripDoc } from '../trips/trip-db.js';
import { addPlayers, addedOrderKey, bulkPlayers, deletePlayer, listPlayers, patchPlayer } from './players.service.js';

const tags = ['Players'];

export function presentPlayer(tripId: string, doc: PlayerDoc): z.infer<typeof Player> {
  const { addedIndex: _order, ...rest } = stripDoc(doc);
  return { ...rest, tripId };
}

export const playerRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/players',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's players",
    description: 'In the order added (players added by one request in the order they were given), `limit` at a time; follow `nextCursor` for the next page.',
    tags,
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of players in the order added', schema: PageOf(Player) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const page = paginate(await listPlayers(db), addedOrderKey, query);
      return { body: { items: page.items.map((p) => presentPlayer(trip.tripId, p)), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/players',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Add a player',
    description: 'A player whose role is organizer and who has an email co-organizes the trip with the account of that email.',
    tags,
    params: TripIdParams,
    body: PlayerInput,
    responses: { 201: { description: 'The player', schema: Player } },
    errors: ['duplicate_email'],
    handler: async ({ trip, body, deps }) => {
      await loadTripDoc(deps, trip);
      const [doc] = await addPlayers(deps, trip.tripId, [body], false);
      return { status: 201, body: presentPlayer(trip.tripId, doc!) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/players/bulk',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Add and change many players, all or nothing',
    description:
      'Adds `players` and changes `updates` (each an `id` and the fields to change, as in PATCH: null removes a field) in one write: ' +
      'a roster import adds its new golfers and merges the rows that match players already on the trip. Every row is checked first and ' +
      'nothing is written unless all pass. A row with a bad field answers 400 naming the row ' +
      '(message `invalid body at players[i]…`, detail path `["body","players",i,…]`, 0-based); rows that reuse an email (of another row or ' +
      'of a player already on the trip, as it is after the changes) answer 409 `duplicate_email` with `row` (0-based) in each detail, or ' +
      '`update` for a change; a change of a player not on the trip answers 404 `player_not_found` with `update`.',
    tags,
    params: TripIdParams,
    body: BulkPlayersBody,
    responses: {
      201: {
        description: 'The players added (`items`) and changed (`updated`)',
        schema: z.object({ items: z.array(Player), updated: z.array(Player) }),
      },
    },
    errors: ['duplicate_email', 'player_not_found', 'conflict'],
    handler: async ({ trip, body, deps }) => {
      await loadTripDoc(deps, trip);
      const { added, updated } = await bulkPlayers(deps, trip.tripId, body);
      return { status: 201, body: { items: added.map((p) => presentPlayer(trip.tripId, p)), updated: updated.map((p) => presentPlayer(trip.tripId, p)) } };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/players/:playerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change a player',
    description: 'Null removes an optional field. Changing a Handicap Index does not change scorecards already frozen by a ready round.',
    tags,
    params: PlayerParams,
    body: PatchPlayerBody,
    responses: { 200: { description: 'The player', schema: Player } },
    errors: ['player_not_found', 'duplicate_email'],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentPlayer(trip.tripId, await patchPlayer(deps, trip.tripId, params.playerId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/players/:playerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Remove a player',
    description: 'Refused with 409 when the player has scores, money entries, travel entries (flights, cars, rooms, rides), or plays in a round that is no longer draft. Their availability and RSVPs go with them.',
    tags,
    params: PlayerParams,
    responses: { 204: { description: 'Removed' } },
    errors: ['player_not_found', 'player_has_scores', 'player_has_money_entries', 'player_has_travel', 'player_in_round'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      await deletePlayer(deps, trip.tripId, params.playerId);
      return { status: 204 };
    },
  }),
];
