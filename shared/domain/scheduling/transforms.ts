/**
 * Round-to-round transforms of a tee sheet: copying pairings to another round (spec, "Copy-pairings options":
 * offset tee times, swap starting holes, keep or change tee times) and the second-round swaps of a two-round event
 * ("Scheduling behaviors" 7: swap courses, swap starting tees, swap AM/PM sessions, reverse group order).
 * Inputs are never changed; the answers are new groups.
 */
import { formatLocalTime, intervalProblem, parseLocalTime } from './tee-times.js';
import type { LocalTime } from './types.js';

export interface SlotGroup {
  players: string[];
  time: LocalTime;
  hole: number;
  courseId?: string | null;
  session?: 'AM' | 'PM' | null;
}

export interface CopyOptions {
  /** Minutes added to every tee time (may be negative). */
  offsetMinutes?: number;
  /** Hole n starts on n+9 and n+9 on n (1 ↔ 10; shotgun holes 1–18 alike). */
  swapStartingHoles?: boolean;
  /** true: the times stay as they are (refused together with a time change); false: a time change is required. */
  keepTimes?: boolean;
  /** The new first tee time: the sheet moves so its earliest time becomes this one. */
  newFirstTime?: LocalTime;
  /** Re-spaces the distinct tee times in order, this many minutes apart (5–30), from the (new) first time. */
  intervalMinutes?: number;
}

const LAST_MINUTE = 24 * 60 - 1;

/**
 * Copy to another round: offset tee times by minutes (may be negative; refuse past 00:00/23:59 with a problem),
 * swap starting holes (1 ↔ 10, and n ↔ n±9 for shotgun holes on 18), keep or change times. Groups keep their
 * order, players, course and session. Times change in this order: re-spaced by `intervalMinutes` (groups that
 * shared a time still share one), moved to `newFirstTime`, then offset by `offsetMinutes`. A group without a tee
 * time (time `''`) is copied as it is when the times are kept, and refused when they would move.
 *
 * @example copyPairings([{ players: ['a', 'b'], time: '08:00', hole: 1 }], { offsetMinutes: -30, swapStartingHoles: true })
 * // { groups: [{ players: ['a', 'b'], time: '07:30', hole: 10 }] }
 */
export function copyPairings(groups: SlotGroup[], options: CopyOptions): { groups: SlotGroup[] } | { problem: string } {
  const { offsetMinutes = 0, newFirstTime, intervalMinutes } = options;
  const changesTimes = offsetMinutes !== 0 || newFirstTime !== undefined || intervalMinutes !== undefined;
  if (options.keepTimes === true && changesTimes) {
    return { problem: 'keepTimes cannot go with offsetMinutes, newFirstTime or intervalMinutes' };
  }
  if (options.keepTimes === false && !changesTimes) {
    return { problem: 'changing the tee times needs offsetMinutes, newFirstTime or intervalMinutes' };
  }
  if (!Number.isSafeInteger(offsetMinutes)) return { problem: `the offset must be a whole number of minutes, not ${offsetMinutes}` };
  const badInterval = intervalProblem(intervalMinutes);
  if (badInterval) return { problem: badInterval };
  const newFirst = newFirstTime === undefined ? undefined : parseLocalTime(newFirstTime);
  if (newFirstTime !== undefined && newFirst === undefined) return { problem: `the new first tee time must be HH:MM, not "${newFirstTime}"` };

  for (const g of groups) {
    if (options.swapStartingHoles && !isHole(g.hole)) return { problem: `hole ${g.hole} has no other nine to swap to (holes 1 to 18)` };
    if (g.time === '' && changesTimes) return { problem: 'groups without a tee time cannot have their times moved' };
    if (g.time !== '' && parseLocalTime(g.time) === undefined) return { problem: `tee time "${g.time}" is not HH:MM` };
  }
  const swapped = (g: SlotGroup) => (options.swapStartingHoles ? otherNine(g.hole) : g.hole);
  if (!changesTimes) return { groups: groups.map((g) => ({ ...g, players: [...g.players], hole: swapped(g) })) };

  const minutes = groups.map((g) => parseLocalTime(g.time)!);
  const distinct = [...new Set(minutes)].sort((a, b) => a - b);
  const earliest = distinct[0] ?? 0;
  const base = newFirst ?? earliest;
  const moved = minutes.map((t) => {
    const respaced = intervalMinutes === undefined ? t : earliest + distinct.indexOf(t) * intervalMinutes;
    return respaced - earliest + base + offsetMinutes;
  });
  const low = Math.min(...moved);
  const high = Math.max(...moved);
  if (groups.length > 0 && low < 0) return { problem: `the copied tee times would start ${-low} minutes before 00:00` };
  if (groups.length > 0 && high > LAST_MINUTE) return { problem: `the copied tee times would run ${high - LAST_MINUTE} minutes past 23:59` };
  return {
    groups: groups.map((g, i) => ({
      ...g,
      players: [...g.players],
      time: formatLocalTime(moved[i]!),
      hole: swapped(g),
    })),
  };
}

export interface SecondRoundOptions {
  swapCourses?: [string, string];
  swapStartingTees?: boolean;
  swapSessions?: boolean;
  reverseOrder?: boolean;
}

/**
 * Second round of a two-round event: any of swap courses (between two course ids), swap starting tees (1 → 10,
 * 10 → 1; on a shotgun, n ↔ n±9 for holes 1–18 alike), swap AM/PM sessions, reverse group order (the last group
 * goes first, times reassigned in order). Applied in that reverse order: reverse, sessions, tees, courses.
 *
 * - reverseOrder: per course, the slots (time, hole, session) stay in tee order (time, then list order) and the
 *   players' groups take them last-first.
 * - swapSessions: labels swap and each session keeps its spacing. The later session's groups now start at the
 *   earlier session's first time; the earlier session's groups start at the later session's first time, or later
 *   when the session now in front runs longer than before (then the pause between the sessions is kept), and
 *   never so late that they pass 23:59. So two sessions that did not overlap never collide, and every time stays
 *   in the day. With groups in only one session, nothing changes.
 * - swapCourses [a, b]: course a becomes b and b becomes a; other courses stay.
 *
 * @example secondRound([{ players: ['a'], time: '08:00', hole: 1 }, { players: ['b'], time: '08:10', hole: 1 }], { reverseOrder: true })
 * // [{ players: ['b'], time: '08:00', hole: 1 }, { players: ['a'], time: '08:10', hole: 1 }]
 */
export function secondRound(groups: SlotGroup[], options: SecondRoundOptions): SlotGroup[] {
  let out = groups.map((g) => ({ ...g, players: [...g.players] }));
  if (options.reverseOrder) out = reverseTeeOrder(out);
  if (options.swapSessions) out = swapSessions(out);
  if (options.swapStartingTees) out = out.map((g) => (isHole(g.hole) ? { ...g, hole: otherNine(g.hole) } : g));
  const pair = options.swapCourses;
  if (pair && pair[0] !== pair[1]) {
    const [a, b] = pair;
    out = out.map((g) => (g.courseId === a ? { ...g, courseId: b } : g.courseId === b ? { ...g, courseId: a } : g));
  }
  return out;
}

function isHole(hole: number): boolean {
  return Number.isInteger(hole) && hole >= 1 && hole <= 18;
}

/** The same hole of the other nine: 1 ↔ 10, 9 ↔ 18. */
function otherNine(hole: number): number {
  return hole <= 9 ? hole + 9 : hole - 9;
}

const minutesOf = (g: SlotGroup) => parseLocalTime(g.time) ?? Infinity;

function reverseTeeOrder(groups: SlotGroup[]): SlotGroup[] {
  const out = [...groups];
  const courses = new Set(groups.map((g) => g.courseId ?? null));
  for (const course of courses) {
    const tee = groups
      .map((g, i) => ({ g, i }))
      .filter(({ g }) => (g.courseId ?? null) === course)
      .sort((a, b) => minutesOf(a.g) - minutesOf(b.g) || a.i - b.i);
    tee.forEach(({ i }, k) => {
      out[i] = { ...groups[i]!, players: [...tee[tee.length - 1 - k]!.g.players] };
    });
  }
  return out;
}

function swapSessions(groups: SlotGroup[]): SlotGroup[] {
  const span = (session: 'AM' | 'PM') => {
    const ts = groups.filter((g) => g.session === session).map(minutesOf).filter(Number.isFinite);
    return ts.length === 0 ? undefined : { session, first: Math.min(...ts), last: Math.max(...ts) };
  };
  const am = span('AM');
  const pm = span('PM');
  if (!am || !pm) return groups;
  const [early, late] = am.first <= pm.first ? [am, pm] : [pm, am];
  const earlyLength = early.last - early.first;
  const lateLength = late.last - late.first;
  const pause = late.first - early.last;
  // The early block restarts at the late block's first time, later if the late block now in front needs the room
  // (keeping the pause between them), never past 23:59.
  const restart = Math.min(Math.max(late.first, early.first + lateLength + pause), LAST_MINUTE - earlyLength);
  return groups.map((g) => {
    if (g.session !== 'AM' && g.session !== 'PM') return g;
    const t = parseLocalTime(g.time);
    const session = g.session === 'AM' ? 'PM' : 'AM';
    if (t === undefined) return { ...g, session };
    const moved = g.session === late.session ? t - late.first + early.first : t - early.first + restart;
    return { ...g, session, time: formatLocalTime(moved) };
  });
}
