import { z } from 'zod';

/** One hole: par and stroke index (the order in which handicap strokes are received, 1 = hardest). */
export const Hole = z.strictObject({
  number: z.number().int().min(1).max(18),
  par: z.number().int().min(3).max(6),
  strokeIndex: z.number().int().min(1).max(18),
});
export type Hole = z.infer<typeof Hole>;

/**
 * A set of tees with its USGA/WHS ratings. Slope Rating ranges from 55 to 155 (WHS Rules of Handicapping, 2.1);
 * Course Rating is in strokes (about 30–45 for 9 holes, 55–85 for 18).
 */
export const Tee = z.strictObject({
  name: z.string().trim().min(1).max(40),
  courseRating: z.number().min(20).max(90),
  slope: z.number().int().min(55, 'Slope Rating is at least 55').max(155, 'Slope Rating is at most 155'),
  par: z.number().int().min(27).max(80).optional(),
  yards: z.number().int().min(500).max(9000).optional(),
});
export type Tee = z.infer<typeof Tee>;

/**
 * A course as played in one round: 9 or 18 holes numbered 1..n, each stroke index used once, and at least one tee.
 * Nine-hole courses may carry the odd or even stroke indexes of an 18-hole card, so indexes run up to 18.
 */
export const Course = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    holes: z.array(Hole).refine((h) => h.length === 9 || h.length === 18, 'a course has 9 or 18 holes'),
    tees: z.array(Tee).min(1).max(10),
  })
  .superRefine((c, ctx) => {
    c.holes.forEach((h, i) => {
      if (h.number !== i + 1) ctx.addIssue({ code: 'custom', path: ['holes', i, 'number'], message: `hole ${i + 1} must be numbered ${i + 1}` });
    });
    const seen = new Map<number, number>();
    c.holes.forEach((h, i) => {
      const prev = seen.get(h.strokeIndex);
      if (prev !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['holes', i, 'strokeIndex'], message: `stroke index ${h.strokeIndex} is already used by hole ${prev + 1}` });
      }
      seen.set(h.strokeIndex, i);
    });
    const names = new Set<string>();
    c.tees.forEach((t, i) => {
      if (names.has(t.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['tees', i, 'name'], message: `tee ${t.name} appears twice` });
      names.add(t.name.toLowerCase());
    });
  });
export type Course = z.infer<typeof Course>;

/** Par of the holes of a course. */
export function coursePar(course: Pick<Course, 'holes'>): number {
  return course.holes.reduce((sum, h) => sum + h.par, 0);
}
