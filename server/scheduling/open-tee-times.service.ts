import {
  bookingInForce,
  isOnGrid,
  slotTimes,
  type CancelledBooking,
  type OpenTeeTimes,
  type OpenTeeTimesDoc,
  type TeeBookingDoc,
  type TeeSlot,
} from '../../shared/schemas/tee-booking.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { StoreConflictError, type Database } from '../store/docstore.js';

/**
 * Open tee times: one document per tee time (`teeslot:`) holding the places taken, one per booked player
 * (`teebooking:`) naming the place it owns, and the configuration (`openteetimes:`). Every write is made with the
 * revision read (CouchDB optimistic concurrency), so it holds across several servers sharing one CouchDB:
 *
 * - A place is taken by one revisioned write of its slot that checks the capacity: a slot never holds more entries
 *   than its maximum, whatever the number of servers and requests.
 * - A player has one booking document, so at most one tee time. A change writes it first (the intent, keeping the
 *   place it had as `from`), then takes the new place, then confirms it; the old place is released last. Until the
 *   new place is taken the booking stays in force at the old one, so a player is never double-booked nor lost,
 *   even when a server dies between two writes. An entry no booking refers to any more is dead, for good, and is
 *   dropped when its slot looks full.
 * - A reconfiguration first holds every tee time it restricts, then lists the bookings it would end, then writes
 *   the configuration and releases the holds. A booking reads its slot before the configuration, so it either sees
 *   the new configuration or its write conflicts with the hold.
 */
import {
  type Stored,
  type Config,
  type Actor,
  type SheetContext,
  configDocId,
  bookingDocId,
  HOLD_MS,
  MAX_ATTEMPTS,
  busy,
  backoff,
  type Sheet,
  readSheet,
  readBookings,
  slotsOf,
  entriesIn,
  requireConfig,
  checkRoundOpen,
  checkPlayersOfRound,
  isHeld,
  checkBookable,
  updateSlot,
  referencedEntries,
  takePlaces,
  dropEntries,
} from './open-tee-times.slots.js';

export { type Actor, type SheetContext, configDocId, slotDocId, bookingDocId, requireConfig, checkRoundOpen, checkPlayersOfRound } from './open-tee-times.slots.js';

const booker = (actor: Actor): TeeBookingDoc['bookedBy'] => (actor.kind === 'player' ? { kind: 'player', playerId: actor.playerId } : { kind: 'organizer', sub: actor.sub });

/**
 * Books players into one tee time, all or none: 409 `already_booked` when one of them holds a tee time of the round,
 * `slot_full`, `slot_blocked`, 422 `slot_not_offered`. Organizers obey the same capacity and blocked times.
 */
export async function bookPlayers(ctx: SheetContext, time: string, playerIds: string[], actor: Actor): Promise<void> {
  const { deps, db, round } = ctx;
  checkRoundOpen(round);
  checkPlayersOfRound(round, playerIds);
  checkBookable(await requireConfig(db, round.id), time);
  const op = deps.newId();
  const now = deps.now().toISOString();

  // 1. Intent: each player's booking document, created (or replacing one that is not in force) with its revision.
  const existing = await readBookings(db, round.id, playerIds);
  const slots = await slotsOf(db, round.id, existing.values());
  const booked = [...existing.values()].map((b) => ({ b, at: bookingInForce(b, entriesIn(slots)) })).filter((x) => x.at);
  if (booked.length > 0) {
    throw new AppError('already_booked', `${booked.map((x) => `${x.b.playerId} at ${x.at!.time}`).join(', ')}: already booked in this round (move the booking instead)`, booked.map((x) => ({ path: ['body'], message: 'already booked', playerId: x.b.playerId, time: x.at!.time })));
  }
  const intents = playerIds.map((playerId): Stored<TeeBookingDoc> => {
    const id = bookingDocId(round.id, playerId).slice('teebooking:'.length);
    const prev = existing.get(playerId);
    return {
      _id: `teebooking:${id}`,
      ...(prev ? { _rev: prev._rev } : {}),
      type: 'teebooking',
      id,
      roundId: round.id,
      playerId,
      time,
      op,
      state: 'pending',
      from: null,
      bookedBy: booker(actor),
      bookedAt: now,
      createdAt: prev?.createdAt ?? now,
      updatedAt: now,
    };
  });
  try {
    const written = await db.bulkDocs(intents);
    if (written.some((r) => r.error)) throw new AppError('conflict', 'another booking for one of these players is being made at this moment; try again');
    // 2. The places, all in one write of the slot.
    await takePlaces(ctx, time, playerIds.map((playerId) => ({ playerId, op })));
    // 3. Confirm: a booking document replaced meanwhile (by a change that did not see this one in force) fails here.
    const current = await readBookings(db, round.id, playerIds);
    const confirmed = playerIds.map((p) => current.get(p)).map((b) => (b && b.op === op ? { ...b, state: 'confirmed' as const, updatedAt: deps.now().toISOString() } : undefined));
    if (confirmed.some((b) => !b)) throw new AppError('conflict', 'the booking changed while it was made; read the tee sheet again');
    const results = await db.bulkDocs(confirmed as Stored<TeeBookingDoc>[]);
    if (results.some((r) => r.error)) throw new AppError('conflict', 'the booking changed while it was made; read the tee sheet again');
  } catch (err) {
    await undoBooking(ctx, time, playerIds, op);
    throw err;
  }
}

/** Takes back what a failed booking wrote: its booking documents still in its name, then its unreferenced places. */
async function undoBooking(ctx: SheetContext, time: string, playerIds: string[], op: string): Promise<void> {
  const { db, round } = ctx;
  const current = await readBookings(db, round.id, playerIds);
  const mine = [...current.values()].filter((b) => b.op === op && !b.from);
  if (mine.length > 0) await db.bulkDocs(mine.map((b) => ({ _id: b._id, _rev: b._rev!, _deleted: true })));
  await dropEntries(ctx, time, (e) => e.op === op);
}

/**
 * Moves one player's booking to another tee time: the booking document is rewritten first (keeping the old place
 * as `from`), the new place is taken, the booking confirmed, and the old place released. A player is never in two
 * tee times and never in none: until the new place is taken, the booking is in force at the old one.
 */
export async function moveBooking(ctx: SheetContext, playerId: string, time: string): Promise<{ from: string }> {
  const { deps, db, round } = ctx;
  checkRoundOpen(round);
  checkBookable(await requireConfig(db, round.id), time);
  const op = deps.newId();
  let from: { time: string; op: string };
  for (let attempt = 0; ; attempt++) {
    const b = (await readBookings(db, round.id, [playerId])).get(playerId);
    const at = b ? bookingInForce(b, entriesIn(await slotsOf(db, round.id, [b]))) : null;
    if (!b || !at) throw new AppError('not_found', `${playerId} has no tee time in this round`);
    if (at.time === time) return { from: time };
    try {
      // `bookedBy` and `bookedAt` keep describing the booking; a move changes its place only.
      await db.put({ ...b, time, op, state: 'pending', from: at, updatedAt: deps.now().toISOString() });
      from = at;
      break;
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
    }
  }
  try {
    await takePlaces(ctx, time, [{ playerId, op }]);
  } catch (err) {
    await revertMove(ctx, playerId, op, time);
    throw err;
  }
  // Confirm; a change made meanwhile by someone who saw this move in force wins, and refers to its place itself.
  for (let attempt = 0; ; attempt++) {
    const b = (await readBookings(db, round.id, [playerId])).get(playerId);
    if (!b || b.op !== op) {
      // Another change won; whatever it does not refer to (this move's place, the place moved from) is dead.
      await dropEntries(ctx, time, (e) => e.op === op);
      await dropEntries(ctx, from.time, (e) => e.op === from.op);
      throw new AppError('conflict', 'the booking changed while it was moved; read the tee sheet again');
    }
    try {
      await db.put({ ...b, state: 'confirmed', from: null, updatedAt: deps.now().toISOString() });
      break;
    } catch (err) {
      if (!(err instanceof StoreConflictError) || attempt >= MAX_ATTEMPTS) throw err instanceof StoreConflictError ? busy() : err;
      await backoff(attempt);
    }
  }
  await dropEntries(ctx, from.time, (e) => e.op === from.op);
  return { from: from.time };
}

/** A move whose new place could not be taken: the booking goes back to the place it had. */
async function revertMove(ctx: SheetContext, playerId: string, op: string, time: string): Promise<void> {
  const { deps, db, round } = ctx;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const b = (await readBookings(db, round.id, [playerId])).get(playerId);
    if (!b || b.op !== op || !b.from) break;
    try {
      await db.put({ ...b, time: b.from.time, op: b.from.op, from: null, state: 'confirmed', updatedAt: deps.now().toISOString() });
      break;
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      await backoff(attempt);
    }
  }
  // Normally no place was taken; one written by a write whose answer was lost is dead now and goes.
  await dropEntries(ctx, time, (e) => e.op === op);
}

/**
 * Cancels a player's booking (404 when they have none in force). With `onlyAt`, only a booking in force at that
 * time is cancelled (a reconfiguration's `force`); answers the time cancelled, or null when there was none there.
 */
export async function cancelBooking(ctx: SheetContext, playerId: string, onlyAt?: string): Promise<string | null> {
  const { db, round } = ctx;
  if (!onlyAt) checkRoundOpen(round);
  for (let attempt = 0; ; attempt++) {
    const b = (await readBookings(db, round.id, [playerId])).get(playerId);
    const at = b ? bookingInForce(b, entriesIn(await slotsOf(db, round.id, [b]))) : null;
    if (!b || !at) {
      if (onlyAt) return null;
      throw new AppError('not_found', `${playerId} has no tee time in this round`);
    }
    if (onlyAt && at.time !== onlyAt) return null;
    try {
      await db.remove(b._id, b._rev!);
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
      continue;
    }
    await dropEntries(ctx, b.time, (e) => e.playerId === playerId);
    if (b.from) await dropEntries(ctx, b.from.time, (e) => e.playerId === playerId);
    return at.time;
  }
}

// ---- Configuration -----------------------------------------------------------------------------------------------

const openAt = (c: Config, t: string) => isOnGrid(c, t) && !c.blockedTimes.includes(t);

/** In-force bookings the configuration `next` no longer holds: off the grid, blocked, or beyond the maximum. */
function bookingsEnded(sheet: Sheet, next: Config, times: ReadonlySet<string>): { playerId: string; time: string; reason: CancelledBooking['reason'] }[] {
  const byTime = bookingsByTime(sheet);
  const out: { playerId: string; time: string; reason: CancelledBooking['reason'] }[] = [];
  for (const time of [...times].sort()) {
    const here = byTime.get(time) ?? [];
    if (!isOnGrid(next, time)) out.push(...here.map((b) => ({ playerId: b.playerId, time, reason: 'not_offered' as const })));
    else if (next.blockedTimes.includes(time)) out.push(...here.map((b) => ({ playerId: b.playerId, time, reason: 'blocked' as const })));
    // Beyond the new maximum the latest bookings give way.
    else if (here.length > next.maxPlayers) out.push(...here.slice(next.maxPlayers).map((b) => ({ playerId: b.playerId, time, reason: 'over_capacity' as const })));
  }
  return out;
}

/** In-force bookings by tee time, in the order their places were taken (players of one request as listed). */
function bookingsByTime(sheet: Sheet): Map<string, Stored<TeeBookingDoc>[]> {
  const entries = (t: string) => sheet.slots.get(t)?.entries ?? [];
  const found = new Map<string, { b: Stored<TeeBookingDoc>; place: number }[]>();
  for (const b of sheet.bookings.values()) {
    const at = bookingInForce(b, entries);
    if (!at) continue;
    const place = entries(at.time).findIndex((e) => e.playerId === b.playerId && e.op === at.op);
    if (!found.has(at.time)) found.set(at.time, []);
    found.get(at.time)!.push({ b, place });
  }
  return new Map([...found].map(([time, list]) => [time, list.sort((x, y) => x.place - y.place).map((x) => x.b)]));
}

/**
 * Configures (or reconfigures) the round's open tee times. Bookings the new configuration ends are refused with
 * 409 `bookings_affected` listing them, or cancelled with `force` and answered. Answers whether the configuration is
 * new and what was cancelled.
 */
export async function configure(ctx: SheetContext, next: Config, force: boolean): Promise<{ created: boolean; cancelled: { playerId: string; time: string; reason: CancelledBooking['reason'] }[] }> {
  const { deps, db, round } = ctx;
  checkRoundOpen(round);
  for (let attempt = 0; ; attempt++) {
    const old = await db.get<Stored<OpenTeeTimesDoc>>(configDocId(round.id));
    const now = deps.now().toISOString();
    try {
      if (!old) {
        await db.put({ _id: configDocId(round.id), type: 'openteetimes', id: round.id, roundId: round.id, ...next, createdAt: now, updatedAt: now });
        return { created: true, cancelled: [] };
      }
      const cancelled = await reconfigure(ctx, old, next, force);
      return { created: false, cancelled };
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= 20) throw new AppError('conflict', 'another change of the tee sheet is being made; try again');
      await backoff(attempt);
    }
  }
}

async function reconfigure(ctx: SheetContext, old: Stored<OpenTeeTimesDoc>, next: Config, force: boolean) {
  const { deps, db, round } = ctx;
  const op = deps.newId();
  const before = await readSheet(db, round.id);
  // Tee times where the change takes something away: a place could be lost there, so no place is taken meanwhile.
  const candidates = new Set([...slotTimes(old), ...before.slots.keys()]);
  const restricted = new Set(
    [...candidates].filter((t) => (openAt(old, t) || (before.slots.get(t)?.entries.length ?? 0) > 0) && (!openAt(next, t) || next.maxPlayers < old.maxPlayers)),
  );
  const held = new Set<string>();
  let ended: ReturnType<typeof bookingsEnded>;
  try {
    const holds = await Promise.allSettled(
      [...restricted].map((time) =>
        updateSlot(deps, db, round.id, time, (slot) => {
          if (isHeld(slot, deps.now()) && slot.hold!.op !== op) throw new AppError('conflict', 'another change of the tee sheet is being made; try again');
          held.add(time);
          return { ...slot, hold: { op, until: new Date(deps.now().getTime() + HOLD_MS).toISOString() } };
        }),
      ),
    );
    const failed = holds.find((h): h is PromiseRejectedResult => h.status === 'rejected');
    if (failed) throw failed.reason;
    // With the holds in place no place is taken in those tee times: the list below can only shrink.
    ended = bookingsEnded(await readSheet(db, round.id), next, restricted);
    if (ended.length > 0 && !force) {
      // Each booking by the player's name, at the body (the dashboard shows them before offering to force).
      const names = await namesOf(ctx.db);
      throw new AppError(
        'bookings_affected',
        `${ended.length} booking${ended.length > 1 ? 's' : ''} would end; move or cancel ${ended.length > 1 ? 'them' : 'it'} first, or send force: true to cancel ${ended.length > 1 ? 'them' : 'it'}`,
        ended.map((e) => ({ path: ['body'], message: `${names.get(e.playerId) ?? e.playerId} at ${e.time}: ${REASON_WORDS[e.reason]}`, ...e })),
      );
    }
    await db.put({ ...old, ...next, updatedAt: deps.now().toISOString() });
  } catch (err) {
    await releaseHolds(ctx, held, op);
    throw err;
  }
  const cancelled: typeof ended = [];
  for (const e of ended) if ((await cancelBooking(ctx, e.playerId, e.time)) !== null) cancelled.push(e);
  await releaseHolds(ctx, held, op);
  return cancelled;
}

/** Releases a reconfiguration's holds, dropping dead entries on the way. */
async function releaseHolds(ctx: SheetContext, times: Iterable<string>, op: string): Promise<void> {
  const { deps, db, round } = ctx;
  await Promise.all(
    [...times].map((time) =>
      updateSlot(deps, db, round.id, time, async (slot, exists) => {
        if (!exists || slot.hold?.op !== op) return undefined;
        return { ...slot, hold: null, entries: await referencedEntries(db, round.id, slot.entries) };
      }),
    ),
  );
}

/** Adds blocked times (tee times of the grid, else 422) through a reconfiguration. */
export async function blockTimes(ctx: SheetContext, times: string[], force: boolean) {
  const config = await requireConfig(ctx.db, ctx.round.id);
  const off = times.filter((t) => !isOnGrid(config, t));
  if (off.length > 0) {
    throw new AppError('slot_not_offered', `${off.join(', ')} ${off.length > 1 ? 'are' : 'is'} not tee times of the grid (${config.firstTime} to ${config.lastTime} every ${config.intervalMinutes} minutes)`, off.map((time) => ({ path: ['body', 'times'], message: 'not a tee time of the grid', time })));
  }
  return configure(ctx, { ...configOf(config), blockedTimes: [...new Set([...config.blockedTimes, ...times])].sort() }, force);
}

export function configOf(doc: Config): Config {
  const { firstTime, lastTime, intervalMinutes, maxPlayers, blockedTimes, playersMayModify, playersMayCancel } = doc;
  return { firstTime, lastTime, intervalMinutes, maxPlayers, blockedTimes: [...blockedTimes].sort(), playersMayModify, playersMayCancel };
}

// ---- Presentation ------------------------------------------------------------------------------------------------

export interface SheetView {
  view: OpenTeeTimes;
  /** Tee time in force per player. */
  timeOf: Map<string, string>;
  config: Stored<OpenTeeTimesDoc>;
}

/** The configuration and live availability: every tee time of the grid, and any other still holding bookings. */
export async function sheetView(ctx: SheetContext): Promise<SheetView> {
  const { db, round, trip, tripId } = ctx;
  const [sheet, players] = await Promise.all([readSheet(db, round.id), listPlayers(db)]);
  if (!sheet.config) throw new AppError('not_found', 'open tee times are not set up for this round');
  const config = sheet.config;
  const names = new Map(players.map((p) => [p.id, p.name]));
  const byTime = bookingsByTime(sheet);
  const times = [...new Set([...slotTimes(config), ...byTime.keys()])].sort();
  const slots = times.map((time): TeeSlot => {
    const booked = byTime.get(time) ?? [];
    const offered = isOnGrid(config, time);
    const blocked = config.blockedTimes.includes(time);
    return {
      time,
      capacity: config.maxPlayers,
      blocked,
      offered,
      freePlaces: offered && !blocked ? Math.max(0, config.maxPlayers - booked.length) : 0,
      players: booked.map((b) => ({
        playerId: b.playerId,
        name: names.get(b.playerId) ?? null,
        bookedAt: b.bookedAt,
        bookedBy: b.bookedBy.kind === 'player' ? { kind: 'player' as const, playerId: b.bookedBy.playerId! } : { kind: 'organizer' as const },
      })),
    };
  });
  const timeOf = new Map<string, string>();
  for (const [time, list] of byTime) for (const b of list) timeOf.set(b.playerId, time);
  const stamps = [config.updatedAt, ...[...sheet.slots.values()].map((s) => s.updatedAt), ...[...sheet.bookings.values()].map((b) => b.updatedAt)];
  return {
    config,
    timeOf,
    view: {
      tripId,
      roundId: round.id,
      roundName: round.name,
      date: round.date,
      timezone: trip.timezone,
      roundState: round.state,
      config: configOf(config),
      slots,
      updatedAt: stamps.sort().at(-1)!,
    },
  };
}

/** Names of players, for the cancellations a reconfiguration answers. */
const REASON_WORDS: Record<CancelledBooking['reason'], string> = { not_offered: 'no longer a tee time', blocked: 'blocked', over_capacity: 'more players than the new maximum' };

export async function namesOf(db: Database): Promise<Map<string, string>> {
  return new Map((await listPlayers(db)).map((p) => [p.id, p.name]));
}
