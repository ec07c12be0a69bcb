/**
 * Flights (`?view=flights`): who lands when, day by day, and who leaves when, each flight with its player; a
 * flight added for a player in a dialog, removed after saying what goes.
 */
import { useState } from 'preact/hooks';
import { formatDay, plural } from '../../../common/format.js';
import { useDeleteFlight, useFlights, type Flight } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { QueryView } from '../../ui/query-view.js';
import { ConfirmRemoval, type Removal } from './confirm-delete.js';
import { FlightDialog } from './flight-form.js';
import { nameIn, timeOf } from './when.js';

export function FlightsView({ trip, players }: { trip: Trip; players: { id: string; name: string }[] }) {
  const flights = useFlights(trip.id);
  const del = useDeleteFlight(trip.id);
  const [editing, setEditing] = useState<Flight | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const nameOf = nameIn(new Map(players.map((p) => [p.id, p.name])));
  const remove = (f: Flight) =>
    setRemoval({
      title: `Remove ${nameOf(f.playerId)}’s flight ${f.flightNumber}?`,
      lines: [
        `${f.departureAirport} → ${f.arrivalAirport}, ${f.direction === 'inbound' ? 'landing' : 'taking off'} ${f.direction === 'inbound' ? f.arrivalTime.replace('T', ' ') : f.departureTime.replace('T', ' ')}.`,
        f.direction === 'inbound' ? 'They leave the airport pick-up proposals; a seat they already hold in a car stays.' : 'Only this flight goes.',
      ],
      confirm: 'Remove the flight',
      cancel: 'Keep it',
      run: () => del.run(f.id),
    });
  return (
    <>
      <div class="page-head">
        <p class="muted">Every player’s flights, as booked. Times are local at each airport. Arrivals feed the airport pick-ups of the rental cars.</p>
        <div class="actions">
          <button type="button" onClick={() => setEditing('new')} disabled={players.length === 0}>
            Add a flight
          </button>
        </div>
      </div>
      <QueryView query={flights} loading="Loading the flights…">
        {(list) =>
          list.length === 0 ? (
            <div class="card empty">
              <h3>No flights yet</h3>
              <p>Add each player’s flight there and back; players can add their own on their phone.</p>
            </div>
          ) : (
            <>
              <FlightDays title="Arrivals" flights={list.filter((f) => f.direction === 'inbound')} at={(f) => f.arrivalTime} nameOf={nameOf} onChange={setEditing} onRemove={remove} />
              <FlightDays title="Departures" flights={list.filter((f) => f.direction === 'outbound')} at={(f) => f.departureTime} nameOf={nameOf} onChange={setEditing} onRemove={remove} />
            </>
          )
        }
      </QueryView>
      <FlightDialog trip={trip} flight={editing === 'new' ? null : editing} players={players} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmRemoval removal={removal} mutation={del} onClose={() => setRemoval(null)} />
    </>
  );
}

function FlightDays(props: { title: string; flights: Flight[]; at: (f: Flight) => string; nameOf: (id: string) => string; onChange: (f: Flight) => void; onRemove: (f: Flight) => void }) {
  const { title, flights, at, nameOf, onChange, onRemove } = props;
  const sorted = [...flights].sort((a, b) => at(a).localeCompare(at(b)));
  const days = [...new Set(sorted.map((f) => at(f).slice(0, 10)))];
  return (
    <section aria-labelledby={`flights-${title}`}>
      <h3 id={`flights-${title}`}>
        {title} <span class="muted small">({plural(flights.length, 'flight')})</span>
      </h3>
      {days.length === 0 ? <p class="muted">None yet.</p> : null}
      {days.map((day) => (
        <div class="table-wrap" key={day}>
          <table class="table compact travel-table" aria-label={`${title}, ${formatDay(day, undefined, { weekday: true })}`}>
            <caption>{formatDay(day, undefined, { weekday: true })}</caption>
            <thead>
              <tr>
                <th scope="col">{title === 'Arrivals' ? 'Lands' : 'Takes off'}</th>
                <th scope="col">Player</th>
                <th scope="col">Flight</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted
                .filter((f) => at(f).startsWith(day))
                .map((f) => (
                  <tr key={f.id}>
                    <td class="num">{timeOf(at(f))}</td>
                    <th scope="row">{nameOf(f.playerId)}</th>
                    <td>
                      {f.airline} {f.flightNumber}
                      <span class="travel-route">
                        {f.departureAirport} {timeOf(f.departureTime)} → {f.arrivalAirport} {timeOf(f.arrivalTime)}
                      </span>
                      {f.notes ? <span class="travel-note">{f.notes}</span> : null}
                    </td>
                    <td class="row-actions">
                      <button type="button" class="secondary small" onClick={() => onChange(f)} aria-label={`Change ${nameOf(f.playerId)}’s flight ${f.flightNumber}`}>
                        Change
                      </button>{' '}
                      <button type="button" class="secondary small" onClick={() => onRemove(f)} aria-label={`Remove ${nameOf(f.playerId)}’s flight ${f.flightNumber}`}>
                        Remove…
                      </button>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
