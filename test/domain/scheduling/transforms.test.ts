import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyPairings, secondRound, type SlotGroup } from '../../../shared/domain/scheduling/transforms.js';

const g = (players: string, time: string, hole: number, extra: Partial<SlotGroup> = {}): SlotGroup => ({ players: players.split(''), time, hole, ...extra });
const show = (groups: SlotGroup[]) =>
  groups.map((x) => `${x.players.join('')} ${x.time}@${x.hole}${x.courseId ? ` ${x.courseId}` : ''}${x.session ? ` ${x.session}` : ''}`);
function copied(groups: SlotGroup[], options: Parameters<typeof copyPairings>[1]): string[] {
  const r = copyPairings(groups, options);
  if (!('groups' in r)) throw new Error(`unexpected problem: ${r.problem}`);
  return show(r.groups);
}

const twoTee = [g('ab', '08:00', 1), g('cd', '08:00', 10), g('ef', '08:10', 1), g('gh', '08:10', 10)];

describe('copy pairings', () => {
  it.each<[string, Parameters<typeof copyPairings>[1], string[]]>([
    ['keeps everything by default', {}, ['ab 08:00@1', 'cd 08:00@10', 'ef 08:10@1', 'gh 08:10@10']],
    ['keeps times when asked', { keepTimes: true, swapStartingHoles: true }, ['ab 08:00@10', 'cd 08:00@1', 'ef 08:10@10', 'gh 08:10@1']],
    ['offsets later', { offsetMinutes: 75 }, ['ab 09:15@1', 'cd 09:15@10', 'ef 09:25@1', 'gh 09:25@10']],
    ['offsets earlier', { offsetMinutes: -480, keepTimes: false }, ['ab 00:00@1', 'cd 00:00@10', 'ef 00:10@1', 'gh 00:10@10']],
    ['moves to a new first time, keeping the spacing', { newFirstTime: '13:05' }, ['ab 13:05@1', 'cd 13:05@10', 'ef 13:15@1', 'gh 13:15@10']],
    ['re-spaces the distinct times', { intervalMinutes: 12 }, ['ab 08:00@1', 'cd 08:00@10', 'ef 08:12@1', 'gh 08:12@10']],
    ['re-spaces from a new first time, then offsets', { newFirstTime: '07:00', intervalMinutes: 6, offsetMinutes: 3 }, ['ab 07:03@1', 'cd 07:03@10', 'ef 07:09@1', 'gh 07:09@10']],
  ])('%s', (_name, options, expected) => {
    expect(copied(twoTee, options)).toEqual(expected);
  });

  it('swaps shotgun holes to the other nine and keeps course and session', () => {
    const shot = [g('a', '09:00', 1, { courseId: 'n', session: 'AM' }), g('b', '09:00', 9), g('c', '09:00', 12), g('d', '09:00', 18)];
    expect(copied(shot, { swapStartingHoles: true })).toEqual(['a 09:00@10 n AM', 'b 09:00@18', 'c 09:00@3', 'd 09:00@9']);
  });

  it('does not change its input', () => {
    const input = structuredClone(twoTee);
    const r = copyPairings(input, { offsetMinutes: 10, swapStartingHoles: true });
    expect(input).toEqual(twoTee);
    if ('groups' in r) r.groups[0]!.players.push('z');
    expect(input[0]!.players).toEqual(['a', 'b']);
  });

  it.each<[string, SlotGroup[], Parameters<typeof copyPairings>[1], RegExp]>([
    ['an offset before 00:00', twoTee, { offsetMinutes: -481 }, /1 minutes before 00:00/],
    ['an offset past 23:59', twoTee, { offsetMinutes: 16 * 60 }, /11 minutes past 23:59/],
    ['a new first time too late for the sheet', twoTee, { newFirstTime: '23:55' }, /past 23:59/],
    ['an interval of 3 minutes', twoTee, { intervalMinutes: 3 }, /5 to 30/],
    ['an offset that is not whole minutes', twoTee, { offsetMinutes: 1.5 }, /whole number/],
    ['keeping times while changing them', twoTee, { keepTimes: true, offsetMinutes: 10 }, /keepTimes/],
    ['changing times without saying how', twoTee, { keepTimes: false }, /needs offsetMinutes/],
    ['a new first time that is not HH:MM', twoTee, { newFirstTime: '7:00' }, /HH:MM/],
    ['a group time that is not HH:MM', [g('a', '25:00', 1)], {}, /HH:MM/],
    ['a hole with no other nine', [g('a', '08:00', 27)], { swapStartingHoles: true }, /holes 1 to 18/],
  ])('refuses %s', (_name, groups, options, problem) => {
    const r = copyPairings(groups, options);
    expect(r).toHaveProperty('problem');
    if ('problem' in r) expect(r.problem).toMatch(problem);
  });

  it('copies groups without tee times when the times are kept, and refuses to move them', () => {
    const untimed = [g('ab', '', 1), g('cd', '', 10)];
    expect(copied(untimed, { swapStartingHoles: true, keepTimes: true })).toEqual(['ab @10', 'cd @1']);
    expect(copyPairings(untimed, { offsetMinutes: 10 })).toEqual({ problem: 'groups without a tee time cannot have their times moved' });
  });

  it('copies no groups to no groups', () => {
    expect(copyPairings([], { offsetMinutes: -30 })).toEqual({ groups: [] });
  });

  it('keeps the groups, their order and their distinct starts under any accepted option', () => {
    const hhmm = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(hhmm, fc.integer({ min: 1, max: 18 })), { selector: ([t, h]) => `${t}${h}`, maxLength: 30 }),
        fc.record({ offsetMinutes: fc.integer({ min: -600, max: 600 }), swapStartingHoles: fc.boolean(), newFirstTime: fc.option(hhmm, { nil: undefined }), intervalMinutes: fc.option(fc.integer({ min: 5, max: 30 }), { nil: undefined }) }),
        (starts, options) => {
          const groups = starts.map(([time, hole], i) => ({ players: [`p${i}`], time, hole }));
          const r = copyPairings(groups, options);
          if (!('groups' in r)) return;
          expect(r.groups.map((x) => x.players)).toEqual(groups.map((x) => x.players));
          expect(new Set(r.groups.map((x) => `${x.time} ${x.hole}`)).size).toBe(groups.length);
          // Tee order is kept: an earlier group never starts later.
          for (let i = 0; i < groups.length; i++) {
            for (let j = 0; j < groups.length; j++) {
              if (groups[i]!.time < groups[j]!.time) expect(r.groups[i]!.time < r.groups[j]!.time).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('second round', () => {
  it('swaps courses between two course ids, leaving others', () => {
    const groups = [g('a', '08:00', 1, { courseId: 'n' }), g('b', '08:00', 1, { courseId: 's' }), g('c', '08:00', 1, { courseId: 'w' }), g('d', '08:10', 1)];
    expect(show(secondRound(groups, { swapCourses: ['n', 's'] }))).toEqual(['a 08:00@1 s', 'b 08:00@1 n', 'c 08:00@1 w', 'd 08:10@1']);
    expect(show(secondRound(groups, { swapCourses: ['n', 'n'] }))).toEqual(show(groups));
  });

  it('swaps starting tees 1 → 10 and 10 → 1', () => {
    expect(show(secondRound(twoTee, { swapStartingTees: true }))).toEqual(['ab 08:00@10', 'cd 08:00@1', 'ef 08:10@10', 'gh 08:10@1']);
  });

  it('reverses group order: the last group goes first, the slots stay', () => {
    expect(show(secondRound(twoTee, { reverseOrder: true }))).toEqual(['gh 08:00@1', 'ef 08:00@10', 'cd 08:10@1', 'ab 08:10@10']);
  });

  it('reverses by tee time, not by list order, and within each course', () => {
    const groups = [g('b', '08:10', 1, { courseId: 'n' }), g('x', '08:00', 1, { courseId: 's' }), g('a', '08:00', 1, { courseId: 'n' }), g('y', '08:10', 1, { courseId: 's' }), g('c', '08:20', 1, { courseId: 'n' })];
    expect(show(secondRound(groups, { reverseOrder: true }))).toEqual(['b 08:10@1 n', 'y 08:00@1 s', 'c 08:00@1 n', 'x 08:10@1 s', 'a 08:20@1 n']);
  });

  it('swaps AM and PM sessions: the afternoon starts the day, the morning ends it, each keeps its spacing', () => {
    const groups = [
      g('a', '08:00', 1, { session: 'AM' }),
      g('b', '08:10', 1, { session: 'AM' }),
      g('c', '08:20', 1, { session: 'AM' }),
      g('d', '13:00', 1, { session: 'PM' }),
      g('e', '13:10', 1, { session: 'PM' }),
      g('f', '10:00', 1, { session: null }),
    ];
    expect(show(secondRound(groups, { swapSessions: true }))).toEqual([
      'a 13:00@1 PM',
      'b 13:10@1 PM',
      'c 13:20@1 PM',
      'd 08:00@1 AM',
      'e 08:10@1 AM',
      'f 10:00@1',
    ]);
  });

  it('keeps the pause between the sessions when the afternoon ran longer than the morning allows', () => {
    const groups = [
      g('a', '08:00', 1, { session: 'AM' }),
      g('b', '09:00', 1, { session: 'AM' }),
      g('c', '10:00', 1, { session: 'PM' }),
      g('d', '12:00', 1, { session: 'PM' }),
    ];
    // The afternoon (2 h) now starts at 08:00 and ends at 10:00; after the 1 h pause the morning restarts at 11:00.
    expect(show(secondRound(groups, { swapSessions: true }))).toEqual(['a 11:00@1 PM', 'b 12:00@1 PM', 'c 08:00@1 AM', 'd 10:00@1 AM']);
  });

  it('never moves a long morning past 23:59', () => {
    const groups = [g('a', '06:00', 1, { session: 'AM' }), g('b', '12:00', 1, { session: 'AM' }), g('c', '20:00', 1, { session: 'PM' })];
    expect(show(secondRound(groups, { swapSessions: true }))).toEqual(['a 17:59@1 PM', 'b 23:59@1 PM', 'c 06:00@1 AM']);
  });

  it('swaps sessions of equal length onto each other\'s times', () => {
    const groups = [g('a', '07:30', 1, { session: 'AM' }), g('b', '07:30', 10, { session: 'AM' }), g('c', '12:30', 1, { session: 'PM' }), g('d', '12:30', 10, { session: 'PM' })];
    expect(show(secondRound(groups, { swapSessions: true }))).toEqual(['a 12:30@1 PM', 'b 12:30@10 PM', 'c 07:30@1 AM', 'd 07:30@10 AM']);
  });

  it('leaves the sheet alone when only one session has groups', () => {
    const groups = [g('a', '07:30', 1, { session: 'AM' })];
    expect(secondRound(groups, { swapSessions: true })).toEqual(groups);
  });

  it('combines the swaps: reverse, sessions, tees, courses', () => {
    const groups = [g('a', '08:00', 1, { courseId: 'n', session: 'AM' }), g('b', '13:00', 10, { courseId: 'n', session: 'PM' })];
    expect(show(secondRound(groups, { reverseOrder: true, swapSessions: true, swapStartingTees: true, swapCourses: ['n', 's'] }))).toEqual([
      'b 13:00@10 s PM',
      'a 08:00@1 s AM',
    ]);
  });

  it('never makes two groups share a start when the sessions did not overlap, and keeps times in the day', () => {
    const sessionGroups = (session: 'AM' | 'PM', from: number, to: number) =>
      fc.uniqueArray(fc.tuple(fc.integer({ min: from, max: to }), fc.constantFrom(1, 10)), { selector: ([t, h]) => `${t}|${h}`, minLength: 1, maxLength: 12 }).map((xs) =>
        xs.map(([t, hole], i) => g(`${session}${i}`, `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`, hole, { session })));
    fc.assert(
      fc.property(sessionGroups('AM', 360, 719), sessionGroups('PM', 720, 1439), fc.boolean(), fc.boolean(), (am, pm, reverseOrder, swapStartingTees) => {
        const groups = [...pm, ...am];
        const out = secondRound(groups, { swapSessions: true, reverseOrder, swapStartingTees });
        expect(new Set(out.map((x) => `${x.time}|${x.hole}`)).size).toBe(groups.length);
        expect(out.map((x) => x.players.join()).sort()).toEqual(groups.map((x) => x.players.join()).sort());
        expect(out.every((x) => /^([01]\d|2[0-3]):[0-5]\d$/.test(x.time))).toBe(true);
        expect(out.map((x) => x.time).sort()[0]).toBe(groups.map((x) => x.time).sort()[0]);
        // Every former PM group is now in the morning session, earlier than every former AM group.
        const wasPm = new Set(pm.map((x) => x.players.join()));
        const maxNewAm = out.filter((x) => x.session === 'AM').map((x) => x.time).sort().at(-1)!;
        const minNewPm = out.filter((x) => x.session === 'PM').map((x) => x.time).sort()[0]!;
        expect(maxNewAm < minNewPm).toBe(true);
        if (!reverseOrder) expect(out.every((x) => (x.session === 'AM') === wasPm.has(x.players.join()))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
