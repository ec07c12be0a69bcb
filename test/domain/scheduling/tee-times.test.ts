import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignTeeTimes,
  parseLocalTime,
  type ShotgunPriority,
  type TeeSlot,
  type TeeTimeInput,
} from '../../../shared/domain/scheduling/tee-times.js';

/** The slots of an input that must succeed. */
function slots(input: TeeTimeInput): TeeSlot[] {
  const r = assignTeeTimes(input);
  if (!('slots' in r)) throw new Error(`unexpected problem: ${r.problem}`);
  return r.slots;
}
const compact = (s: TeeSlot[]) => s.map((x) => `${x.group}:${x.time}@${x.hole}${x.label ?? ''}`);
const holesOf = (s: TeeSlot[]) => s.map((x) => `${x.hole}${x.label ?? ''}`);
const shotgun = (groupCount: number, sg: TeeTimeInput['shotgun'], holes?: 9 | 18): TeeTimeInput => ({
  groupCount,
  format: 'shotgun',
  firstTime: '09:00',
  shotgun: sg,
  ...(holes ? { holes } : {}),
});

describe('single tee', () => {
  it('starts every group from hole 1 at regular intervals', () => {
    expect(slots({ groupCount: 3, format: 'single', firstTime: '08:00', intervalMinutes: 10 })).toEqual([
      { group: 0, time: '08:00', hole: 1, label: null },
      { group: 1, time: '08:10', hole: 1, label: null },
      { group: 2, time: '08:20', hole: 1, label: null },
    ]);
  });

  it('crosses the hour and accepts a last time of exactly 23:59', () => {
    expect(compact(slots({ groupCount: 3, format: 'single', firstTime: '09:52', intervalMinutes: 8 }))).toEqual([
      '0:09:52@1', '1:10:00@1', '2:10:08@1',
    ]);
    expect(compact(slots({ groupCount: 2, format: 'single', firstTime: '23:29', intervalMinutes: 30 }))).toEqual([
      '0:23:29@1', '1:23:59@1',
    ]);
  });

  it('answers no slots for no groups', () => {
    expect(slots({ groupCount: 0, format: 'single', firstTime: '08:00', intervalMinutes: 10 })).toEqual([]);
  });
});

describe('two-tee', () => {
  it('alternates hole 1 and hole 10 with the same interval on both tees', () => {
    expect(compact(slots({ groupCount: 5, format: 'two_tee', firstTime: '07:30', intervalMinutes: 9 }))).toEqual([
      '0:07:30@1', '1:07:30@10', '2:07:39@1', '3:07:39@10', '4:07:48@1',
    ]);
  });

  it('Reverse Horseshoe: the middle groups go first, leaders last on 1 and trailers last on 10 (even count)', () => {
    expect(compact(slots({ groupCount: 6, format: 'two_tee', firstTime: '08:00', intervalMinutes: 10, reverseHorseshoe: true }))).toEqual([
      '0:08:20@1', '1:08:10@1', '2:08:00@1', '3:08:00@10', '4:08:10@10', '5:08:20@10',
    ]);
  });

  it('Reverse Horseshoe with an odd count: hole 1 takes the extra group, the middle group goes first', () => {
    expect(compact(slots({ groupCount: 5, format: 'two_tee', firstTime: '08:00', intervalMinutes: 10, reverseHorseshoe: true }))).toEqual([
      '0:08:20@1', '1:08:10@1', '2:08:00@1', '3:08:00@10', '4:08:10@10',
    ]);
    expect(compact(slots({ groupCount: 1, format: 'two_tee', firstTime: '08:00', intervalMinutes: 10, reverseHorseshoe: true }))).toEqual([
      '0:08:00@1',
    ]);
  });
});

describe('shotgun', () => {
  it.each<[string, number, NonNullable<TeeTimeInput['shotgun']>, string[]]>([
    ['fill from one', 3, { priority: 'fill_from_one' }, ['1', '2', '3']],
    ['fill from one by default', 4, {}, ['1', '2', '3', '4']],
    ['balanced 6 on 18', 6, { priority: 'balanced' }, ['1', '4', '7', '10', '13', '16']],
    ['balanced 4 on 18', 4, { priority: 'balanced' }, ['1', '5', '10', '14']],
    ['balanced 18 on 18', 18, { priority: 'balanced' }, Array.from({ length: 18 }, (_, i) => String(i + 1))],
    ['priority holes first, then the rest from 1', 5, { priority: 'priority_holes', priorityHoles: [10, 5, 1] }, ['10', '5', '1', '2', '3']],
    ['fewer groups than priority holes', 2, { priority: 'priority_holes', priorityHoles: [18, 9, 3] }, ['18', '9']],
    ['priority holes without any named: from 1', 2, { priority: 'priority_holes' }, ['1', '2']],
    ['doubles on but not needed: every group an A', 3, { doubles: true }, ['1A', '2A', '3A']],
    [
      'doubles, fill from one: A on every hole first, then B from hole 1',
      20,
      { doubles: true },
      [...Array.from({ length: 18 }, (_, i) => `${i + 1}A`), '1B', '2B'],
    ],
    [
      'doubles, balanced: the B groups spread too',
      24,
      { doubles: true, priority: 'balanced' },
      [...Array.from({ length: 18 }, (_, i) => `${i + 1}A`), '1B', '4B', '7B', '10B', '13B', '16B'],
    ],
    [
      'doubles, priority holes: the named holes doubled first',
      20,
      { doubles: true, priority: 'priority_holes', priorityHoles: [18] },
      ['18A', ...Array.from({ length: 17 }, (_, i) => `${i + 1}A`), '18B', '1B'],
    ],
  ])('%s', (_name, n, sg, expected) => {
    const s = slots(shotgun(n, sg));
    expect(holesOf(s)).toEqual(expected);
    expect(s.every((x, i) => x.time === '09:00' && x.group === i)).toBe(true);
  });

  it('36 groups with doubles fill every hole twice', () => {
    const s = slots(shotgun(36, { doubles: true, priority: 'balanced' }));
    expect(holesOf(s)).toEqual([
      ...Array.from({ length: 18 }, (_, i) => `${i + 1}A`),
      ...Array.from({ length: 18 }, (_, i) => `${i + 1}B`),
    ]);
  });

  it('on a 9-hole course: up to 9 groups, 18 with doubles', () => {
    expect(holesOf(slots(shotgun(3, { priority: 'balanced' }, 9)))).toEqual(['1', '4', '7']);
    expect(slots(shotgun(9, {}, 9))).toHaveLength(9);
    expect(holesOf(slots(shotgun(11, { doubles: true }, 9))).slice(8)).toEqual(['9A', '1B', '2B']);
    expect(assignTeeTimes(shotgun(10, {}, 9))).toMatchObject({ limit: expect.stringContaining('up to 9') });
    expect(assignTeeTimes(shotgun(19, { doubles: true }, 9))).toMatchObject({ limit: expect.stringContaining('up to 18 with doubles') });
  });

  it('ignores the interval but still checks it', () => {
    expect(slots({ ...shotgun(2, {}), intervalMinutes: 10 })).toHaveLength(2);
    expect(assignTeeTimes({ ...shotgun(2, {}), intervalMinutes: 40 })).toMatchObject({ limit: 'Tee time interval: 5 to 30 minutes' });
  });
});

describe('limits broken answer a problem naming the limit', () => {
  it.each<[string, TeeTimeInput, RegExp]>([
    ['interval of 3 minutes', { groupCount: 4, format: 'single', firstTime: '08:00', intervalMinutes: 3 }, /5 to 30 minutes/],
    ['interval of 31 minutes', { groupCount: 4, format: 'two_tee', firstTime: '08:00', intervalMinutes: 31 }, /5 to 30 minutes/],
    ['interval of 7.5 minutes', { groupCount: 4, format: 'single', firstTime: '08:00', intervalMinutes: 7.5 }, /5 to 30 minutes/],
    ['no interval for a single tee', { groupCount: 4, format: 'single', firstTime: '08:00' }, /5 to 30 minutes/],
    ['40 groups in a shotgun without doubles', shotgun(40, {}), /up to 18; up to 36 with doubles/],
    ['19 groups in a shotgun without doubles', shotgun(19, { doubles: false }), /up to 18; up to 36 with doubles/],
    ['37 groups in a shotgun with doubles', shotgun(37, { doubles: true }), /up to 18; up to 36 with doubles/],
    ['a last tee time past 23:59', { groupCount: 2, format: 'single', firstTime: '23:50', intervalMinutes: 10 }, /00:00 to 23:59/],
    ['a two-tee start past 23:59', { groupCount: 5, format: 'two_tee', firstTime: '23:45', intervalMinutes: 10 }, /23:59/],
    ['a first time that is not HH:MM', { groupCount: 2, format: 'single', firstTime: '8:00', intervalMinutes: 10 }, /23:59/],
    ['a first time of 24:00', { ...shotgun(2, {}), firstTime: '24:00' }, /23:59/],
    ['priority hole 19 on 18 holes', shotgun(3, { priority: 'priority_holes', priorityHoles: [19] }), /Priority holes: holes 1 to 18/],
    ['priority hole 0', shotgun(3, { priority: 'priority_holes', priorityHoles: [0] }), /Priority holes/],
    ['priority hole 10 on 9 holes', shotgun(3, { priority: 'priority_holes', priorityHoles: [10] }, 9), /holes 1 to 9/],
    ['a priority hole named twice', shotgun(3, { priority: 'priority_holes', priorityHoles: [4, 7, 4] }), /each once/],
    ['a two-tee start on 9 holes', { groupCount: 2, format: 'two_tee', firstTime: '08:00', intervalMinutes: 10, holes: 9 }, /9 or 18/],
    ['Reverse Horseshoe on a single tee', { groupCount: 2, format: 'single', firstTime: '08:00', intervalMinutes: 10, reverseHorseshoe: true }, /Two-Tee/],
    ['a negative group count', { groupCount: -1, format: 'single', firstTime: '08:00', intervalMinutes: 10 }, /whole number/],
  ])('%s', (_name, input, limit) => {
    const r = assignTeeTimes(input);
    expect(r).not.toHaveProperty('slots');
    if ('slots' in r) return;
    expect(r.limit).toMatch(limit);
    expect(r.problem.length).toBeGreaterThan(0);
  });

  it('says which count broke the shotgun limit', () => {
    expect(assignTeeTimes(shotgun(40, {}))).toEqual({
      problem: '40 groups do not fit a shotgun start on 18 holes without doubles: at most 18',
      limit: 'Groups in a shotgun start: up to 18; up to 36 with doubles',
    });
    expect(assignTeeTimes(shotgun(37, { doubles: true }))).toMatchObject({ problem: expect.stringContaining('at most 36') });
  });
});

describe('properties', () => {
  const hh = fc.integer({ min: 0, max: 23 * 60 + 59 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  const input = fc.record({
    groupCount: fc.integer({ min: 0, max: 40 }),
    format: fc.constantFrom<TeeTimeInput['format']>('single', 'two_tee', 'shotgun'),
    firstTime: hh,
    intervalMinutes: fc.integer({ min: 5, max: 30 }),
    holes: fc.constantFrom<9 | 18>(9, 18),
    reverseHorseshoe: fc.boolean(),
    shotgun: fc.record({
      doubles: fc.boolean(),
      priority: fc.constantFrom<ShotgunPriority>('fill_from_one', 'balanced', 'priority_holes'),
      priorityHoles: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 5 }),
    }),
  });

  it('every group gets exactly one slot, no two share (time, hole, label), at most 2 per shotgun hole', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const i: TeeTimeInput = { ...raw, reverseHorseshoe: raw.format === 'two_tee' && raw.reverseHorseshoe, holes: raw.format === 'two_tee' ? 18 : raw.holes };
        const r = assignTeeTimes(i);
        if (!('slots' in r)) {
          // Only the limits refuse a valid-looking input.
          const shotgunMax = i.holes! * (i.shotgun!.doubles ? 2 : 1);
          const perTee = i.format === 'two_tee' ? Math.ceil(i.groupCount / 2) : i.groupCount;
          const lastTime = parseLocalTime(i.firstTime)! + Math.max(0, perTee - 1) * i.intervalMinutes!;
          expect(i.format === 'shotgun' ? i.groupCount > shotgunMax : lastTime > 1439).toBe(true);
          return;
        }
        const s = r.slots;
        expect(s.map((x) => x.group)).toEqual(Array.from({ length: i.groupCount }, (_, k) => k));
        expect(new Set(s.map((x) => `${x.time}|${x.hole}|${x.label}`)).size).toBe(s.length);
        expect(s.every((x) => x.hole >= 1 && x.hole <= i.holes! && parseLocalTime(x.time) !== undefined)).toBe(true);
        if (i.format === 'shotgun') {
          const perHole = new Map<number, number>();
          for (const x of s) perHole.set(x.hole, (perHole.get(x.hole) ?? 0) + 1);
          expect(Math.max(0, ...perHole.values())).toBeLessThanOrEqual(2);
          // Doubles kept to a minimum: a hole is doubled only when every hole has a group.
          expect([...perHole.values()].filter((c) => c === 2).length).toBe(Math.max(0, i.groupCount - i.holes!));
          expect(new Set(s.map((x) => x.time)).size).toBeLessThanOrEqual(1);
        } else {
          expect(s.every((x) => x.label === null && (x.hole === 1 || (i.format === 'two_tee' && x.hole === 10)))).toBe(true);
          for (const hole of [1, 10]) {
            const times = s.filter((x) => x.hole === hole).map((x) => parseLocalTime(x.time)!).sort((a, b) => a - b);
            times.forEach((t, k) => expect(t).toBe(parseLocalTime(i.firstTime)! + k * i.intervalMinutes!));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('Reverse Horseshoe starts from the middle: the later a slot, the farther its group from the middle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (n) => {
        const s = slots({ groupCount: n, format: 'two_tee', firstTime: '06:00', intervalMinutes: 10, reverseHorseshoe: true });
        const top = Math.ceil(n / 2);
        for (const x of s) {
          const rank = x.hole === 1 ? top - 1 - x.group : x.group - top;
          expect(parseLocalTime(x.time)).toBe(360 + rank * 10);
        }
        expect(s[0]!.hole).toBe(1);
        expect(s[0]!.time).toBe(s.reduce((a, x) => (x.hole === 1 && x.time > a ? x.time : a), '00:00'));
        if (n > 1) expect(s[n - 1]).toMatchObject({ hole: 10, time: s.reduce((a, x) => (x.hole === 10 && x.time > a ? x.time : a), '00:00') });
      }),
    );
  });
});
