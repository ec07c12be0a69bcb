import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { StoredDoc } from '../store/docstore.js';
import { readCached } from '../store/read-cache.js';

/** An account that co-organizes a trip: it accepted an invite (or organized the trip before invites existed). */
export const CoOrganizer = z.object({
  accountId: z.string(),
  /** The account's email and name when it joined, for the organizer list (access never reads them). */
  email: z.string().optional(),
  name: z.string().optional(),
  since: z.string(),
  /** The invite accepted, or `migration` for an account that organized the trip by its email before. */
  via: z.string(),
});
export type CoOrganizer = z.infer<typeof CoOrganizer>;

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
  /** The accounts that co-organize the trip besides its owner; access follows these account ids only. */
  coOrganizers: z.array(CoOrganizer).optional(),
  /**
   * Before invites, the lowercased emails of players with the organizer role, whose accounts co-organized the trip.
   * Read once at startup to turn the accounts that had those emails into co-organizers, then removed; never used
   * for access.
   */
  organizerEmails: z.array(z.string()).optional(),
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

export function isCoOrganizer(index: TripIndexDoc, accountId: string): boolean {
  return (index.coOrganizers ?? []).some((c) => c.accountId === accountId);
}

/**
 * The owner and the co-organizer accounts, by account id. An email, even one a player of the trip carries, gives no
 * access: registration does not prove that the address is yours.
 */
export function canOrganize(index: TripIndexDoc, who: DashboardPrincipal): boolean {
  return isOwner(index, who) || isCoOrganizer(index, who.sub);
}

/**
 * The trip's index entry if the caller organizes it. A trip the caller does not organize answers 404 exactly like
 * a trip that does not exist, so its existence is not revealed; an owner-only action by a co-organizer is 403.
 */
export async function loadTripAccess(deps: AppDeps, who: DashboardPrincipal, tripId: string, level: 'organizer' | 'owner'): Promise<TripIndexDoc> {
  // Asked on every organizer request: kept while used (a change made on another server counts within 2 s, read-cache.ts).
  const index = await readCached<TripIndexDoc>(deps.store, deps.store.registry, tripIndexId(tripId));
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
  const { rows } = await deps.store.registry.query('registry/trips_by_organizer', { key: ['sub', who.sub], includeDocs: true });
  const byId = new Map<string, TripIndexDoc>();
  for (const r of rows) {
    const doc = r.doc as TripIndexDoc | undefined;
    if (doc && doc.status !== 'deleting' && canOrganize(doc, who)) byId.set(doc.tripId, doc);
  }
  return [...byId.values()].sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name) || a.tripId.localeCompare(b.tripId));
}
