/**
 * Tee times for a round's groups (spec, "Scheduling behaviors" 1–3 and "Limits"): Single Tee, Two-Tee and Shotgun
 * starts, with the shotgun priorities Fill from One, Balanced and Priority Holes, and the Reverse Horseshoe order of
 * a two-tee start. Pure: the same input gives the same slots.
 */
import type { LocalTime } from './types.js';

export type TeeFormat = 'single' | 'two_tee' | 'shotgun';
export type ShotgunPriority = 'fill_from_one' | 'balanced' | 'priority_holes';

/** One group's start. `group` indexes the groups; `label` is the A/B of a doubled shotgun hole, null otherwise. */
export interface TeeSlot {
  group: number;
  time: LocalTime;
  hole: number;
  label: 'A' | 'B' | null;
}

export interface TeeTimeInput {
  groupCount: number;
  format: TeeFormat;
  firstTime: LocalTime;
  /** Minutes between starts on one tee, 5–30; required for single and two_tee (a shotgun ignores it). */
  intervalMinutes?: number;
  /** Holes of the course, default 18 (a shotgun on 9 holes: up to 9 groups, 18 with doubles). */
  holes?: 9 | 18;
  shotgun?: { doubles?: boolean; priority?: ShotgunPriority; priorityHoles?: number[] };
  /**
   * two_tee only. The groups come in standing order (group 0 leads, the last group trails). The top half
   * (ceil(n/2) groups) starts on hole 1 in reverse order, the bottom half on hole 10 in order, both from the first
   * time: the first groups off are the two either side of the middle, the leaders go last on hole 1 and the
   * trailers last on hole 10.
   */
  reverseHorseshoe?: boolean;
}

/** The spec's limits, quoted in the problems a caller answers with 422. */
export const TEE_LIMITS = {
  interval: 'Tee time interval: 5 to 30 minutes',
  shotgunGroups: 'Groups in a shotgun start: up to 18; up to 36 with doubles',
  shotgunGroups9: 'Groups in a shotgun start on a 9-hole course: up to 9; up to 18 with doubles',
  groups: 'Groups: a whole number, 0 or more',
  dayEnd: 'Tee times run from 00:00 to 23:59 of the round day',
  holes: 'Holes of the course: 9 or 18',
} as const;

const DAY_MINUTES = 24 * 60;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of a `HH:MM` time, or undefined when it is not one. */
export function parseLocalTime(time: string): number | undefined {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** `HH:MM` of minutes after midnight (0–1439). */
export function formatLocalTime(minutes: number): LocalTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Why an interval breaks the 5–30 minute limit, or undefined. */
export function intervalProblem(minutes: number | undefined): string | undefined {
  if (minutes === undefined) return undefined;
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 30) {
    return `the tee time interval must be a whole number of minutes from 5 to 30, not ${minutes}`;
  }
  return undefined;
}

type Answer = { slots: TeeSlot[] } | { problem: string; limit: string };

/**
 * Answers the slots, one per group, in group order (`slots[i].group === i`), or the limit broken (for a 422):
 * interval outside 5–30, more than 18 groups in a shotgun (36 with doubles, labelled A then B per hole), a time
 * past 23:59, priority holes that are not holes of the course or repeat.
 *
 * Shotgun order: the priority gives a sequence of holes (Fill from One: 1, 2, 3…; Balanced: the k-th of n groups on
 * hole floor(k·holes/n)+1; Priority Holes: the named holes, then the others from 1). With doubles every hole gets
 * its A group before any hole gets a B group, and the B groups follow the same priority over the remaining count,
 * so as few holes as possible are doubled. With doubles on, every slot carries A or B.
 *
 * @example assignTeeTimes({ groupCount: 3, format: 'two_tee', firstTime: '08:00', intervalMinutes: 10 })
 * // { slots: [{ group: 0, time: '08:00', hole: 1, label: null }, { group: 1, time: '08:00', hole: 10, label: null },
 * //           { group: 2, time: '08:10', hole: 1, label: null }] }
 */
export function assignTeeTimes(input: TeeTimeInput): Answer {
  const { groupCount: n, format } = input;
  const holes = input.holes ?? 18;
  if (holes !== 9 && holes !== 18) return { problem: `a course has 9 or 18 holes, not ${String(holes)}`, limit: TEE_LIMITS.holes };
  if (!Number.isSafeInteger(n) || n < 0) {
    return { problem: `the number of groups must be a whole number, 0 or more, not ${n}`, limit: TEE_LIMITS.groups };
  }
  const first = parseLocalTime(input.firstTime);
  if (first === undefined) return { problem: `the first tee time must be HH:MM, not "${input.firstTime}"`, limit: TEE_LIMITS.dayEnd };
  const badInterval = intervalProblem(input.intervalMinutes);
  if (badInterval) return { problem: badInterval, limit: TEE_LIMITS.interval };
  if (input.reverseHorseshoe && format !== 'two_tee') {
    return { problem: 'the Reverse Horseshoe order applies to a two-tee start only', limit: 'Reverse Horseshoe: Two-Tee starts' };
  }
  switch (format) {
    case 'single':
    case 'two_tee':
      return sequential(input, n, first, holes);
    case 'shotgun':
      return shotgun(input, n, first, holes);
    default:
      return { problem: `unknown tee format "${String(format)}"`, limit: 'Tee format: single, two_tee or shotgun' };
  }
}

function sequential(input: TeeTimeInput, n: number, first: number, holes: 9 | 18): Answer {
  const interval = input.intervalMinutes;
  if (interval === undefined) {
    return { problem: 'a single-tee or two-tee start needs an interval between tee times', limit: TEE_LIMITS.interval };
  }
  const twoTee = input.format === 'two_tee';
  if (twoTee && holes !== 18) {
    return { problem: 'a two-tee start needs hole 10, which a 9-hole course does not have', limit: TEE_LIMITS.holes };
  }
  const perTee = twoTee ? Math.ceil(n / 2) : n;
  const last = first + Math.max(0, perTee - 1) * interval;
  if (last >= DAY_MINUTES) {
    return {
      problem: `${n} groups every ${interval} minutes from ${formatLocalTime(first)} run past 23:59`,
      limit: TEE_LIMITS.dayEnd,
    };
  }
  const at = (k: number) => formatLocalTime(first + k * interval);
  const slots: TeeSlot[] = [];
  for (let g = 0; g < n; g++) {
    if (!twoTee) slots.push({ group: g, time: at(g), hole: 1, label: null });
    else if (!input.reverseHorseshoe) slots.push({ group: g, time: at(Math.floor(g / 2)), hole: g % 2 === 0 ? 1 : 10, label: null });
    else {
      // Reverse Horseshoe: top half off hole 1 from the middle up to the leaders, bottom half off hole 10 from the
      // middle down to the trailers.
      const top = Math.ceil(n / 2);
      slots.push(g < top
        ? { group: g, time: at(top - 1 - g), hole: 1, label: null }
        : { group: g, time: at(g - top), hole: 10, label: null });
    }
  }
  return { slots };
}

function shotgun(input: TeeTimeInput, n: number, first: number, holes: 9 | 18): Answer {
  const doubles = input.shotgun?.doubles ?? false;
  const priority = input.shotgun?.priority ?? 'fill_from_one';
  const named = input.shotgun?.priorityHoles ?? [];
  const seen = new Set<number>();
  for (const h of named) {
    if (!Number.isInteger(h) || h < 1 || h > holes) {
      return { problem: `priority hole ${h} is not a hole of this ${holes}-hole course`, limit: `Priority holes: holes 1 to ${holes}, each once` };
    }
    if (seen.has(h)) return { problem: `priority hole ${h} is named twice`, limit: `Priority holes: holes 1 to ${holes}, each once` };
    seen.add(h);
  }
  const max = holes * (doubles ? 2 : 1);
  if (n > max) {
    return {
      problem: `${n} groups do not fit a shotgun start on ${holes} holes ${doubles ? 'with' : 'without'} doubles: at most ${max}`,
      limit: holes === 18 ? TEE_LIMITS.shotgunGroups : TEE_LIMITS.shotgunGroups9,
    };
  }
  const time = formatLocalTime(first);
  const singles = Math.min(n, holes);
  const order = [...shotgunHoles(priority, singles, holes, named), ...shotgunHoles(priority, n - singles, holes, named)];
  const slots = order.map((hole, g): TeeSlot => ({
    group: g,
    time,
    hole,
    label: doubles ? (g < singles ? 'A' : 'B') : null,
  }));
  return { slots };
}

/** The first `count` holes (distinct, count ≤ holes) a shotgun priority fills, in the order groups take them. */
function shotgunHoles(priority: ShotgunPriority, count: number, holes: number, named: readonly number[]): number[] {
  if (count <= 0) return [];
  switch (priority) {
    case 'balanced':
      // Even spread: 6 groups on 18 holes start on 1, 4, 7, 10, 13, 16. holes/count ≥ 1 keeps the holes distinct.
      return Array.from({ length: count }, (_, k) => Math.floor((k * holes) / count) + 1);
    case 'priority_holes': {
      const rest = Array.from({ length: holes }, (_, i) => i + 1).filter((h) => !named.includes(h));
      return [...named, ...rest].slice(0, count);
    }
    default:
      return Array.from({ length: count }, (_, i) => i + 1);
  }
}
