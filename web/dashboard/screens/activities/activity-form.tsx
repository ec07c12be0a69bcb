/**
 * Adding or changing an activity, in a dialog: name, start and end (local date-times in the trip's time zone),
 * place, capacity, cost per person, description. Checked with the route's schemas before sending; the server's
 * refusals (a start outside the trip, a capacity below the yeses) show at their fields.
 */
import { CreateActivityBody, PatchActivityBody } from '../../../../shared/schemas/activity.js';
import { Dialog } from '../../../common/dialog.js';
import { TextAreaField, TextField } from '../../../common/field.js';
import { formatDayRange } from '../../../common/format.js';
import { useCreateActivity, usePatchActivity, type Activity } from '../../api/activities.js';
import type { Trip } from '../../api/types.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { costText, parseCost } from './activity-words.js';

type Values = { name: string; start: string; end: string; location: string; capacity: string; cost: string; description: string };

const labels: Record<string, string> = {
  name: 'Name',
  start: 'Starts',
  end: 'Ends',
  location: 'Where',
  capacity: 'Places',
  costPerPersonCents: 'Cost per person',
  description: 'Description',
};

export function ActivityDialog({ trip, activity, open, onClose }: { trip: Trip; activity: Activity | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog id="activity-dialog" open={open} title={activity ? `Change ${activity.name}` : 'New activity'} onClose={onClose} class="wide-dialog">
      <ActivityForm key={activity?.id ?? 'new'} trip={trip} activity={activity} onClose={onClose} />
    </Dialog>
  );
}

function ActivityForm({ trip, activity, onClose }: { trip: Trip; activity: Activity | null; onClose: () => void }) {
  const form = useForm<Values>(
    () => ({
      name: activity?.name ?? '',
      start: activity?.start ?? `${trip.startDate}T19:00`,
      end: activity?.end ?? '',
      location: activity?.location ?? '',
      capacity: activity?.capacity !== undefined ? String(activity.capacity) : '',
      cost: costText(activity?.costPerPersonCents, trip.currency),
      description: activity?.description ?? '',
    }),
    labels,
    'activity',
  );
  const create = useCreateActivity(trip.id);
  const patch = usePatchActivity(trip.id);
  const v = form.values;
  const f = (k: keyof Values, key: string = k) => ({ id: form.idOf(key), errors: form.errorsAt(key), value: v[k], onValue: (x: string) => form.set(k, x) });

  const submit = (e: Event) => {
    e.preventDefault();
    const cents = v.cost.trim() ? parseCost(v.cost, trip.currency) : undefined;
    if (Number.isNaN(cents)) return form.setErrors({ costPerPersonCents: [`Write an amount such as 45 or 45.50 (${trip.currency}).`] });
    const day = v.start.slice(0, 10);
    if (day && (day < trip.startDate || day > trip.endDate)) return form.setErrors({ start: [`Choose a day of the trip (${formatDayRange(trip.startDate, trip.endDate)}).`] });
    const capacity = v.capacity.trim() ? Number(v.capacity) : undefined;
    const opt = <T,>(x: T | undefined, was: unknown) => (x !== undefined ? x : activity && was !== undefined ? null : undefined);
    const body: Record<string, unknown> = {
      name: v.name,
      start: v.start || undefined,
      end: opt(v.end || undefined, activity?.end),
      location: opt(v.location.trim() || undefined, activity?.location),
      capacity: opt(capacity, activity?.capacity),
      costPerPersonCents: opt(cents, activity?.costPerPersonCents),
      description: opt(v.description.trim() || undefined, activity?.description),
    };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    void form.submit(
      (b) => (activity ? PatchActivityBody.safeParse(b) : CreateActivityBody.safeParse(b)),
      body,
      async (parsed) => {
        if (activity) await patch.run({ activityId: activity.id, body: parsed });
        else await create.run(parsed as CreateActivityBody);
        onClose();
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField {...f('name')} label="Name" class="span-2" placeholder="e.g. Team dinner" maxLength={120} autoComplete="off" />
        <TextField {...f('start')} label="Starts" type="datetime-local" min={`${trip.startDate}T00:00`} max={`${trip.endDate}T23:59`} hint={`A day of the trip, in its time zone (${trip.timezone}).`} />
        <TextField {...f('end')} label="Ends" type="datetime-local" hint="Optional." />
        <TextField {...f('location')} label="Where" maxLength={200} hint="Optional: where to meet." />
        <TextField {...f('capacity')} label="Places" inputMode="numeric" hint="Optional: the most players who can say they are going." />
        <TextField {...f('cost', 'costPerPersonCents')} label={`Cost per person (${trip.currency})`} inputMode="decimal" hint="Optional: what each player going pays. It can become an expense later." />
        <TextAreaField {...f('description')} label="Description" class="span-2" maxLength={2000} />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : activity ? 'Save changes' : 'Add activity'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
