import { fail, ok, type Result } from '../../errors.js';

/**
 * Activities: RSVPs with a capacity, counts, views by day and stats. Pure functions of the activity documents and
 * the trip's players. Only "yes" takes a place; "maybe" and "no" never do.
 */

export type RsvpResponse = 'yes' | 'no' | 'maybe';

export interface Rsvp {
  playerId: string;
  response: RsvpResponse;
  at: string;
}

export interface ActivityLike {
  id: string;
  name: string;
  /** Local date-time `YYYY-MM-DDTHH:MM` in the trip's time zone. */
  start: string;
  capacity?: number | undefined;
  costPerPersonCents?: number | undefined;
  rsvps: readonly Rsvp[];
}

/** The day an activity is on, in the trip's time zone: the date of its local start. */
export const activityDate = (a: Pick<ActivityLike, 'start'>) => a.start.slice(0, 10);

export const yesCount = (a: Pick<ActivityLike, 'rsvps'>) => a.rsvps.filter((r) => r.response === 'yes').length;

/**
 * The RSVPs after `playerId` answers `response`: their earlier answer is replaced. A yes that would take more places
 * than the capacity fails `activity_full`; a player who already said yes keeps their place.
 */
export function applyRsvp(activity: Pick<ActivityLike, 'rsvps' | 'capacity' | 'name'>, rsvp: Rsvp): Result<Rsvp[]> {
  const others = activity.rsvps.filter((r) => r.playerId !== rsvp.playerId);
  const alreadyYes = activity.rsvps.some((r) => r.playerId === rsvp.playerId && r.response === 'yes');
  if (rsvp.response === 'yes' && !alreadyYes && activity.capacity !== undefined && yesCount({ rsvps: others }) >= activity.capacity) {
    return fail('activity_full', `${activity.name} is full: all ${activity.capacity} places are taken`);
  }
  return ok([...others, rsvp].sort((a, b) => a.at.localeCompare(b.at) || a.playerId.localeCompare(b.playerId)));
}

/** Yes, no and maybe among the trip's players, and how many of them have not answered. */
export function activityCounts(activity: Pick<ActivityLike, 'rsvps'>, playerIds: readonly string[]) {
  const on = new Set(playerIds);
  const rsvps = activity.rsvps.filter((r) => on.has(r.playerId));
  const count = (response: RsvpResponse) => rsvps.filter((r) => r.response === response).length;
  return { yes: count('yes'), no: count('no'), maybe: count('maybe'), unanswered: playerIds.length - rsvps.length };
}

/** Activities grouped by their local day, days in order and activities by start then name. */
export function groupByDate<T extends ActivityLike>(activities: readonly T[]): { date: string; activities: T[] }[] {
  const days = new Map<string, T[]>();
  const sorted = [...activities].sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const a of sorted) days.set(activityDate(a), [...(days.get(activityDate(a)) ?? []), a]);
  return [...days].map(([date, list]) => ({ date, activities: list }));
}

/** An exact ratio (no rounding: 9 of 76 is 9/76), or null when there is nothing to divide by. */
const ratio = (n: number, d: number) => (d > 0 ? n / d : null);

/**
 * Attendance and cost: per activity its counts, how full it is (yes ÷ capacity) and its total cost (cost per person
 * × yes); for the trip the yes total, the attendance (yes ÷ (players × activities)) and the total cost; per player
 * how many they said yes and maybe to and what their yeses cost.
 */
export function activityStats(activities: readonly ActivityLike[], playerIds: readonly string[]) {
  const sorted = groupByDate(activities).flatMap((d) => d.activities);
  const rows = sorted.map((a) => {
    const counts = activityCounts(a, playerIds);
    return {
      activityId: a.id,
      name: a.name,
      date: activityDate(a),
      ...counts,
      capacity: a.capacity ?? null,
      fill: a.capacity !== undefined ? ratio(counts.yes, a.capacity) : null,
      totalCostCents: a.costPerPersonCents !== undefined ? a.costPerPersonCents * counts.yes : null,
    };
  });
  const yes = rows.reduce((n, r) => n + r.yes, 0);
  return {
    activities: rows,
    totals: {
      activities: rows.length,
      yes,
      attendance: ratio(yes, playerIds.length * rows.length),
      totalCostCents: rows.reduce((n, r) => n + (r.totalCostCents ?? 0), 0),
    },
    players: playerIds.map((playerId) => {
      const answers = sorted.map((a) => ({ a, r: a.rsvps.find((x) => x.playerId === playerId) }));
      const yesOn = answers.filter((x) => x.r?.response === 'yes');
      return {
        playerId,
        yes: yesOn.length,
        maybe: answers.filter((x) => x.r?.response === 'maybe').length,
        costCents: yesOn.reduce((n, x) => n + (x.a.costPerPersonCents ?? 0), 0),
      };
    }),
  };
}
