import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { StoredDoc } from '../store/docstore.js';

/**
 * The registry's entry for a trip, `tripindex:<tripId>`: who owns and organizes it, enough to list trips without
 * opening their databases, and whether it is being created by the wizard or being deleted.
 */
export const TripIndexDoc = z.object({
  _id: z.string(),
  _rev: z.string().optional(),
  type: z.literal('tripindex'),
  tripId: z.string(),
  ownerId: z.string(),
  /** Lowercased emails of the trip's players whose role is organizer: their accounts co-organize the trip. */
  organizerEmails: z.array(z.string()),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string().optional(),
  currency: z.string().optional(),
  destination: z.string().optional(),
  status: z.enum(['creating', 'active', 'deleting']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TripIndexDoc = z.infer<typeof TripIndexDoc> & StoredDoc;

export const tripIndexId = (tripId: string) => `tripindex:${tripId}`;

export function isOwner(index: TripIndexDoc, who: DashboardPrincipal): boolean {
  return index.ownerId === who.sub;
}

/** The owner and every account whose email belongs to a player with the organizer role. */
export function canOrganize(index: TripIndexDoc, who: DashboardPrincipal): boolean {
  return isOwner(index, who) || (who.email !== undefined && index.organizerEmails.includes(who.email));
}

/**
 * The trip's index entry if the caller organizes it. A trip the caller does not organize answers 404 exactly like
 * a trip that does not exist, so its existence is not revealed; an owner-only action by a co-organizer is 403.
 */
export async function loadTripAccess(deps: AppDeps, who: DashboardPrincipal, tripId: string, level: 'organizer' | 'owner'): Promise<TripIndexDoc> {
  const index = await deps.store.registry.get<TripIndexDoc>(tripIndexId(tripId));
  if (!index || index.status === 'deleting' || !canOrganize(index, who)) {
    throw new AppError('trip_not_found', `no trip ${tripId}`);
  }
  if (level === 'owner' && !isOwner(index, who)) {
    throw new AppError('forbidden', 'only the trip owner may do this');
  }
  return index;
}

/** Trips the caller owns or co-organizes, newest start date first. */
export async function tripsOrganizedBy(deps: AppDeps, who: DashboardPrincipal): Promise<TripIndexDoc[]> {
  const keys: unknown[] = [['sub', who.sub]];
  if (who.email) keys.push(['email', who.email]);
  const { rows } = await deps.store.registry.query('registry/trips_by_organizer', { keys, includeDocs: true });
  const byId = new Map<string, TripIndexDoc>();
  for (const r of rows) {
    const doc = r.doc as TripIndexDoc | undefined;
    if (doc && doc.status !== 'deleting') byId.set(doc.tripId, doc);
  }
  return [...byId.values()].sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name) || a.tripId.localeCompare(b.tripId));
}
