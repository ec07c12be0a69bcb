import { z } from 'zod';
import { itineraryProblem } from '../../shared/domain/travel/flights.js';
import { Id } from '../../shared/schemas/common.js';
import { Flight, FlightInput, FlightParams, FlightValues, PatchFlightBody, type FlightDoc } from '../../shared/schemas/travel.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, pageFields, paginate } from '../http/paginate.js';
import { AppError } from '../http/errors.js';
import type { RouteSpec } from '../http/route.js';
import type { Database } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { actingFor, mustOwn, tripRoutePairs } from '../http/trip-routes.js';
import { checkMerged, checkOnTrip, createTravel, deleteTravel, getTravel, listTravel, mergePatch, presentFlight, type StoredFlight } from './travel.store.js';

const travelRoutePair = tripRoutePairs(['Travel']);

type FlightFields = Omit<FlightDoc, '_id' | '_rev' | 'type' | 'id' | 'createdAt' | 'updatedAt'>;

const TIMES =
  'Times are local `YYYY-MM-DDTHH:MM` at each airport. With `departureTimeZone` and `arrivalTimeZone` (IANA) the ' +
  'arrival must be after the departure as instants; without both, the local times are compared as given (give the ' +
  'zones for flights that cross the date line). `direction`: `inbound` to the trip, `outbound` home. A player\'s ' +
  'outbound flights must leave after their inbound flights land (422 `unprocessable`).';

/** Refuses a player's flights whose return leaves before they arrive (422). */
async function checkItinerary(db: Database, flight: FlightFields & { id: string }) {
  const others = (await listTravel<StoredFlight>(db, 'flight')).filter((f) => f.playerId === flight.playerId && f.id !== flight.id);
  const problem = itineraryProblem([...others, flight]);
  if (!problem) return;
  const { inbound, outbound } = problem;
  throw new AppError(
    'unprocessable',
    `the outbound flight leaving ${outbound.departureAirport} at ${outbound.departureTime} departs before the inbound flight landing at ${inbound.arrivalAirport} at ${inbound.arrivalTime}`,
    [{ path: ['body', flight.direction === 'outbound' ? 'departureTime' : 'arrivalTime'], message: 'a return flight must leave after the arrival', conflictsWith: flight.id === inbound.id ? outbound.id : inbound.id }],
  );
}

export const flightRoutes: RouteSpec[] = [
  ...travelRoutePair({
    method: 'get',
    path: 'flights',
    summary: "The trip's flights",
    description: 'By departure time (then id), `limit` at a time; follow `nextCursor` for the next page. `playerId` filters to one player.',
    params: TripIdParams,
    query: z.strictObject({ playerId: Id.optional(), ...pageFields }),
    responses: { 200: { description: 'A page of flights', schema: PageOf(Flight) } },
    handler: async ({ db, tripId, query }) => {
      const all = await listTravel<StoredFlight>(db, 'flight');
      const page = paginate(all.filter((f) => !query.playerId || f.playerId === query.playerId), (f) => [f.departureTime, f.id], query);
      return { body: { items: page.items.map((f) => presentFlight(tripId, f)), nextCursor: page.nextCursor } };
    },
  }),
  ...travelRoutePair({
    method: 'get',
    path: 'flights/:flightId',
    summary: 'One flight',
    params: FlightParams,
    responses: { 200: { description: 'The flight', schema: Flight } },
    errors: ['not_found'],
    handler: async ({ db, tripId, params }) => ({ body: presentFlight(tripId, await getTravel<StoredFlight>(db, 'flight', params.flightId)) }),
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'flights',
    summary: 'Add a flight of a player',
    description: `${TIMES} The player must be on the trip (422 \`unknown_player\`).`,
    portalNote: 'On the portal `playerId` defaults to me; naming another player is 403.',
    params: TripIdParams,
    body: FlightInput,
    responses: { 201: { description: 'The flight', schema: Flight } },
    errors: ['unknown_player', 'unprocessable'],
    handler: async ({ actor, db, tripId, body, deps }) => {
      const playerId = actingFor(actor, body.playerId);
      await checkOnTrip(db, [{ id: playerId, path: ['playerId'] }]);
      const fields = { ...body, playerId };
      await checkItinerary(db, { ...fields, id: '' });
      const doc = await createTravel<StoredFlight>(deps, db, 'flight', fields);
      return { status: 201, headers: { Location: `/trips/${tripId}/flights/${doc.id}` }, body: presentFlight(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'patch',
    path: 'flights/:flightId',
    summary: 'Change a flight',
    description: `Any field; \`null\` clears a time zone or the notes. The merged flight follows the same rules as a new one. ${TIMES}`,
    portalNote: 'On the portal only my own flights (403 otherwise), and they stay mine.',
    params: FlightParams,
    body: PatchFlightBody,
    responses: { 200: { description: 'The flight', schema: Flight } },
    errors: ['not_found', 'unknown_player', 'unprocessable'],
    handler: async ({ actor, db, tripId, params, body, deps }) => {
      const current = await getTravel<StoredFlight>(db, 'flight', params.flightId);
      mustOwn(actor, [current.playerId], 'this flight');
      if (body.playerId !== undefined) actingFor(actor, body.playerId);
      const { _id, _rev, type, id, createdAt, updatedAt, ...fields } = current;
      const merged = checkMerged(FlightValues, mergePatch(fields, body));
      await checkOnTrip(db, [{ id: merged.playerId, path: ['playerId'] }]);
      await checkItinerary(db, { ...merged, id });
      const now = deps.now().toISOString();
      const doc = await updateDoc<StoredFlight>(db, _id, (d) => ({ _id, _rev: d._rev, type, id, createdAt, ...merged, updatedAt: now }));
      if (!doc) throw new AppError('not_found', `no flight ${id} on this trip`);
      return { body: presentFlight(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'flights/:flightId',
    summary: 'Delete a flight',
    portalNote: 'On the portal only my own flights (403 otherwise).',
    params: FlightParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ actor, db, params }) => {
      const current = await getTravel<StoredFlight>(db, 'flight', params.flightId);
      mustOwn(actor, [current.playerId], 'this flight');
      await deleteTravel(db, 'flight', params.flightId);
      return { status: 204 };
    },
  }),
];
