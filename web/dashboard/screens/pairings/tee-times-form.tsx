/**
 * Tee times for every group of a round (`POST /rounds/:id/bulk-tee-times`): Single Tee, Two-Tee (optionally in
 * reverse horseshoe order) or Shotgun with its three priorities and doubles; the interval 5–30 minutes and the
 * first time. Checked with the route's schema; what the server refuses (more groups than a shotgun holds) is said.
 */
import { BulkTeeTimesBody } from '../../../../shared/schemas/scheduling.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useBulkTeeTimes } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { errorsUnder, parseHoles } from './form-values.js';

const FORMATS = [
  { value: 'single', label: 'Single Tee — every group from hole 1' },
  { value: 'two_tee', label: 'Two-Tee — groups alternate between holes 1 and 10' },
  { value: 'shotgun', label: 'Shotgun — every group at once, one per hole' },
];
const PRIORITIES = [
  { value: 'fill_from_one', label: 'Fill from One — holes 1, 2, 3 in sequence' },
  { value: 'balanced', label: 'Balanced — spread evenly over the course' },
  { value: 'priority_holes', label: 'Priority Holes — the holes named below first' },
];

const labels = {
  format: 'Start',
  firstTime: 'First tee time',
  intervalMinutes: 'Minutes between groups',
  'shotgun.priority': 'Which holes first',
  'shotgun.priorityHoles': 'Priority holes',
  'shotgun.doubles': 'Two groups per hole (A and B)',
  reverseHorseshoe: 'Reverse horseshoe',
};

export function TeeTimesForm({ tripId, roundId, groupCount }: { tripId: string; roundId: string; groupCount: number }) {
  const set = useBulkTeeTimes(tripId, roundId);
  const form = useForm({ format: 'single', firstTime: '08:00', intervalMinutes: '10', priority: 'fill_from_one', priorityHoles: '', doubles: groupCount > 18, reverseHorseshoe: false }, labels, 'tee');
  const v = form.values;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body: Record<string, unknown> = { format: v.format, firstTime: v.firstTime };
        if (v.format !== 'shotgun') body.intervalMinutes = v.intervalMinutes.trim() === '' ? undefined : Number(v.intervalMinutes);
        if (v.format === 'two_tee' && v.reverseHorseshoe) body.reverseHorseshoe = true;
        if (v.format === 'shotgun') body.shotgun = { doubles: v.doubles, priority: v.priority, ...(v.priority === 'priority_holes' ? { priorityHoles: parseHoles(v.priorityHoles) } : {}) };
        void form.submit((b) => BulkTeeTimesBody.safeParse(b), body, async (parsed) => {
          await set.run(parsed);
        });
      }}
    >
      <p class="muted small">For the {groupCount} groups, in the order of the sheet. A shotgun holds 18 groups, 36 with two per hole.</p>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField id={form.idOf('format')} label="Start" value={v.format} onValue={(x) => form.set('format', x)} options={FORMATS} errors={form.errorsAt('format')} class="span-2" />
        <TextField id={form.idOf('firstTime')} label={v.format === 'shotgun' ? 'Shotgun time' : 'First tee time'} type="time" value={v.firstTime} onValue={(x) => form.set('firstTime', x)} errors={form.errorsAt('firstTime')} />
        {v.format !== 'shotgun' ? (
          <TextField id={form.idOf('intervalMinutes')} label="Minutes between groups" hint="5 to 30." type="number" min={5} max={30} value={v.intervalMinutes} onValue={(x) => form.set('intervalMinutes', x)} errors={form.errorsAt('intervalMinutes')} />
        ) : (
          <SelectField id={form.idOf('shotgun.priority')} label="Which holes first" value={v.priority} onValue={(x) => form.set('priority', x)} options={PRIORITIES} errors={form.errorsAt('shotgun.priority')} />
        )}
        {v.format === 'two_tee' ? (
          <div class="span-2">
            <CheckboxField id={form.idOf('reverseHorseshoe')} label="Reverse horseshoe" hint="The middle of the order goes first; the leaders go last from hole 1, the trailers last from hole 10." checked={v.reverseHorseshoe} onValue={(x) => form.set('reverseHorseshoe', x)} />
          </div>
        ) : null}
        {v.format === 'shotgun' ? (
          <>
            {v.priority === 'priority_holes' ? (
              <TextField id={form.idOf('shotgun.priorityHoles')} label="Priority holes" hint="Hole numbers, e.g. 1, 10, 5." value={v.priorityHoles} onValue={(x) => form.set('priorityHoles', x)} errors={errorsUnder(form.errors, 'shotgun.priorityHoles')} />
            ) : null}
            <div class="span-2">
              <CheckboxField id={form.idOf('shotgun.doubles')} label="Two groups per hole (A and B)" hint="Doubles: up to 36 groups; every hole gets its A group before any gets a B." checked={v.doubles} onValue={(x) => form.set('doubles', x)} />
            </div>
          </>
        ) : null}
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Setting…' : 'Set tee times'}
        </button>
      </div>
    </form>
  );
}
