import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { parseLocalTime } from '../../../shared/domain/scheduling/tee-times.js';
import type { SchedPlayer } from '../../../shared/domain/scheduling/types.js';
import { planWaves, type WaveAssignment, type WaveCourse, type WavePlan } from '../../../shared/domain/scheduling/waves.js';

const p = (id: string, handicapIndex: number | null, extra: Partial<SchedPlayer> = {}): SchedPlayer => ({
  id,
  name: id.toUpperCase(),
  handicapIndex,
  ...extra,
});
const win = (id: string, firstTime: string, lastTime: string, intervalMinutes = 10) => ({ id, label: id.toUpperCase(), firstTime, lastTime, intervalMinutes });
/** North: holes 1 and 10, AM 08:00–08:10 and PM 13:00–13:10: 4 slots a window. */
const north: WaveCourse = { id: 'north', name: 'North', startingHoles: [1, 10], windows: [win('am', '08:00', '08:10'), win('pm', '13:00', '13:10')] };
/** Compact view: "course/window time@hole a,b,c" per group. */
const sheet = (plan: WavePlan) =>
  plan.waves.flatMap((w) => w.groups.map((g) => `${w.courseId}/${w.windowId} ${g.time}@${g.hole} ${g.players.join(',')}`));

describe('waves by handicap', () => {
  it('low indexes in the first wave, groups shared out over the waves by their slots', () => {
    const players = [p('a', 10), p('b', 2), p('c', null), p('d', 5), p('e', 20), p('f', 1), p('g', 7), p('h', 15), p('i', 3)];
    const plan = planWaves({ players, courses: [north], groupSize: 4, assignment: 'handicap' }, createRng(1));
    expect(plan).toEqual({
      waves: [
        {
          courseId: 'north',
          windowId: 'am',
          groups: [
            { players: ['f', 'b', 'i'], time: '08:00', hole: 1 },
            { players: ['d', 'g', 'a'], time: '08:00', hole: 10 },
          ],
        },
        { courseId: 'north', windowId: 'pm', groups: [{ players: ['h', 'e', 'c'], time: '13:00', hole: 1 }] },
      ],
      unplaced: [],
      problems: [],
    });
  });

  it('lists and fills waves in time order over courses, then by course and window order', () => {
    const south: WaveCourse = { id: 'south', name: 'South', startingHoles: [1], windows: [win('early', '07:30', '07:40'), win('late', '13:00', '13:10')] };
    const players = Array.from({ length: 12 }, (_, i) => p(`p${String(i).padStart(2, '0')}`, i));
    const plan = planWaves({ players, courses: [north, south], groupSize: 2, assignment: 'handicap' }, createRng(1));
    expect(plan.waves.map((w) => `${w.courseId}/${w.windowId}`)).toEqual(['south/early', 'north/am', 'north/pm', 'south/late']);
    // 6 groups over 2 + 4 + 4 + 2 slots: 1, 2, 2, 1.
    expect(sheet(plan)).toEqual([
      'south/early 07:30@1 p00,p01',
      'north/am 08:00@1 p02,p03',
      'north/am 08:00@10 p04,p05',
      'north/pm 13:00@1 p06,p07',
      'north/pm 13:00@10 p08,p09',
      'south/late 13:00@1 p10,p11',
    ]);
  });

  it('shares groups in proportion to slots: a small early wave may get none', () => {
    const south: WaveCourse = { id: 'south', name: 'South', startingHoles: [1], windows: [win('early', '07:30', '07:30')] };
    const players = Array.from({ length: 4 }, (_, i) => p(`p${i}`, i));
    const plan = planWaves({ players, courses: [north, south], groupSize: 2, assignment: 'handicap' }, createRng(1));
    // 2 groups over 1 + 4 + 4 slots: exact shares 0.22, 0.89, 0.89.
    expect(sheet(plan)).toEqual(['north/am 08:00@1 p0,p1', 'north/pm 13:00@1 p2,p3']);
  });
});

describe('overlapping windows', () => {
  it('a start two windows of one course list belongs to the first: never two groups off one tee at once', () => {
    const players: SchedPlayer[] = Array.from({ length: 16 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, handicapIndex: i }));
    const course: WaveCourse = {
      id: 'c',
      name: 'North',
      startingHoles: [1],
      windows: [
        { id: 'a', label: 'AM', firstTime: '08:00', lastTime: '08:20', intervalMinutes: 10 },
        { id: 'b', label: 'Late AM', firstTime: '08:10', lastTime: '08:30', intervalMinutes: 10 },
      ],
    };
    const plan = planWaves({ players, courses: [course], groupSize: 4, assignment: 'handicap' }, createRng(1));
    const starts = plan.waves.flatMap((w) => w.groups.map((g) => `${g.time} ${g.hole}`));
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts.sort()).toEqual(['08:00 1', '08:10 1', '08:20 1', '08:30 1']);
    expect(plan.problems).toContain('window Late AM of North overlaps an earlier window: 2 of its starts belong to that one');
  });
});

describe('waves by division, flight or custom field', () => {
  it('each division whole in the wave with the most room; players without one last', () => {
    const players = [
      p('m1', 5, { division: 'Men' }),
      p('m2', 1, { division: 'Men' }),
      p('w1', 9, { division: 'Women' }),
      p('s1', 12, { division: 'Seniors' }),
      p('m3', 3, { division: 'Men' }),
      p('x', 4),
      p('w2', 2, { division: 'Women' }),
      p('s2', 8, { division: 'Seniors' }),
    ];
    const plan = planWaves({ players, courses: [north], groupSize: 4, assignment: 'division' }, createRng(1));
    // Men (3) to am; Seniors and Women to pm, which has more room; x, without a division, joins the men rather
    // than tee off alone.
    expect(sheet(plan)).toEqual(['north/am 08:00@1 m2,m3,m1,x', 'north/pm 13:00@1 s2,s1', 'north/pm 13:00@10 w2,w1']);
    expect(plan.unplaced).toEqual([]);
    expect(plan.problems).toEqual([]);
  });

  it('flights A, B, C go to waves 1, 2, 3', () => {
    const three: WaveCourse = { id: 'c', name: 'C', startingHoles: [1], windows: [win('w1', '07:00', '07:20'), win('w2', '10:00', '10:20'), win('w3', '13:00', '13:20')] };
    const players = ['C', 'A', 'B', 'A', 'C', 'B'].map((flight, i) => p(`p${i}`, i, { flight }));
    const plan = planWaves({ players, courses: [three], groupSize: 2, assignment: 'flight' }, createRng(1));
    expect(sheet(plan)).toEqual(['c/w1 07:00@1 p1,p3', 'c/w2 10:00@1 p2,p5', 'c/w3 13:00@1 p0,p4']);
  });

  it('custom field values sort naturally, numbers as numbers', () => {
    const three: WaveCourse = { id: 'c', name: 'C', startingHoles: [1], windows: [win('w1', '07:00', '07:20'), win('w2', '10:00', '10:20'), win('w3', '13:00', '13:20')] };
    const players = [p('a', 1, { custom: { tier: 10 } }), p('b', 1, { custom: { tier: 9 } }), p('c', 1, { custom: { tier: 10 } }), p('d', 1, { custom: { tier: 9 } }), p('e', 1, { custom: {} }), p('f', 2)];
    const plan = planWaves({ players, courses: [three], groupSize: 2, assignment: 'custom_field', customField: 'tier' }, createRng(1));
    expect(sheet(plan)).toEqual(['c/w1 07:00@1 b,d', 'c/w2 10:00@1 a,c', 'c/w3 13:00@1 e,f']);
  });

  it('a block that fits no wave whole is split over the waves with the most room, and the split is named', () => {
    const small: WaveCourse = { id: 's', name: 'S', startingHoles: [1], windows: [win('am', '08:00', '08:10'), win('pm', '12:00', '12:20')] };
    const players = [...Array.from({ length: 7 }, (_, i) => p(`a${i}`, i, { flight: 'A' })), p('b0', 1, { flight: 'B' }), p('b1', 2, { flight: 'B' })];
    // Room: am 2 groups × 3 = 6, pm 3 × 3 = 9. Flight A (7) fits pm whole; flight B (2) then fits am.
    let plan = planWaves({ players, courses: [small], groupSize: 3, assignment: 'flight' }, createRng(1));
    expect(sheet(plan)).toEqual(['s/am 08:00@1 b0,b1', 's/pm 12:00@1 a0,a1,a2', 's/pm 12:10@1 a3,a4', 's/pm 12:20@1 a5,a6']);
    expect(plan.problems).toEqual([]);
    // Flight A of 11 fits no wave: B goes whole first (to pm, 9 > 6), then A fills pm's 7 places and am's 4.
    const more = [...Array.from({ length: 11 }, (_, i) => p(`a${i}`, i, { flight: 'A' })), p('b0', 1, { flight: 'B' }), p('b1', 2, { flight: 'B' })];
    plan = planWaves({ players: more, courses: [small], groupSize: 3, assignment: 'flight' }, createRng(1));
    expect(plan.unplaced).toEqual([]);
    expect(plan.problems).toEqual([
      'no wave has room for all 11 of "A": split over s/pm, s/am',
      // pm's 3 tee times cannot give B and the 7 of A groups of their own: the mix is named.
      'the group at 12:00 on hole 1 (s/pm) mixes flight "B" and "A": too few players or tee times to keep them apart without leaving anyone alone',
    ]);
    expect(sheet(plan)).toEqual([
      's/am 08:00@1 a7,a8',
      's/am 08:10@1 a9,a10',
      's/pm 12:00@1 b0,b1,a0',
      's/pm 12:10@1 a1,a2,a3',
      's/pm 12:20@1 a4,a5,a6',
    ]);
  });
});

describe('waves at random', () => {
  it('is reproducible from the seed and places everyone once', () => {
    const players = Array.from({ length: 12 }, (_, i) => p(`p${i}`, i));
    const a = planWaves({ players, courses: [north], groupSize: 3, assignment: 'random' }, createRng(42));
    const b = planWaves({ players, courses: [north], groupSize: 3, assignment: 'random' }, createRng(42));
    expect(a).toEqual(b);
    expect(sheet(a).length).toBe(4);
    expect(a.waves.flatMap((w) => w.groups.flatMap((g) => g.players)).sort()).toEqual(players.map((x) => x.id).sort());
  });
});

describe('capacity and bad input', () => {
  it('overflow goes to unplaced with a problem message', () => {
    const players = Array.from({ length: 18 }, (_, i) => p(`p${String(i).padStart(2, '0')}`, i));
    const plan = planWaves({ players, courses: [north], groupSize: 2, assignment: 'handicap' }, createRng(1));
    expect(plan.unplaced).toEqual(['p16', 'p17']);
    expect(plan.problems).toEqual(['2 players do not fit: the waves hold 16 (8 tee times × 2 players)']);
    const keyed = planWaves({ players: players.map((x) => ({ ...x, division: x.handicapIndex! % 2 ? 'Odd' : 'Even' })), courses: [north], groupSize: 2, assignment: 'division' }, createRng(1));
    expect(keyed.unplaced).toHaveLength(2);
    expect(keyed.problems.at(-1)).toBe('2 players do not fit: the waves hold 16 (8 tee times × 2 players)');
  });

  it.each<[string, Partial<Parameters<typeof planWaves>[0]>, string]>([
    ['a group size of 7', { groupSize: 7 }, 'the group size must be 2 to 6 players, not 7'],
    ['a group size of 1', { groupSize: 1 }, 'the group size must be 2 to 6 players, not 1'],
    ['a custom field assignment without the field', { assignment: 'custom_field' }, 'assignment by custom field needs the name of the field'],
  ])('%s places nobody', (_name, change, problem) => {
    const players = [p('a', 1), p('b', 2)];
    const plan = planWaves({ players, courses: [north], groupSize: 4, assignment: 'handicap', ...change }, createRng(1));
    expect(plan.unplaced).toEqual(['a', 'b']);
    expect(plan.problems).toContain(problem);
    expect(plan.waves.every((w) => w.groups.length === 0)).toBe(true);
  });

  it('a window with a bad interval or times, or a course without starting holes, offers no tee times', () => {
    const bad: WaveCourse[] = [
      { id: 'x', name: 'X', startingHoles: [1], windows: [win('a', '08:00', '09:00', 3), win('b', '10:00', '09:00')] },
      { id: 'y', name: 'Y', startingHoles: [], windows: [win('c', '08:00', '09:00')] },
    ];
    const plan = planWaves({ players: [p('a', 1), p('b', 2)], courses: bad, groupSize: 2, assignment: 'handicap' }, createRng(1));
    expect(plan.unplaced).toEqual(['a', 'b']);
    expect(plan.problems).toEqual([
      'window A of X: the tee time interval must be a whole number of minutes from 5 to 30, not 3',
      'window B of X needs a first and a last time HH:MM, the first not after the last',
      'course Y needs starting holes, each a hole number listed once',
      '2 players do not fit: the waves hold 0 (0 tee times × 2 players)',
    ]);
  });

  it('a player listed twice is placed once', () => {
    const plan = planWaves({ players: [p('a', 1), p('b', 2), p('a', 1)], courses: [north], groupSize: 2, assignment: 'handicap' }, createRng(1));
    expect(sheet(plan)).toEqual(['north/am 08:00@1 a,b']);
    expect(plan.problems).toEqual(['player A (a) is listed twice; placed once']);
  });

  it('no players: every wave listed, empty', () => {
    const plan = planWaves({ players: [], courses: [north], groupSize: 4, assignment: 'random' }, createRng(1));
    expect(plan).toEqual({ waves: [{ courseId: 'north', windowId: 'am', groups: [] }, { courseId: 'north', windowId: 'pm', groups: [] }], unplaced: [], problems: [] });
  });
});

describe('wave properties', () => {
  const player = fc.record({
    handicapIndex: fc.option(fc.integer({ min: -5, max: 40 }), { nil: null }),
    division: fc.option(fc.constantFrom('Men', 'Women', 'Seniors'), { nil: null }),
    flight: fc.option(fc.constantFrom('A', 'B', 'C', 'D'), { nil: undefined }),
    club: fc.constantFrom('North', 'South', 7, 11),
  });
  const course = (k: number) =>
    fc.record({
      holes: fc.constantFrom([1], [1, 10], [1, 4, 10]),
      windows: fc.array(fc.record({ start: fc.integer({ min: 360, max: 900 }), count: fc.integer({ min: 1, max: 5 }), interval: fc.integer({ min: 5, max: 30 }) }), { minLength: 1, maxLength: 3 }),
    }).map(({ holes, windows }): WaveCourse => ({
      id: `c${k}`,
      name: `C${k}`,
      startingHoles: [...holes],
      windows: windows.map((w, i) => {
        const t = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return { id: `w${i}`, label: `W${i}`, firstTime: t(w.start), lastTime: t(w.start + (w.count - 1) * w.interval), intervalMinutes: w.interval };
      }),
    }));

  it('places each player once or names them unplaced, within slots and capacity', () => {
    fc.assert(
      fc.property(
        fc.array(player, { maxLength: 60 }),
        fc.tuple(course(0), course(1)),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom<WaveAssignment>('division', 'flight', 'handicap', 'random', 'custom_field'),
        fc.integer(),
        (raw, courses, courseCount, groupSize, assignment, seed) => {
          const players = raw.map((r, i): SchedPlayer => ({ id: `p${i}`, name: `P${i}`, handicapIndex: r.handicapIndex, division: r.division, flight: r.flight, custom: { club: r.club } }));
          const used = courses.slice(0, courseCount);
          const plan = planWaves({ players, courses: used, groupSize, assignment, customField: 'club' }, createRng(seed));
          const slotsOf = new Map(used.flatMap((c) => c.windows.map((w) => {
            const times = (parseLocalTime(w.lastTime)! - parseLocalTime(w.firstTime)!) / w.intervalMinutes + 1;
            return [`${c.id}/${w.id}`, { times, holes: c.startingHoles, first: parseLocalTime(w.firstTime)!, last: parseLocalTime(w.lastTime)! }] as const;
          })));
          // Capacity: distinct starts (time, hole) per course; a start two windows list counts once.
          const distinct = new Set(used.flatMap((c) => c.windows.flatMap((w) => {
            const out: string[] = [];
            for (let t = parseLocalTime(w.firstTime)!; t <= parseLocalTime(w.lastTime)!; t += w.intervalMinutes) out.push(...c.startingHoles.map((h) => `${c.id} ${t} ${h}`));
            return out;
          })));
          const capacity = distinct.size * groupSize;
          const placed = plan.waves.flatMap((w) => w.groups.flatMap((g) => g.players));
          expect([...placed, ...plan.unplaced].sort()).toEqual(players.map((x) => x.id).sort());
          expect(plan.unplaced.length).toBe(Math.max(0, players.length - capacity));
          expect(plan.unplaced.length > 0).toBe(plan.problems.some((m) => m.includes('do not fit')));
          expect(plan.waves).toHaveLength(slotsOf.size);
          const starts = new Set<string>();
          for (const w of plan.waves) {
            const s = slotsOf.get(`${w.courseId}/${w.windowId}`)!;
            expect(w.groups.length).toBeLessThanOrEqual(s.times * s.holes.length);
            const sizes = w.groups.map((g) => g.players.length);
            // In twosomes an odd field folds its odd player into a threesome, as pairings do.
            expect(sizes.every((n) => n >= 1 && n <= (groupSize === 2 ? 3 : groupSize))).toBe(true);
            for (const g of w.groups) {
              const t = parseLocalTime(g.time)!;
              expect(t >= s.first && t <= s.last && s.holes.includes(g.hole)).toBe(true);
              const key = `${w.courseId} ${g.time} ${g.hole}`;
              expect(starts.has(key)).toBe(false);
              starts.add(key);
            }
          }
          // Players sharing a value stay in one wave when every value fits a wave of its own (and nobody had to
          // move to keep a lone player company).
          if (assignment === 'division' && plan.problems.every((m) => !m.startsWith('no wave') && !m.includes('does not tee off alone'))) {
            const waveOf = new Map(plan.waves.flatMap((w, k) => w.groups.flatMap((g) => g.players.map((id) => [id, k] as const))));
            for (const value of ['Men', 'Women', 'Seniors', null]) {
              const ks = new Set(players.filter((x) => (x.division ?? null) === value && waveOf.has(x.id)).map((x) => waveOf.get(x.id)));
              expect(ks.size).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
