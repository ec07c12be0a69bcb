/**
 * Adding or changing a rental car, in a dialog: the company, where and when it is picked up and dropped off, its
 * seats (the driver's counted) and its driver. With an airport code, the car is offered to players landing there.
 */
import { PatchRentalCarBody, RentalCarInput } from '../../../../shared/schemas/travel.js';
import { Dialog } from '../../../common/dialog.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useAddCar, usePatchCar, type RentalCar } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { playerOptions } from './confirm-delete.js';

type Values = { company: string; pickupPlace: string; pickupAirport: string; pickupTime: string; dropoffPlace: string; dropoffTime: string; seats: string; driverId: string; confirmationNumber: string; notes: string };

const labels: Record<string, string> = {
  company: 'Company',
  pickupPlace: 'Picked up at',
  pickupAirport: 'Airport code',
  pickupTime: 'Pick-up time',
  dropoffPlace: 'Dropped off at',
  dropoffTime: 'Drop-off time',
  seats: 'Seats',
  driverId: 'Driver',
  confirmationNumber: 'Booking reference',
  notes: 'Notes',
};

export function CarDialog({ trip, car, players, open, onClose }: { trip: Trip; car: RentalCar | null; players: { id: string; name: string }[]; open: boolean; onClose: () => void }) {
  return (
    <Dialog id="car-dialog" open={open} title={car ? `Change the ${car.company} car` : 'Add a rental car'} onClose={onClose} class="wide-dialog">
      {open ? <CarForm key={car?.id ?? 'new'} trip={trip} car={car} players={players} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CarForm({ trip, car, players, onClose }: { trip: Trip; car: RentalCar | null; players: { id: string; name: string }[]; onClose: () => void }) {
  const add = useAddCar(trip.id);
  const patch = usePatchCar(trip.id);
  const form = useForm<Values>(
    () => ({
      company: car?.company ?? '',
      pickupPlace: car?.pickupPlace ?? '',
      pickupAirport: car?.pickupAirport ?? '',
      pickupTime: car?.pickupTime ?? `${trip.startDate}T10:00`,
      dropoffPlace: car?.dropoffPlace ?? '',
      dropoffTime: car?.dropoffTime ?? `${trip.endDate}T18:00`,
      seats: String(car?.seats ?? 5),
      driverId: car?.driverId ?? '',
      confirmationNumber: car?.confirmationNumber ?? '',
      notes: car?.notes ?? '',
    }),
    labels,
    'car',
  );
  const v = form.values;
  const f = (k: keyof Values, upper = false) => ({ id: form.idOf(k), errors: form.errorsAt(k), value: v[k], onValue: (x: string) => form.set(k, upper ? x.toUpperCase() : x) });
  const submit = (e: Event) => {
    e.preventDefault();
    const optional = (x: string) => (x.trim() ? x.trim() : car ? null : undefined);
    const body: Record<string, unknown> = {
      company: v.company,
      pickupPlace: v.pickupPlace,
      pickupAirport: optional(v.pickupAirport),
      pickupTime: v.pickupTime,
      dropoffPlace: v.dropoffPlace,
      dropoffTime: v.dropoffTime,
      seats: v.seats.trim() ? Number(v.seats) : undefined,
      driverId: optional(v.driverId),
      confirmationNumber: optional(v.confirmationNumber),
      notes: optional(v.notes),
    };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    void form.submit(
      (b) => (car ? PatchRentalCarBody.safeParse(b) : RentalCarInput.safeParse(b)),
      body,
      async (parsed) => {
        if (car) await patch.run({ carId: car.id, body: parsed });
        else await add.run(parsed as RentalCarInput);
        onClose();
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField {...f('company')} label="Company" maxLength={120} autoComplete="off" placeholder="e.g. Sixt" />
        <TextField {...f('confirmationNumber')} label="Booking reference" maxLength={60} hint="Optional." autoComplete="off" />
        <TextField {...f('pickupPlace')} label="Picked up at" maxLength={200} placeholder="e.g. Faro airport, arrivals hall" />
        <TextField {...f('pickupAirport', true)} label="Airport code" maxLength={3} placeholder="e.g. FAO" hint="When it is picked up at an airport: its free seats are then offered to the players landing there around that time." autoComplete="off" />
        <TextField {...f('pickupTime')} label="Pick-up time" type="datetime-local" hint={`In the trip’s time zone (${trip.timezone}).`} />
        <TextField {...f('dropoffTime')} label="Drop-off time" type="datetime-local" />
        <TextField {...f('dropoffPlace')} label="Dropped off at" maxLength={200} />
        <TextField {...f('seats')} label="Seats" inputMode="numeric" hint="Counting the driver’s." />
        <SelectField {...f('driverId')} label="Driver" options={playerOptions(players, 'Not decided yet')} />
        <TextField {...f('notes')} label="Notes" maxLength={1000} hint="Optional." />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : car ? 'Save changes' : 'Add car'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
