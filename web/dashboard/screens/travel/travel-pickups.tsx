/**
 * Airport pick-ups: the players landing at one airport within the hour, grouped as the server groups them
 * (`rides/proposals`), with the rental cars picked up there and the free seats the server proposes for them. A
 * proposed player is given a seat in one press (asked for them, then confirmed in the car's list).
 */
import { useState } from 'preact/hooks';
import { listInWords, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useCarSeat, useRideProposals, type RentalCar } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { QueryView } from '../../ui/query-view.js';
import { dayAndTime, timeOf } from './when.js';

export function Pickups({ trip, cars, nameOf }: { trip: Trip; cars: RentalCar[]; nameOf: (id: string | null | undefined) => string }) {
  const proposals = useRideProposals(trip.id);
  const seat = useCarSeat(trip.id);
  const [problem, setProblem] = useState<string | null>(null);
  const carName = (id: string) => {
    const c = cars.find((x) => x.id === id);
    return c ? `${c.company} car${c.driverId ? ` (${nameOf(c.driverId)} drives)` : ''}` : 'A car';
  };
  const ask = (carId: string, playerId: string) => {
    setProblem(null);
    seat.run({ carId, playerId, action: 'request' }).catch((e: unknown) => setProblem(`No seat for ${nameOf(playerId)}: ${describeFailure(e)}`));
  };
  return (
    <section aria-labelledby="pickups-title">
      <h3 id="pickups-title">Airport pick-ups</h3>
      <p class="muted small">Players landing at the same airport within an hour of each other are one group. A car picked up there around that time takes them to their lodging.</p>
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryView query={proposals} loading="Grouping the arrivals…">
        {(p) =>
          p.items.length === 0 ? (
            <p class="muted">No arrivals yet: add the players’ flights to the trip.</p>
          ) : (
            <ol class="pickup-list">
              {p.items.map((g) => (
                <li key={`${g.airport}-${g.from}`} class="card pickup">
                  <h4>
                    {g.airport}, {dayAndTime(g.from)}
                    {g.to !== g.from ? `–${timeOf(g.to)}` : ''}: {plural(g.arrivals.length, 'player')} landing
                  </h4>
                  <p class="small">{g.arrivals.map((a) => `${nameOf(a.playerId)} ${timeOf(a.arrivalTime)}`).join(' · ')}</p>
                  {g.rides.map((r) => (
                    <div class="pickup-ride" key={r.carId}>
                      <p>
                        <strong>{carName(r.carId)}</strong>, picked up {timeOf(r.pickupTime)}
                        {r.destination ? ` to ${r.destination.name}` : ''}: {plural(r.freeSeats, 'free seat')}
                        {r.riders.length ? `; riding: ${listInWords(r.riders.map((x) => nameOf(x.playerId)))}` : ''}.
                      </p>
                      {r.proposedPlayerIds.length ? (
                        <ul class="chip-actions">
                          {r.proposedPlayerIds.map((pid) => (
                            <li key={pid}>
                              <button type="button" class="secondary small" disabled={seat.pending} onClick={() => ask(r.carId, pid)}>
                                Give {nameOf(pid)} a seat
                              </button>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  ))}
                  {g.unassignedPlayerIds.length ? (
                    <p class="notice warn small">
                      No seat for {listInWords(g.unassignedPlayerIds.map(nameOf))}: {g.rides.length ? 'the cars here are full' : `no car is picked up at ${g.airport} around then`}. Add a car, or a ride on the ride board.
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
    </section>
  );
}
