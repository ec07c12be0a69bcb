/**
 * What a new round starts from (issue 35: half the steps), pure so it is unit tested: the organizer changes only
 * what differs from the round they most likely make next.
 */
import type { SavedCourse } from '../../api/courses.js';
import type { Round } from '../../api/rounds.js';
import type { Trip } from '../../api/types.js';

export type NewValues = { name: string; date: string; startTime: string; courseId: string; tee: string; format: string; allPlayers: boolean };

/** A tee of a library course as the form's choice names it. */
export const teeValue = (t: SavedCourse['tees'][number]) => `${t.name}|${t.gender}`;
/** The tee chosen first for a course: the first of several (a real tee, so no round starts without one), none for one. */
export const firstTee = (c: SavedCourse | undefined) => (c && c.tees.length > 1 ? teeValue(c.tees[0]!) : '');

/** The trip's days, first to last (`YYYY-MM-DD`). */
function tripDays(trip: Trip): string[] {
  const days: string[] = [];
  for (let d = new Date(`${trip.startDate}T00:00:00Z`); days.length < 60; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    if (iso > trip.endDate) break;
    days.push(iso);
  }
  return days.length ? days : [trip.startDate];
}

/**
 * What a new round most likely is, so the organizer only changes what differs: the first day of the trip without a
 * round; the course of the latest round (matched in the library by its name and holes), or the library's only
 * course; that round's tees on the same course, else the course's first tee.
 */
export function newRoundDefaults(trip: Trip, rounds: readonly Round[], library: readonly SavedCourse[]): Pick<NewValues, 'date' | 'courseId' | 'tee'> {
  const taken = new Set(rounds.map((r) => r.date));
  const date = tripDays(trip).find((d) => !taken.has(d)) ?? trip.startDate;
  const latest = [...rounds].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1)).at(-1);
  const same = latest?.course && library.find((c) => c.name === latest.course!.name && c.holes.length === latest.course!.holes.length);
  const course = same || (library.length === 1 ? library[0] : undefined);
  if (!course) return { date, courseId: '', tee: '' };
  // The round's copy names a tee as the library does, or with its rating set in brackets ("Red (F)") beside a men's Red.
  const kept = same && latest?.defaultTee ? course.tees.find((t) => t.name === latest.defaultTee || `${t.name} (${t.gender})` === latest.defaultTee) : undefined;
  return { date, courseId: course.id, tee: kept ? teeValue(kept) : firstTee(course) };
}
