/**
 * Automatic pairings for a round (`POST /rounds/:id/auto-pair`): every strategy of the specification, checked with
 * the route's own schema before sending; the server's refusals at their fields.
 */
import { AutoPairBody } from '../../../../shared/schemas/scheduling.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useAutoPair, type Round } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';

export const STRATEGY_OPTIONS = [
  { value: 'balanced', label: 'Balanced — snake draft, similar group totals' },
  { value: 'random', label: 'Random — pure draw, no player data' },
  { value: 'handicap', label: 'By Handicap — lowest indexes together, in order' },
  { value: 'ab', label: 'AB — one low and one high handicap per pair of seats' },
  { value: 'abc', label: 'ABC — top, middle and bottom thirds, one each' },
  { value: 'abcd', label: 'ABCD — one player from each quartile' },
  { value: 'previous_results', label: 'By Previous Results — from a completed round' },
  { value: 'custom', label: 'Custom — rules only, no sorting' },
];

const ORDERINGS = [
  { value: 'leaders_last', label: 'Leaders Last — best scores go off last' },
  { value: 'leaders_first', label: 'Leaders First — best scores go off first' },
  { value: 'reverse_horseshoe', label: 'Reverse Horseshoe — middle first, leaders and trailers last' },
];

export const SIZE_OPTIONS = [2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: n === 2 ? 'Twosomes (2)' : n === 4 ? 'Foursomes (4)' : n === 6 ? 'Sixsomes (6)' : `${n} players` }));

const labels = { strategy: 'Strategy', groupSize: 'Players per group', resultsRoundId: 'Results of round', ordering: 'Order of the groups', optimize: 'Even the totals out further', seed: 'Draw number' };

export function PairForm({ tripId, round, rounds, hasGroups }: { tripId: string; round: Round; rounds: Round[]; hasGroups: boolean }) {
  const pair = useAutoPair(tripId, round.id);
  const completed = rounds.filter((r) => r.state === 'completed' && r.id !== round.id);
  const form = useForm({ strategy: 'balanced', groupSize: '4', resultsRoundId: completed[0]?.id ?? '', ordering: 'leaders_last', optimize: true, seed: '' }, labels, 'pair');
  const v = form.values;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body: Record<string, unknown> = { strategy: v.strategy, groupSize: Number(v.groupSize) };
        if (v.strategy === 'previous_results') {
          if (v.resultsRoundId) body.resultsRoundId = v.resultsRoundId;
          body.ordering = v.ordering;
        }
        if (v.strategy === 'balanced' && v.optimize) body.optimize = true;
        if (v.seed.trim()) body.seed = Number(v.seed);
        void form.submit((b) => AutoPairBody.safeParse(b), body, async (parsed) => {
          await pair.run(parsed);
        });
      }}
    >
      <p class="muted small">
        {round.playerIds.length} players in {round.name}.{hasGroups ? ' Pairing again replaces the groups below.' : ''} The trip's keep-together and keep-apart rules are honoured; any that cannot be is listed beside the sheet.
      </p>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField id={form.idOf('strategy')} label="Strategy" value={v.strategy} onValue={(x) => form.set('strategy', x)} options={STRATEGY_OPTIONS} errors={form.errorsAt('strategy')} class="span-2" />
        <SelectField id={form.idOf('groupSize')} label="Players per group" value={v.groupSize} onValue={(x) => form.set('groupSize', x)} options={SIZE_OPTIONS} errors={form.errorsAt('groupSize')} />
        <TextField id={form.idOf('seed')} label="Draw number" hint="Optional: the same number gives the same draw." inputMode="numeric" value={v.seed} onValue={(x) => form.set('seed', x)} errors={form.errorsAt('seed')} />
        {v.strategy === 'previous_results' ? (
          <>
            <SelectField
              id={form.idOf('resultsRoundId')}
              label="Results of round"
              value={v.resultsRoundId}
              onValue={(x) => form.set('resultsRoundId', x)}
              options={completed.length ? completed.map((r) => ({ value: r.id, label: `${r.name} (${r.date})` })) : [{ value: '', label: 'No completed round yet' }]}
              errors={form.errorsAt('resultsRoundId')}
            />
            <SelectField id={form.idOf('ordering')} label="Order of the groups" value={v.ordering} onValue={(x) => form.set('ordering', x)} options={ORDERINGS} errors={form.errorsAt('ordering')} />
          </>
        ) : null}
        {v.strategy === 'balanced' ? (
          <div class="span-2">
            <CheckboxField id={form.idOf('optimize')} label="Even the totals out further" hint="After the snake draft, swap players until the group totals are as close as they can be." checked={v.optimize} onValue={(x) => form.set('optimize', x)} />
          </div>
        ) : null}
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Pairing…' : 'Pair players'}
        </button>
      </div>
    </form>
  );
}
