/**
 * Which round is "mine now", from the documents on the phone: the trip's local date (its IANA time zone, never the
 * phone's), the rounds I play and my group in each. Shared by the home screen and the scorecard.
 */
import type { Group, RoundDoc, ScorecardDoc } from '../../../../shared/schemas/round.js';
import type { TeeBookingDoc, TeeSlotDoc } from '../../../../shared/schemas/tee-booking.js';
import { bookingInForce } from '../../../../shared/schemas/tee-booking.js';
import { groupTeeTime } from '../../../../shared/domain/tee-start.js';

/** The trip's local date and time now: `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` in `timeZone`. */
export function tripNow(timeZone: string, now = new Date()): { date: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  }
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '00';
  return { date: `${p('year')}-${p('month')}-${p('day')}`, time: `${p('hour')}:${p('minute')}` };
}

export const plays = (round: RoundDoc, playerId: string) => round.playerIds.includes(playerId) || round.groups.some((g) => g.playerIds.includes(playerId));

export const groupOf = (round: RoundDoc, playerId: string): Group | undefined => round.groups.find((g) => g.playerIds.includes(playerId));

/**
 * The round to show and score now: today's round (trip time zone) I play, else one in progress, else the next ready
 * one, else the latest one played. Draft rounds have no scorecards yet and come last. `mine` false (an organizer not
 * playing) considers every round.
 */
export function currentRound(rounds: readonly RoundDoc[], playerId: string, today: string): RoundDoc | undefined {
  const mine = rounds.filter((r) => plays(r, playerId));
  const pool = mine.length > 0 ? mine : [...rounds];
  const live = pool.filter((r) => r.state !== 'draft');
  const byDate = (a: RoundDoc, b: RoundDoc) => a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id.localeCompare(b.id);
  return (
    live.filter((r) => r.date === today).sort(byDate)[0] ??
    live.filter((r) => r.state === 'in_progress').sort(byDate)[0] ??
    live.filter((r) => r.state === 'ready' && r.date >= today).sort(byDate)[0] ??
    live.filter((r) => r.date < today).sort(byDate).reverse()[0] ??
    live.sort(byDate)[0] ??
    pool.sort(byDate)[0]
  );
}

/**
 * My tee time in a round: my group's time (the round's first tee time only where it is every group's: one group, or
 * a shotgun by starting holes; groupTeeTime), else the tee time I booked (an open tee sheet, when the booking is in
 * force); undefined when none is set for me. The round's first tee time is never told to every group as theirs.
 */
export function myTeeTime(round: RoundDoc, playerId: string, bookings: readonly TeeBookingDoc[], slots: readonly TeeSlotDoc[]): string | undefined {
  const group = groupOf(round, playerId);
  const time = group ? groupTeeTime(round.groups, group, round.startTime) : null;
  if (time) return time;
  const booking = bookings.find((b) => b.roundId === round.id && b.playerId === playerId);
  if (booking) {
    const entriesAt = (time: string) => slots.find((s) => s.roundId === round.id && s.time === time)?.entries ?? [];
    const inForce = bookingInForce(booking, entriesAt);
    if (inForce) return inForce.time;
  }
  return undefined;
}

/** The cards of a group in the group's order (the tee sheet's), only those that exist (a ready round's). */
export function groupCards(round: RoundDoc, group: Group, cards: readonly ScorecardDoc[]): ScorecardDoc[] {
  const byPlayer = new Map(cards.filter((c) => c.roundId === round.id).map((c) => [c.playerId, c]));
  return group.playerIds.flatMap((id) => (byPlayer.has(id) ? [byPlayer.get(id)!] : []));
}

/** `2027-04-11` → `Sun 11 Apr` (the date is a calendar date: formatted in UTC so no zone shifts it). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const FORMAT_LABEL: Record<string, string> = {
  stroke_play: 'Stroke play',
  stableford: 'Stableford',
  match_play: 'Match play',
  four_ball: 'Four-ball',
  scramble: 'Scramble',
  best_ball: 'Best ball',
};
