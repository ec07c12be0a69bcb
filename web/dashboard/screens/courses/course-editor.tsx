/**
 * The course editor: name and place, 9 or 18 holes with par, stroke index and each tee's lengths (Out / In / Total
 * added up while typing), tees with the gender they are rated for, Course Rating, Slope Rating and par. Rows copied
 * from a scorecard fill the holes across: pasted into "Paste from the scorecard" (several rows at once, with their
 * labels or without), or into any cell of a row (that row; 9 numbers fill that cell's nine); see `scorecard-paste.ts`.
 * A nine-hole course can be played twice as 18 holes in one click. Every change is checked at once with the API's own schema
 * (`CreateCourseBody`: stroke indexes each used once, par 3–6, a tee's par the sum of the holes…), so what the
 * server would refuse is said at its field while typing, and nothing is sent until it passes; a refusal from the
 * server (another rule, a course changed meanwhile) is shown at its fields the same way.
 */
import { Fragment } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { CreateCourseBody } from '../../../../shared/schemas/course-library.js';
import { TextField } from '../../../common/field.js';
import { fieldErrors, type FieldErrors } from '../../../common/form-errors.js';
import { useCreateCourse, usePatchCourse, type SavedCourse } from '../../api/courses.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { blankTee, courseBody, courseLabels, lengthLabel, lengthRows, newCourseValues, teeCalled, typedSum, unitWord, valuesOfCourse, withHoleCount, type CourseValues, type Gender, type TeeValues } from './course-values.js';
import { listed, pasteRows, playNineTwice, type PasteTarget } from './scorecard-paste.js';

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
  /** One hole's length, for every tee of the row (the same tees rated for men and for women). */
  const setLength = (tees: number[], hole: number, s: string) =>
    change(`tees.${tees[0]}.lengths.${hole}`, (v) => ({
      ...v,
      tees: v.tees.map((t, j) => (tees.includes(j) ? { ...t, lengths: Array.from({ length: Math.max(v.holes.length, t.lengths?.length ?? 0) }, (_, h) => (h === hole ? s : (t.lengths?.[h] ?? ''))) } : t)),
    }));

  // Pasting rows of the scorecard: all checked first; a problem is said beside where it was pasted and changes nothing.
  const [pasteText, setPasteText] = useState('');
  const [pasted, setPasted] = useState<{ where: string; ok: boolean; text: string } | null>(null);
  const paste = (text: string, where: string, target: PasteTarget = {}): boolean => {
    const r = pasteRows(values, text, target);
    if (!r.ok) {
      setPasted({ where, ok: false, text: r.problem });
      return false;
    }
    setValues(r.values);
    // What was filled is checked at once, like typing it.
    setTouched((t) => {
      const next = new Set(t);
      r.values.holes.forEach((_, i) => (next.add(`holes.${i}.par`), next.add(`holes.${i}.strokeIndex`)));
      r.values.tees.forEach((_, i) => ['name', 'courseRating', 'slope', 'par'].forEach((k) => next.add(`tees.${i}.${k}`)));
      return next;
    });
    form.setErrors({});
    setPasted({ where, ok: true, text: `Filled ${listed(r.filled)} from the paste. Check them against the card below.` });
    return true;
  };
  const cellPaste = (target: PasteTarget) => (e: ClipboardEvent) => {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    // One number is typed into the cell as usual; a row (or several) fills across.
    if (!/\n/.test(text.trim()) && text.trim().split(/[\t;, ]+/).filter(Boolean).length < 2) return;
    e.preventDefault();
    paste(text, `nine-${target.nineStart ?? 0}`, target);
  };
  const [twice, setTwice] = useState<{ ok: boolean; text: string } | null>(null);

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
      <div class="field scorecard-paste">
        <label for="scorecard-paste">Paste from the scorecard</label>
        <textarea
          id="scorecard-paste"
          rows={3}
          value={pasteText}
          placeholder={'Par\t4\t4\t3\t5 …\nHCP\t7\t11\t15\t1 …\nBlue\t410\t385\t172\t520 …\nBlue\t72.1\t131'}
          onInput={(e) => setPasteText(e.currentTarget.value)}
          onPaste={(e) => {
            const text = e.clipboardData?.getData('text/plain') ?? '';
            e.preventDefault();
            if (paste(text, 'box')) setPasteText('');
            else setPasteText(text);
          }}
          aria-invalid={pasted?.where === 'box' && !pasted.ok ? 'true' : undefined}
          aria-describedby={`scorecard-paste-hint${pasted?.where === 'box' ? ' scorecard-paste-result' : ''}`}
        />
        <p class="field-hint" id="scorecard-paste-hint">
          Copy rows from the course's card, a PDF or a spreadsheet and paste them here, one row or several at once: Par, Stroke index (HCP or SI), each tee's {unitWord(values)} starting with
          the tee's name (“Blue 410 385 172 …”), and each tee's Course Rating and Slope Rating (“Blue 72.1 131”). Each row fills across the holes. You can also paste a row into its first cell below.
        </p>
        {pasted?.where === 'box' ? <PasteResultText id="scorecard-paste-result" ok={pasted.ok} text={pasted.text} /> : null}
        {pasteText.trim() ? (
          <button type="button" class="secondary" onClick={() => paste(pasteText, 'box') && setPasteText('')}>
            Fill the holes
          </button>
        ) : null}
      </div>
      <p class="field-hint">
        Stroke indexes say where handicap strokes fall (1 = the hardest hole, the first stroke): each is used once —
        {values.holes.length === 18 ? ' 1 to 18.' : ' 1 to 9, or the odd (1, 3 … 17) or even (2, 4 … 18) ones of an 18-hole card.'} {unitWord(values) === 'yards' ? 'Yardages' : 'Lengths'} are optional.
      </p>
      <div class="length-unit">
        <label for={form.idOf('lengthUnit')}>Lengths in</label>
        <select id={form.idOf('lengthUnit')} value={values.lengthUnit} onChange={(e) => change('lengthUnit', (v) => ({ ...v, lengthUnit: e.currentTarget.value as 'yd' | 'm' }))}>
          <option value="yd">yards</option>
          <option value="m">metres</option>
        </select>
      </div>
      {nines.map((start) => (
        <HoleTable key={start} start={start} values={values} idOf={form.idOf} at={at} setHole={setHole} setLength={setLength} onPaste={cellPaste} pasted={pasted?.where === `nine-${start}` ? pasted : null} />
      ))}
      {/* For a nine played twice: on 9 holes, or on 18 while the back nine has no stroke indexes yet. */}
      {values.holes.length === 9 || values.holes.slice(9).every((h) => !h.strokeIndex.trim()) || twice ? (
        <div class="nine-twice">
          <button
            type="button"
            class="secondary"
            onClick={() => {
              const r = playNineTwice(values);
              setTwice(r.ok ? { ok: true, text: r.note } : { ok: false, text: r.problem });
              if (r.ok) change('holes.count', () => r.values);
            }}
          >
            {values.holes.length === 9 ? 'Play the nine twice (18 holes)' : 'Copy holes 1–9 to holes 10–18'}
          </button>
          <span class="field-hint">For a nine-hole course played twice: holes 10–18 repeat holes 1–9, with the stroke indexes of a nine played twice.</span>
          {twice ? <PasteResultText id="nine-twice-result" ok={twice.ok} text={twice.text} /> : null}
        </div>
      ) : null}
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

type CellPaste = (target: PasteTarget) => (e: ClipboardEvent) => void;

/** What a paste did, beside where it was pasted: a problem (nothing changed) or what was filled. */
function PasteResultText({ id, ok, text }: { id: string; ok: boolean; text: string }) {
  return (
    <p id={id} class={ok ? 'notice paste-done' : 'field-error'} role={ok ? 'status' : 'alert'}>
      {text}
    </p>
  );
}

function HoleTable(props: {
  start: number;
  values: CourseValues;
  idOf: (k: string) => string;
  at: (k: string) => string[] | undefined;
  setHole: (i: number, k: 'par' | 'strokeIndex', s: string) => void;
  setLength: (tees: number[], hole: number, s: string) => void;
  onPaste: CellPaste;
  pasted: { ok: boolean; text: string } | null;
}) {
  const { start, values, idOf, at, setHole, setLength, onPaste, pasted } = props;
  const n = values.holes.length;
  const holes = values.holes.slice(start, start + 9);
  const nineStart = n === 18 ? start : undefined;
  const rows = lengthRows(values);
  const problems = holes.flatMap((_, j) => {
    const i = start + j;
    const own = (['par', 'strokeIndex'] as const).filter((k) => at(`holes.${i}.${k}`)).map((k) => ({ key: `holes.${i}.${k}`, text: `Hole ${i + 1} ${k === 'par' ? 'par' : 'stroke index'}: ${at(`holes.${i}.${k}`)!.join(' ')}` }));
    const lengths = rows.filter((r) => at(`tees.${r.tees[0]}.lengths.${i}`)).map((r) => ({ key: `tees.${r.tees[0]}.lengths.${i}`, text: `${lengthLabel(values, r.tees[0]!, i)}: ${at(`tees.${r.tees[0]}.lengths.${i}`)!.join(' ')}` }));
    return [...own, ...lengths];
  });
  const caption = n === 9 ? 'Holes 1–9' : start === 0 ? 'Front nine (holes 1–9)' : 'Back nine (holes 10–18)';
  // Out after the front nine, In and Total after the back nine; a 9-hole course has its Total.
  const sums: { head: string; from: number; to: number }[] = n === 9 ? [{ head: 'Total', from: 0, to: 9 }] : start === 0 ? [{ head: 'Out', from: 0, to: 9 }] : [{ head: 'In', from: 9, to: 18 }, { head: 'Total', from: 0, to: 18 }];
  const sumCells = (cells: (h: number) => string) => sums.map((s) => (
    <td key={s.head} class="hole-sum">
      {typedSum(Array.from({ length: s.to - s.from }, (_, j) => cells(s.from + j)))}
    </td>
  ));
  const cell = (key: string, label: string, value: string, onValue: (s: string) => void, target: PasteTarget) => {
    const bad = !!at(key);
    return (
      <td class={bad ? 'invalid' : undefined}>
        <input id={idOf(key)} aria-label={label} inputMode="numeric" value={value} onInput={(e) => onValue(e.currentTarget.value)} onPaste={onPaste(target)} aria-invalid={bad ? 'true' : undefined} aria-describedby={bad ? `${idOf(key)}-error` : undefined} />
      </td>
    );
  };
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
            {sums.map((s) => (
              <th key={s.head} scope="col" class="hole-sum">
                {s.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['par', 'strokeIndex'] as const).map((k) => (
            <tr key={k}>
              <th scope="row">{k === 'par' ? 'Par' : 'Stroke index'}</th>
              {holes.map((h, j) => (
                <Fragment key={j}>{cell(`holes.${start + j}.${k}`, `Hole ${start + j + 1} ${k === 'par' ? 'par' : 'stroke index'}`, h[k], (s) => setHole(start + j, k, s), { row: { kind: k }, nineStart })}</Fragment>
              ))}
              {k === 'par' ? sumCells((i) => values.holes[i]!.par) : sums.map((s) => <td key={s.head} class="hole-sum" />)}
            </tr>
          ))}
          {rows.map((r) => {
            const first = r.tees[0]!;
            const t = values.tees[first]!;
            return (
              <tr key={`tee-${first}`}>
                <th scope="row">
                  {teeCalled(values, first)} <span class="muted">{unitWord(values)}</span>
                </th>
                {holes.map((_, j) => (
                  <Fragment key={j}>{cell(`tees.${first}.lengths.${start + j}`, lengthLabel(values, first, start + j), t.lengths?.[start + j] ?? '', (s) => setLength(r.tees, start + j, s), { row: { kind: 'lengths', tees: r.tees }, nineStart })}</Fragment>
                ))}
                {sumCells((i) => t.lengths?.[i] ?? '')}
              </tr>
            );
          })}
        </tbody>
      </table>
      {pasted ? <PasteResultText id={`nine-${start}-paste-result`} ok={pasted.ok} text={pasted.text} /> : null}
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
