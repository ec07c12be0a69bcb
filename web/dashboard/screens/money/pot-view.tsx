/**
 * The tournament pot: each participant pays an entry, and the pot pays out by place in a competition's final
 * standings. Its states: not set up → set up (waiting for the competition to finish) → paid out. Setting it up
 * again clears a payout; paying out counts in the “Everything” balances and plans.
 */
import { useState } from 'preact/hooks';
import { PatchPotBody } from '../../../../shared/schemas/pot.js';
import { Dialog } from '../../../common/dialog.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { formatInstant, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useApplyPot, usePatchPot, usePot, type Pot } from '../../api/money-bets.js';
import { useCompetitions } from '../../api/games.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';
import { centsToInput, money, parseCents } from './money-words.js';

const LABELS = { entryCents: 'Entry', competitionId: 'Competition', payouts: 'Payouts', participants: 'Who is in' };

function potState(pot: Pot): { label: string; tone: string } {
  if (pot.applied) return { label: 'Paid out', tone: 'green' };
  if (pot.configured) return { label: 'Set up, not paid out', tone: 'amber' };
  return { label: 'Not set up', tone: '' };
}

export function PotView({ ctx }: { ctx: MoneyContext }) {
  const pot = usePot(ctx.tripId);
  return (
    <section aria-labelledby="pot-title">
      <h3 id="pot-title">Tournament pot</h3>
      <p class="muted">Everyone in pays the same entry; the pot pays out by place once the competition’s rounds are all completed.</p>
      <QueryView query={pot} loading="Loading the pot…">
        {(p) => <PotBody key={p.updatedAt ?? 'new'} ctx={ctx} pot={p} />}
      </QueryView>
    </section>
  );
}

function PotBody({ ctx, pot }: { ctx: MoneyContext; pot: Pot }) {
  const comps = useCompetitions(ctx.tripId);
  const patch = usePatchPot(ctx.tripId);
  const apply = useApplyPot(ctx.tripId);
  const [asking, setAsking] = useState(false);
  const st = potState(pot);
  const c = ctx.currency;
  const form = useForm(
    () => ({
      entry: pot.entryCents ? centsToInput(pot.entryCents, c) : '',
      competitionId: pot.competitionId ?? '',
      every: pot.everyPlayer,
      places: pot.payoutMode === 'percentages' && pot.payouts.length ? pot.payouts.map((x) => ('percent' in x ? String(x.percent) : '0')) : ['60', '30', '10'],
    }),
    LABELS,
    'pot',
  );
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(pot.participants));
  const v = form.values;
  const entry = parseCents(v.entry, c);
  const count = v.every ? ctx.players.length : chosen.size;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (entry === null) {
      form.setErrors({ entryCents: [`Write the entry in ${c}, like 50.`] });
      return;
    }
    const body = {
      entryCents: entry,
      competitionId: v.competitionId || null,
      participants: v.every ? null : ctx.players.filter((p) => chosen.has(p.id)).map((p) => p.id),
      payoutMode: 'percentages',
      payouts: v.places.map((x, i) => ({ place: i + 1, percent: Number(x) })),
    };
    await form.submit(PatchPotBody.safeParse, body, async (parsed) => void (await patch.run(parsed))).catch(() => undefined);
  };
  return (
    <>
      <p>
        <span class={`badge ${st.tone}`} data-pot-state={st.label}>
          {st.label}
        </span>{' '}
        {pot.configured ? `${plural(pot.participants.length, 'player')} × ${money(pot.entryCents, c)} = ${money(pot.totalCents, c)} in the pot.` : 'Set the entry and the payouts below.'}
      </p>
      {pot.applied ? (
        <div class="card">
          <h4>Paid out {formatInstant(pot.applied.at, ctx.timezone)}</h4>
          <table class="table money-table compact" aria-label="Pot paid out">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Place</th>
                <th scope="col" class="num">Receives</th>
              </tr>
            </thead>
            <tbody>
              {pot.applied.payouts.map((x) => (
                <tr key={x.playerId}>
                  <th scope="row">{ctx.nameOf(x.playerId)}</th>
                  <td>{pot.applied!.standings.find((s) => s.playerId === x.playerId)?.place ?? '—'}</td>
                  <td class="num">{money(x.cents, c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pot.configured ? (
        <div class="actions">
          <button type="button" onClick={() => setAsking(true)}>
            {pot.applied ? 'Pay out again' : 'Pay out the pot'}
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate class="card pot-form">
        <h4>{pot.configured ? 'Change the pot' : 'Set up the pot'}</h4>
        <FormProblems form={form} labels={LABELS} />
        <div class="form-grid">
          <TextField id={form.idOf('entryCents')} label={`Entry per player (${c})`} inputMode="decimal" value={v.entry} onValue={(x) => form.set('entry', x)} errors={form.errorsAt('entryCents')} hint={entry ? `${plural(count, 'player')}: ${money(entry * count, c)} in the pot.` : undefined} />
          <QueryView query={comps} loading="Loading the competitions…">
            {(list) => (
              <SelectField
                id={form.idOf('competitionId')}
                label="Paid out by the standings of"
                value={v.competitionId}
                onValue={(x) => form.set('competitionId', x)}
                errors={form.errorsAt('competitionId')}
                options={[{ value: '', label: 'No competition yet' }, ...list.items.map((k) => ({ value: k.id, label: k.name }))]}
              />
            )}
          </QueryView>
        </div>
        <fieldset class="pot-places" id={form.idOf('payouts')} tabIndex={-1}>
          <legend>Share of the pot by place (%)</legend>
          {form.errorsAt('payouts') ? <p class="field-error">{form.errorsAt('payouts')!.join(' ')}</p> : null}
          {v.places.map((x, i) => (
            <div class="pot-place" key={i}>
              <label for={`pot-place-${i}`}>Place {i + 1}</label>
              <input id={`pot-place-${i}`} inputMode="decimal" value={x} onInput={(e) => form.set('places', v.places.map((y, k) => (k === i ? e.currentTarget.value : y)))} />
            </div>
          ))}
          <p class="field-hint">Adds up to {v.places.reduce((a, x) => a + (Number(x) || 0), 0)}%; it must be exactly 100.</p>
          <div class="actions tight">
            <button type="button" class="secondary small" onClick={() => form.set('places', [...v.places, '0'])}>
              Add a place
            </button>
            {v.places.length > 1 ? (
              <button type="button" class="secondary small" onClick={() => form.set('places', v.places.slice(0, -1))}>
                Remove the last place
              </button>
            ) : null}
          </div>
        </fieldset>
        <CheckboxField id="pot-every" label="Every player of the trip is in" checked={v.every} onValue={(x) => form.set('every', x)} hint="Players added later join too." />
        {!v.every ? (
          <ul class="split-players">
            {ctx.players.map((p) => (
              <li key={p.id}>
                <label class="inline-check">
                  <input type="checkbox" checked={chosen.has(p.id)} onChange={(e) => setChosen((s) => { const n = new Set(s); if (e.currentTarget.checked) n.add(p.id); else n.delete(p.id); return n; })} /> {p.name}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {pot.applied ? <p class="notice warn">Saving a change takes back the payout: pay out again afterwards.</p> : null}
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save the pot'}
          </button>
        </div>
      </form>
      <Dialog id="pot-apply" open={asking} title="Pay out the pot?" onClose={() => setAsking(false)}>
        <p>
          Each of the {plural(pot.participants.length, 'player')} in pays {money(pot.entryCents, c)}, and the {money(pot.totalCents, c)} go to the best placed by the competition’s final standings (tied players share).
          This counts in the “Everything” balances and plans; payments already stored are not changed until you use a plan again.
        </p>
        {apply.error ? (
          <p class="notice error" role="alert">
            {describeFailure(apply.error)}
          </p>
        ) : null}
        <div class="actions">
          <button type="button" disabled={apply.pending} onClick={() => void apply.run(undefined).then(() => setAsking(false)).catch(() => undefined)}>
            {apply.pending ? 'Paying out…' : 'Pay it out'}
          </button>
          <button type="button" class="secondary" onClick={() => setAsking(false)}>
            Not yet
          </button>
        </div>
      </Dialog>
    </>
  );
}
