/**
 * Copying a round's pairings to another round (`POST /rounds/:id/copy-pairings`) with the specification's options:
 * keep the tee times, offset them, or lay them out again from a new first time; swap starting holes (1 ↔ 10).
 */
import { CopyPairingsBody } from '../../../../shared/schemas/scheduling.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useCopyPairings, usePairings, type Round } from '../../api/scheduling.js';
import { href } from '../../paths.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { groupTitle, sheetOf } from './sheet.js';

const labels = { toRoundId: 'Copy to', offsetMinutes: 'Minutes to move every tee time', newFirstTime: 'New first tee time', intervalMinutes: 'Minutes between groups', swapStartingHoles: 'Swap starting holes' };

export function CopyView({ tripId, round, rounds }: { tripId: string; round: Round; rounds: Round[] }) {
  const source = usePairings(tripId, round.id);
  const copy = useCopyPairings(tripId, round.id);
  const targets = rounds.filter((r) => r.id !== round.id);
  const form = useForm({ toRoundId: targets.find((r) => r.state === 'draft' || r.state === 'ready')?.id ?? targets[0]?.id ?? '', times: 'keep', offsetMinutes: '30', newFirstTime: '09:00', intervalMinutes: '', swapStartingHoles: false }, labels, 'copy');
  const v = form.values;
  const groups = source.data?.groups.length ?? 0;
  if (!targets.length) return <p class="notice">The trip has one round: add another in Rounds to copy these pairings to it.</p>;
  return (
    <div class="two-col">
      <form
        class="card"
        noValidate
        aria-labelledby="copy-title"
        onSubmit={(e) => {
          e.preventDefault();
          const body: Record<string, unknown> = { toRoundId: v.toRoundId };
          if (v.times === 'keep') body.keepTimes = true;
          if (v.times === 'offset') body.offsetMinutes = v.offsetMinutes.trim() === '' ? undefined : Number(v.offsetMinutes);
          if (v.times === 'new') {
            body.keepTimes = false;
            body.newFirstTime = v.newFirstTime;
            if (v.intervalMinutes.trim()) body.intervalMinutes = Number(v.intervalMinutes);
          }
          if (v.swapStartingHoles) body.swapStartingHoles = true;
          void form.submit((b) => CopyPairingsBody.safeParse(b), body, async (parsed) => {
            await copy.run(parsed);
          });
        }}
      >
        <h2 id="copy-title">Copy {round.name}'s pairings</h2>
        <p class="muted small">{groups ? `${groups} groups, with their tee times and starting holes.` : `${round.name} has no groups yet: pair it first.`}</p>
        <FormProblems form={form} labels={labels} />
        <SelectField id={form.idOf('toRoundId')} label="Copy to" value={v.toRoundId} onValue={(x) => form.set('toRoundId', x)} options={targets.map((r) => ({ value: r.id, label: `${r.name} · ${r.date}` }))} errors={form.errorsAt('toRoundId')} />
        <fieldset class="choices">
          <legend>Tee times</legend>
          {(
            [
              ['keep', 'Keep the same tee times'],
              ['offset', 'Move every tee time by some minutes'],
              ['new', 'Change them: a new first tee time'],
            ] as const
          ).map(([value, text]) => (
            <label class="choice" key={value}>
              <input type="radio" name="copy-times" checked={v.times === value} onChange={() => form.set('times', value)} />
              <span>{text}</span>
            </label>
          ))}
        </fieldset>
        {v.times === 'offset' ? (
          <TextField id={form.idOf('offsetMinutes')} label="Minutes to move every tee time" hint="Negative moves them earlier, e.g. −30." type="number" value={v.offsetMinutes} onValue={(x) => form.set('offsetMinutes', x)} errors={form.errorsAt('offsetMinutes')} />
        ) : null}
        {v.times === 'new' ? (
          <div class="form-grid">
            <TextField id={form.idOf('newFirstTime')} label="New first tee time" type="time" value={v.newFirstTime} onValue={(x) => form.set('newFirstTime', x)} errors={form.errorsAt('newFirstTime')} />
            <TextField id={form.idOf('intervalMinutes')} label="Minutes between groups" hint="Optional, 5 to 30: leave empty to keep the spacing." type="number" value={v.intervalMinutes} onValue={(x) => form.set('intervalMinutes', x)} errors={form.errorsAt('intervalMinutes')} />
          </div>
        ) : null}
        <CheckboxField id={form.idOf('swapStartingHoles')} label="Swap starting holes" hint="Groups that started on hole 1 start on 10, and 10 on 1." checked={v.swapStartingHoles} onValue={(x) => form.set('swapStartingHoles', x)} />
        <div class="actions">
          <button type="submit" disabled={form.busy || !groups}>
            {form.busy ? 'Copying…' : 'Copy pairings'}
          </button>
        </div>
      </form>
      {copy.data ? (
        <section class="card" role="status" aria-labelledby="copied-title">
          <h2 id="copied-title">Copied to {rounds.find((r) => r.id === copy.data!.roundId)?.name}</h2>
          <ol class="plain-list">
            {sheetOf(copy.data).map((g, i) => (
              <li key={i}>
                <strong>{groupTitle(g, i)}</strong>: {copy.data!.groups[i]!.players.map((p) => p.name).join(', ')}
              </li>
            ))}
          </ol>
          <a href={href('tripPairings', { tripId }, { round: copy.data.roundId })}>Open its tee sheet</a>
        </section>
      ) : null}
    </div>
  );
}
