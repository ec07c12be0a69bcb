import { z } from 'zod';
import { carFreeSeats, groupArrivals, proposeRides } from '../../shared/domain/travel/arrivals.js';
import { travelStats } from '../../shared/domain/travel/stats.js';
import { ArrivalGroup, CarParams, CarSeatBody, ProposalGroup, RentalCar, RiderParams, TravelStats, WindowQuery } from '../../shared/schemas/travel.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import type { RouteSpec } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import type { Database } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { actingFor, isOrganizer, type Actor, tripRoutePairs } from '../http/trip-routes.js';
import {
  checkOnTrip,
  getTravel,
  listTravel,
  presentCar,
  type StoredAccommodation,
  type StoredCar,
  type StoredFlight,
  type StoredOffer,
  type StoredRequest,
} from './travel.store.js';

const travelRoutePair = tripRoutePairs(['Travel']);

const GROUPING =
  'Inbound flights are grouped per arrival airport: a group opens with its first landing and takes every landing up ' +
  'to `windowMinutes` (default 60) later, by the local time at the airport. A player counts once per airport, by their last landing.';
const PROPOSALS =
  'A rental car with `pickupAirport` serves the first group at that airport whose arrivals span its pickup time ' +
  'widened by `windowMinutes` on both sides; it drives to its driver\'s accommodation (else the first by check-in). ' +
  'Players of the group who drive no serving car and ride in none are proposed for the free seats (seats − driver − ' +
  'riders), cars by pickup time, first into cars going to their own accommodation; the rest are `unassigned`. ' +
  'Players then ask for a seat (`rides/:carId/requests`) and the driver or an organizer confirms it.';

async function arrivalGroups(db: Database, windowMinutes: number) {
  const flights = await listTravel<StoredFlight>(db, 'flight');
  const arrivals = flights.filter((f) => f.direction === 'inbound').map((f) => ({ flightId: f.id, playerId: f.playerId, airport: f.arrivalAirport, arrivalTime: f.arrivalTime }));
  return groupArrivals(arrivals, windowMinutes);
}

/** A player may only act on a rider seat for themselves; the car's driver and organizers for anyone. */
function mayHandleRider(actor: Actor, car: StoredCar, playerId: string, action: 'confirm' | 'remove'): void {
  if (isOrganizer(actor)) return;
  if (actor.kind === 'player' && car.driverId === actor.playerId) return;
  if (action === 'remove' && actor.kind === 'player' && actor.playerId === playerId) return;
  throw new AppError('forbidden', action === 'confirm' ? 'only the driver or an organizer confirms a rider' : 'only the rider, the driver or an organizer removes a rider');
}

export const rideRoutes: RouteSpec[] = [
  ...travelRoutePair({
    method: 'get',
    path: 'rides/arrivals',
    summary: 'Arrivals grouped by airport and time window',
    description: GROUPING,
    params: TripIdParams,
    query: WindowQuery,
    responses: { 200: { description: 'Arrival groups, by first landing', schema: z.object({ items: z.array(ArrivalGroup) }) } },
    handler: async ({ db, query }) => ({ body: { items: await arrivalGroups(db, query.windowMinutes) } }),
  }),
  ...travelRoutePair({
    method: 'get',
    path: 'rides/proposals',
    summary: 'Shared rides from the airport to the lodging, proposed per arrival group',
    description: `${GROUPING} ${PROPOSALS}`,
    params: TripIdParams,
    query: WindowQuery,
    responses: { 200: { description: 'Arrival groups with their proposed rides', schema: z.object({ items: z.array(ProposalGroup) }) } },
    handler: async ({ db, query }) => {
      const [groups, cars, lodgings] = await Promise.all([
        arrivalGroups(db, query.windowMinutes),
        listTravel<StoredCar>(db, 'rentalcar'),
        listTravel<StoredAccommodation>(db, 'accommodation'),
      ]);
      const stays = lodgings.map((l) => ({ id: l.id, name: l.name, checkIn: l.checkIn, occupantIds: l.rooms.flatMap((r) => r.occupantIds) }));
      return { body: { items: proposeRides(groups, cars, stays, query.windowMinutes) } };
    },
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'rides/:carId/requests',
    summary: "Ask for a seat in a rental car's ride from the airport",
    description:
      'The car must be picked up at an airport (`pickupAirport`, else 422). The seat is held at once (status `requested`) ' +
      'within the free seats, checked and written in one optimistic update of the car, so a car is never overbooked ' +
      '(409 `seats_full`); a player rides once per car (409 `already_booked`) and the driver not at all (422).',
    portalNote: 'On the portal for me (naming another player is 403).',
    params: CarParams,
    body: CarSeatBody,
    responses: { 200: { description: 'The car with its riders', schema: RentalCar } },
    errors: ['not_found', 'unknown_player', 'unprocessable', 'seats_full', 'already_booked'],
    handler: async ({ actor, db, tripId, params, body, deps }) => {
      const playerId = actingFor(actor, body.playerId);
      const car = await getTravel<StoredCar>(db, 'rentalcar', params.carId);
      if (!car.pickupAirport) throw new AppError('unprocessable', 'this car is not picked up at an airport: use the ride board');
      if (car.driverId === playerId) throw new AppError('unprocessable', 'the driver does not ride as a passenger');
      await checkOnTrip(db, [{ id: playerId, path: ['playerId'] }]);
      const at = deps.now().toISOString();
      const doc = await updateDoc<StoredCar>(
        db,
        car._id,
        (d) => {
          if (d.riders.some((r) => r.playerId === playerId)) throw new AppError('already_booked', `player ${playerId} already rides in this car`);
          if (carFreeSeats(d) < 1) throw new AppError('seats_full', 'this car has no free seat left');
          return { ...d, riders: [...d.riders, { playerId, status: 'requested', at }], updatedAt: at };
        },
        20,
      );
      if (!doc) throw new AppError('not_found', `no rental car ${params.carId} on this trip`);
      return { body: presentCar(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'rides/:carId/riders/:playerId/confirm',
    summary: 'Confirm a rider of a car from the airport',
    description: 'requested → confirmed (confirming again changes nothing). 404 when the player is not a rider of the car.',
    portalNote: 'On the portal only the driver of the car (403 otherwise).',
    params: RiderParams,
    responses: { 200: { description: 'The car with its riders', schema: RentalCar } },
    errors: ['not_found'],
    handler: async ({ actor, db, tripId, params, deps }) => {
      const car = await getTravel<StoredCar>(db, 'rentalcar', params.carId);
      mayHandleRider(actor, car, params.playerId, 'confirm');
      const at = deps.now().toISOString();
      const doc = await updateDoc<StoredCar>(db, car._id, (d) => {
        const rider = d.riders.find((r) => r.playerId === params.playerId);
        if (!rider) throw new AppError('not_found', `player ${params.playerId} does not ride in this car`);
        if (rider.status === 'confirmed') return undefined;
        return { ...d, riders: d.riders.map((r) => (r === rider ? { ...r, status: 'confirmed' as const, at } : r)), updatedAt: at };
      });
      if (!doc) throw new AppError('not_found', `no rental car ${params.carId} on this trip`);
      return { body: presentCar(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'rides/:carId/riders/:playerId',
    summary: 'Remove a rider from a car from the airport',
    description: 'Frees the seat. 404 when the player is not a rider of the car.',
    portalNote: 'On the portal my own seat, or, as the driver, any rider (403 otherwise).',
    params: RiderParams,
    responses: { 204: { description: 'Removed' } },
    errors: ['not_found'],
    handler: async ({ actor, db, params, deps }) => {
      const car = await getTravel<StoredCar>(db, 'rentalcar', params.carId);
      mayHandleRider(actor, car, params.playerId, 'remove');
      const at = deps.now().toISOString();
      const doc = await updateDoc<StoredCar>(db, car._id, (d) => {
        if (!d.riders.some((r) => r.playerId === params.playerId)) throw new AppError('not_found', `player ${params.playerId} does not ride in this car`);
        return { ...d, riders: d.riders.filter((r) => r.playerId !== params.playerId), updatedAt: at };
      });
      if (!doc) throw new AppError('not_found', `no rental car ${params.carId} on this trip`);
      return { status: 204 };
    },
  }),
  ...travelRoutePair({
    method: 'get',
    path: 'travel-stats',
    summary: 'Aggregate travel figures',
    description:
      'Players arriving (inbound landings) and departing (outbound take-offs) per local day; players with no travel ' +
      'entered (no flight, car, ride offer, request or seat); seats offered versus needed: on the ride board offered ' +
      'seats versus requested ones, at the airport the passenger seats of cars picked up there versus players flying in ' +
      'who drive none of them.',
    params: TripIdParams,
    responses: { 200: { description: 'Travel stats', schema: TravelStats } },
    handler: async ({ db }) => {
      const [players, flights, cars, offers, requests] = await Promise.all([
        listPlayers(db),
        listTravel<StoredFlight>(db, 'flight'),
        listTravel<StoredCar>(db, 'rentalcar'),
        listTravel<StoredOffer>(db, 'rideoffer'),
        listTravel<StoredRequest>(db, 'riderequest'),
      ]);
      return { body: travelStats({ playerIds: players.map((p) => p.id), flights, cars, offers, requests }) };
    },
  }),
];
