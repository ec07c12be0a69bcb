/**
 * The course editor: name and place, 9 or 18 holes with par and stroke index, tees with the gender they are rated
 * for, Course Rating, Slope Rating and par. Every change is checked at once with the API's own schema
 * (`CreateCourseBody`: stroke indexes each used once, par 3–6, a tee's par the sum of the holes…), so what the
 * server would refuse is said at its field while typing, and nothing is sent until it passes; a refusal from the
 * server (another rule, a course changed meanwhile) is shown at its fields the same way.
 */
import { useMemo, useState } from 'preact/hooks';
import { CreateCourseBody } from '../../../../shared/schemas/course-library.js';
import { TextField } from '../../../common/field.js';
import { fieldErrors, type FieldErrors } from '../../../common/form-errors.js';
import { useCreateCourse, usePatchCourse, type SavedCourse } from '../../api/courses.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { blankTee, courseBody, courseLabels, newCourseValues, valuesOfCourse, withHoleCount, type CourseValues, type Gender, type TeeValues } from './course-values.js';

const GENDERS: { value: Gender; label: string }[] = [
  { value: 'X', label: 'Everyone' },
  { value: 'M', label: 'Men' },
  { value: 'F', label: 'Women' },
];

/** Problems to show: those of fields typed in (and of their list), or all once saving was tried. */
function shown(all: FieldErrors, touched: ReadonlySet<string>, tried: boolean): FieldErrors {
  if (tried) return all;
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(all)) {
    const under = (p: string) => [...touched].some((t) => t.startsWith(`${p}.`));
    if (touched.has(k) || ((k === 'holes' || k === 'tees') && under(k))) out[k] = v;
  }
  return out;
}

export function CourseEditor({ course, onDone, onCancel }: { course?: SavedCourse; onDone: (c: SavedCourse) => void; onCancel: () => void }) {
  const create = useCreateCourse();
  const patch = usePatchCourse(course?.id ?? '');
  const initial = useMemo<CourseValues>(() => (course ? valuesOfCourse(course) : newCourseValues()), [course?.id]);
  const [values, setValues] = useState<CourseValues>(initial);
  const labels = courseLabels(values);
  const form = useForm<{ v: 0 }>({ v: 0 }, labels, 'course');
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  const body = courseBody(values);
  const live = useMemo(() => {
    const r = CreateCourseBody.safeParse(body);
    return r.success ? {} : fieldErrors(r.error.issues, labels);
  }, [values]);
  // A refusal from the server stays until the next change; otherwise the live check speaks.
  const errors = Object.keys(form.errors).length ? form.errors : shown(live, touched, tried);
  const at = (k: string) => errors[k];

  const change = (key: string, next: (v: CourseValues) => CourseValues) => {
    setValues(next);
    setTouched((t) => new Set(t).add(key));
    form.setErrors({});
  };
  const setHole = (i: number, k: 'par' | 'strokeIndex', s: string) => change(`holes.${i}.${k}`, (v) => ({ ...v, holes: v.holes.map((h, j) => (j === i ? { ...h, [k]: s } : h)) }));
  const setTee = <K extends keyof TeeValues>(i: number, k: K, s: TeeValues[K]) => change(`tees.${i}.${k}`, (v) => ({ ...v, tees: v.tees.map((t, j) => (j === i ? { ...t, [k]: s } : t)) }));

  const nines = values.holes.length === 18 ? [0, 9] : [0];
  return (
    <form
      class="card course-editor"
      noValidate
      aria-labelledby="course-editor-title"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        const sent = course ? { ...body, ...nulls(body) } : body;
        void form.submit((b) => CreateCourseBody.safeParse(withoutNulls(b as Record<string, unknown>)), sent, async () => {
          const saved = course ? await patch.run(sent as never) : await create.run(sent as never);
          onDone(saved);
        });
      }}
    >
      <h2 id="course-editor-title">{course ? `Edit ${course.name}` : 'New course'}</h2>
      {/* The list of every problem is for a save that was refused; while typing, each field says its own. */}
      {tried || Object.keys(form.errors).length ? <FormProblems form={{ errors, idOf: form.idOf }} labels={labels} /> : null}
      <div class="form-grid">
        <TextField id={form.idOf('name')} label="Course name" class="span-2" value={values.name} onValue={(s) => change('name', (v) => ({ ...v, name: s }))} errors={at('name')} maxLength={200} />
        <TextField id={form.idOf('location')} label="Address or resort" hint="Optional." value={values.location} onValue={(s) => change('location', (v) => ({ ...v, location: s }))} errors={at('location')} />
        <TextField id={form.idOf('city')} label="City" hint="Optional." value={values.city} onValue={(s) => change('city', (v) => ({ ...v, city: s }))} errors={at('city')} />
        <TextField id={form.idOf('country')} label="Country" hint="Optional." value={values.country} onValue={(s) => change('country', (v) => ({ ...v, country: s }))} errors={at('country')} />
      </div>

      <fieldset class="hole-count">
        <legend>Holes</legend>
        {([18, 9] as const).map((n) => (
          <label key={n} class="radio">
            <input type="radio" name="hole-count" checked={values.holes.length === n} onChange={() => (change('holes.count', (v) => withHoleCount(v, n)), setTried(true))} /> {n} holes
          </label>
        ))}
      </fieldset>
      <p class="field-hint">
        Copy par and stroke index from the course's card. Stroke indexes say where handicap strokes fall (1 = the hardest hole, the first stroke): each is used once —
        {values.holes.length === 18 ? ' 1 to 18.' : ' 1 to 9, or the odd (1, 3 … 17) or even (2, 4 … 18) ones of an 18-hole card.'}
      </p>
      {nines.map((start) => (
        <HoleTable key={start} start={start} values={values} idOf={form.idOf} at={at} setHole={setHole} />
      ))}
      {at('holes') ? (
        <p class="field-error" id={form.idOf('holes')} tabIndex={-1}>
          {at('holes')!.join(' ')}
        </p>
      ) : null}

      <h3>Tees</h3>
      <p class="field-hint">
        Each set of tees with its ratings from the course's card or the handicap authority. The same tees rated for men and for women are two rows.
        {values.holes.length === 9 ? ' On a 9-hole course give the 9-hole Course Rating and Slope Rating.' : ''}
      </p>
      <div class="table-wrap">
        <table class="table tee-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rated for</th>
              <th scope="col">Course Rating</th>
              <th scope="col">Slope Rating</th>
              <th scope="col">Par (optional)</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {values.tees.map((t, i) => (
              <tr key={i}>
                <td>
                  <CellInput id={form.idOf(`tees.${i}.name`)} label={`Tee ${i + 1} name`} value={t.name} onValue={(s) => setTee(i, 'name', s)} errors={at(`tees.${i}.name`)} placeholder="e.g. White" />
                </td>
                <td>
                  <select id={form.idOf(`tees.${i}.gender`)} aria-label={`Tee ${i + 1} rated for`} value={t.gender} onChange={(e) => setTee(i, 'gender', e.currentTarget.value as Gender)}>
                    {GENDERS.map((g) => (
                      <option key={g.value} value={g.value}>
                        {g.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <CellInput id={form.idOf(`tees.${i}.courseRating`)} label={`Tee ${i + 1} Course Rating`} value={t.courseRating} onValue={(s) => setTee(i, 'courseRating', s)} errors={at(`tees.${i}.courseRating`)} inputMode="decimal" placeholder={values.holes.length === 9 ? '35.4' : '71.2'} />
                </td>
                <td>
                  <CellInput id={form.idOf(`tees.${i}.slope`)} label={`Tee ${i + 1} Slope Rating`} value={t.slope} onValue={(s) => setTee(i, 'slope', s)} errors={at(`tees.${i}.slope`)} inputMode="numeric" placeholder="113" />
                </td>
                <td>
                  <CellInput id={form.idOf(`tees.${i}.par`)} label={`Tee ${i + 1} par`} value={t.par} onValue={(s) => setTee(i, 'par', s)} errors={at(`tees.${i}.par`)} inputMode="numeric" />
                </td>
                <td class="row-actions">
                  {values.tees.length > 1 ? (
                    <button type="button" class="secondary" aria-label={`Remove tee ${i + 1}${t.name ? ` (${t.name})` : ''}`} onClick={() => change('tees', (v) => ({ ...v, tees: v.tees.filter((_, j) => j !== i) }))}>
                      Remove
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {at('tees') ? <p class="field-error">{at('tees')!.join(' ')}</p> : null}
      <button type="button" class="secondary" onClick={() => change('tees', (v) => ({ ...v, tees: [...v.tees, blankTee()] }))} disabled={values.tees.length >= 20}>
        Add a tee
      </button>

      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : course ? 'Save changes' : 'Save course'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
        {course ? <span class="muted small">Rounds already made from this course keep their copy of it.</span> : null}
      </div>
    </form>
  );
}

/** An edit sends every field (the course is replaced whole); empty place fields are cleared with null. */
function nulls(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['location', 'city', 'country']) if (!(k in body)) out[k] = null;
  return out;
}
const withoutNulls = (b: Record<string, unknown>) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null));

function HoleTable({ start, values, idOf, at, setHole }: { start: number; values: CourseValues; idOf: (k: string) => string; at: (k: string) => string[] | undefined; setHole: (i: number, k: 'par' | 'strokeIndex', s: string) => void }) {
  const holes = values.holes.slice(start, start + 9);
  const problems = holes.flatMap((_, j) => {
    const i = start + j;
    return (['par', 'strokeIndex'] as const).filter((k) => at(`holes.${i}.${k}`)).map((k) => ({ key: `holes.${i}.${k}`, text: `Hole ${i + 1} ${k === 'par' ? 'par' : 'stroke index'}: ${at(`holes.${i}.${k}`)!.join(' ')}` }));
  });
  const caption = values.holes.length === 9 ? 'Holes 1–9' : start === 0 ? 'Front nine (holes 1–9)' : 'Back nine (holes 10–18)';
  return (
    <div class="table-wrap hole-wrap">
      <table class="table hole-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="row">Hole</th>
            {holes.map((_, j) => (
              <th key={j} scope="col">
                {start + j + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['par', 'strokeIndex'] as const).map((k) => (
            <tr key={k}>
              <th scope="row">{k === 'par' ? 'Par' : 'Stroke index'}</th>
              {holes.map((h, j) => {
                const key = `holes.${start + j}.${k}`;
                const bad = !!at(key);
                return (
                  <td key={j} class={bad ? 'invalid' : undefined}>
                    <input
                      id={idOf(key)}
                      aria-label={`Hole ${start + j + 1} ${k === 'par' ? 'par' : 'stroke index'}`}
                      inputMode="numeric"
                      value={h[k]}
                      onInput={(e) => setHole(start + j, k, e.currentTarget.value)}
                      aria-invalid={bad ? 'true' : undefined}
                      aria-describedby={bad ? `${idOf(key)}-error` : undefined}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length ? (
        <ul class="cell-errors">
          {problems.map((p) => (
            <li key={p.key} id={`${idOf(p.key)}-error`} class="field-error">
              {p.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** An input in a table cell: labelled for screen readers and tests, its problem under it. */
function CellInput(props: { id: string; label: string; value: string; onValue: (s: string) => void; errors?: string[] | undefined; placeholder?: string; inputMode?: 'numeric' | 'decimal' }) {
  const { id, label, value, onValue, errors, placeholder, inputMode } = props;
  return (
    <div class={errors?.length ? 'cell invalid' : 'cell'}>
      <input id={id} aria-label={label} value={value} placeholder={placeholder} inputMode={inputMode} onInput={(e) => onValue(e.currentTarget.value)} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} />
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
