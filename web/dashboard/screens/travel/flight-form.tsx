/**
 * Adding a player's flight, in a dialog. Times are local at each airport (as on the booking); a return flight
 * leaving before the player's arrival is refused by the server and said at its field.
 */
import { FlightInput, PatchFlightBody } from '../../../../shared/schemas/travel.js';
import { Dialog } from '../../../common/dialog.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useAddFlight, usePatchFlight, type Flight } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { playerOptions } from './confirm-delete.js';

type Values = { playerId: string; direction: string; airline: string; flightNumber: string; departureAirport: string; departureTime: string; arrivalAirport: string; arrivalTime: string; notes: string };

const labels: Record<string, string> = {
  playerId: 'Player',
  direction: 'Which way',
  airline: 'Airline',
  flightNumber: 'Flight number',
  departureAirport: 'From (airport)',
  departureTime: 'Takes off',
  arrivalAirport: 'To (airport)',
  arrivalTime: 'Lands',
  notes: 'Notes',
};

export function FlightDialog({ trip, flight, players, open, onClose }: { trip: Trip; flight: Flight | null; players: { id: string; name: string }[]; open: boolean; onClose: () => void }) {
  return (
    <Dialog id="flight-dialog" open={open} title={flight ? `Change flight ${flight.flightNumber}` : 'Add a flight'} onClose={onClose} class="wide-dialog">
      {open ? <FlightForm key={flight?.id ?? 'new'} trip={trip} flight={flight} players={players} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FlightForm({ trip, flight, players, onClose }: { trip: Trip; flight: Flight | null; players: { id: string; name: string }[]; onClose: () => void }) {
  const add = useAddFlight(trip.id);
  const patch = usePatchFlight(trip.id);
  const form = useForm<Values>(
    () =>
      flight
        ? { ...flight, notes: flight.notes ?? '' }
        : { playerId: '', direction: 'inbound', airline: '', flightNumber: '', departureAirport: '', departureTime: `${trip.startDate}T08:00`, arrivalAirport: '', arrivalTime: `${trip.startDate}T11:00`, notes: '' },
    labels,
    'flight',
  );
  const v = form.values;
  const f = (k: keyof Values, upper = false) => ({ id: form.idOf(k), errors: form.errorsAt(k), value: v[k], onValue: (x: string) => form.set(k, upper ? x.toUpperCase() : x) });
  const submit = (e: Event) => {
    e.preventDefault();
    // The schema leaves the player out for a phone (the session's player); from the dashboard one must be chosen.
    if (!v.playerId) return form.setErrors({ playerId: ['Choose whose flight it is.'] });
    const { playerId, direction, airline, flightNumber, departureAirport, departureTime, arrivalAirport, arrivalTime } = v;
    const body: Record<string, unknown> = { playerId, direction, airline, flightNumber, departureAirport, departureTime, arrivalAirport, arrivalTime };
    if (v.notes.trim()) body.notes = v.notes.trim();
    else if (flight?.notes) body.notes = null;
    void form.submit(
      (b) => (flight ? PatchFlightBody.safeParse(b) : FlightInput.safeParse(b)),
      body,
      async (parsed) => {
        if (flight) await patch.run({ flightId: flight.id, body: parsed });
        else await add.run(parsed as FlightInput);
        onClose();
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField {...f('playerId')} label="Player" options={playerOptions(players, 'Choose the player')} />
        <SelectField
          {...f('direction')}
          label="Which way"
          options={[
            { value: 'inbound', label: 'Arriving for the trip' },
            { value: 'outbound', label: 'Going home' },
          ]}
        />
        <TextField {...f('airline')} label="Airline" maxLength={80} autoComplete="off" />
        <TextField {...f('flightNumber', true)} label="Flight number" placeholder="e.g. TP 1337" autoComplete="off" />
        <TextField {...f('departureAirport', true)} label="From (airport)" placeholder="e.g. DUB" maxLength={3} hint="Its three-letter code." autoComplete="off" />
        <TextField {...f('departureTime')} label="Takes off" type="datetime-local" hint="Local time at that airport." />
        <TextField {...f('arrivalAirport', true)} label="To (airport)" placeholder="e.g. FAO" maxLength={3} hint="Its three-letter code." autoComplete="off" />
        <TextField {...f('arrivalTime')} label="Lands" type="datetime-local" hint="Local time at that airport." />
        <TextField {...f('notes')} label="Notes" class="span-2" maxLength={1000} hint="Optional: bags, golf clubs, a connection." />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : flight ? 'Save changes' : 'Add flight'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
