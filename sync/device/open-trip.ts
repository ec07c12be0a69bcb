/** `openTrip`: from a portal token to a live, offline-capable trip on the device. */
import { createRxDatabase, type RxCollection } from 'rxdb';
import { ServerClock } from './clock.js';
import { DeviceTrip } from './device-trip.js';
import { tripConflictHandler, tripDocsSchema, type LocalDoc } from './schema.js';
import { validateToken } from './session.js';
import { DeviceTripError, type OpenTripOptions } from './types.js';

/**
 * Validates the token (unless a kept `session` is given, for opening without signal), creates or reopens the
 * trip's RxDB database in `storage`, and starts live replication through the gateway. Rejects with a
 * `DeviceTripError`: `token_*` when the server refuses the token, `unreachable` without a network.
 */
export async function openTrip(options: OpenTripOptions): Promise<DeviceTrip> {
  // Every answer of the server tells its clock: entries are stamped with it (clock.ts).
  const clock = new ServerClock(options.now);
  const fetchImpl = clock.timed(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  let session = options.session;
  if (!session) {
    const outcome = await validateToken(fetchImpl, options.baseUrl, options.token);
    if (!outcome.ok) throw new DeviceTripError(outcome.code, outcome.message, outcome.status);
    session = outcome.session;
  }
  const db = await createRxDatabase({
    name: options.databaseName ?? databaseName(session.trip.id, session.player.id, options.deviceId),
    storage: options.storage,
    multiInstance: options.multiInstance ?? false,
  });
  let trip: DeviceTrip | undefined;
  try {
    const { docs } = await db.addCollections({ docs: { schema: tripDocsSchema, conflictHandler: tripConflictHandler } });
    trip = new DeviceTrip(db, docs as RxCollection<LocalDoc>, { options, session, fetchImpl, clock });
    // With several tabs only the leader replicates, and may never become one here: do not wait for it then.
    if (!options.multiInstance) await trip.started();
    return trip;
  } catch (err) {
    await (trip ? trip.close() : db.close());
    throw err;
  }
}

/**
 * One database per trip, player and device: RxDB names allow `[a-z][a-z0-9_$()+/-]*` (ids here are lowercase
 * letters and digits), and the device id, free text, enters as a hash — two devices in one process (tests) must
 * not share a database, while one phone reopens its own.
 */
export function databaseName(tripId: string, playerId: string, deviceId: string): string {
  return `trip-${tripId}-${playerId}-${fnv1a(deviceId)}`;
}

/** FNV-1a, 32 bits, base 36: short and stable; not a security measure. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(text)) {
    hash ^= ch;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
