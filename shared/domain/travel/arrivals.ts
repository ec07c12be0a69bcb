import { wallMinutes } from './time.js';

/** An inbound flight as the grouping reads it. */
export interface Arrival {
  flightId: string;
  playerId: string;
  airport: string;
  /** Local time at the arrival airport. */
  arrivalTime: string;
}

export interface ArrivalGroupResult {
  airport: string;
  from: string;
  to: string;
  arrivals: { playerId: string; flightId: string; arrivalTime: string }[];
}

/**
 * Groups arrivals by airport and time window: per airport, in order of arrival, a group opens with its first
 * arrival and takes every arrival up to `windowMinutes` later; the next arrival opens the next group. A player
 * with several inbound flights counts once, by their last landing at each airport (the connecting legs before it
 * are not where they need a ride). Groups come by start time, then airport.
 * @example groupArrivals([FAO 10:00, FAO 10:40, FAO 12:00], 60) → [FAO 10:00–10:40 (2), FAO 12:00–12:00 (1)]
 */
export function groupArrivals(arrivals: readonly Arrival[], windowMinutes: number): ArrivalGroupResult[] {
  const last = new Map<string, Arrival>();
  for (const a of arrivals) {
    const key = `${a.airport}\n${a.playerId}`;
    const seen = last.get(key);
    if (!seen || a.arrivalTime > seen.arrivalTime || (a.arrivalTime === seen.arrivalTime && a.flightId > seen.flightId)) last.set(key, a);
  }
  const sorted = [...last.values()].sort((a, b) => a.airport.localeCompare(b.airport) || a.arrivalTime.localeCompare(b.arrivalTime) || a.playerId.localeCompare(b.playerId));
  const groups: ArrivalGroupResult[] = [];
  let open: { group: ArrivalGroupResult; start: number } | undefined;
  for (const a of sorted) {
    const t = wallMinutes(a.arrivalTime);
    if (!open || open.group.airport !== a.airport || t - open.start > windowMinutes) {
      open = { group: { airport: a.airport, from: a.arrivalTime, to: a.arrivalTime, arrivals: [] }, start: t };
      groups.push(open.group);
    }
    open.group.arrivals.push({ playerId: a.playerId, flightId: a.flightId, arrivalTime: a.arrivalTime });
    open.group.to = a.arrivalTime;
  }
  return groups.sort((a, b) => a.from.localeCompare(b.from) || a.airport.localeCompare(b.airport));
}

/** A rental car as the proposals read it. */
export interface ProposalCar {
  id: string;
  pickupAirport?: string | undefined;
  pickupTime: string;
  seats: number;
  driverId?: string | undefined;
  riders: readonly { playerId: string; status: 'requested' | 'confirmed'; at: string }[];
}

/** An accommodation as the proposals read it: who sleeps there. */
export interface ProposalLodging {
  id: string;
  name: string;
  checkIn: string;
  occupantIds: readonly string[];
}

export interface Proposal {
  carId: string;
  driverId: string | null;
  pickupTime: string;
  freeSeats: number;
  destination: { accommodationId: string; name: string } | null;
  riders: { playerId: string; status: 'requested' | 'confirmed'; at: string }[];
  proposedPlayerIds: string[];
}

/** Seats of a car left for riders: all but the driver's, less the riders who asked or were confirmed. */
export const carFreeSeats = (car: Pick<ProposalCar, 'seats' | 'riders'>) => car.seats - 1 - car.riders.length;

/**
 * Proposes shared rides from the airport to the lodging for each arrival group. A car serves a group when it is
 * picked up at the group's airport between `windowMinutes` before the group's first arrival and `windowMinutes`
 * after its last. Its destination is the lodging of its driver (else the first lodging by check-in). Players of the
 * group who neither drive a serving car nor already ride in one are proposed for free seats, cars in order of
 * pickup: first into cars going to their own lodging, then into any; who finds no seat is `unassigned`. A car
 * serves at most one group (the first it fits). Pure and deterministic.
 */
export function proposeRides(groups: readonly ArrivalGroupResult[], cars: readonly ProposalCar[], lodgings: readonly ProposalLodging[], windowMinutes: number) {
  const lodgingOf = new Map<string, ProposalLodging>();
  const byCheckIn = [...lodgings].sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.id.localeCompare(b.id));
  for (const l of byCheckIn) for (const p of l.occupantIds) if (!lodgingOf.has(p)) lodgingOf.set(p, l);
  const used = new Set<string>();
  const ordered = [...cars].sort((a, b) => a.pickupTime.localeCompare(b.pickupTime) || a.id.localeCompare(b.id));
  const riding = new Set(cars.flatMap((c) => c.riders.map((r) => r.playerId)));
  return groups.map((g) => {
    const from = wallMinutes(g.from) - windowMinutes;
    const to = wallMinutes(g.to) + windowMinutes;
    const serving = ordered.filter((c) => {
      const t = wallMinutes(c.pickupTime);
      return !used.has(c.id) && c.pickupAirport === g.airport && t >= from && t <= to;
    });
    for (const c of serving) used.add(c.id);
    const rides: Proposal[] = serving.map((c) => {
      const lodging = (c.driverId && lodgingOf.get(c.driverId)) || byCheckIn[0];
      return {
        carId: c.id,
        driverId: c.driverId ?? null,
        pickupTime: c.pickupTime,
        freeSeats: carFreeSeats(c),
        destination: lodging ? { accommodationId: lodging.id, name: lodging.name } : null,
        riders: c.riders.map((r) => ({ ...r })),
        proposedPlayerIds: [],
      };
    });
    const drivers = new Set(serving.map((c) => c.driverId).filter(Boolean));
    let waiting = g.arrivals.map((a) => a.playerId).filter((p) => !drivers.has(p) && !riding.has(p));
    const seat = (fits: (ride: Proposal, player: string) => boolean) => {
      waiting = waiting.filter((p) => {
        const ride = rides.find((r) => r.proposedPlayerIds.length < r.freeSeats && fits(r, p));
        if (!ride) return true;
        ride.proposedPlayerIds.push(p);
        return false;
      });
    };
    seat((r, p) => !!r.destination && lodgingOf.get(p)?.id === r.destination.accommodationId);
    seat(() => true);
    return { ...g, rides, unassignedPlayerIds: waiting };
  });
}
