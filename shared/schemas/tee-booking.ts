import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { DocBase, Id, Instant, IsoDate, LocalTime } from './common.js';
import { RoundState } from './round.js';

/**
 * Open tee times (spec, scheduling behaviour 8): an organizer opens a grid of tee times for a round (first and last
 * time, interval, maximum players per time, blocked times) and players book themselves and friends into it.
 * Times are local wall-clock `HH:MM` in the trip's time zone, on the round's date.
 */

/** Spec, Limits: "Tee time interval: 5 to 30 minutes". */
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 30;
/** A tee time holds 1 to 6 players (the spec's largest group is a sixsome). */
export const MAX_PLAYERS_PER_SLOT = 6;

// ---- Pure rules of the grid (no I/O, no clock) -------------------------------------------------------------------

/** Minutes after midnight of `HH:MM`. */
export function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes after midnight. */
export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface TeeGrid {
  firstTime: string;
  lastTime: string;
  intervalMinutes: number;
}

/**
 * The tee times of a grid: `firstTime`, then every `intervalMinutes`, up to `lastTime` included. When the interval
 * does not divide the span, the last tee time is the last one before `lastTime`.
 *
 * @example slotTimes({ firstTime: '08:00', lastTime: '08:25', intervalMinutes: 10 }) // ['08:00', '08:10', '08:20']
 */
export function slotTimes(grid: TeeGrid): string[] {
  const out: string[] = [];
  for (let m = toMinutes(grid.firstTime); m <= toMinutes(grid.lastTime); m += grid.intervalMinutes) out.push(fromMinutes(m));
  return out;
}

/** Whether `time` is one of the grid's tee times. */
export function isOnGrid(grid: TeeGrid, time: string): boolean {
  const m = toMinutes(time);
  const first = toMinutes(grid.firstTime);
  return m >= first && m <= toMinutes(grid.lastTime) && (m - first) % grid.intervalMinutes === 0;
}

// ---- Request bodies ----------------------------------------------------------------------------------------------

const UniqueTimes = z
  .array(LocalTime)
  .max(300)
  .refine((t) => new Set(t).size === t.length, 'a time is listed twice');

const UniquePlayers = (max: number) =>
  z
    .array(Id)
    .max(max, `at most ${max} players per tee time`)
    .refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice');

/**
 * Body of `POST /rounds/:id/open-tee-times`: the whole configuration (a reconfiguration replaces it). Bookings that
 * the new configuration leaves outside the grid, in a blocked time or beyond the maximum are refused (409
 * `bookings_affected`, listing them) unless `force` cancels them.
 */
export const OpenTeeTimesBody = z
  .strictObject({
    firstTime: LocalTime,
    lastTime: LocalTime,
    intervalMinutes: z
      .number()
      .int('the tee time interval is whole minutes')
      .min(MIN_INTERVAL_MINUTES, `the tee time interval is ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES} minutes`)
      .max(MAX_INTERVAL_MINUTES, `the tee time interval is ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES} minutes`),
    maxPlayers: z
      .number()
      .int('a whole number of players')
      .min(1, `a tee time holds 1 to ${MAX_PLAYERS_PER_SLOT} players`)
      .max(MAX_PLAYERS_PER_SLOT, `a tee time holds 1 to ${MAX_PLAYERS_PER_SLOT} players`),
    blockedTimes: UniqueTimes.default([]),
    /** Players may move their own booking (portal). Organizers always may. */
    playersMayModify: z.boolean().default(false),
    /** Players may cancel their own booking (portal). Organizers always may. */
    playersMayCancel: z.boolean().default(false),
    /** Cancel the bookings the new configuration no longer holds instead of refusing. */
    force: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (toMinutes(b.lastTime) < toMinutes(b.firstTime)) {
      ctx.addIssue({ code: 'custom', path: ['lastTime'], message: 'the last tee time must not be before the first' });
      return;
    }
    b.blockedTimes.forEach((t, i) => {
      if (!isOnGrid(b, t)) {
        ctx.addIssue({ code: 'custom', path: ['blockedTimes', i], message: `${t} is not a tee time of the grid (${b.firstTime} to ${b.lastTime} every ${b.intervalMinutes} minutes)` });
      }
    });
  }, evenIfOthersFail('firstTime', 'lastTime', 'intervalMinutes', 'blockedTimes'));
export type OpenTeeTimesBody = z.infer<typeof OpenTeeTimesBody>;

/** Body of `POST /rounds/:id/open-tee-times/block`: more blocked times (tee times of the grid). */
export const BlockTeeTimesBody = z.strictObject({
  times: UniqueTimes.min(1, 'give at least one time'),
  /** Cancel bookings in those times instead of refusing. */
  force: z.boolean().default(false),
});

/** Body of `POST /rounds/:id/open-tee-times/bookings`: an organizer books players of the round into one tee time. */
export const OrganizerBookBody = z.strictObject({ time: LocalTime, playerIds: UniquePlayers(MAX_PLAYERS_PER_SLOT).min(1, 'give at least one player') });

/** Body of a move (`PATCH …/bookings…`): the new tee time. */
export const MoveBookingBody = z.strictObject({ time: LocalTime });

/** Body of the portal's `POST …/tee-times/bookings`: I am always booked; `friendIds` are other players of the round. */
export const PortalBookBody = z.strictObject({ time: LocalTime, friendIds: UniquePlayers(MAX_PLAYERS_PER_SLOT - 1).default([]) });

export const RoundIdParams = z.strictObject({ id: Id });
export const RoundPlayerParams = z.strictObject({ id: Id, playerId: Id });
export const PortalRoundParams = z.strictObject({ tripId: Id, roundId: Id });

// ---- Stored documents --------------------------------------------------------------------------------------------

const Config = {
  firstTime: LocalTime,
  lastTime: LocalTime,
  intervalMinutes: z.number().int(),
  maxPlayers: z.number().int(),
  blockedTimes: z.array(LocalTime),
  playersMayModify: z.boolean(),
  playersMayCancel: z.boolean(),
};

/** The configuration, `openteetimes:<roundId>`. */
export const OpenTeeTimesDoc = DocBase.extend({ type: z.literal('openteetimes'), id: Id, roundId: Id, ...Config });
export type OpenTeeTimesDoc = z.infer<typeof OpenTeeTimesDoc>;

/** One place taken in a tee time: the player and the operation that took it (see {@link TeeBookingDoc}). */
export const TeeSlotEntry = z.object({ playerId: Id, op: z.string().min(1) });
export type TeeSlotEntry = z.infer<typeof TeeSlotEntry>;

/**
 * One tee time, `teeslot:<roundId>-<HHMM>`: the places taken, written with its revision so that the capacity check
 * and the write are one atomic step. `hold` is set while an organizer's reconfiguration runs: no place is taken in a
 * held tee time until the hold is released or expires.
 */
export const TeeSlotDoc = DocBase.extend({
  type: z.literal('teeslot'),
  id: z.string(),
  roundId: Id,
  time: LocalTime,
  entries: z.array(TeeSlotEntry),
  hold: z.object({ op: z.string(), until: Instant }).nullable(),
});
export type TeeSlotDoc = z.infer<typeof TeeSlotDoc>;

export const TeeBooker = z.object({ kind: z.enum(['player', 'organizer']), playerId: Id.optional(), sub: z.string().optional() });

/**
 * A player's booking in a round, `teebooking:<roundId>-<playerId>`: one document per player, so a player holds at
 * most one tee time. It names the place (`time`, `op`) it owns; while a change is being made, `from` keeps the
 * place it had before, so a player is never without one. A booking is in force when its slot holds the entry it names.
 */
export const TeeBookingDoc = DocBase.extend({
  type: z.literal('teebooking'),
  id: z.string(),
  roundId: Id,
  playerId: Id,
  time: LocalTime,
  op: z.string(),
  state: z.enum(['pending', 'confirmed']),
  from: z.object({ time: LocalTime, op: z.string() }).nullable(),
  bookedBy: TeeBooker,
  bookedAt: Instant,
});
export type TeeBookingDoc = z.infer<typeof TeeBookingDoc>;

/**
 * The place a booking is in force at: its target once the target slot holds it, else the place it is moving from
 * while that one still holds it, else none (a booking being made, or one whose making was interrupted).
 */
export function bookingInForce(booking: Pick<TeeBookingDoc, 'playerId' | 'time' | 'op' | 'from'>, entriesAt: (time: string) => readonly TeeSlotEntry[]): { time: string; op: string } | null {
  const holds = (time: string, op: string) => entriesAt(time).some((e) => e.playerId === booking.playerId && e.op === op);
  if (holds(booking.time, booking.op)) return { time: booking.time, op: booking.op };
  if (booking.from && holds(booking.from.time, booking.from.op)) return booking.from;
  return null;
}

/** Whether a slot's entry still belongs to its player's booking (as target or as the place moved from). */
export function entryReferenced(entry: TeeSlotEntry, booking: Pick<TeeBookingDoc, 'op' | 'from'> | undefined): boolean {
  return !!booking && (booking.op === entry.op || booking.from?.op === entry.op);
}

// ---- Responses ---------------------------------------------------------------------------------------------------

export const OpenTeeTimesConfig = z.object(Config);

export const BookedPlayer = z.object({
  playerId: Id,
  /** Null when the player has since left the trip. */
  name: z.string().nullable(),
  bookedAt: Instant,
  bookedBy: z.object({ kind: z.enum(['player', 'organizer']), playerId: Id.optional() }),
});

/** One tee time with live availability. `offered` is false for a time off the grid that still holds bookings. */
export const TeeSlot = z.object({
  time: LocalTime,
  capacity: z.number().int(),
  blocked: z.boolean(),
  offered: z.boolean(),
  freePlaces: z.number().int(),
  players: z.array(BookedPlayer),
});
export type TeeSlot = z.infer<typeof TeeSlot>;

export const OpenTeeTimes = z.object({
  tripId: Id,
  roundId: Id,
  roundName: z.string(),
  date: IsoDate,
  timezone: z.string(),
  roundState: RoundState,
  config: OpenTeeTimesConfig,
  slots: z.array(TeeSlot),
  updatedAt: Instant,
});
export type OpenTeeTimes = z.infer<typeof OpenTeeTimes>;

export const CancelReason = z.enum(['not_offered', 'blocked', 'over_capacity']);
export const CancelledBooking = z.object({ playerId: Id, name: z.string().nullable(), time: LocalTime, reason: CancelReason });
export type CancelledBooking = z.infer<typeof CancelledBooking>;

export const ConfigureResult = OpenTeeTimes.extend({ cancelled: z.array(CancelledBooking) });

export const PortalTeeTimes = OpenTeeTimes.extend({
  me: z.object({ playerId: Id, time: LocalTime.nullable(), playsRound: z.boolean() }),
});

export const TeeBookingResult = z.object({ time: LocalTime, playerIds: z.array(Id), slot: TeeSlot });
export const TeeMoveResult = z.object({ playerId: Id, from: LocalTime, time: LocalTime, slot: TeeSlot });
