/**
 * The storage side of open tee times (open-tee-times.service.ts has the operations): the tee sheet's documents and
 * their ids, reading a round's sheet, and the revision-checked writes of one tee time's slot — taking places within
 * its capacity, dropping entries no booking refers to, with retries on a revision conflict and the holds of a
 * reconfiguration. See the service's comment for how these keep a slot within its maximum on several servers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import {
  entryReferenced,
  isOnGrid,
  type OpenTeeTimesDoc,
  type TeeBookingDoc,
  type TeeSlotDoc,
  type TeeSlotEntry,
} from '../../shared/schemas/tee-booking.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';

export type Stored<T> = T & StoredDoc;
export type Config = Omit<OpenTeeTimesDoc, '_id' | '_rev' | 'type' | 'id' | 'roundId' | 'createdAt' | 'updatedAt'>;

/** Who acts: a player through the portal, or an organizer (dashboard account). */
export type Actor = { kind: 'player'; playerId: string } | { kind: 'organizer'; sub: string };

/** The round a tee sheet belongs to, found by round-access.ts. */
export interface SheetContext {
  deps: AppDeps;
  db: Database;
  tripId: string;
  trip: Stored<TripDoc>;
  round: Stored<RoundDoc>;
}

export const configDocId = (roundId: string) => `openteetimes:${roundId}`;
export const slotDocId = (roundId: string, time: string) => `teeslot:${roundId}-${time.replace(':', '')}`;
export const bookingDocId = (roundId: string, playerId: string) => `teebooking:${roundId}-${playerId}`;

/** How long a reconfiguration's hold lasts at most (a server dying mid-change must not block a tee time for good). */
export const HOLD_MS = 30_000;
/** How long a booking waits for a held tee time before answering 409. */
export const HOLD_WAIT_MS = 3_000;
/** Revision conflicts one write retries before giving up (each retry reads the document again). */
export const MAX_ATTEMPTS = 300;

export const busy = () => new AppError('conflict', 'the tee sheet is busy; try again');

export async function backoff(attempt: number) {
  await sleep(Math.floor(Math.random() * Math.min(25, 2 + attempt)));
}

// ---- Reads -------------------------------------------------------------------------------------------------------

export interface Sheet {
  config: Stored<OpenTeeTimesDoc> | undefined;
  slots: Map<string, Stored<TeeSlotDoc>>;
  bookings: Map<string, Stored<TeeBookingDoc>>;
}

export async function readSheet(db: Database, roundId: string): Promise<Sheet> {
  const [slots, bookings, config] = await Promise.all([
    docsWithPrefix<Stored<TeeSlotDoc>>(db, `teeslot:${roundId}-`),
    docsWithPrefix<Stored<TeeBookingDoc>>(db, `teebooking:${roundId}-`),
    db.get<Stored<OpenTeeTimesDoc>>(configDocId(roundId)),
  ]);
  return { config, slots: new Map(slots.map((s) => [s.time, s])), bookings: new Map(bookings.map((b) => [b.playerId, b])) };
}

export async function getMany<T extends StoredDoc>(db: Database, ids: string[]): Promise<(T | undefined)[]> {
  return Promise.all(ids.map((id) => db.get<T>(id)));
}

export async function readBookings(db: Database, roundId: string, playerIds: readonly string[]): Promise<Map<string, Stored<TeeBookingDoc>>> {
  const docs = await getMany<Stored<TeeBookingDoc>>(db, playerIds.map((p) => bookingDocId(roundId, p)));
  return new Map(docs.filter((d): d is Stored<TeeBookingDoc> => !!d).map((d) => [d.playerId, d]));
}

/** The slots a set of bookings may be in force at, by time. */
export async function slotsOf(db: Database, roundId: string, bookings: Iterable<TeeBookingDoc>): Promise<Map<string, TeeSlotDoc>> {
  const times = new Set<string>();
  for (const b of bookings) {
    times.add(b.time);
    if (b.from) times.add(b.from.time);
  }
  const docs = await getMany<Stored<TeeSlotDoc>>(db, [...times].map((t) => slotDocId(roundId, t)));
  return new Map(docs.filter((d): d is Stored<TeeSlotDoc> => !!d).map((d) => [d.time, d]));
}

export const entriesIn = (slots: Map<string, TeeSlotDoc>) => (time: string) => slots.get(time)?.entries ?? [];

/** The round's open tee times configuration; 404 `not_found` while none is set up. */
export async function requireConfig(db: Database, roundId: string): Promise<Stored<OpenTeeTimesDoc>> {
  const config = await db.get<Stored<OpenTeeTimesDoc>>(configDocId(roundId));
  if (!config) throw new AppError('not_found', 'open tee times are not set up for this round');
  return config;
}

// ---- Checks ------------------------------------------------------------------------------------------------------

/** A completed round's tee sheet is history: nothing is booked, moved, cancelled or configured any more. */
export function checkRoundOpen(round: RoundDoc) {
  if (round.state === 'completed') throw new AppError('round_state_conflict', 'the round is completed; its tee times no longer change');
}

/** Only players of the round (its list or its groups) are booked. */
export function checkPlayersOfRound(round: RoundDoc, playerIds: readonly string[]) {
  const of = new Set(roundPlayerIds(round));
  const strangers = playerIds.filter((p) => !of.has(p));
  if (strangers.length > 0) {
    throw new AppError('player_not_in_round', `${strangers.join(', ')} ${strangers.length > 1 ? 'do' : 'does'} not play this round`, strangers.map((playerId) => ({ path: ['body'], message: 'not a player of this round', playerId })));
  }
}

export const isHeld = (slot: TeeSlotDoc | undefined, now: Date) => !!slot?.hold && Date.parse(slot.hold.until) > now.getTime();

export function checkBookable(config: Config, time: string) {
  if (!isOnGrid(config, time)) {
    throw new AppError('slot_not_offered', `${time} is not an open tee time (${config.firstTime} to ${config.lastTime} every ${config.intervalMinutes} minutes)`, [{ path: ['body', 'time'], message: 'not a tee time of the grid', time }]);
  }
  if (config.blockedTimes.includes(time)) throw new AppError('slot_blocked', `${time} is blocked by the organizer`, [{ path: ['body', 'time'], message: 'blocked', time }]);
}

// ---- Slot writes -------------------------------------------------------------------------------------------------

export function newSlot(deps: AppDeps, roundId: string, time: string): Stored<TeeSlotDoc> {
  const now = deps.now().toISOString();
  const id = slotDocId(roundId, time).slice('teeslot:'.length);
  return { _id: `teeslot:${id}`, type: 'teeslot', id, roundId, time, entries: [], hold: null, createdAt: now, updatedAt: now };
}

/** Read-modify-write of one slot with its revision, retried on conflict; `change` answers undefined to leave it. */
export async function updateSlot(deps: AppDeps, db: Database, roundId: string, time: string, change: (slot: Stored<TeeSlotDoc>, exists: boolean) => Stored<TeeSlotDoc> | undefined | Promise<Stored<TeeSlotDoc> | undefined>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await db.get<Stored<TeeSlotDoc>>(slotDocId(roundId, time));
    const next = await change(current ? structuredClone(current) : newSlot(deps, roundId, time), !!current);
    if (!next) return;
    try {
      await db.put({ ...next, updatedAt: deps.now().toISOString() });
      return;
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
    }
  }
}

/** Entries of a slot that some booking still refers to; the others are dead for good. */
export async function referencedEntries(db: Database, roundId: string, entries: TeeSlotEntry[]): Promise<TeeSlotEntry[]> {
  const bookings = await readBookings(db, roundId, [...new Set(entries.map((e) => e.playerId))]);
  return entries.filter((e) => entryReferenced(e, bookings.get(e.playerId)));
}

/**
 * Takes places in a tee time, all or none, in one revisioned write that checks the grid, the blocked times, a hold
 * and the capacity. The slot is read before the configuration (see the file's comment).
 */
export async function takePlaces(ctx: SheetContext, time: string, adds: TeeSlotEntry[]): Promise<void> {
  const { deps, db, round } = ctx;
  const waitUntil = performance.now() + HOLD_WAIT_MS;
  for (let attempt = 0; ; ) {
    const slot = await db.get<Stored<TeeSlotDoc>>(slotDocId(round.id, time));
    const config = await requireConfig(db, round.id);
    checkBookable(config, time);
    if (isHeld(slot, deps.now())) {
      if (performance.now() > waitUntil) throw new AppError('conflict', 'an organizer is changing the tee sheet; try again');
      await sleep(25);
      continue;
    }
    let entries = slot?.entries ?? [];
    if (entries.length + adds.length > config.maxPlayers) entries = await referencedEntries(db, round.id, entries);
    const free = config.maxPlayers - entries.length;
    if (adds.length > free) {
      const message = free <= 0 ? `${time} is full (${config.maxPlayers} players)` : `${time} has ${free} free place${free > 1 ? 's' : ''}, not ${adds.length}`;
      throw new AppError('slot_full', message, [{ path: ['body', 'time'], message, time, freePlaces: Math.max(0, free) }]);
    }
    const base = slot ?? newSlot(deps, round.id, time);
    try {
      await db.put({ ...base, entries: [...entries, ...adds], hold: null, updatedAt: deps.now().toISOString() });
      return;
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (++attempt > MAX_ATTEMPTS) throw busy();
      await backoff(attempt);
    }
  }
}

/** Drops a slot's entries that `drop` picks and no booking refers to any more (safe: they never come back). */
export async function dropEntries(ctx: SheetContext, time: string, drop: (e: TeeSlotEntry) => boolean): Promise<void> {
  const { deps, db, round } = ctx;
  await updateSlot(deps, db, round.id, time, async (slot, exists) => {
    if (!exists) return undefined;
    const candidates = slot.entries.filter(drop);
    if (candidates.length === 0) return undefined;
    const kept = new Set(await referencedEntries(db, round.id, candidates));
    const entries = slot.entries.filter((e) => !candidates.includes(e) || kept.has(e));
    return entries.length === slot.entries.length ? undefined : { ...slot, entries };
  });
}

// ---- Bookings ----------------------------------------------------------------------------------------------------

