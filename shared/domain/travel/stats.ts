import { dayOf } from './time.js';

export interface StatsInput {
  playerIds: readonly string[];
  flights: readonly { playerId: string; direction: 'inbound' | 'outbound'; departureTime: string; arrivalTime: string }[];
  cars: readonly { driverId?: string | undefined; pickupAirport?: string | undefined; seats: number; riders: readonly { playerId: string }[] }[];
  offers: readonly { driverId: string; seats: number; passengers: readonly { playerId: string; seats: number }[] }[];
  requests: readonly { playerId: string; seats: number; offerId: string | null }[];
}

/**
 * Aggregate travel figures of a trip.
 * - Arrivals per day: players whose inbound flight lands that (local) day; departures per day: players whose
 *   outbound flight leaves that day. A player with two flights the same day counts once.
 * - Players without travel: on no flight, driving no car, riding in no car, and neither offering, requesting nor
 *   holding a seat on the ride board.
 * - Seats: on the ride board, passenger seats offered versus seats requested (and those not yet matched); at the
 *   airport, passenger seats of cars picked up there (seats − 1) versus players flying in who drive none of them.
 *   `offered` and `needed` are the sums of both.
 */
export function travelStats(input: StatsInput) {
  const perDay = (direction: 'inbound' | 'outbound') => {
    const days = new Map<string, Set<string>>();
    for (const f of input.flights.filter((x) => x.direction === direction)) {
      const day = dayOf(direction === 'inbound' ? f.arrivalTime : f.departureTime);
      days.set(day, (days.get(day) ?? new Set()).add(f.playerId));
    }
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, players]) => ({ date, players: players.size }));
  };
  const travelling = new Set<string>([
    ...input.flights.map((f) => f.playerId),
    ...input.cars.flatMap((c) => [...(c.driverId ? [c.driverId] : []), ...c.riders.map((r) => r.playerId)]),
    ...input.offers.flatMap((o) => [o.driverId, ...o.passengers.map((p) => p.playerId)]),
    ...input.requests.map((r) => r.playerId),
  ]);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const rideBoard = {
    offered: sum(input.offers.map((o) => o.seats)),
    taken: sum(input.offers.flatMap((o) => o.passengers.map((p) => p.seats))),
    requested: sum(input.requests.map((r) => r.seats)),
    unmatched: sum(input.requests.filter((r) => r.offerId === null).map((r) => r.seats)),
  };
  const airportCars = input.cars.filter((c) => c.pickupAirport);
  const airportDrivers = new Set(airportCars.map((c) => c.driverId).filter(Boolean));
  const flyingIn = new Set(input.flights.filter((f) => f.direction === 'inbound').map((f) => f.playerId));
  const airport = {
    offered: sum(airportCars.map((c) => c.seats - 1)),
    needed: [...flyingIn].filter((p) => !airportDrivers.has(p)).length,
  };
  return {
    arrivalsPerDay: perDay('inbound'),
    departuresPerDay: perDay('outbound'),
    playersWithoutTravel: input.playerIds.filter((p) => !travelling.has(p)),
    seats: { rideBoard, airport, offered: rideBoard.offered + airport.offered, needed: rideBoard.requested + airport.needed },
  };
}
