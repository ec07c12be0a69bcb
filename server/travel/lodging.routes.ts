import {
  Accommodation,
  AccommodationInput,
  AccommodationParams,
  CarParams,
  PatchAccommodationBody,
  PatchRentalCarBody,
  RentalCar,
  RentalCarInput,
} from '../../shared/schemas/travel.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { AppError } from '../http/errors.js';
import type { RouteSpec } from '../http/route.js';
import { updateDoc } from '../store/docs.js';
import { tripRoutePairs } from '../http/trip-routes.js';
import {
  checkMerged,
  checkOnTrip,
  createTravel,
  deleteTravel,
  getTravel,
  listTravel,
  mergePatch,
  presentAccommodation,
  presentCar,
  type StoredAccommodation,
  type StoredCar,
} from './travel.store.js';

const travelRoutePair = tripRoutePairs(['Travel']);

const CAR_RULES =
  'Times are local `YYYY-MM-DDTHH:MM` in the trip\'s time zone; drop-off after pickup (400). `seats` counts the ' +
  'driver. The driver must be a player of the trip (422 `unknown_player`). With `pickupAirport` (IATA) the car is ' +
  'offered in the airport ride proposals (`rides/proposals`).';
const ROOM_RULES =
  'Check-out after check-in (400, local `YYYY-MM-DDTHH:MM`). A room holds at most `capacity` occupants and a player ' +
  'is in one room of an accommodation at most (400); occupants must be players of the trip (422 `unknown_player`).';

const occupantRefs = (rooms: { occupantIds: string[] }[]) => rooms.flatMap((r, i) => r.occupantIds.map((id, j) => ({ id, path: ['rooms', i, 'occupantIds', j] })));

export const lodgingRoutes: RouteSpec[] = [
  // ------------------------------------------------------------ rental cars
  ...travelRoutePair({
    method: 'get',
    path: 'rental-cars',
    summary: "The trip's rental cars",
    description: 'By pickup time (then id), each with its airport riders and `freeSeats`, `limit` at a time; follow `nextCursor` for the next page.',
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of rental cars', schema: PageOf(RentalCar) } },
    handler: async ({ db, tripId, query }) => {
      const page = paginate(await listTravel<StoredCar>(db, 'rentalcar'), (c) => [c.pickupTime, c.id], query);
      return { body: { items: page.items.map((c) => presentCar(tripId, c)), nextCursor: page.nextCursor } };
    },
  }),
  ...travelRoutePair({
    method: 'get',
    path: 'rental-cars/:carId',
    summary: 'One rental car',
    params: CarParams,
    responses: { 200: { description: 'The rental car', schema: RentalCar } },
    errors: ['not_found'],
    handler: async ({ db, tripId, params }) => ({ body: presentCar(tripId, await getTravel<StoredCar>(db, 'rentalcar', params.carId)) }),
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'rental-cars',
    audience: 'organizer',
    summary: 'Add a rental car',
    description: CAR_RULES,
    params: TripIdParams,
    body: RentalCarInput,
    responses: { 201: { description: 'The rental car', schema: RentalCar } },
    errors: ['unknown_player'],
    handler: async ({ db, tripId, body, deps }) => {
      if (body.driverId) await checkOnTrip(db, [{ id: body.driverId, path: ['driverId'] }]);
      const doc = await createTravel<StoredCar>(deps, db, 'rentalcar', { ...body, riders: [] });
      return { status: 201, headers: { Location: `/trips/${tripId}/rental-cars/${doc.id}` }, body: presentCar(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'patch',
    path: 'rental-cars/:carId',
    audience: 'organizer',
    summary: 'Change a rental car',
    description: `Any field; \`null\` clears an optional one. ${CAR_RULES} Seats cannot drop below the driver plus the riders (409 \`conflict\`), and a rider cannot become the driver (422).`,
    params: CarParams,
    body: PatchRentalCarBody,
    responses: { 200: { description: 'The rental car', schema: RentalCar } },
    errors: ['not_found', 'unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ db, tripId, params, body, deps }) => {
      const current = await getTravel<StoredCar>(db, 'rentalcar', params.carId);
      const { _id, _rev, type, id, createdAt, updatedAt, riders, ...fields } = current;
      const merged = checkMerged(RentalCarInput, mergePatch(fields, body));
      if (merged.driverId) await checkOnTrip(db, [{ id: merged.driverId, path: ['driverId'] }]);
      const now = deps.now().toISOString();
      const doc = await updateDoc<StoredCar>(db, _id, (d) => {
        // The riders are read again inside the update: a seat requested meanwhile is counted.
        if (merged.seats - 1 < d.riders.length) throw new AppError('conflict', `${d.riders.length} riders hold seats in this car: it needs at least ${d.riders.length + 1} seats`);
        if (merged.driverId && d.riders.some((r) => r.playerId === merged.driverId)) throw new AppError('unprocessable', 'the new driver rides in this car: remove them as a rider first');
        return { _id, _rev: d._rev, type, id, createdAt, ...merged, riders: d.riders, updatedAt: now };
      });
      if (!doc) throw new AppError('not_found', `no rental car ${id} on this trip`);
      return { body: presentCar(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'rental-cars/:carId',
    audience: 'organizer',
    summary: 'Delete a rental car',
    description: 'Its airport riders lose their seats with it.',
    params: CarParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ db, params }) => {
      await deleteTravel(db, 'rentalcar', params.carId);
      return { status: 204 };
    },
  }),

  // ------------------------------------------------------------ accommodations
  ...travelRoutePair({
    method: 'get',
    path: 'accommodations',
    summary: "The trip's accommodations",
    description: 'By check-in (then id), with their rooms and occupants, `limit` at a time; follow `nextCursor` for the next page.',
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of accommodations', schema: PageOf(Accommodation) } },
    handler: async ({ db, tripId, query }) => {
      const page = paginate(await listTravel<StoredAccommodation>(db, 'accommodation'), (a) => [a.checkIn, a.id], query);
      return { body: { items: page.items.map((a) => presentAccommodation(tripId, a)), nextCursor: page.nextCursor } };
    },
  }),
  ...travelRoutePair({
    method: 'get',
    path: 'accommodations/:accommodationId',
    summary: 'One accommodation',
    params: AccommodationParams,
    responses: { 200: { description: 'The accommodation', schema: Accommodation } },
    errors: ['not_found'],
    handler: async ({ db, tripId, params }) => ({ body: presentAccommodation(tripId, await getTravel<StoredAccommodation>(db, 'accommodation', params.accommodationId)) }),
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'accommodations',
    audience: 'organizer',
    summary: 'Add an accommodation with its rooms',
    description: ROOM_RULES,
    params: TripIdParams,
    body: AccommodationInput,
    responses: { 201: { description: 'The accommodation', schema: Accommodation } },
    errors: ['unknown_player'],
    handler: async ({ db, tripId, body, deps }) => {
      await checkOnTrip(db, occupantRefs(body.rooms));
      const doc = await createTravel<StoredAccommodation>(deps, db, 'accommodation', body);
      return { status: 201, headers: { Location: `/trips/${tripId}/accommodations/${doc.id}` }, body: presentAccommodation(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'patch',
    path: 'accommodations/:accommodationId',
    audience: 'organizer',
    summary: 'Change an accommodation',
    description: `Any field; \`rooms\` replaces all rooms; \`notes: null\` clears the notes. ${ROOM_RULES}`,
    params: AccommodationParams,
    body: PatchAccommodationBody,
    responses: { 200: { description: 'The accommodation', schema: Accommodation } },
    errors: ['not_found', 'unknown_player'],
    handler: async ({ db, tripId, params, body, deps }) => {
      const current = await getTravel<StoredAccommodation>(db, 'accommodation', params.accommodationId);
      const { _id, _rev, type, id, createdAt, updatedAt, ...fields } = current;
      const merged = checkMerged(AccommodationInput, mergePatch(fields, body));
      await checkOnTrip(db, occupantRefs(merged.rooms));
      const now = deps.now().toISOString();
      const doc = await updateDoc<StoredAccommodation>(db, _id, (d) => ({ _id, _rev: d._rev, type, id, createdAt, ...merged, updatedAt: now }));
      if (!doc) throw new AppError('not_found', `no accommodation ${id} on this trip`);
      return { body: presentAccommodation(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'accommodations/:accommodationId',
    audience: 'organizer',
    summary: 'Delete an accommodation',
    params: AccommodationParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ db, params }) => {
      await deleteTravel(db, 'accommodation', params.accommodationId);
      return { status: 204 };
    },
  }),
];
