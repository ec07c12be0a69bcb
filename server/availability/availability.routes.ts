import { Availability, AvailabilityBody, AvailabilityList, AvailabilitySummary, BulkAvailabilityBody } from '../../shared/schemas/availability.js';
import { PlayerParams } from '../../shared/schemas/player.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import { actingFor } from '../travel/travel.access.js';
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
const portalErrors = ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked'] as const;
const one = { 200: { description: "The player's availability", schema: Availability } };
const list = { 200: { description: 'Every player of the trip with their answer', schema: AvailabilityList } };
const summary = { 200: { description: 'Who is available per day and per round', schema: AvailabilitySummary } };

export const availabilityRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/availability',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Every player's availability",
    tags,
    params: TripIdParams,
    responses: list,
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: { items: await availabilityOfPlayers(db) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/availability/summary',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Who is available per day and per round',
    description: SUMMARY,
    tags,
    params: TripIdParams,
    responses: summary,
    handler: async ({ trip, deps }) => {
      const { db, trip: doc } = await loadTripDoc(deps, trip);
      return { body: await summarizeAvailability(db, doc) };
    },
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
    responses: list,
    errors: ['unknown_player', 'unprocessable'],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: doc } = await loadTripDoc(deps, trip);
      return { body: { items: await setAvailabilityBulk(deps, db, doc, body.entries, { kind: 'organizer', id: auth.sub }) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/availability/:playerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Set one player's availability",
    description: `${RULES} A player not on the trip is 404 \`player_not_found\`.`,
    tags,
    params: PlayerParams,
    body: AvailabilityBody,
    responses: one,
    errors: ['player_not_found', 'unprocessable'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: doc } = await loadTripDoc(deps, trip);
      return { body: await setAvailability(deps, db, doc, { playerId: params.playerId, ...body }, { kind: 'organizer', id: auth.sub }) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/availability',
    auth: 'portal',
    summary: "Everyone's availability (read-only)",
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: list,
    errors: [...portalErrors],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: { items: await availabilityOfPlayers(deps.store.trip(a.tripId)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/availability/summary',
    auth: 'portal',
    summary: 'Who is available per day and per round',
    description: SUMMARY,
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: summary,
    errors: [...portalErrors],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await summarizeAvailability(deps.store.trip(a.tripId), a.trip) };
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
    errors: [...portalErrors, 'unprocessable'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await setAvailability(deps, deps.store.trip(a.tripId), a.trip, { playerId: a.playerId, ...body }, { kind: 'player', id: a.playerId }) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/availability/:playerId',
    auth: 'portal',
    summary: "Set a player's availability (mine, or anyone's for a player-organizer)",
    description:
      `${RULES} A player sets only their own: naming another player is 403 \`forbidden\` unless their role on the trip is organizer ` +
      '(then a player not on the trip is 404 `player_not_found`).',
    tags: ['Portal', ...tags],
    params: PlayerParams,
    body: AvailabilityBody,
    responses: one,
    errors: [...portalErrors, 'unprocessable'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const playerId = actingFor({ kind: 'player', playerId: a.playerId, organizer: a.player.role === 'organizer' }, params.playerId);
      const by = { kind: 'player' as const, id: a.playerId };
      return { body: await setAvailability(deps, deps.store.trip(a.tripId), a.trip, { playerId, ...body }, by) };
    },
  }),
];
