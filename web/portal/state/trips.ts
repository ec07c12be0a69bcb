/**
 * The trips open on this phone: a link's token exchanged and kept (keeper.ts), each kept trip opened once as a
 * `DeviceTrip` (RxDB kept in memory and written through to IndexedDB, kept-storage.ts; live replication through the
 * gateway) and shared by every screen. One page at a time holds a trip open (tab-lock.ts).
 */
import { DeviceTripError, openTrip, validateToken, type DeviceTrip, type PortalSession } from '../../../sync/device/index.js';
import { draftsOf } from './drafts.js';
import { watchReplaced } from './replaced.js';
import { getRxStorageKept } from './kept-storage.js';
import { holdTrip } from './tab-lock.js';
import { deviceId, keepTrip, keptTrip, keptTrips, keyOf, setPendingToken, updateKept, type KeptTrip } from './keeper.js';

const open = new Map<string, Promise<DeviceTrip>>();
const storage = getRxStorageKept();

export type TokenOutcome =
  | { ok: true; key: string }
  /** The server refused the token (`token_revoked`, `token_expired`, `token_invalid`, `token_used`, …). */
  | { ok: false; code: string; message: string; offline: boolean };

/** The base URL of the server: the one that served this page. */
export const baseUrl = () => location.origin;

/**
 * A link's token: exchanged (`POST /trip-portal/validate`) and kept. When the trip is open already (a new link
 * after a revoked one), the open trip takes the token and what waited on the phone syncs. Offline, the token is
 * kept aside and exchanged when signal returns (`retryPendingToken`).
 */
export async function addToken(token: string): Promise<TokenOutcome> {
  let outcome: Awaited<ReturnType<typeof validateToken>>;
  try {
    outcome = await validateToken((i, init) => fetch(i, init), baseUrl(), token);
  } catch (err) {
    if (err instanceof DeviceTripError && err.code === 'unreachable') {
      setPendingToken(token);
      return { ok: false, code: 'unreachable', message: 'No signal: the link is kept and opens as soon as the phone is back online.', offline: true };
    }
    throw err;
  }
  setPendingToken(null);
  if (!outcome.ok) return { ok: false, code: outcome.code, message: outcome.message, offline: false };
  const session = outcome.session;
  const key = keyOf(session.trip.id, session.player.id);
  const now = new Date().toISOString();
  const before = keptTrip(key);
  keepTrip({
    key,
    tripId: session.trip.id,
    playerId: session.player.id,
    tripName: session.trip.name,
    playerName: session.player.name,
    startDate: session.trip.startDate,
    endDate: session.trip.endDate,
    token,
    session,
    addedAt: before?.addedAt ?? now,
    openedAt: now,
  });
  const running = open.get(key);
  if (running) {
    const trip = await running.catch(() => undefined);
    if (trip) await trip.setToken(token);
  }
  return { ok: true, key };
}

/** Opens a kept trip (once; later calls share it). Works with no signal: the kept session opens it. */
export function tripFor(key: string): Promise<DeviceTrip> {
  let running = open.get(key);
  if (!running) {
    const kept = keptTrip(key);
    if (!kept) return Promise.reject(new DeviceTripError('not_kept', 'this trip is not on this phone: open its link'));
    running = openKept(kept);
    open.set(key, running);
    running.catch(() => open.delete(key));
  }
  return running;
}

async function openKept(kept: KeptTrip): Promise<DeviceTrip> {
  const release = await holdTrip(kept.key);
  let trip: DeviceTrip;
  try {
    trip = await openTrip({
      baseUrl: baseUrl(),
      token: kept.token,
      session: kept.session,
      storage,
      deviceId: deviceId(),
      retry: { initialMs: 1000, maxMs: 15_000 },
    });
  } catch (err) {
    release();
    throw err;
  }
  updateKept(kept.key, { openedAt: new Date().toISOString() });
  watchReplaced(kept.key, trip);
  // Taps of an earlier visit that never settled (the page was closed mid-burst) are entered now.
  void draftsOf(kept.key, trip).settleLeftovers();
  // A renewed session is kept, so the next cold start opens with it.
  let last: PortalSession = kept.session;
  trip.status$.subscribe(() => {
    const current = trip.portalSession;
    if (current.session !== last.session) {
      last = current;
      updateKept(kept.key, { session: current, tripName: current.trip.name, playerName: current.player.name });
    }
  });
  return trip;
}

export { keptTrips };
