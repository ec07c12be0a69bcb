/**
 * What the phone keeps to reopen its trips with no signal: per trip and player, the portal token (to renew
 * sessions), the last portal session (to open offline), names for the trip list. localStorage, one JSON entry;
 * the trip's documents themselves live in IndexedDB (RxDB, through the device library).
 */
import type { PortalSession } from '../../../sync/device/index.js';

export interface KeptTrip {
  /** `<tripId>:<playerId>`: one phone may hold a trip as two players (a shared phone, an organizer). */
  key: string;
  tripId: string;
  playerId: string;
  tripName: string;
  playerName: string;
  startDate: string;
  endDate: string;
  token: string;
  session: PortalSession;
  addedAt: string;
  /** Last time this trip was opened on the phone (the trip list's order). */
  openedAt: string;
}

const TRIPS = 'golf.portal.trips.v1';
const DEVICE = 'golf.portal.device.v1';
const PENDING_TOKEN = 'golf.portal.pending-token.v1';

export const keyOf = (tripId: string, playerId: string) => `${tripId}:${playerId}`;

export function keptTrips(): KeptTrip[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(TRIPS) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as KeptTrip[]).filter((t) => t && typeof t.key === 'string' && typeof t.token === 'string') : [];
  } catch {
    return [];
  }
}

export function keptTrip(key: string): KeptTrip | undefined {
  return keptTrips().find((t) => t.key === key);
}

export function keepTrip(trip: KeptTrip): void {
  const rest = keptTrips().filter((t) => t.key !== trip.key);
  localStorage.setItem(TRIPS, JSON.stringify([trip, ...rest]));
}

export function updateKept(key: string, patch: Partial<KeptTrip>): void {
  const all = keptTrips();
  const i = all.findIndex((t) => t.key === key);
  if (i < 0) return;
  all[i] = { ...all[i]!, ...patch };
  localStorage.setItem(TRIPS, JSON.stringify(all));
}

export function forgetTrip(key: string): void {
  localStorage.setItem(TRIPS, JSON.stringify(keptTrips().filter((t) => t.key !== key)));
}

/** A stable id of this phone (part of the database name, written into every score as `deviceId`). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE);
  if (!id) {
    id = `web-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

/** A link opened with no signal: its token waits here until it can be exchanged. */
export function pendingToken(): string | null {
  return localStorage.getItem(PENDING_TOKEN);
}

export function setPendingToken(token: string | null): void {
  if (token) localStorage.setItem(PENDING_TOKEN, token);
  else localStorage.removeItem(PENDING_TOKEN);
}
