import { describe, expect, it } from 'vitest';
import { CreateCourseBody, CreateRoundRequest, courseForRound, savedCourseProblems, teesNamed, type SavedTee } from '../../shared/schemas/course-library.js';
import { Course } from '../../shared/schemas/course.js';

/** Made-up holes: pars cycle 4, 3, 5; stroke indexes as given (default: hole n has index n). */
function holes(strokeIndexes: number[]) {
  return strokeIndexes.map((strokeIndex, i) => ({ number: i + 1, par: [4, 3, 5][i % 3]!, strokeIndex }));
}
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const tee = (over: Partial<SavedTee> = {}): SavedTee => ({ name: 'Blue', gender: 'M', courseRating: 70.1, slope: 125, ...over });
const draft = (over: Record<string, unknown> = {}) => ({ name: 'Made-up Meadows', holes: holes(range(1, 18)), tees: [tee()], ...over });

const rules = (c: Record<string, unknown>) => savedCourseProblems(c).map((p) => ({ path: p.path, code: p.code }));

describe('savedCourseProblems', () => {
  it('finds nothing wrong with 18 holes indexed 1–18 in any order', () => {
    expect(savedCourseProblems(draft({ holes: holes([...range(10, 18), ...range(1, 9)]) }))).toEqual([]);
  });

  it.each([
    ['1–9', range(1, 9)],
    ['the odd indexes', range(1, 17, 2)],
    ['the even indexes', range(2, 18, 2)],
  ])('takes 9 holes indexed %s', (_label, si) => {
    expect(savedCourseProblems(draft({ holes: holes([...si].reverse()) }))).toEqual([]);
  });

  it('refuses 9 holes whose indexes are distinct but mix the sets, naming them and the sets allowed', () => {
    const problems = savedCourseProblems(draft({ holes: holes([1, 2, 3, 4, 5, 6, 7, 8, 10]) }));
    expect(problems).toEqual([
      {
        path: ['holes'],
        code: 'stroke_index_set',
        message: 'a 9-hole course uses stroke indexes 1–9, or the odd (1, 3, …, 17) or the even (2, 4, …, 18) ones of an 18-hole card; these are 1, 2, 3, 4, 5, 6, 7, 8, 10',
      },
    ]);
  });

  it('points at a repeated stroke index and lists the missing ones on 18 holes', () => {
    const si = range(1, 18);
    si[11] = 3;
    si[16] = 3;
    expect(savedCourseProblems(draft({ holes: holes(si) }))).toEqual([
      { path: ['holes', 11, 'strokeIndex'], code: 'stroke_index_repeated', message: 'stroke index 3 is already used by hole 3' },
      { path: ['holes', 16, 'strokeIndex'], code: 'stroke_index_repeated', message: 'stroke index 3 is already used by hole 3' },
      { path: ['holes'], code: 'stroke_index_set', message: 'an 18-hole course uses each stroke index 1–18 once; missing 12, 17' },
    ]);
  });

  it.each([0, 1, 10, 17])('refuses %i holes', (n) => {
    expect(rules(draft({ holes: holes(range(1, n)).slice(0, n) }))).toContainEqual({ path: ['holes'], code: 'hole_count' });
  });

  it('refuses holes out of order', () => {
    const h = holes(range(1, 9));
    [h[2], h[3]] = [h[3]!, h[2]!];
    expect(rules(draft({ holes: h }))).toEqual([
      { path: ['holes', 2, 'number'], code: 'hole_number' },
      { path: ['holes', 3, 'number'], code: 'hole_number' },
    ]);
  });

  it('takes the same tee name for two genders, refuses it twice for one (any case)', () => {
    expect(savedCourseProblems(draft({ tees: [tee(), tee({ gender: 'F', courseRating: 75.9, slope: 131 })] }))).toEqual([]);
    expect(rules(draft({ tees: [tee(), tee({ name: 'BLUE' })] }))).toEqual([{ path: ['tees', 1, 'name'], code: 'tee_repeated' }]);
  });

  it('checks a tee par against the sum of the hole pars (18 holes of 4, 3, 5 make 72)', () => {
    expect(savedCourseProblems(draft({ tees: [tee({ par: 72 })] }))).toEqual([]);
    expect(savedCourseProblems(draft({ tees: [tee({ par: 71 })] }))).toEqual([
      { path: ['tees', 0, 'par'], code: 'tee_par', message: 'tee Blue has par 71, but its holes add up to 72' },
    ]);
  });

  it('wants one length per hole from a tee that gives lengths', () => {
    expect(savedCourseProblems(draft({ tees: [tee({ lengths: Array(18).fill(350) })] }))).toEqual([]);
    expect(rules(draft({ tees: [tee({ lengths: Array(9).fill(350) })] }))).toEqual([{ path: ['tees', 0, 'lengths'], code: 'tee_lengths' }]);
  });

  it('reports every broken rule at once', () => {
    const h = holes(range(1, 9));
    h[8] = { ...h[8]!, number: 10, strokeIndex: 1 };
    const codes = rules(draft({ holes: h, tees: [tee({ par: 40, lengths: [300] }), tee({ name: 'blue' })] })).map((p) => p.code);
    expect(codes).toEqual(['hole_number', 'stroke_index_repeated', 'tee_par', 'tee_lengths', 'tee_repeated']);
  });
});

describe('CreateCourseBody', () => {
  it('defaults the length unit to yards', () => {
    expect(CreateCourseBody.parse(draft()).lengthUnit).toBe('yd');
  });

  it('lists a field error and a course rule together', () => {
    const r = CreateCourseBody.safeParse(draft({ tees: [tee({ slope: 170, par: 70 }), tee({ name: 'Red', par: 70 })] }));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [['tees', 0, 'slope'], 'Slope Rating is at most 155'],
      [['tees', 1, 'par'], 'tee Red has par 70, but its holes add up to 72'],
    ]);
  });

  it('refuses a tee gender outside M, F, X', () => {
    expect(CreateCourseBody.safeParse(draft({ tees: [{ ...tee(), gender: 'W' }] })).success).toBe(false);
  });
});

describe('courseForRound', () => {
  const saved = { name: 'Made-up Meadows', lengthUnit: 'yd' as const, holes: holes(range(1, 18)) };

  it('copies holes and ratings, with the par of the holes and the total length in yards', () => {
    const c = courseForRound(saved, [tee({ lengths: Array(18).fill(380) })]);
    expect(c).toEqual({ name: 'Made-up Meadows', holes: saved.holes, tees: [{ name: 'Blue', courseRating: 70.1, slope: 125, par: 72, yards: 6840 }] });
    expect(Course.safeParse(c).success).toBe(true);
  });

  it('converts metres to yards with the international yard (0.9144 m)', () => {
    const c = courseForRound({ ...saved, lengthUnit: 'm' }, [tee({ lengths: Array(18).fill(320) })]);
    // 5760 m / 0.9144 = 6299.2 yd
    expect(c.tees[0]!.yards).toBe(6299);
  });

  it('leaves the yards out when the total is outside what a round takes', () => {
    // Nine pitch-and-putt holes of 40 yards: 360 yards, under the 500 a round's tee takes.
    expect(courseForRound({ ...saved, holes: holes(range(1, 9)) }, [tee({ lengths: Array(9).fill(40) })]).tees[0]).not.toHaveProperty('yards');
  });

  it('names a tee by its gender only when the name is rated for several', () => {
    const c = courseForRound(saved, [tee(), tee({ gender: 'F', courseRating: 76 }), tee({ name: 'White' })]);
    expect(c.tees.map((t) => t.name)).toEqual(['Blue (M)', 'Blue (F)', 'White']);
    expect(Course.safeParse(c).success).toBe(true);
  });

  it('picks tees by name in any case, narrowed by gender', () => {
    const tees = [tee(), tee({ gender: 'F' }), tee({ name: 'White' })];
    expect(teesNamed(tees, 'blue')).toHaveLength(2);
    expect(teesNamed(tees, 'BLUE', 'F')).toEqual([tees[1]]);
    expect(teesNamed(tees, 'Red')).toEqual([]);
  });
});

describe('CreateRoundRequest', () => {
  const round = { date: '2027-04-11' };
  it.each([
    ['a course inline and a courseId', { course: { name: 'x', holes: holes(range(1, 9)), tees: [{ name: 'T', courseRating: 35, slope: 120 }] }, courseId: 'course01' }, ['courseId']],
    ['a teeName without courseId', { teeName: 'Blue' }, ['teeName']],
    ['a teeGender without teeName', { courseId: 'course01', teeGender: 'F' }, ['teeGender']],
  ])('refuses %s', (_label, body, path) => {
    const r = CreateRoundRequest.safeParse({ ...round, ...body });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([path]);
  });

  it('takes a courseId with a tee', () => {
    expect(CreateRoundRequest.safeParse({ ...round, courseId: 'course01', teeName: 'Blue', teeGender: 'F' }).success).toBe(true);
  });
});
