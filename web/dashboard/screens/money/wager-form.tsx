/** A new wager: its terms, the stake the losing side pays, and the two sides (players, or two teams of the trip). */
import { useState } from 'preact/hooks';
import { CreateWagerBody } from '../../../../shared/schemas/wager.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useCreateWager, type Wager } from '../../api/money-bets.js';
import { FormProblems, useForm } from '../../ui/form.js';
import type { MoneyContext } from './money-context.js';
import { money, parseCents } from './money-words.js';

const LABELS = { terms: 'The bet', stakeCents: 'Stake', sideA: 'Side A', sideB: 'Side B' };

export function WagerForm({ ctx, onDone, onCancel }: { ctx: MoneyContext; onDone: (w: Wager) => void; onCancel: () => void }) {
  const teams = [...new Set(ctx.players.map((p) => p.team).filter((t): t is string => !!t))];
  const form = useForm(() => ({ terms: '', stake: '', by: 'players', teamA: teams[0] ?? '', teamB: teams[1] ?? '' }), LABELS, 'wager');
  const [side, setSide] = useState<Record<string, '' | 'A' | 'B'>>({});
  const create = useCreateWager(ctx.tripId);
  const v = form.values;
  const stake = parseCents(v.stake, ctx.currency);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (stake === null || stake < 1) {
      form.setErrors({ stakeCents: [`Write the stake in ${ctx.currency}, like 20 or 12.50.`] });
      return;
    }
    const pick = (s: 'A' | 'B') => ctx.players.filter((p) => side[p.id] === s).map((p) => p.id);
    const body = v.by === 'teams' ? { terms: v.terms, stakeCents: stake, sideA: { team: v.teamA }, sideB: { team: v.teamB } } : { terms: v.terms, stakeCents: stake, sideA: pick('A'), sideB: pick('B') };
    await form.submit(CreateWagerBody.safeParse, body, async (parsed) => onDone(await create.run(parsed))).catch(() => undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={LABELS} />
      <div class="form-grid">
        <TextField id={form.idOf('terms')} label="The bet" hint="In words everyone agrees on, e.g. “Ben beats Cat on Day 2, net”." value={v.terms} onValue={(x) => form.set('terms', x)} errors={form.errorsAt('terms')} class="span-2" maxLength={500} />
        <TextField id={form.idOf('stakeCents')} label={`Stake (${ctx.currency})`} inputMode="decimal" hint={stake ? `The losing side pays ${money(stake, ctx.currency)} in all to the winning side.` : 'What the losing side pays in all.'} value={v.stake} onValue={(x) => form.set('stake', x)} errors={form.errorsAt('stakeCents')} />
        {teams.length >= 2 ? (
          <SelectField id="wager-by" label="Between" value={v.by} onValue={(x) => form.set('by', x)} options={[{ value: 'players', label: 'Players' }, { value: 'teams', label: 'Two teams' }]} />
        ) : null}
      </div>
      {v.by === 'teams' ? (
        <div class="form-grid">
          <SelectField id={form.idOf('sideA')} label="Side A (team)" value={v.teamA} onValue={(x) => form.set('teamA', x)} options={teams.map((t) => ({ value: t, label: t }))} errors={form.errorsAt('sideA')} />
          <SelectField id={form.idOf('sideB')} label="Side B (team)" value={v.teamB} onValue={(x) => form.set('teamB', x)} options={teams.map((t) => ({ value: t, label: t }))} errors={form.errorsAt('sideB')} />
        </div>
      ) : (
        <fieldset class="wager-sides" id={form.idOf('sideA')} tabIndex={-1}>
          <legend>Who is on which side</legend>
          {form.errorsAt('sideA') || form.errorsAt('sideB') ? <p class="field-error">{[...(form.errorsAt('sideA') ?? []), ...(form.errorsAt('sideB') ?? [])].join(' ')}</p> : null}
          <ul class="split-players">
            {ctx.players.map((p) => (
              <li key={p.id}>
                <label for={`wager-side-${p.id}`}>{p.name}</label>
                <select id={`wager-side-${p.id}`} value={side[p.id] ?? ''} onChange={(e) => setSide({ ...side, [p.id]: e.currentTarget.value as '' | 'A' | 'B' })}>
                  <option value="">Not in it</option>
                  <option value="A">Side A</option>
                  <option value="B">Side B</option>
                </select>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Record the wager'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
