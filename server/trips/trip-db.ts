import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { copyState, readDoc } from '../store/docs.js';
import type { TripIndexDoc } from './trip-index.js';

export const tripDocId = (tripId: string) => `trip:${tripId}`;

/**
 * The trip document of a trip whose index entry the caller may use; 409 while the wizard is still creating it.
 * `read: 'state'`: the route goes on to read the trip's state (a board, the control room, the TV payload), so the
 * document is read as of that state (`readDoc`: from the trip's copy where this server keeps one, no request of its
 * own; `at`: that state, when the caller has read it already); a route that writes reads it from the store.
 */
export async function loadTripDoc(deps: AppDeps, index: TripIndexDoc, options: { read?: 'state'; at?: string | number } = {}): Promise<{ db: Database; trip: TripDoc & StoredDoc }> {
  if (index.status === 'creating') throw new AppError('trip_not_ready', 'the wizard is still creating this trip: see its wizard/status');
  const db = deps.store.trip(index.tripId);
  const id = tripDocId(index.tripId);
  const at = options.read === 'state' ? (options.at ?? (await copyState(db))) : undefined;
  const trip = await readDoc<TripDoc & StoredDoc>(db, id, at);
  if (!trip) throw new AppError('trip_not_found', `no trip ${index.tripId}`);
  return { db, trip };
}

/** Fields every new document gets (the storage convention: a `type`, the id `<type>:<id>`, `createdAt`, `updatedAt`). */
export function newDocFields<T extends string>(deps: AppDeps, type: T, id: string) {
  const now = deps.now().toISOString();
  return { _id: `${type}:${id}`, type, id, createdAt: now, updatedAt: now };
}

/** Removes storage fields and the type marker for the REST shape. */
export function stripDoc<T extends StoredDoc>(doc: T): Omit<T, '_id' | '_rev' | 'type' | '_conflicts' | '_deleted'> {
  const { _id, _rev, type, _conflicts, _deleted, ...rest } = doc as T & { type?: unknown };
  return rest as Omit<T, '_id' | '_rev' | 'type' | '_conflicts' | '_deleted'>;
}
