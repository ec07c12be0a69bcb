/**
 * Rental cars (`?view=cars`): each car with its seats, its driver and the players riding from the airport (asked,
 * then confirmed), then the airport pick-ups that fill the free seats.
 */
import { useState } from 'preact/hooks';
import { plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useCarSeat, useDeleteCar, useRentalCars, type RentalCar } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { QueryView } from '../../ui/query-view.js';
import { CarDialog } from './car-form.js';
import { ConfirmRemoval, type Removal } from './confirm-delete.js';
import { Pickups } from './travel-pickups.js';
import { dayAndTime, nameIn } from './when.js';

export function CarsView({ trip, players }: { trip: Trip; players: { id: string; name: string }[] }) {
  const cars = useRentalCars(trip.id);
  const del = useDeleteCar(trip.id);
  const seat = useCarSeat(trip.id);
  const [editing, setEditing] = useState<RentalCar | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameOf = nameIn(new Map(players.map((p) => [p.id, p.name])));
  const rider = (car: RentalCar, playerId: string, action: 'confirm' | 'remove') => {
    setProblem(null);
    seat.run({ carId: car.id, playerId, action }).catch((e: unknown) => setProblem(describeFailure(e)));
  };
  return (
    <>
      <div class="page-head">
        <p class="muted">The cars the group rents: seats count the driver’s. A car picked up at an airport offers its free seats to the players landing there.</p>
        <div class="actions">
          <button type="button" onClick={() => setEditing('new')}>
            Add a rental car
          </button>
        </div>
      </div>
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryView query={cars} loading="Loading the cars…">
        {(list) => (
          <>
            {list.length === 0 ? (
              <div class="card empty">
                <h3>No rental cars yet</h3>
                <p>Add the cars the group rents, with their seats and drivers.</p>
              </div>
            ) : (
              <ul class="travel-cards">
                {list.map((c) => (
                  <li key={c.id} class="card">
                    <div class="travel-card-head">
                      <h3>
                        {c.company}
                        {c.confirmationNumber ? <span class="muted small"> · ref. {c.confirmationNumber}</span> : null}
                      </h3>
                      <div class="actions tight">
                        <button type="button" class="secondary small" onClick={() => setEditing(c)} aria-label={`Change the ${c.company} car`}>
                          Change
                        </button>
                        <button
                          type="button"
                          class="secondary small"
                          aria-label={`Remove the ${c.company} car…`}
                          onClick={() =>
                            setRemoval({
                              title: `Remove the ${c.company} car?`,
                              lines: [c.riders.length ? `${plural(c.riders.length, 'player')} riding in it lose their seat.` : 'Nobody rides in it yet.', 'The booking itself is not cancelled with the company.'],
                              confirm: 'Remove the car',
                              cancel: 'Keep it',
                              run: () => del.run(c.id),
                            })
                          }
                        >
                          Remove…
                        </button>
                      </div>
                    </div>
                    <p>
                      Picked up {dayAndTime(c.pickupTime)} at {c.pickupPlace}
                      {c.pickupAirport ? ` (${c.pickupAirport})` : ''}; dropped off {dayAndTime(c.dropoffTime)} at {c.dropoffPlace}.
                    </p>
                    <p>
                      <strong>{plural(c.seats, 'seat')}</strong>: {c.driverId ? `${nameOf(c.driverId)} drives` : 'no driver yet'}, {plural(c.riders.length, 'rider')}, <strong>{plural(c.freeSeats, 'free seat')}</strong>.
                    </p>
                    {c.riders.length ? (
                      <ul class="rider-list" aria-label={`Riding in the ${c.company} car`}>
                        {c.riders.map((r) => (
                          <li key={r.playerId}>
                            <span>{nameOf(r.playerId)}</span> <span class={`badge ${r.status === 'confirmed' ? 'green' : 'amber'}`}>{r.status === 'confirmed' ? 'Confirmed' : 'Asked'}</span>
                            {r.status === 'requested' ? (
                              <button type="button" class="secondary small" disabled={seat.pending} onClick={() => rider(c, r.playerId, 'confirm')}>
                                Confirm {nameOf(r.playerId)}
                              </button>
                            ) : null}
                            <button type="button" class="link" disabled={seat.pending} onClick={() => rider(c, r.playerId, 'remove')}>
                              Take {nameOf(r.playerId)} out
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {c.notes ? <p class="muted small">{c.notes}</p> : null}
                  </li>
                ))}
              </ul>
            )}
            <Pickups trip={trip} cars={list} nameOf={nameOf} />
          </>
        )}
      </QueryView>
      <CarDialog trip={trip} car={editing === 'new' ? null : editing} players={players} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmRemoval removal={removal} mutation={del} onClose={() => setRemoval(null)} />
    </>
  );
}
