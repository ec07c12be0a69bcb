/**
 * A new trip through the trip wizard (`POST /trips/wizard`): the trip's settings and, if the organizer has them
 * at hand, its players. The whole body is checked with the server's own schema before it is sent; the server then
 * sets the trip up in steps, which the next screen follows.
 */
import { useState } from 'preact/hooks';
import { WizardBody } from '../../../../shared/schemas/wizard.js';
import { useStartWizard } from '../../api/queries.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { ScreenProps } from '../../screen.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { TripFields, newTripValues, tripBody, tripLabels, type TripFieldValues } from '../../ui/trip-fields.js';
import { PlayerRows, emptyRow, isBlank, playerBody, type PlayerRow } from './player-rows.js';

function labelsFor(rows: PlayerRow[]): Record<string, string> {
  const labels: Record<string, string> = { ...tripLabels('trip.') };
  rows.forEach((_, i) => {
    labels[`players.${i}.name`] = `Player ${i + 1} name`;
    labels[`players.${i}.email`] = `Player ${i + 1} email`;
    labels[`players.${i}.handicapIndex`] = `Player ${i + 1} Handicap Index`;
  });
  return labels;
}

export function NewTripScreen(_: ScreenProps) {
  const [rows, setRows] = useState<PlayerRow[]>(() => [emptyRow(), emptyRow(), emptyRow(), emptyRow()]);
  const labels = labelsFor(rows);
  const form = useForm<TripFieldValues>(newTripValues, labels, 'wizard');
  const start = useStartWizard();
  const submit = (e: Event) => {
    e.preventDefault();
    // Rows left empty are not players.
    const kept = rows.filter((r) => !isBlank(r));
    if (kept.length !== rows.length) setRows(kept.length ? kept : [emptyRow()]);
    const body = { trip: tripBody(form.values, false), players: kept.map(playerBody) };
    void form.submit((b) => WizardBody.safeParse(b), body, async (parsed) => {
      const started = await start.run(parsed);
      navigate(href('tripSetup', { tripId: started.tripId }));
    });
  };
  return (
    <>
      <p class="crumbs">
        <a href={href('trips')}>Your trips</a>
      </p>
      <h1>New trip</h1>
      <p class="lead">The trip's basics, and its players if you have them at hand. Courses, rounds and pairings come after.</p>
      <form noValidate onSubmit={submit}>
        <FormProblems form={form} labels={labels} />
        <fieldset class="card">
          <legend>The trip</legend>
          <TripFields values={form.values} set={(k, v) => form.set(k, v)} errorsAt={form.errorsAt} idOf={form.idOf} at="trip." />
        </fieldset>
        <fieldset class="card">
          <legend>Players (optional)</legend>
          <p class="field-hint">Add them now or later. Rows left empty are skipped.</p>
          <PlayerRows rows={rows} onChange={setRows} errorsAt={form.errorsAt} idOf={form.idOf} />
        </fieldset>
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Creating…' : 'Create trip'}
          </button>
          <a href={href('trips')}>Cancel</a>
        </div>
      </form>
    </>
  );
}
