import { Availability, AvailabilityBody, AvailabilityList, AvailabilitySummary, BulkAvailabilityBody } from '../../shared/schemas/availability.js';
import { PlayerParams } from '../../shared/schemas/player.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { nextCursorField, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import { portalTripAccess } from '../portal/session.js';
import { actingFor, tripRoutePairs, PORTAL_TRIP_ERRORS } from '../http/trip-routes.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { availabilityOfPlayers, setAvailability, setAvailabilityBulk, summarizeAvailability } from './availability.service.js';

const tags = ['Availability'];
const RULES =
  '`days` are the trip days the player can come (the trip\'s other days they cannot); `rounds` maps round ids to whether they can play ' +
  'it, and a round left out follows the answer for its date. Fields left out keep their earlier answer. Days outside the trip\'s dates ' +
  'and rounds not on the trip are 422 `unprocessable`.';
const SUMMARY =
  'Per trip day and per round (by date), the players available, unavailable and not answered. A round counts an explicit answer for ' +
  'it, else the answer for its date.';
const one = { 200: { description: "The player's availability", schema: Availability } };
const list = { 200: { description: 'A page of the players of the trip with their answer', schema: AvailabilityList.extend({ nextCursor: nextCursorField }) } };
const summary = { 200: { description: 'Who is available per day and per round', schema: AvailabilitySummary } };
const pair = tripRoutePairs(tags);

export const availabilityRoutes: RouteSpec[] = [
  ...pair({
    method: 'get',
    path: 'availability',
    summary: "Every player's availability",
    description: 'One entry per player, in the order players were added (then name and id), `limit` at a time; follow `nextCursor` for the next page.',
    portalNote: 'Read-only.',
    params: TripIdParams,
    query: PageQuery,
    responses: list,
    handler: async ({ db, query }) => {
      const [all, players] = await Promise.all([availabilityOfPlayers(db), listPlayers(db)]);
      const order = new Map(players.map((p) => [p.id, [p.createdAt, p.name, p.id]]));
      const page = paginate(all, (a) => order.get(a.playerId) ?? ['', '', a.playerId], query);
      return { body: { items: page.items, nextCursor: page.nextCursor } };
    },
  }),
  ...pair({
    method: 'get',
    path: 'availability/summary',
    summary: 'Who is available per day and per round',
    description: SUMMARY,
    params: TripIdParams,
    responses: summary,
    handler: async ({ db, trip }) => ({ body: await summarizeAvailability(db, trip) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/availability/bulk',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Set several players' availability at once",
    description: `${RULES} A player not on the trip is 422 \`unknown_player\`. All or nothing: one bad entry writes none.`,
    tags,
    params: TripIdParams,
    body: BulkAvailabilityBody,
    responses: { 200: { description: 'The answers set, one per entry', schema: AvailabilityList } },
    errors: ['unknown_player', 'unprocessable'],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: doc } = await loadTripDoc(deps, trip);
      return { body: { items: await setAvailabilityBulk(deps, db, doc, body.entries, { kind: 'organizer', id: auth.sub }) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/availability/me',
    auth: 'portal',
    summary: 'Set my availability',
    description: `${RULES} A phone may also write its player's \`availability:<playerId>\` document offline through sync.`,
    tags: ['Portal', ...tags],
    params: TripIdParams,
    body: AvailabilityBody,
    responses: one,
    errors: [...PORTAL_TRIP_ERRORS, 'unprocessable'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await setAvailability(deps, deps.store.trip(a.tripId), a.trip, { playerId: a.playerId, ...body }, { kind: 'player', id: a.playerId }) };
    },
  }),
  ...pair({
    method: 'put',
    path: 'availability/:playerId',
    summary: "Set one player's availability",
    description:
      `${RULES} Organizers set anyone's (a player not on the trip is 404 \`player_not_found\`); on the portal a player sets their own, and ` +
      'naming another player is 403 `forbidden` unless their role on the trip is organizer.',
    params: PlayerParams,
    body: AvailabilityBody,
    responses: one,
    errors: ['player_not_found', 'unprocessable'],
    handler: async ({ deps, db, trip, actor, params, body }) => {
      const by = actor.kind === 'organizer' ? { kind: 'organizer' as const, id: actor.id } : { kind: 'player' as const, id: actor.playerId };
      return { body: await setAvailability(deps, db, trip, { playerId: actingFor(actor, params.playerId), ...body }, by) };
    },
  }),
];
