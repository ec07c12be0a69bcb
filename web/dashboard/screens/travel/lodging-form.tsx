/**
 * Adding or changing a place to stay, in a dialog: name, address, check-in and check-out, and its rooms (a name
 * and how many it sleeps). Who sleeps in each room is set on the list, room by room.
 */
import { AccommodationInput, PatchAccommodationBody } from '../../../../shared/schemas/travel.js';
import { Dialog } from '../../../common/dialog.js';
import { TextField } from '../../../common/field.js';
import { useAddAccommodation, usePatchAccommodation, type Accommodation } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { FormProblems, useForm } from '../../ui/form.js';

type Values = { name: string; address: string; checkIn: string; checkOut: string; notes: string; rooms: { name: string; capacity: string; occupantIds: string[] }[] };

const labels: Record<string, string> = { name: 'Name', address: 'Address', checkIn: 'Check-in', checkOut: 'Check-out', notes: 'Notes', rooms: 'Rooms' };

export function LodgingDialog({ trip, stay, open, onClose }: { trip: Trip; stay: Accommodation | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog id="lodging-dialog" open={open} title={stay ? `Change ${stay.name}` : 'Add a place to stay'} onClose={onClose} class="wide-dialog">
      {open ? <LodgingForm key={stay?.id ?? 'new'} trip={trip} stay={stay} onClose={onClose} /> : null}
    </Dialog>
  );
}

function LodgingForm({ trip, stay, onClose }: { trip: Trip; stay: Accommodation | null; onClose: () => void }) {
  const add = useAddAccommodation(trip.id);
  const patch = usePatchAccommodation(trip.id);
  const form = useForm<Values>(
    () => ({
      name: stay?.name ?? '',
      address: stay?.address ?? '',
      checkIn: stay?.checkIn ?? `${trip.startDate}T15:00`,
      checkOut: stay?.checkOut ?? `${trip.endDate}T11:00`,
      notes: stay?.notes ?? '',
      rooms: stay ? stay.rooms.map((r) => ({ name: r.name, capacity: String(r.capacity), occupantIds: r.occupantIds })) : [{ name: 'Room 1', capacity: '2', occupantIds: [] }],
    }),
    labels,
    'lodging',
  );
  const v = form.values;
  const f = (k: Exclude<keyof Values, 'rooms'>) => ({ id: form.idOf(k), errors: form.errorsAt(k), value: v[k], onValue: (x: string) => form.set(k, x) });
  const setRoom = (i: number, part: 'name' | 'capacity', x: string) => form.set('rooms', v.rooms.map((r, j) => (j === i ? { ...r, [part]: x } : r)));
  const submit = (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      name: v.name,
      address: v.address,
      checkIn: v.checkIn,
      checkOut: v.checkOut,
      rooms: v.rooms.map((r) => ({ name: r.name, capacity: Number(r.capacity), occupantIds: r.occupantIds })),
    };
    if (v.notes.trim()) body.notes = v.notes.trim();
    else if (stay?.notes) body.notes = null;
    void form.submit(
      (b) => (stay ? PatchAccommodationBody.safeParse(b) : AccommodationInput.safeParse(b)),
      body,
      async (parsed) => {
        if (stay) await patch.run({ accommodationId: stay.id, body: parsed });
        else await add.run(parsed as AccommodationInput);
        onClose();
      },
    );
  };
  const roomErrors = Object.entries(form.errors).filter(([k]) => k.startsWith('rooms'));
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField {...f('name')} label="Name" maxLength={200} placeholder="e.g. Villa Oliveira" autoComplete="off" />
        <TextField {...f('address')} label="Address" maxLength={500} autoComplete="off" />
        <TextField {...f('checkIn')} label="Check-in" type="datetime-local" />
        <TextField {...f('checkOut')} label="Check-out" type="datetime-local" />
      </div>
      <fieldset>
        <legend>Rooms</legend>
        {roomErrors.length ? <p class="field-error">{roomErrors.flatMap(([, m]) => m).join(' ')}</p> : null}
        {v.rooms.map((r, i) => (
          <div class="room-row" key={i}>
            <TextField id={`lodging-room-${i}-name`} label={`Room ${i + 1} name`} value={r.name} onValue={(x) => setRoom(i, 'name', x)} maxLength={80} />
            <TextField id={`lodging-room-${i}-capacity`} label={`Room ${i + 1} sleeps`} value={r.capacity} onValue={(x) => setRoom(i, 'capacity', x)} inputMode="numeric" />
            <button type="button" class="secondary small" onClick={() => form.set('rooms', v.rooms.filter((_, j) => j !== i))} aria-label={`Remove room ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" class="secondary small" onClick={() => form.set('rooms', [...v.rooms, { name: `Room ${v.rooms.length + 1}`, capacity: '2', occupantIds: [] }])}>
          Add a room
        </button>
      </fieldset>
      <TextField {...f('notes')} label="Notes" maxLength={1000} hint="Optional: door code, parking, who has the keys." />
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : stay ? 'Save changes' : 'Add the place'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
