/**
 * The trip's Keep Together and Keep Apart rules (`GET·PUT /events/:id/rules`), priority 1–10 (higher wins a
 * conflict). The whole list is written at once, checked with the route's schema; removing a rule is one click.
 */
import { useState } from 'preact/hooks';
import { PutRulesBody } from '../../../../shared/schemas/scheduling.js';
import { SelectField, TextField } from '../../../common/field.js';
import { describeFailure } from '../../api/errors.js';
import { usePutRules, type SchedulingRule } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';

const KINDS = [
  { value: 'keep_apart', label: 'Keep apart — never in one group' },
  { value: 'keep_together', label: 'Keep together — always in one group' },
];

const labels = { kind: 'Rule', playerIds: 'Players', priority: 'Priority', note: 'Note' };

type RuleInput = Omit<SchedulingRule, 'id'>;
const asInput = (r: SchedulingRule): RuleInput => ({ kind: r.kind, playerIds: r.playerIds, priority: r.priority, ...(r.note ? { note: r.note } : {}) });

export function RulesEditor({ tripId, rules, players }: { tripId: string; rules: SchedulingRule[]; players: { id: string; name: string }[] }) {
  const put = usePutRules(tripId);
  const names = new Map(players.map((p) => [p.id, p.name]));
  const form = useForm({ kind: 'keep_apart', playerIds: [] as string[], priority: '5', note: '' }, labels, 'rule');
  const [removeError, setRemoveError] = useState<unknown>(null);
  const v = form.values;
  return (
    <section class="card" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules</h2>
      {rules.length === 0 ? (
        <p class="muted">No rule yet. Keep rivals apart, or a couple together; pairing honours them, higher priority first.</p>
      ) : (
        <ul class="rule-list" aria-label="Rules of the trip">
          {rules.map((r, i) => (
            <li key={r.id}>
              <span class={`badge ${r.kind === 'keep_apart' ? 'amber' : 'green'}`}>{r.kind === 'keep_apart' ? 'Keep apart' : 'Keep together'}</span> {r.playerIds.map((id) => names.get(id) ?? id).join(', ')} <span class="muted small">priority {r.priority}</span>
              {r.note ? <span class="muted small"> · {r.note}</span> : null}{' '}
              <button
                type="button"
                class="link"
                disabled={put.pending}
                aria-label={`Remove the rule ${r.playerIds.map((id) => names.get(id) ?? id).join(', ')}`}
                onClick={() => {
                  setRemoveError(null);
                  put.run({ rules: rules.filter((_, k) => k !== i).map(asInput) }).catch(setRemoveError);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {removeError ? (
        <p class="notice error" role="alert">
          {describeFailure(removeError)}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const rule = { kind: v.kind, playerIds: v.playerIds, priority: v.priority.trim() === '' ? undefined : Number(v.priority), ...(v.note.trim() ? { note: v.note.trim() } : {}) };
          const at = rules.length;
          void form.submit(
            (b) => {
              // The new rule's problems at this form's fields (the body's path is rules.<n>.<field>).
              const r = PutRulesBody.safeParse(b);
              return r.success ? r : { success: false, error: { issues: r.error.issues.map((i) => ({ ...i, path: i.path[1] === at ? i.path.slice(2) : i.path })) } };
            },
            { rules: [...rules.map(asInput), rule] },
            async (parsed) => {
              await put.run(parsed);
              form.setAll((x) => ({ ...x, playerIds: [], note: '' }));
            },
          );
        }}
      >
        <h3>Add a rule</h3>
        <FormProblems form={form} labels={labels} />
        <div class="form-grid">
          <SelectField id={form.idOf('kind')} label="Rule" value={v.kind} onValue={(x) => form.set('kind', x)} options={KINDS} errors={form.errorsAt('kind')} />
          <TextField id={form.idOf('priority')} label="Priority" hint="1 to 10; the higher wins when rules conflict." type="number" min={1} max={10} value={v.priority} onValue={(x) => form.set('priority', x)} errors={form.errorsAt('priority')} />
          <div class={`field span-2${form.errorsAt('playerIds')?.length ? ' invalid' : ''}`}>
            <label for={form.idOf('playerIds')}>Players</label>
            <select
              id={form.idOf('playerIds')}
              multiple
              size={Math.min(8, Math.max(3, players.length))}
              aria-describedby={`${form.idOf('playerIds')}-hint${form.errorsAt('playerIds')?.length ? ` ${form.idOf('playerIds')}-error` : ''}`}
              aria-invalid={form.errorsAt('playerIds')?.length ? 'true' : undefined}
              onChange={(e) => form.set('playerIds', [...e.currentTarget.selectedOptions].map((o) => o.value))}
            >
              {players.map((p) => (
                <option key={p.id} value={p.id} selected={v.playerIds.includes(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
            <p class="field-hint" id={`${form.idOf('playerIds')}-hint`}>
              Two or more: hold Ctrl (⌘ on a Mac) or Shift to pick several. {v.playerIds.length ? `Chosen: ${v.playerIds.map((id) => names.get(id) ?? id).join(', ')}.` : ''}
            </p>
            {form.errorsAt('playerIds')?.length ? (
              <p class="field-error" id={`${form.idOf('playerIds')}-error`}>
                {form.errorsAt('playerIds')!.join(' ')}
              </p>
            ) : null}
          </div>
          <TextField id={form.idOf('note')} label="Note" hint="Optional, for you: why the rule exists." maxLength={200} value={v.note} onValue={(x) => form.set('note', x)} errors={form.errorsAt('note')} class="span-2" />
        </div>
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            Add rule
          </button>
        </div>
      </form>
    </section>
  );
}
