/**
 * A new trip as a copy of a past one (`POST /trips` with `copyFromTripId`): its settings, and as chosen its
 * players, teams and rounds (no scores, no money, no pairings). Round dates keep their distance from the first day.
 */
import { CreateTripBody } from '../../../../shared/schemas/trip.js';
import { CheckboxField, TextField } from '../../../common/field.js';
import { daysFrom, formatDayRange, plural } from '../../../common/format.js';
import { useCopyableTrips, useCreateTrip } from '../../api/queries.js';
import type { CopyableTrip } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { ScreenProps } from '../../screen.js';
import { flash } from '../../ui/flash.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';

const labels = { copyFromTripId: 'Trip to copy', name: 'Name of the new trip', startDate: 'First day', endDate: 'Last day' };

export function CopyTripScreen(_: ScreenProps) {
  const copyable = useCopyableTrips();
  return (
    <>
      <p class="crumbs">
        <a href={href('trips')}>Your trips</a>
      </p>
      <h1>Copy a past trip</h1>
      <p class="lead">Start from a trip you organized: its settings, players, teams and rounds come along; scores, money and pairings do not.</p>
      <QueryView query={copyable} loading="Loading your trips…">
        {(c) =>
          c.items.length ? (
            <CopyForm trips={c.items} />
          ) : (
            <div class="card empty">
              <p>You have no trip to copy yet.</p>
              <a class="button" href={href('newTrip')}>
                Create a trip
              </a>
            </div>
          )
        }
      </QueryView>
    </>
  );
}

function CopyForm({ trips }: { trips: CopyableTrip[] }) {
  const form = useForm({ source: trips[0]!.id, name: '', startDate: '', endDate: '', players: true, teams: true, rounds: true }, labels, 'copy');
  const create = useCreateTrip();
  const { values } = form;
  const source = trips.find((t) => t.id === values.source);
  const days = source ? daysFrom(source.startDate, source.endDate) + 1 : 0;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          copyFromTripId: values.source,
          startDate: values.startDate || undefined,
          ...(values.name.trim() ? { name: values.name } : {}),
          ...(values.endDate ? { endDate: values.endDate } : {}),
          include: { players: values.players, teams: values.players && values.teams, rounds: values.rounds },
        };
        void form.submit((b) => CreateTripBody.safeParse(b), body, async (parsed) => {
          const trip = await create.run(parsed);
          flash(`${trip.name} is created from ${source?.name ?? 'the past trip'}.`);
          navigate(href('trip', { tripId: trip.id }));
        });
      }}
    >
      <FormProblems form={form} labels={labels} />
      <fieldset class="choices" id={form.idOf('copyFromTripId')} tabIndex={-1}>
        <legend>Trip to copy</legend>
        {trips.map((t) => (
          <label class="choice" key={t.id}>
            <input type="radio" name="source" value={t.id} checked={values.source === t.id} onChange={() => form.set('source', t.id)} />
            <span>
              <strong>{t.name}</strong>
              <span class="muted small">
                {formatDayRange(t.startDate, t.endDate)} · {plural(t.playerCount, 'player')} · {plural(t.roundCount, 'round')}
              </span>
            </span>
          </label>
        ))}
        {form.errorsAt('copyFromTripId') ? <p class="field-error">{form.errorsAt('copyFromTripId')!.join(' ')}</p> : null}
      </fieldset>
      <div class="card">
        <div class="form-grid">
          <TextField id={form.idOf('name')} label="Name of the new trip" class="span-2" value={values.name} onValue={(v) => form.set('name', v)} errors={form.errorsAt('name')} placeholder={source ? `${source.name} (copy)` : ''} hint="Leave empty to call it after the trip it copies, with “(copy)”." />
          <TextField id={form.idOf('startDate')} label="First day" type="date" value={values.startDate} onValue={(v) => form.set('startDate', v)} errors={form.errorsAt('startDate')} />
          <TextField id={form.idOf('endDate')} label="Last day" type="date" value={values.endDate} onValue={(v) => form.set('endDate', v)} errors={form.errorsAt('endDate')} hint={days ? `Optional: leave empty to keep the same length (${plural(days, 'day')}).` : 'Optional.'} />
        </div>
        <CheckboxField id={form.idOf('players')} label="Copy the players" checked={values.players} onValue={(v) => form.set('players', v)} hint={source ? plural(source.playerCount, 'player') : undefined} />
        <CheckboxField id={form.idOf('teams')} label="Keep their teams" checked={values.players && values.teams} onValue={(v) => form.set('teams', v)} />
        <CheckboxField id={form.idOf('rounds')} label="Copy the rounds (courses, formats, tees; no pairings)" checked={values.rounds} onValue={(v) => form.set('rounds', v)} hint={source ? plural(source.roundCount, 'round') : undefined} />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Copying…' : 'Create the copy'}
        </button>
        <a href={href('trips')}>Cancel</a>
      </div>
    </form>
  );
}
