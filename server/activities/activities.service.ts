import { activityCounts, activityDate, activityStats, applyRsvp, groupByDate, yesCount } from '../../shared/domain/activities/activities.js';
import type { Activity, ActivityDoc, ActivityStats, CreateActivityBody, PatchActivityBody, RsvpResponse } from '../../shared/schemas/activity.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { createExpense, prepareExpense, presentExpense } from '../money/expenses.service.js';
import { listPlayers } from '../players/players.service.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { newDocFields } from '../trips/trip-db.js';

export type StoredActivity = ActivityDoc & StoredDoc;

export const activityDocId = (activityId: string) => `activity:${activityId}`;

/** RSVPs of a burst all land: each retry follows a write that changed the RSVPs. */
const RSVP_ATTEMPTS = 30;

export async function listActivities(db: Database): Promise<StoredActivity[]> {
  return (await docsWithPrefix<StoredActivity>(db, 'activity:')).filter((d) => d.type === 'activity');
}

export async function getActivity(db: Database, activityId: string): Promise<StoredActivity> {
  const doc = await db.get<StoredActivity>(activityDocId(activityId));
  if (!doc || doc.type !== 'activity') throw new AppError('not_found', `no activity ${activityId} on this trip`);
  return doc;
}

/** An activity starts on a day of the trip (422 otherwise, with the path of `start`). */
function checkWithinTrip(trip: TripDoc, start: string): void {
  const day = start.slice(0, 10);
  if (day < trip.startDate || day > trip.endDate) {
    throw new AppError('unprocessable', `an activity starts on a day of the trip (${trip.startDate} to ${trip.endDate}), not ${day}`, [{ path: ['body', 'start'], message: 'outside the trip' }]);
  }
}

async function checkPlayer(db: Database, playerId: string): Promise<string[]> {
  const ids = (await listPlayers(db)).map((p) => p.id);
  if (!ids.includes(playerId)) throw new AppError('player_not_found', `no player ${playerId} on this trip`);
  return ids;
}

export function presentActivity(tripId: string, doc: StoredActivity, playerIds: readonly string[]): Activity {
  const counts = activityCounts(doc, playerIds);
  return {
    id: doc.id,
    tripId,
    name: doc.name,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    ...(doc.location !== undefined ? { location: doc.location } : {}),
    start: doc.start,
    ...(doc.end !== undefined ? { end: doc.end } : {}),
    ...(doc.capacity !== undefined ? { capacity: doc.capacity } : {}),
    ...(doc.costPerPersonCents !== undefined ? { costPerPersonCents: doc.costPerPersonCents } : {}),
    date: activityDate(doc),
    rsvps: doc.rsvps,
    counts,
    spotsLeft: doc.capacity !== undefined ? Math.max(0, doc.capacity - yesCount(doc)) : null,
    totalCostCents: doc.costPerPersonCents !== undefined ? doc.costPerPersonCents * counts.yes : null,
    expenseId: doc.expenseId,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The trip's activities as REST answers them, in order of start. */
export async function presentAll(db: Database, tripId: string): Promise<Activity[]> {
  const [docs, players] = await Promise.all([listActivities(db), listPlayers(db)]);
  const ids = players.map((p) => p.id);
  return groupByDate(docs).flatMap((d) => d.activities.map((a) => presentActivity(tripId, a, ids)));
}

export async function byDate(db: Database, tripId: string) {
  return { days: groupByDate(await presentAll(db, tripId)) };
}

export async function statsOf(db: Database): Promise<ActivityStats> {
  const [docs, players] = await Promise.all([listActivities(db), listPlayers(db)]);
  return activityStats(docs, players.map((p) => p.id));
}

export async function createActivity(deps: AppDeps, db: Database, trip: TripDoc, body: CreateActivityBody, createdBy: string): Promise<StoredActivity> {
  checkWithinTrip(trip, body.start);
  const id = deps.newId();
  const doc: StoredActivity = { ...newDocFields(deps, 'activity', id), ...body, rsvps: [], expenseId: null, createdBy };
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/** Changes fields (`null` clears one); a capacity below the yes already given is 409 `conflict`. */
export async function patchActivity(deps: AppDeps, db: Database, trip: TripDoc, activityId: string, patch: PatchActivityBody): Promise<StoredActivity> {
  if (patch.start) checkWithinTrip(trip, patch.start);
  const updated = await updateDoc<StoredActivity>(db, activityDocId(activityId), (doc) => {
    const next: Record<string, unknown> = { ...doc, updatedAt: deps.now().toISOString() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    const n = next as StoredActivity;
    if (n.end !== undefined && n.end <= n.start) throw new AppError('validation_failed', 'an activity must end after it starts', [{ path: ['body', 'end'], message: 'before the start' }]);
    if (n.capacity !== undefined && yesCount(n) > n.capacity) throw new AppError('conflict', `${yesCount(n)} players said yes: the capacity cannot be ${n.capacity}`);
    return n;
  }, RSVP_ATTEMPTS);
  if (!updated) throw new AppError('not_found', `no activity ${activityId} on this trip`);
  return updated;
}

/** Deletes an activity. An expense made from it stays: it is money already booked (delete it with the expenses). */
export async function deleteActivity(db: Database, activityId: string): Promise<void> {
  const doc = await getActivity(db, activityId);
  await db.remove(doc._id, doc._rev!);
}

/**
 * Records a player's RSVP. The capacity is checked inside one optimistic write of the activity (read, check,
 * write with the revision read, again on a conflict), so concurrent yeses never pass it: the late ones are 409
 * `activity_full`. `null` removes the RSVP.
 */
export async function setRsvp(deps: AppDeps, db: Database, activityId: string, playerId: string, response: RsvpResponse | null): Promise<{ doc: StoredActivity; playerIds: string[] }> {
  const playerIds = await checkPlayer(db, playerId);
  const at = deps.now().toISOString();
  const doc = await updateDoc<StoredActivity>(
    db,
    activityDocId(activityId),
    (d) => ({
      ...d,
      rsvps: response === null ? d.rsvps.filter((r) => r.playerId !== playerId) : unwrap(applyRsvp(d, { playerId, response, at })),
      updatedAt: at,
    }),
    RSVP_ATTEMPTS,
  );
  if (!doc) throw new AppError('not_found', `no activity ${activityId} on this trip`);
  return { doc, playerIds };
}

/**
 * Books the activity's cost as an expense: cost per person × the players who said yes, paid by `payerId`, split
 * equally among them, category `activities`, on the activity's day. Once only: the expense id is claimed on the
 * activity first (409 `conflict` when one exists), and released again if the expense cannot be written.
 */
export async function activityExpense(deps: AppDeps, db: Database, trip: TripDoc, activityId: string, body: { payerId: string; description?: string | undefined }, organizerId: string) {
  const activity = await getActivity(db, activityId);
  if (activity.expenseId) throw new AppError('conflict', `activity ${activityId} already has expense ${activity.expenseId}`);
  if (!activity.costPerPersonCents) throw new AppError('unprocessable', 'the activity has no cost per person to book', [{ path: ['costPerPersonCents'], message: 'missing' }]);
  const attendees = activity.rsvps.filter((r) => r.response === 'yes').map((r) => r.playerId);
  if (attendees.length === 0) throw new AppError('unprocessable', 'nobody said yes: there is nobody to share the cost');
  const expenseId = deps.newId();
  const expenseOf = (a: StoredActivity, yes: string[]) => ({
    payerId: body.payerId,
    amountCents: a.costPerPersonCents! * yes.length,
    category: 'activities' as const,
    date: activityDate(a),
    description: body.description ?? a.name,
    split: { mode: 'equal' as const, playerIds: yes },
  });
  const creator = { kind: 'organizer' as const, id: organizerId };
  // Every check of the expense (the payer is on the trip, …) before the activity is claimed: a refusal changes nothing.
  await prepareExpense(deps, db, trip, expenseOf(activity, attendees), creator, expenseId);
  const claimed = await updateDoc<StoredActivity>(db, activity._id, (d) => {
    if (d.expenseId) throw new AppError('conflict', `activity ${activityId} already has expense ${d.expenseId}`);
    return { ...d, expenseId, updatedAt: deps.now().toISOString() };
  });
  if (!claimed) throw new AppError('not_found', `no activity ${activityId} on this trip`);
  const ids = claimed.rsvps.filter((r) => r.response === 'yes').map((r) => r.playerId);
  try {
    const expense = await createExpense(deps, db, trip, expenseOf(claimed, ids), creator, expenseId);
    return { activity: claimed, expense: presentExpense(trip.id, trip, expense) };
  } catch (err) {
    await updateDoc<StoredActivity>(db, activity._id, (d) => (d.expenseId === expenseId ? { ...d, expenseId: null } : undefined));
    throw err;
  }
}
