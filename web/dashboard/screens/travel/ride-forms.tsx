/**
 * A ride offered (a driver with seats, from a place to a place at a time) or asked for (a player, from and to, a
 * window to leave in), in a dialog. Places match loosely on the board (case and accents ignored, one name inside
 * the other), so "Villa Oliveira" finds "villa oliveira".
 */
import { RideOfferInput, RideRequestInput } from '../../../../shared/schemas/travel.js';
import { Dialog } from '../../../common/dialog.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useAddRideOffer, useAddRideRequest } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { playerOptions } from './confirm-delete.js';

type Values = { who: string; origin: string; destination: string; from: string; to: string; seats: string; notes: string };

const offerLabels: Record<string, string> = { driverId: 'Driver', origin: 'From', destination: 'To', departureTime: 'Leaves at', seats: 'Free seats', notes: 'Notes' };
const requestLabels: Record<string, string> = { playerId: 'Player', origin: 'From', destination: 'To', earliestDeparture: 'Can leave from', latestDeparture: 'Can leave until', seats: 'Seats needed', notes: 'Notes' };

export function RideDialog({ trip, kind, players, onClose }: { trip: Trip; kind: 'offer' | 'request' | null; players: { id: string; name: string }[]; onClose: () => void }) {
  return (
    <Dialog id="ride-dialog" open={kind !== null} title={kind === 'offer' ? 'Offer a ride' : 'Ask for a ride'} onClose={onClose} class="wide-dialog">
      {kind ? <RideForm key={kind} trip={trip} kind={kind} players={players} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RideForm({ trip, kind, players, onClose }: { trip: Trip; kind: 'offer' | 'request'; players: { id: string; name: string }[]; onClose: () => void }) {
  const offer = useAddRideOffer(trip.id);
  const request = useAddRideRequest(trip.id);
  const labels = kind === 'offer' ? offerLabels : requestLabels;
  const form = useForm<Values>({ who: '', origin: '', destination: '', from: `${trip.startDate}T08:00`, to: `${trip.startDate}T08:30`, seats: kind === 'offer' ? '3' : '1', notes: '' }, labels, kind);
  const v = form.values;
  const id = (k: string) => form.idOf(k);
  const f = (k: keyof Values, key: string) => ({ id: id(key), errors: form.errorsAt(key), value: v[k], onValue: (x: string) => form.set(k, x) });
  const submit = (e: Event) => {
    e.preventDefault();
    // The schema leaves the player out for a phone (the session's player); from the dashboard one must be chosen.
    if (!v.who) return form.setErrors({ [kind === 'offer' ? 'driverId' : 'playerId']: [kind === 'offer' ? 'Choose who drives.' : 'Choose who needs the ride.'] });
    const seats = v.seats.trim() ? Number(v.seats) : undefined;
    const notes = v.notes.trim() || undefined;
    if (kind === 'offer') {
      const body = { driverId: v.who || undefined, origin: v.origin, destination: v.destination, departureTime: v.from, seats, notes };
      void form.submit(
        (b) => RideOfferInput.safeParse(b),
        body,
        async (parsed) => {
          await offer.run(parsed);
          onClose();
        },
      );
    } else {
      const body = { playerId: v.who || undefined, origin: v.origin, destination: v.destination, earliestDeparture: v.from, latestDeparture: v.to, seats, notes };
      void form.submit(
        (b) => RideRequestInput.safeParse(b),
        body,
        async (parsed) => {
          await request.run(parsed);
          onClose();
        },
      );
    }
  };
  const who = kind === 'offer' ? 'driverId' : 'playerId';
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField {...f('who', who)} label={kind === 'offer' ? 'Driver' : 'Player'} options={playerOptions(players, kind === 'offer' ? 'Choose the driver' : 'Choose the player')} />
        <TextField {...f('seats', 'seats')} label={kind === 'offer' ? 'Free seats' : 'Seats needed'} inputMode="numeric" hint={kind === 'offer' ? 'For passengers, the driver’s not counted.' : undefined} />
        <TextField {...f('origin', 'origin')} label="From" maxLength={200} placeholder="e.g. Villa Oliveira" autoComplete="off" />
        <TextField {...f('destination', 'destination')} label="To" maxLength={200} placeholder="e.g. Victoria Golf Course" autoComplete="off" />
        {kind === 'offer' ? (
          <TextField {...f('from', 'departureTime')} label="Leaves at" type="datetime-local" hint={`In the trip’s time zone (${trip.timezone}).`} />
        ) : (
          <>
            <TextField {...f('from', 'earliestDeparture')} label="Can leave from" type="datetime-local" hint={`In the trip’s time zone (${trip.timezone}).`} />
            <TextField {...f('to', 'latestDeparture')} label="Can leave until" type="datetime-local" />
          </>
        )}
        <TextField {...f('notes', 'notes')} label="Notes" class="span-2" maxLength={1000} hint="Optional." />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : kind === 'offer' ? 'Offer the ride' : 'Ask for the ride'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
