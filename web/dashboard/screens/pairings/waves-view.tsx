/**
 * Waves (`POST /events/:id/waves`): a round's players over several courses, each with its starting holes and its
 * tee-time windows (AM/PM, Wave 1/2/3), assigned by division, flight, handicap, at random or by a custom field.
 * The plan lists each wave's groups, who could not be placed, and every compromise made.
 */
import { WavesBody } from '../../../../shared/schemas/scheduling.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useAllPlayers, useWaves, type Round } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { SIZE_OPTIONS } from './pair-form.js';
import { coursesBody, errorsUnder, type CourseRow, type WindowRow } from './form-values.js';

const ASSIGN = [
  { value: 'division', label: 'By Division' },
  { value: 'flight', label: 'By Flight' },
  { value: 'handicap', label: 'By Handicap' },
  { value: 'random', label: 'Random' },
  { value: 'custom_field', label: 'By a custom field' },
];

const labels = { groupSize: 'Players per group', assignment: 'Place players', customField: 'Custom field', courses: 'Courses' };

export function WavesView({ tripId, round }: { tripId: string; round: Round }) {
  const waves = useWaves(tripId);
  const players = useAllPlayers(tripId);
  const names = new Map((players.data ?? []).map((p) => [p.id, p.name]));
  const form = useForm(
    {
      groupSize: '4',
      assignment: 'division',
      customField: '',
      courses: [
        {
          name: round.course?.name ?? 'Main course',
          holes: '1, 10',
          windows: [
            { label: 'AM', firstTime: '08:00', lastTime: '10:00', intervalMinutes: '10' },
            { label: 'PM', firstTime: '12:30', lastTime: '14:30', intervalMinutes: '10' },
          ],
        },
      ] as CourseRow[],
    },
    labels,
    'waves',
  );
  const v = form.values;
  const setCourse = (i: number, patch: Partial<CourseRow>) => form.set('courses', v.courses.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const setWindow = (i: number, k: number, patch: Partial<WindowRow>) => setCourse(i, { windows: v.courses[i]!.windows.map((w, j) => (j === k ? { ...w, ...patch } : w)) });
  const plan = waves.data;
  const courseName = (id: string) => v.courses[Number(id.slice(1)) - 1]?.name ?? id;
  const windowLabel = (c: string, w: string) => v.courses[Number(c.slice(1)) - 1]?.windows[Number(w.slice(1)) - 1]?.label ?? w;
  return (
    <div class="two-col">
      <form
        class="card"
        noValidate
        aria-labelledby="waves-title"
        onSubmit={(e) => {
          e.preventDefault();
          const body = { roundId: round.id, groupSize: Number(v.groupSize), assignment: v.assignment, ...(v.assignment === 'custom_field' ? { customField: v.customField.trim() } : {}), courses: coursesBody(v.courses) };
          void form.submit((b) => WavesBody.safeParse(b), body, async (parsed) => {
            await waves.run(parsed);
          });
        }}
      >
        <h2 id="waves-title">Waves for {round.name}</h2>
        <p class="muted small">{round.playerIds.length} players over the courses and tee-time windows below. Nobody tees off alone when any placement avoids it.</p>
        <FormProblems form={form} labels={labels} />
        <div class="form-grid">
          <SelectField id={form.idOf('assignment')} label="Place players" value={v.assignment} onValue={(x) => form.set('assignment', x)} options={ASSIGN} errors={form.errorsAt('assignment')} />
          <SelectField id={form.idOf('groupSize')} label="Players per group" value={v.groupSize} onValue={(x) => form.set('groupSize', x)} options={SIZE_OPTIONS} errors={form.errorsAt('groupSize')} />
          {v.assignment === 'custom_field' ? <TextField id={form.idOf('customField')} label="Custom field" hint="The name of a player field, e.g. club." value={v.customField} onValue={(x) => form.set('customField', x)} errors={form.errorsAt('customField')} /> : null}
        </div>
        {v.courses.map((c, i) => (
          <fieldset key={i}>
            <legend>Course {i + 1}</legend>
            <div class="form-grid">
              <TextField id={form.idOf(`courses.${i}.name`)} label="Course name" value={c.name} onValue={(x) => setCourse(i, { name: x })} errors={form.errorsAt(`courses.${i}.name`)} />
              <TextField id={form.idOf(`courses.${i}.startingHoles`)} label="Starting holes" hint="e.g. 1, 10" value={c.holes} onValue={(x) => setCourse(i, { holes: x })} errors={errorsUnder(form.errors, `courses.${i}.startingHoles`)} />
            </div>
            {c.windows.map((w, k) => (
              <div class="window-row" key={k}>
                <TextField id={form.idOf(`courses.${i}.windows.${k}.label`)} label={`Window ${k + 1}`} value={w.label} onValue={(x) => setWindow(i, k, { label: x })} errors={form.errorsAt(`courses.${i}.windows.${k}.label`)} />
                <TextField id={form.idOf(`courses.${i}.windows.${k}.firstTime`)} label="From" type="time" value={w.firstTime} onValue={(x) => setWindow(i, k, { firstTime: x })} errors={form.errorsAt(`courses.${i}.windows.${k}.firstTime`)} />
                <TextField id={form.idOf(`courses.${i}.windows.${k}.lastTime`)} label="Last tee time" type="time" value={w.lastTime} onValue={(x) => setWindow(i, k, { lastTime: x })} errors={form.errorsAt(`courses.${i}.windows.${k}.lastTime`)} />
                <TextField id={form.idOf(`courses.${i}.windows.${k}.intervalMinutes`)} label="Interval" type="number" value={w.intervalMinutes} onValue={(x) => setWindow(i, k, { intervalMinutes: x })} errors={form.errorsAt(`courses.${i}.windows.${k}.intervalMinutes`)} />
              </div>
            ))}
            <div class="actions tight">
              {c.windows.length < 6 ? (
                <button type="button" class="secondary" onClick={() => setCourse(i, { windows: [...c.windows, { label: `Wave ${c.windows.length + 1}`, firstTime: '15:00', lastTime: '16:00', intervalMinutes: '10' }] })}>
                  Add a window
                </button>
              ) : null}
              {v.courses.length > 1 ? (
                <button type="button" class="link" onClick={() => form.set('courses', v.courses.filter((_, k) => k !== i))}>
                  Remove course {i + 1}
                </button>
              ) : null}
            </div>
          </fieldset>
        ))}
        <div class="actions">
          {v.courses.length < 10 ? (
            <button type="button" class="secondary" onClick={() => form.set('courses', [...v.courses, { name: `Course ${v.courses.length + 1}`, holes: '1', windows: [{ label: 'AM', firstTime: '08:00', lastTime: '10:00', intervalMinutes: '10' }] }])}>
              Add a course
            </button>
          ) : null}
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Planning…' : 'Plan the waves'}
          </button>
        </div>
      </form>
      {plan ? (
        <section class="card" role="status" aria-labelledby="waves-plan-title">
          <h2 id="waves-plan-title">The wave plan</h2>
          <p class="muted small">Kept with {round.name} on the server (planning again replaces it); the round's tee sheet stays as it is.</p>
          {plan.problems.length ? (
            <ul class="notice warn">
              {plan.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : (
            <p>Every player placed, no group mixes divisions, flights or field values.</p>
          )}
          {plan.unplaced.length ? <p class="notice error">Not placed: {plan.unplaced.map((id) => names.get(id) ?? id).join(', ')}.</p> : null}
          {plan.waves.map((w) => (
            <div key={`${w.courseId}-${w.windowId}`}>
              <h3>
                {courseName(w.courseId)} · {windowLabel(w.courseId, w.windowId)} ({w.groups.length} groups)
              </h3>
              <ul class="plain-list">
                {w.groups.map((g, i) => (
                  <li key={i}>
                    <strong>
                      {g.time} · hole {g.hole}
                    </strong>
                    : {g.players.map((id) => names.get(id) ?? id).join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
