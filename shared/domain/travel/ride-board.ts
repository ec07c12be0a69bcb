import { fail, ok, type Result } from '../../errors.js';

/** A seat holder of a ride offer. */
export interface SeatHolder {
  playerId: string;
  seats: number;
  requestId: string | null;
  at: string;
}

/** What the ride board reads of an offer. */
export interface BoardOffer {
  id: string;
  driverId: string;
  origin: string;
  destination: string;
  departureTime: string;
  seats: number;
  passengers: readonly SeatHolder[];
}

/** What the ride board reads of a request. */
export interface BoardRequest {
  id: string;
  playerId: string;
  origin: string;
  destination: string;
  earliestDeparture: string;
  latestDeparture: string;
  seats: number;
  offerId: string | null;
}

export const seatsTaken = (offer: Pick<BoardOffer, 'passengers'>) => offer.passengers.reduce((n, p) => n + p.seats, 0);
export const seatsLeft = (offer: Pick<BoardOffer, 'passengers' | 'seats'>) => offer.seats - seatsTaken(offer);

/**
 * Takes `seats` seats on an offer for a player: the new passenger list, or why not. Run inside an optimistic
 * read-modify-write of the offer document, so the check and the write see the same revision and two accepts can
 * never both take the last seat.
 */
export function takeSeats(offer: BoardOffer, holder: SeatHolder): Result<SeatHolder[]> {
  if (holder.playerId === offer.driverId) return fail('unprocessable', 'the driver does not take a seat on their own offer');
  if (offer.passengers.some((p) => p.playerId === holder.playerId)) return fail('already_booked', `player ${holder.playerId} already has a seat on this offer`);
  const left = seatsLeft(offer);
  if (holder.seats > left) return fail('seats_full', `this offer has ${left} seat${left === 1 ? '' : 's'} left, not ${holder.seats}`, [{ message: 'seats left', seatsLeft: left }]);
  return ok([...offer.passengers, holder]);
}

/** Frees a player's seats on an offer: the new passenger list and the seat given up, or 404 when they had none. */
export function releaseSeats(offer: BoardOffer, playerId: string): Result<{ passengers: SeatHolder[]; released: SeatHolder }> {
  const released = offer.passengers.find((p) => p.playerId === playerId);
  if (!released) return fail('not_found', `player ${playerId} has no seat on this offer`);
  return ok({ passengers: offer.passengers.filter((p) => p !== released), released });
}

/** Places compared loosely: case, accents, punctuation and spacing do not matter. */
export function samePlace(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const x = norm(a);
  const y = norm(b);
  return x === y || (x.length >= 3 && y.length >= 3 && (x.includes(y) || y.includes(x)));
}

/**
 * Matches open requests with offers: an offer fits a request when it goes from the same place to the same place
 * ({@link samePlace}), leaves within the request's window, has enough seats left, and neither the request's
 * player drives it nor already sits in it. Offers come closest to the start of the window first, then by id.
 */
export function matchRides(offers: readonly BoardOffer[], requests: readonly BoardRequest[]) {
  return requests
    .filter((r) => r.offerId === null)
    .map((r) => ({
      requestId: r.id,
      playerId: r.playerId,
      offerIds: offers
        .filter(
          (o) =>
            o.driverId !== r.playerId &&
            !o.passengers.some((p) => p.playerId === r.playerId) &&
            seatsLeft(o) >= r.seats &&
            o.departureTime >= r.earliestDeparture &&
            o.departureTime <= r.latestDeparture &&
            samePlace(o.origin, r.origin) &&
            samePlace(o.destination, r.destination),
        )
        .sort((a, b) => a.departureTime.localeCompare(b.departureTime) || a.id.localeCompare(b.id))
        .map((o) => o.id),
    }));
}
