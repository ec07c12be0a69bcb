/** A trip's settings (`PATCH /trips/:id`, only what changed) and, for its owner, deleting it. */
import { PatchTripBody } from '../../../../shared/schemas/trip.js';
import { usePatchTrip } from '../../api/queries.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { TripFields, tripBody, tripLabels, type TripFieldValues } from '../../ui/trip-fields.js';
import { DeleteTrip } from './delete-trip.js';
import { useState } from 'preact/hooks';

const labels = tripLabels();

const valuesOf = (t: Trip): TripFieldValues => ({
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  timezone: t.timezone,
  currency: t.currency,
  destination: t.destination ?? '',
  description: t.description ?? '',
});

/** The fields that differ from the trip as it is. */
function changes(trip: Trip, values: TripFieldValues): Record<string, unknown> {
  const now = tripBody(valuesOf(trip), true);
  const next = tripBody(values, true);
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== now[k]));
}

export function TripSettingsScreen({ trip, myRole }: TripScreenProps) {
  const form = useForm<TripFieldValues>(() => valuesOf(trip), labels, 'settings');
  const patch = usePatchTrip(trip.id);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h2>Settings</h2>
      <form
        class="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          const body = changes(trip, form.values);
          if (!Object.keys(body).length) {
            setSaved(true);
            return;
          }
          void form.submit((b) => PatchTripBody.safeParse(b), body, async (parsed) => {
            await patch.run(parsed);
            setSaved(true);
          });
        }}
      >
        <FormProblems form={form} labels={labels} />
        {saved ? (
          <p class="notice" role="status">
            Saved.
          </p>
        ) : null}
        <TripFields values={form.values} set={(k, v) => (setSaved(false), form.set(k, v))} errorsAt={form.errorsAt} idOf={form.idOf} />
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
      {myRole === 'owner' ? (
        <DeleteTrip trip={trip} />
      ) : (
        <p class="muted">
          Only the trip's owner can delete it. You can leave the trip from <a href={href('tripOrganizers', { tripId: trip.id })}>Organizers</a>.
        </p>
      )}
    </>
  );
}
