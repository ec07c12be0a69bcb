/**
 * A course as the editor holds it (text as typed, so a half-typed number is not lost) and as the API takes it. The
 * body is checked by the API's own schema (`CreateCourseBody`): a field that is not a number reaches it as typed,
 * and the schema says so.
 */
import type { SavedCourse } from '../../api/courses.js';

export type Gender = 'M' | 'F' | 'X';
export interface HoleValues {
  par: string;
  strokeIndex: string;
}
export interface TeeValues {
  name: string;
  gender: Gender;
  courseRating: string;
  slope: string;
  par: string;
  /** Each hole's length from these tees, as typed (holes 10–18 kept while the course is set to 9 holes). */
  lengths?: string[];
}
export type CourseValues = {
  name: string;
  location: string;
  city: string;
  country: string;
  lengthUnit: 'yd' | 'm';
  holes: HoleValues[];
  tees: TeeValues[];
  /** The back nine while the course is set to 9 holes, so going back to 18 brings them back as typed. */
  spare?: HoleValues[];
};

export const blankTee = (): TeeValues => ({ name: '', gender: 'X', courseRating: '', slope: '', par: '' });

/** A new course: 18 holes of par 4 with no stroke index yet (they come from the card), one tee to fill. */
export function newCourseValues(holes: 9 | 18 = 18): CourseValues {
  return { name: '', location: '', city: '', country: '', lengthUnit: 'yd', holes: Array.from({ length: holes }, () => ({ par: '4', strokeIndex: '' })), tees: [blankTee()] };
}

/** 9 or 18 holes: the first nine are kept, the back nine put aside (and brought back); new holes start at par 4. */
export function withHoleCount(values: CourseValues, count: 9 | 18): CourseValues {
  const all = [...values.holes, ...(values.spare ?? [])];
  const holes = all.slice(0, count);
  while (holes.length < count) holes.push({ par: '4', strokeIndex: '' });
  return { ...values, holes, spare: all.slice(count) };
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function valuesOfCourse(c: SavedCourse): CourseValues {
  return {
    name: c.name,
    location: c.location ?? '',
    city: c.city ?? '',
    country: c.country ?? '',
    lengthUnit: c.lengthUnit,
    holes: c.holes.map((h) => ({ par: String(h.par), strokeIndex: String(h.strokeIndex) })),
    tees: c.tees.map((t) => ({ name: t.name, gender: t.gender, courseRating: String(t.courseRating), slope: String(t.slope), par: text(t.par), ...(t.lengths ? { lengths: t.lengths.map(String) } : {}) })),
  };
}

/** A typed number as the API takes it: empty → left out, a number → the number, anything else → as typed (refused). */
export function num(s: string): number | string | undefined {
  const t = s.trim().replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** The body of `POST /courses` (and of `PATCH`, every field given: the editor replaces the course whole). */
export function courseBody(v: CourseValues, clear = false): Record<string, unknown> {
  const opt = (s: string) => (s.trim() ? s.trim() : clear ? null : undefined);
  const body: Record<string, unknown> = {
    name: v.name,
    lengthUnit: v.lengthUnit,
    // A missing par or stroke index is "Please fill this in", not "expected number".
    holes: v.holes.map((h, i) => ({ number: i + 1, par: num(h.par), strokeIndex: num(h.strokeIndex) })),
    tees: v.tees.map((t) => {
      const tee: Record<string, unknown> = { name: t.name, gender: t.gender, courseRating: num(t.courseRating), slope: num(t.slope) };
      const par = num(t.par);
      if (par !== undefined) tee.par = par;
      // Lengths are optional: sent once any is typed, then each hole needs one ("Please fill this in" where missing).
      const lengths = Array.from({ length: v.holes.length }, (_, j) => t.lengths?.[j] ?? '');
      if (lengths.some((l) => l.trim())) tee.lengths = lengths.map(num);
      return tee;
    }),
  };
  for (const k of ['location', 'city', 'country'] as const) {
    const value = opt(v[k]);
    if (value !== undefined) body[k] = value;
  }
  return body;
}

/** How the editor names each field in a problem ("Hole 3 stroke index"), by the path the schema gives it. */
export function courseLabels(v: CourseValues): Record<string, string> {
  const labels: Record<string, string> = { name: 'Course name', location: 'Address or resort', city: 'City', country: 'Country', lengthUnit: 'Lengths in', holes: 'Holes', tees: 'Tees' };
  v.holes.forEach((_, i) => {
    labels[`holes.${i}.par`] = `Hole ${i + 1} par`;
    labels[`holes.${i}.strokeIndex`] = `Hole ${i + 1} stroke index`;
    labels[`holes.${i}.number`] = `Hole ${i + 1}`;
  });
  v.tees.forEach((_, i) => {
    labels[`tees.${i}.name`] = `Tee ${i + 1} name`;
    labels[`tees.${i}.gender`] = `Tee ${i + 1} rated for`;
    labels[`tees.${i}.courseRating`] = `Tee ${i + 1} Course Rating`;
    labels[`tees.${i}.slope`] = `Tee ${i + 1} Slope Rating`;
    labels[`tees.${i}.par`] = `Tee ${i + 1} par`;
    labels[`tees.${i}.lengths`] = `Tee ${i + 1} ${unitWord(v)}`;
    v.holes.forEach((_, j) => (labels[`tees.${i}.lengths.${j}`] = lengthLabel(v, i, j)));
  });
  return labels;
}

/** "yards" or "metres", as the course's lengths are given. */
export const unitWord = (v: Pick<CourseValues, 'lengthUnit'>) => (v.lengthUnit === 'm' ? 'metres' : 'yards');

/** How a tee is called in the hole table: its name, or "tee 2" until it has one. */
export function teeCalled(v: Pick<CourseValues, 'tees'>, i: number): string {
  const name = v.tees[i]!.name.trim();
  return name || `tee ${i + 1}`;
}

/** The label of one hole's length from one tee: "Hole 3 yards, Blue". */
export const lengthLabel = (v: Pick<CourseValues, 'tees' | 'lengthUnit'>, tee: number, hole: number) => `Hole ${hole + 1} ${unitWord(v)}, ${teeCalled(v, tee)}`;

/**
 * The rows of lengths the hole table shows: one per set of tees, so the same tees rated for men and for women (two
 * tees of one name) share one row, and typing in it sets both.
 */
export function lengthRows(v: Pick<CourseValues, 'tees'>): { tees: number[] }[] {
  const rows: { key: string; tees: number[] }[] = [];
  v.tees.forEach((t, i) => {
    const key = t.name.trim().toLowerCase() || `#${i}`;
    const row = rows.find((r) => r.key === key);
    if (row) row.tees.push(i);
    else rows.push({ key, tees: [i] });
  });
  return rows.map((r) => ({ tees: r.tees }));
}

/** The sum of the typed numbers of some cells (blank or half-typed ones left out), or "" when none is a number. */
export function typedSum(cells: string[]): string {
  const ns = cells.map((c) => c.trim()).filter((c) => /^\d+$/.test(c)).map(Number);
  return ns.length ? String(ns.reduce((s, n) => s + n, 0)) : '';
}
