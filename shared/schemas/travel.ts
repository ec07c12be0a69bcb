import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { minutesBetween } from '../domain/travel/time.js';
import { DocBase, Id, Instant, isRealDate, isTimeZone, TimeZone } from './common.js';

/**
 * Travel (issue 8): flights, rental cars, accommodations, airport rides and the ride board. Every document lives in
 * the trip database, so phones have them offline. Times are local wall-clock times `YYYY-MM-DDTHH:MM` without offset:
 * a flight's times are those of its airports (with an optional IANA time zone per airport, see `PlacedTime`); every
 * other time is in the trip's time zone.
 */

/** A local date-time `YYYY-MM-DDTHH:MM` (24 h, no seconds, no offset). */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'must be a local date-time YYYY-MM-DDTHH:MM')
  .refine((s) => isRealDate(s.slice(0, 10)), 'must be a real calendar date');

/** An IATA airport code: three capital letters, e.g. `FAO`. */
export const Iata = z.string().regex(/^[A-Z]{3}$/, 'must be an IATA airport code of 3 capital letters such as FAO');

const text = (max: number) => z.string().trim().min(1).max(max);
const Notes = z.string().trim().max(1000);
/** Passenger seats of a ride offer or request. */
const SeatCount = z.number().int().min(1, 'at least 1 seat').max(8, 'at most 8 seats');

/** Adds an issue at `path` when `ok` is false (cross-field rules, answered as 400 with the field's path). */
function rule(ctx: z.RefinementCtx, ok: boolean, path: string, message: string) {
  if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
}

// ---------------------------------------------------------------- flights

export const FlightDirection = z.enum(['inbound', 'outbound']);

const flightFields = {
  /** Whose flight. Optional on the portal (the session's player); required from the dashboard. */
  playerId: Id,
  /** `inbound`: to the trip; `outbound`: the return home. */
  direction: FlightDirection,
  airline: text(80),
  flightNumber: z.string().trim().regex(/^[A-Z0-9]{2,3} ?\d{1,4}[A-Z]?$/i, 'must be a flight number such as TP 1337'),
  departureAirport: Iata,
  departureTime: LocalDateTime,
  departureTimeZone: TimeZone.optional(),
  arrivalAirport: Iata,
  arrivalTime: LocalDateTime,
  arrivalTimeZone: TimeZone.optional(),
  notes: Notes.optional(),
};

/** One flight's own rules: two different airports, and it lands after it takes off. */
type FlightTimes = { departureAirport: string; departureTime: string; departureTimeZone?: string | undefined; arrivalAirport: string; arrivalTime: string; arrivalTimeZone?: string | undefined };
const flightChecked = evenIfOthersFail('departureAirport', 'arrivalAirport', 'departureTime', 'arrivalTime', 'departureTimeZone', 'arrivalTimeZone');
export function flightRules(f: FlightTimes, ctx: z.RefinementCtx) {
  rule(ctx, f.arrivalAirport !== f.departureAirport, 'arrivalAirport', 'arrivalAirport must differ from departureAirport');
  // Cross-field rules also run when a field failed its own check: compare only times and zones that are valid.
  if (!LocalDateTime.safeParse(f.departureTime).success || !LocalDateTime.safeParse(f.arrivalTime).success) return;
  if ([f.departureTimeZone, f.arrivalTimeZone].some((tz) => tz !== undefined && !isTimeZone(tz))) return;
  const minutes = minutesBetween({ local: f.departureTime, timeZone: f.departureTimeZone }, { local: f.arrivalTime, timeZone: f.arrivalTimeZone });
  rule(ctx, minutes > 0, 'arrivalTime', 'arrivalTime must be after departureTime (as instants when both time zones are given, else as the local times given)');
}

const FlightFields = z.strictObject(flightFields);
/** Body of `POST …/flights`. */
export const FlightInput = z.strictObject({ ...flightFields, playerId: Id.optional() }).superRefine(flightRules, flightChecked);
export type FlightInput = z.infer<typeof FlightInput>;
/** A complete flight, checked after a patch is merged. */
export const FlightValues = FlightFields.superRefine(flightRules, flightChecked);
/** Body of `PATCH …/flights/:flightId`: any field; `null` clears an optional one. */
export const PatchFlightBody = z
  .strictObject({ ...flightFields, departureTimeZone: TimeZone.nullable(), arrivalTimeZone: TimeZone.nullable(), notes: Notes.nullable() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const FlightDoc = DocBase.extend({ type: z.literal('flight'), id: Id, ...flightFields });
export type FlightDoc = z.infer<typeof FlightDoc>;
export const Flight = FlightFields.extend({ id: Id, tripId: Id, createdAt: Instant, updatedAt: Instant });
export type Flight = z.infer<typeof Flight>;

// ---------------------------------------------------------------- rental cars

/** A player in a rental car's ride from the airport: asked for a seat, then confirmed by the driver or an organizer. */
export const CarRider = z.object({ playerId: Id, status: z.enum(['requested', 'confirmed']), at: Instant });
export type CarRider = z.infer<typeof CarRider>;

const carFields = {
  company: text(120),
  pickupPlace: text(200),
  /** The airport of the pickup, when it is one: the car then appears in the airport ride proposals. */
  pickupAirport: Iata.optional(),
  pickupTime: LocalDateTime,
  dropoffPlace: text(200),
  dropoffTime: LocalDateTime,
  /** Seats including the driver's. */
  seats: z.number().int().min(2, 'a car has at least 2 seats').max(9, 'at most 9 seats'),
  driverId: Id.optional(),
  confirmationNumber: z.string().trim().max(60).optional(),
  notes: Notes.optional(),
};

export function carRules(c: { pickupTime: string; dropoffTime: string }, ctx: z.RefinementCtx) {
  rule(ctx, c.dropoffTime > c.pickupTime, 'dropoffTime', 'dropoffTime must be after pickupTime');
}

const CarFields = z.strictObject(carFields);
export const RentalCarInput = CarFields.superRefine(carRules, evenIfOthersFail('pickupTime', 'dropoffTime'));
export type RentalCarInput = z.infer<typeof RentalCarInput>;
export const PatchRentalCarBody = z
  .strictObject({
    ...carFields,
    pickupAirport: Iata.nullable(),
    driverId: Id.nullable(),
    confirmationNumber: z.string().trim().max(60).nullable(),
    notes: Notes.nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const RentalCarDoc = DocBase.extend({ type: z.literal('rentalcar'), id: Id, ...carFields, riders: z.array(CarRider) });
export type RentalCarDoc = z.infer<typeof RentalCarDoc>;
export const RentalCar = CarFields.extend({
  id: Id,
  tripId: Id,
  riders: z.array(CarRider),
  /** Seats left for riders: seats − 1 (the driver) − riders requested or confirmed. */
  freeSeats: z.number().int(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type RentalCar = z.infer<typeof RentalCar>;

// ---------------------------------------------------------------- accommodations

export const Room = z.strictObject({
  name: text(80),
  capacity: z.number().int().min(1).max(12),
  occupantIds: z.array(Id).max(12).default([]),
});

const accommodationFields = {
  name: text(200),
  address: text(500),
  checkIn: LocalDateTime,
  checkOut: LocalDateTime,
  rooms: z.array(Room).max(200).default([]),
  notes: Notes.optional(),
};

export function accommodationRules(a: { checkIn: string; checkOut: string; rooms: z.infer<typeof Room>[] }, ctx: z.RefinementCtx) {
  rule(ctx, a.checkOut > a.checkIn, 'checkOut', 'checkOut must be after checkIn');
  const seen = new Set<string>();
  const names = new Set<string>();
  a.rooms.forEach((room, i) => {
    if (room.occupantIds.length > room.capacity) {
      ctx.addIssue({ code: 'custom', path: ['rooms', i, 'occupantIds'], message: `room ${room.name} sleeps ${room.capacity}, not ${room.occupantIds.length}` });
    }
    if (names.has(room.name)) ctx.addIssue({ code: 'custom', path: ['rooms', i, 'name'], message: `two rooms are named ${room.name}` });
    names.add(room.name);
    room.occupantIds.forEach((p, j) => {
      if (seen.has(p)) ctx.addIssue({ code: 'custom', path: ['rooms', i, 'occupantIds', j], message: `player ${p} is listed twice in this accommodation` });
      seen.add(p);
    });
  });
}

const AccommodationFields = z.strictObject(accommodationFields);
export const AccommodationInput = AccommodationFields.superRefine(accommodationRules, evenIfOthersFail('checkIn', 'checkOut', 'rooms'));
export type AccommodationInput = z.infer<typeof AccommodationInput>;
export const PatchAccommodationBody = z
  .strictObject({ ...accommodationFields, rooms: z.array(Room).max(200), notes: Notes.nullable() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const AccommodationDoc = DocBase.extend({ type: z.literal('accommodation'), id: Id, ...accommodationFields });
export type AccommodationDoc = z.infer<typeof AccommodationDoc>;
export const Accommodation = AccommodationFields.extend({ id: Id, tripId: Id, createdAt: Instant, updatedAt: Instant });
export type Accommodation = z.infer<typeof Accommodation>;

// ---------------------------------------------------------------- ride board

/** A seat taken on a ride offer: kept inside the offer document, so one revision holds every seat. */
export const Passenger = z.object({ playerId: Id, seats: z.number().int().min(1), requestId: Id.nullable(), at: Instant });
export type Passenger = z.infer<typeof Passenger>;

const offerFields = {
  /** The driver; optional on the portal (the session's player). */
  driverId: Id,
  origin: text(200),
  destination: text(200),
  departureTime: LocalDateTime,
  /** Seats for passengers, the driver's not counted. */
  seats: SeatCount,
  notes: Notes.optional(),
};
const OfferFields = z.strictObject(offerFields);
export const RideOfferInput = z.strictObject({ ...offerFields, driverId: Id.optional() });
export type RideOfferInput = z.infer<typeof RideOfferInput>;
/** Body of `PATCH …/ride-offers/:offerId`; the driver does not change (delete the offer and offer again). */
export const PatchRideOfferBody = z
  .strictObject({ origin: offerFields.origin, destination: offerFields.destination, departureTime: LocalDateTime, seats: SeatCount, notes: Notes.nullable() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const RideOfferDoc = DocBase.extend({ type: z.literal('rideoffer'), id: Id, ...offerFields, passengers: z.array(Passenger) });
export type RideOfferDoc = z.infer<typeof RideOfferDoc>;
export const RideOffer = OfferFields.extend({
  id: Id,
  tripId: Id,
  passengers: z.array(Passenger),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type RideOffer = z.infer<typeof RideOffer>;

const requestFields = {
  playerId: Id,
  origin: text(200),
  destination: text(200),
  /** The window in which the player can leave. */
  earliestDeparture: LocalDateTime,
  latestDeparture: LocalDateTime,
  seats: SeatCount.default(1),
  notes: Notes.optional(),
};
export function requestRules(r: { earliestDeparture: string; latestDeparture: string }, ctx: z.RefinementCtx) {
  rule(ctx, r.latestDeparture >= r.earliestDeparture, 'latestDeparture', 'latestDeparture must not be before earliestDeparture');
}
const RequestFields = z.strictObject(requestFields);
export const RideRequestInput = z.strictObject({ ...requestFields, playerId: Id.optional() }).superRefine(requestRules, evenIfOthersFail('earliestDeparture', 'latestDeparture'));
export type RideRequestInput = z.infer<typeof RideRequestInput>;
export const RideRequestValues = RequestFields.superRefine(requestRules, evenIfOthersFail('earliestDeparture', 'latestDeparture'));
/** Body of `PATCH …/ride-requests/:requestId`; the player does not change. */
export const PatchRideRequestBody = z
  .strictObject({
    origin: requestFields.origin,
    destination: requestFields.destination,
    earliestDeparture: LocalDateTime,
    latestDeparture: LocalDateTime,
    seats: SeatCount,
    notes: Notes.nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');

export const RideRequestDoc = DocBase.extend({ type: z.literal('riderequest'), id: Id, ...requestFields, offerId: Id.nullable() });
export type RideRequestDoc = z.infer<typeof RideRequestDoc>;
export const RideRequest = RequestFields.extend({
  id: Id,
  tripId: Id,
  /** `matched` once a seat on `offerId` was accepted for it. */
  status: z.enum(['open', 'matched']),
  offerId: Id.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type RideRequest = z.infer<typeof RideRequest>;

/** Body of `POST …/ride-offers/:offerId/accept`. */
export const AcceptOfferBody = z.strictObject({
  /** Who takes the seats; on the portal the session's player unless given. With `requestId`, that request's player. */
  playerId: Id.optional(),
  /** An open ride request this seat answers: its seats are taken and it becomes `matched`. */
  requestId: Id.optional(),
  /** Seats to take without a request (default 1). */
  seats: SeatCount.optional(),
});
/** Body of `POST …/ride-offers/:offerId/cancel`. */
export const CancelSeatBody = z.strictObject({ playerId: Id.optional() });
/** Body of `POST …/rides/:carId/requests`. */
export const CarSeatBody = z.strictObject({ playerId: Id.optional() });

export const RideMatch = z.object({ requestId: Id, playerId: Id, offerIds: z.array(Id) });
export const RideBoard = z.object({ offers: z.array(RideOffer), requests: z.array(RideRequest), matches: z.array(RideMatch) });

// ---------------------------------------------------------------- airport rides and stats

export const WindowQuery = z.strictObject({
  /** Arrivals at one airport within this many minutes of a group's first arrival share the group. */
  windowMinutes: z.coerce.number().int().min(5).max(360).default(60),
});

export const ArrivalGroup = z.object({
  airport: Iata,
  from: LocalDateTime,
  to: LocalDateTime,
  arrivals: z.array(z.object({ playerId: Id, flightId: Id, arrivalTime: LocalDateTime })),
});
export type ArrivalGroup = z.infer<typeof ArrivalGroup>;

export const RideProposal = z.object({
  carId: Id,
  driverId: Id.nullable(),
  pickupTime: LocalDateTime,
  freeSeats: z.number().int(),
  destination: z.object({ accommodationId: Id, name: z.string() }).nullable(),
  riders: z.array(CarRider),
  /** Players of the group proposed for this car's free seats, not yet riders. */
  proposedPlayerIds: z.array(Id),
});
export const ProposalGroup = ArrivalGroup.extend({ rides: z.array(RideProposal), unassignedPlayerIds: z.array(Id) });

export const TravelStats = z.object({
  arrivalsPerDay: z.array(z.object({ date: z.string(), players: z.number().int() })),
  departuresPerDay: z.array(z.object({ date: z.string(), players: z.number().int() })),
  playersWithoutTravel: z.array(Id),
  seats: z.object({
    rideBoard: z.object({ offered: z.number().int(), taken: z.number().int(), requested: z.number().int(), unmatched: z.number().int() }),
    airport: z.object({ offered: z.number().int(), needed: z.number().int() }),
    offered: z.number().int(),
    needed: z.number().int(),
  }),
});
export type TravelStats = z.infer<typeof TravelStats>;

export const FlightParams = z.strictObject({ tripId: Id, flightId: Id });
export const CarParams = z.strictObject({ tripId: Id, carId: Id });
export const AccommodationParams = z.strictObject({ tripId: Id, accommodationId: Id });
export const OfferParams = z.strictObject({ tripId: Id, offerId: Id });
export const RequestParams = z.strictObject({ tripId: Id, requestId: Id });
export const RiderParams = z.strictObject({ tripId: Id, carId: Id, playerId: Id });
