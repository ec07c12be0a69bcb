/**
 * A competition across rounds, new or changed: name, format, the rounds it counts, countback and the handicap
 * allowance (empty: the WHS default of the format). Checked with the API's own schemas before sending.
 */
import { CreateCompetitionBody, PatchCompetitionBody } from '../../../../shared/schemas/competition.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { formatDay } from '../../../common/format.js';
import { useCreateCompetition, usePatchCompetition, type Competition } from '../../api/games.js';
import type { Round } from '../../api/rounds.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { COMPETITION_FORMAT_WORDS, defaultCompetitionAllowance } from './game-words.js';

const labels: Record<string, string> = { name: 'Competition name', format: 'Format', roundIds: 'Rounds counted', countback: 'Countback', allowancePercent: 'Handicap allowance (%)' };

type Values = { name: string; format: Competition['format']; roundIds: string[]; countback: boolean; allowance: string };

export function CompetitionForm({ tripId, rounds, competition, onDone, onCancel }: { tripId: string; rounds: Round[]; competition?: Competition; onDone: (c: Competition) => void; onCancel: () => void }) {
  const create = useCreateCompetition(tripId);
  const patch = usePatchCompetition(tripId, competition?.id ?? '');
  const form = useForm<Values>(
    () => ({
      name: competition?.name ?? '',
      format: competition?.format ?? 'stroke_net',
      roundIds: competition?.roundIds ?? rounds.map((r) => r.id),
      countback: competition?.countback ?? false,
      allowance: competition?.allowancePercent === undefined ? '' : String(competition.allowancePercent),
    }),
    labels,
    competition ? 'edit-comp' : 'comp',
  );
  const v = form.values;
  const toggle = (id: string, on: boolean) => form.set('roundIds', on ? rounds.map((r) => r.id).filter((r) => r === id || v.roundIds.includes(r)) : v.roundIds.filter((r) => r !== id));
  return (
    <form
      class="card"
      noValidate
      aria-labelledby="comp-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        const allowance = v.allowance.trim() === '' ? undefined : Number(v.allowance);
        const body: Record<string, unknown> = { name: v.name, format: v.format, roundIds: v.roundIds, countback: v.countback };
        if (competition) {
          body.allowancePercent = allowance ?? null;
          void form.submit((b) => PatchCompetitionBody.safeParse(b), body, async (parsed) => onDone(await patch.run(parsed)));
        } else {
          if (allowance !== undefined) body.allowancePercent = allowance;
          void form.submit((b) => CreateCompetitionBody.safeParse(b), body, async (parsed) => onDone(await create.run(parsed)));
        }
      }}
    >
      <h2 id="comp-form-title">{competition ? `Change ${competition.name}` : 'New competition'}</h2>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField id={form.idOf('name')} label="Competition name" value={v.name} onValue={(s) => form.set('name', s)} errors={form.errorsAt('name')} maxLength={120} />
        <SelectField
          id={form.idOf('format')}
          label="Format"
          value={v.format}
          onValue={(s) => form.set('format', s as Values['format'])}
          options={Object.entries(COMPETITION_FORMAT_WORDS).map(([value, label]) => ({ value, label }))}
          errors={form.errorsAt('format')}
          hint={v.format === 'team_match' ? 'Players with the same team name play for one team; add the matches once the competition exists.' : v.format === 'match_play' ? 'Match play has no board of its own here.' : 'Ranked on the total of the rounds counted.'}
        />
        <TextField
          id={form.idOf('allowancePercent')}
          label="Handicap allowance (%)"
          hint={`Empty: ${defaultCompetitionAllowance(v.format)}.`}
          inputMode="decimal"
          value={v.allowance}
          onValue={(s) => form.set('allowance', s)}
          errors={form.errorsAt('allowancePercent')}
        />
      </div>
      <fieldset id={form.idOf('roundIds')} tabIndex={-1}>
        <legend>Rounds counted</legend>
        {form.errorsAt('roundIds') ? <p class="field-error">{form.errorsAt('roundIds')!.join(' ')}</p> : null}
        {rounds.length === 0 ? <p class="muted">The trip has no rounds yet.</p> : null}
        {rounds.map((r) => (
          <CheckboxField key={r.id} id={`comp-round-${r.id}`} label={`${r.name} (${formatDay(r.date)})`} checked={v.roundIds.includes(r.id)} onValue={(on) => toggle(r.id, on)} />
        ))}
      </fieldset>
      <CheckboxField id={form.idOf('countback')} label="Break ties by countback (last 9, 6, 3 and 1 holes) instead of sharing the place" checked={v.countback} onValue={(b) => form.set('countback', b)} />
      {competition ? <p class="muted">The board recomputes at once from the scores of the rounds counted. Another format, or dropping a round that has team matches, is refused while matches exist.</p> : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : competition ? 'Save changes' : 'Create competition'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
