/**
 * Copying a round's pairings to another round (`POST /rounds/:id/copy-pairings`) with the specification's options:
 * keep the tee times, offset them, or lay them out again from a new first time; swap starting holes (1 ↔ 10).
 */
import { CopyPairingsBody, SecondRoundBody } from '../../../../shared/schemas/scheduling.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useCopyPairings, usePairings, useSecondRound, type Pairings, type Round } from '../../api/scheduling.js';
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
      <div>
        {copy.data ? <Copied tripId={tripId} rounds={rounds} p={copy.data} /> : null}
        <SecondRound tripId={tripId} round={round} targets={targets} hasTimes={!!source.data?.groups.length && source.data.groups.every((g) => g.teeTime)} />
      </div>
    </div>
  );
}

function Copied({ tripId, rounds, p }: { tripId: string; rounds: Round[]; p: Pairings }) {
  return (
    <section class="card" role="status" aria-labelledby="copied-title">
      <h2 id="copied-title">Copied to {rounds.find((r) => r.id === p.roundId)?.name}</h2>
      <ol class="plain-list">
        {sheetOf(p).map((g, i) => (
          <li key={i}>
            <strong>{groupTitle(g, i)}</strong>: {p.groups[i]!.players.map((x) => x.name).join(', ')}
          </li>
        ))}
      </ol>
      <a href={href('tripPairings', { tripId }, { round: p.roundId })}>Open its tee sheet</a>
    </section>
  );
}

const secondLabels = { toRoundId: 'Second round', swapStartingTees: 'Swap starting tees', swapSessions: 'Swap morning and afternoon', reverseOrder: 'Reverse the group order' };

/** A two-round event's second round from this one (`POST /events/:id/second-round`): the specification's second-round swaps. */
function SecondRound({ tripId, round, targets, hasTimes }: { tripId: string; round: Round; targets: Round[]; hasTimes: boolean }) {
  const second = useSecondRound(tripId);
  const form = useForm({ toRoundId: targets.find((r) => r.state === 'draft' || r.state === 'ready')?.id ?? targets[0]?.id ?? '', swapStartingTees: true, swapSessions: false, reverseOrder: false }, secondLabels, 'second');
  const v = form.values;
  return (
    <form
      class="card"
      noValidate
      aria-labelledby="second-title"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit((b) => SecondRoundBody.safeParse(b), { fromRoundId: round.id, toRoundId: v.toRoundId, swapStartingTees: v.swapStartingTees, swapSessions: v.swapSessions, reverseOrder: v.reverseOrder }, async (parsed) => {
          await second.run(parsed);
        });
      }}
    >
      <h2 id="second-title">Second round of a two-round event</h2>
      <p class="muted small">{hasTimes ? `The same groups as ${round.name}, with the swaps chosen.` : `${round.name} needs groups with tee times first.`}</p>
      <FormProblems form={form} labels={secondLabels} />
      <SelectField id={form.idOf('toRoundId')} label="Second round" value={v.toRoundId} onValue={(x) => form.set('toRoundId', x)} options={targets.map((r) => ({ value: r.id, label: `${r.name} · ${r.date}` }))} errors={form.errorsAt('toRoundId')} />
      <CheckboxField id={form.idOf('swapStartingTees')} label="Swap starting tees" hint="Hole 1 starters go from 10, hole 10 starters from 1." checked={v.swapStartingTees} onValue={(x) => form.set('swapStartingTees', x)} />
      <CheckboxField id={form.idOf('swapSessions')} label="Swap morning and afternoon" hint="Morning groups play in the afternoon and the other way round." checked={v.swapSessions} onValue={(x) => form.set('swapSessions', x)} />
      <CheckboxField id={form.idOf('reverseOrder')} label="Reverse the group order" hint="The last group off goes first." checked={v.reverseOrder} onValue={(x) => form.set('reverseOrder', x)} />
      <div class="actions">
        <button type="submit" class="secondary" disabled={form.busy || !hasTimes}>
          Make the second round
        </button>
      </div>
      {second.data ? (
        <p class="notice" role="status">
          {targets.find((r) => r.id === second.data!.roundId)?.name} now has {second.data.groups.length} groups, first off {sheetOf(second.data).map((g) => g.teeTime).filter(Boolean).sort()[0] ?? '—'}. <a href={href('tripPairings', { tripId }, { round: second.data.roundId })}>Open its tee sheet</a>
        </p>
      ) : null}
    </form>
  );
}
