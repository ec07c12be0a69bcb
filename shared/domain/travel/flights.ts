import { minutesBetween } from './time.js';

/** What the itinerary rule reads of a flight. */
export interface ItineraryFlight {
  id: string;
  playerId: string;
  direction: 'inbound' | 'outbound';
  departureTime: string;
  departureTimeZone?: string | undefined;
  arrivalTime: string;
  arrivalTimeZone?: string | undefined;
}

/**
 * A player's return must not leave before they have arrived: every outbound flight departs after the last inbound
 * flight lands (compared as instants when both time zones are known, else as the local times given). Answers the
 * first pair that breaks the rule, or null.
 * @example itineraryProblem([inbound landing 04-10T12:00, outbound leaving 04-09T18:00]) → { inbound, outbound }
 */
export function itineraryProblem<F extends ItineraryFlight>(flights: readonly F[]): { inbound: F; outbound: F } | null {
  const inbound = flights.filter((f) => f.direction === 'inbound');
  const outbound = flights.filter((f) => f.direction === 'outbound');
  for (const o of outbound) {
    for (const i of inbound) {
      const gap = minutesBetween({ local: i.arrivalTime, timeZone: i.arrivalTimeZone }, { local: o.departureTime, timeZone: o.departureTimeZone });
      if (gap <= 0) return { inbound: i, outbound: o };
    }
  }
  return null;
}
