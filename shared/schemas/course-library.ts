import { z } from 'zod';
import type { ErrorDetail } from '../errors.js';
import { DocBase, Id } from './common.js';
import { Hole, type Course, type Tee } from './course.js';
import { CreateRoundBody } from './round.js';

/**
 * The gender a set of tees is rated for. The Course Rating System rates each set of tees separately for men and for
 * women (the same tees carry two Course and Slope Ratings), so a saved tee is a (name, gender) pair. `X` is a rating
 * published for everyone.
 */
export const TeeGender = z.enum(['M', 'F', 'X']);
export type TeeGender = z.infer<typeof TeeGender>;

/** The unit of a course's hole lengths. */
export const LengthUnit = z.enum(['yd', 'm']);
export type LengthUnit = z.infer<typeof LengthUnit>;

/** A 9-hole course is rarely shorter than 500 yards; the round's `Tee.yards` takes 500–9000. */
const HoleLength = z.number().int('a hole length is a whole number').min(30, 'a hole is at least 30 long').max(900, 'a hole is at most 900 long');

/**
 * A saved set of tees: ratings as on a round's tee (`course.ts` `Tee`), the gender they are rated for, and optionally
 * the length of each hole from these tees, in the course's unit. Names stay short enough for the " (F)" a round adds
 * when a name is rated for several genders.
 */
export const SavedTee = z.strictObject({
  name: z.string().trim().min(1).max(30),
  gender: TeeGender,
  courseRating: z.number().min(20).max(90),
  slope: z.number().int().min(55, 'Slope Rating is at least 55').max(155, 'Slope Rating is at most 155'),
  par: z.number().int().min(27).max(80).optional(),
  lengths: z.array(HoleLength).max(18).optional(),
});
export type SavedTee = z.infer<typeof SavedTee>;

const Text = (max: number) => z.string().trim().min(1).max(max);

/** The fields an organizer gives for a saved course (`POST /courses`), before the course rules. */
const courseFields = {
  name: Text(200),
  /** Free text: an address, a resort, directions. */
  location: Text(200).optional(),
  city: Text(100).optional(),
  country: Text(100).optional(),
  lengthUnit: LengthUnit.default('yd'),
  holes: z.array(Hole).max(18),
  tees: z.array(SavedTee).min(1, 'a course has at least one tee').max(20),
};

const ODD = [1, 3, 5, 7, 9, 11, 13, 15, 17];
const EVEN = ODD.map((n) => n + 1);
const FIRST_NINE = ODD.map((_, i) => i + 1);

/** Same values, both sorted ascending. */
const sameSet = (sorted: number[], set: number[]) => sorted.length === set.length && sorted.every((v, i) => v === set[i]);

/** The shape the rules read; parts that failed their own schema are skipped, so every other problem still shows. */
interface CourseDraft {
  holes?: unknown;
  tees?: unknown;
}

const isHole = (h: unknown): h is Hole => Hole.safeParse(h).success;
const isTee = (t: unknown): t is SavedTee => SavedTee.safeParse(t).success;

/**
 * Every rule of a saved course that crosses fields, each problem with its path, all at once:
 * - 9 or 18 holes, numbered 1..n in order;
 * - stroke indexes (WHS Rules of Handicapping, Appendix E, Stroke Index Allocation): each used once; on 18 holes
 *   exactly 1–18; on 9 holes 1–9, or the odd (1, 3, …, 17) or even (2, 4, …, 18) indexes when the nine carries its
 *   half of an 18-hole allocation (Appendix E sets odd indexes on one nine and even on the other);
 * - a tee's (name, gender) appears once; a tee's par, when given, is the sum of the hole pars; a tee's lengths, when
 *   given, have one entry per hole.
 * @example savedCourseProblems({ holes: nineHoles, tees: [] }) // []
 */
export function savedCourseProblems(course: CourseDraft): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const holes = Array.isArray(course.holes) ? course.holes : undefined;
  const tees = Array.isArray(course.tees) ? course.tees : [];
  const n = holes?.length;
  if (holes && n !== 9 && n !== 18) problems.push({ path: ['holes'], code: 'hole_count', message: `a course has 9 or 18 holes, not ${n}` });
  const validHoles = holes?.every(isHole) ? holes : undefined;

  holes?.forEach((h, i) => {
    if (isHole(h) && h.number !== i + 1) problems.push({ path: ['holes', i, 'number'], code: 'hole_number', message: `hole ${i + 1} must be numbered ${i + 1}, not ${h.number}` });
  });

  if (holes) {
    const firstUse = new Map<number, number>();
    holes.forEach((h, i) => {
      if (!isHole(h)) return;
      const prev = firstUse.get(h.strokeIndex);
      if (prev !== undefined) {
        problems.push({ path: ['holes', i, 'strokeIndex'], code: 'stroke_index_repeated', message: `stroke index ${h.strokeIndex} is already used by hole ${prev + 1}` });
      } else firstUse.set(h.strokeIndex, i);
    });
    if (validHoles && n === 18 && firstUse.size < 18) {
      const missing = Array.from({ length: 18 }, (_, i) => i + 1).filter((si) => !firstUse.has(si));
      problems.push({ path: ['holes'], code: 'stroke_index_set', message: `an 18-hole course uses each stroke index 1–18 once; missing ${missing.join(', ')}` });
    }
    if (validHoles && n === 9 && firstUse.size === 9) {
      const used = [...firstUse.keys()].sort((a, b) => a - b);
      if (![FIRST_NINE, ODD, EVEN].some((set) => sameSet(used, set))) {
        problems.push({
          path: ['holes'],
          code: 'stroke_index_set',
          message: `a 9-hole course uses stroke indexes 1–9, or the odd (1, 3, …, 17) or the even (2, 4, …, 18) ones of an 18-hole card; these are ${used.join(', ')}`,
        });
      }
    }
  }

  const holePar = validHoles && (n === 9 || n === 18) ? validHoles.reduce((s, h) => s + h.par, 0) : undefined;
  const seen = new Map<string, number>();
  tees.forEach((t, i) => {
    if (!isTee(t)) return;
    const key = `${t.name.toLowerCase()}\u0000${t.gender}`;
    const prev = seen.get(key);
    if (prev !== undefined) problems.push({ path: ['tees', i, 'name'], code: 'tee_repeated', message: `tee ${t.name} (${t.gender}) is already tee ${prev + 1}` });
    else seen.set(key, i);
    if (t.par !== undefined && holePar !== undefined && t.par !== holePar) {
      problems.push({ path: ['tees', i, 'par'], code: 'tee_par', message: `tee ${t.name} has par ${t.par}, but its holes add up to ${holePar}` });
    }
    if (t.lengths !== undefined && holes && t.lengths.length !== n) {
      problems.push({ path: ['tees', i, 'lengths'], code: 'tee_lengths', message: `tee ${t.name} gives ${t.lengths.length} hole lengths for ${n} holes` });
    }
  });
  return problems;
}

/** Adds the course rules to a schema's issues; `when` runs them even when other fields failed, so all show at once. */
function withCourseRules<T extends z.ZodType>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      for (const p of savedCourseProblems(value as CourseDraft)) ctx.addIssue({ code: 'custom', path: p.path ?? [], message: p.message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** Body of `POST /courses`. */
export const CreateCourseBody = withCourseRules(z.strictObject(courseFields));
export type CreateCourseBody = z.infer<typeof CreateCourseBody>;

/** The saved course once checked: what `PATCH` checks again after merging its fields into the stored course. */
export const SavedCourseFields = CreateCourseBody;

/**
 * Body of `PATCH /courses/:courseId`: any of the fields, each replacing the stored one whole (`holes` and `tees` are
 * lists); `null` clears location, city or country. The merged course must pass every rule of a new one.
 */
export const PatchCourseBody = z
  .strictObject({
    ...courseFields,
    lengthUnit: LengthUnit,
    location: courseFields.location.unwrap().nullable(),
    city: courseFields.city.unwrap().nullable(),
    country: courseFields.country.unwrap().nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchCourseBody = z.infer<typeof PatchCourseBody>;

/** A saved course as REST shows it. `version` counts edits; its ETag is `"<version>"` (see `If-Match`). */
export const SavedCourse = z.object({
  id: Id,
  name: z.string(),
  location: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  lengthUnit: LengthUnit,
  holes: z.array(Hole),
  tees: z.array(SavedTee),
  version: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedCourse = z.infer<typeof SavedCourse>;

/** The registry document of a saved course; it belongs to one organizer account (`ownerId`, the token's subject). */
export const SavedCourseDoc = DocBase.extend({ type: z.literal('course'), ownerId: z.string() }).extend(SavedCourse.shape);
export type SavedCourseDoc = z.infer<typeof SavedCourseDoc>;

export const CourseParams = z.strictObject({ courseId: Id });

/** `GET /courses?q=`: a case-insensitive part of the name. */
export const CourseListQuery = z.object({
  q: z.string().trim().max(200).optional().describe('Part of the course name, any case'),
});

/** Picks the saved tees a round copies: by name (any case), narrowed by gender when given. */
export function teesNamed(tees: SavedTee[], name: string, gender?: TeeGender): SavedTee[] {
  return tees.filter((t) => t.name.toLowerCase() === name.trim().toLowerCase() && (gender === undefined || t.gender === gender));
}

const METRES_PER_YARD = 0.9144; // the international yard (1959), exactly

/**
 * The course a round freezes from a saved course and some of its tees: holes as saved; each tee with its ratings,
 * its par (given, or the holes' sum) and its total length in yards. A name rated for several genders among the tees
 * copied becomes "Name (F)", so every tee of the round has its own name.
 */
export function courseForRound(saved: Pick<SavedCourse, 'name' | 'holes' | 'lengthUnit'>, tees: SavedTee[]): Course {
  const par = saved.holes.reduce((s, h) => s + h.par, 0);
  const count = new Map<string, number>();
  for (const t of tees) count.set(t.name.toLowerCase(), (count.get(t.name.toLowerCase()) ?? 0) + 1);
  return {
    name: saved.name,
    holes: saved.holes.map((h) => ({ number: h.number, par: h.par, strokeIndex: h.strokeIndex })),
    tees: tees.map((t) => {
      const tee: Tee = { name: count.get(t.name.toLowerCase())! > 1 ? `${t.name} (${t.gender})` : t.name, courseRating: t.courseRating, slope: t.slope };
      const teePar = t.par ?? par;
      if (teePar >= 27 && teePar <= 80) tee.par = teePar;
      if (t.lengths) {
        const total = t.lengths.reduce((s, l) => s + l, 0);
        const yards = Math.round(saved.lengthUnit === 'm' ? total / METRES_PER_YARD : total);
        if (yards >= 500 && yards <= 9000) tee.yards = yards;
      }
      return tee;
    }),
  };
}

/**
 * Body of `POST /trips/:tripId/rounds`: a round as `CreateRoundBody`, whose course is given inline (`course`) or
 * taken from the caller's library (`courseId`, optionally one tee by `teeName` and `teeGender`); the server freezes a
 * copy on the round. Kept apart from `CreateRoundBody`, which the wizard and trip copy extend.
 */
export const CreateRoundRequest = CreateRoundBody.extend({
  courseId: Id.optional().describe('A saved course of the caller (GET /courses); its copy is frozen on the round'),
  teeName: z.string().trim().min(1).max(30).optional().describe('Copy only this tee of the saved course (any case); without it, all tees'),
  teeGender: TeeGender.optional().describe('With teeName: the rating of that gender, when the name is rated for several'),
}).superRefine((b, ctx) => {
  if (b.course && b.courseId) ctx.addIssue({ code: 'custom', path: ['courseId'], message: 'give the course inline (course) or from the library (courseId), not both' });
  if (!b.courseId && b.teeName) ctx.addIssue({ code: 'custom', path: ['teeName'], message: 'teeName picks a tee of a saved course: give courseId too' });
  if (!b.teeName && b.teeGender) ctx.addIssue({ code: 'custom', path: ['teeGender'], message: 'teeGender narrows teeName: give teeName too' });
});
export type CreateRoundRequest = z.infer<typeof CreateRoundRequest>;
