/**
 * The portal's storage before issue 25, for the migration test (portal-kept-storage.test.ts): the same device
 * library and database name as the portal, on RxDB's Dexie storage. Bundled by the test and run in the portal's
 * page, so it writes the IndexedDB databases a phone of the previous version holds.
 */
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openTrip, type DeviceTrip } from '../../../sync/device/index.js';
import { deviceId } from '../../../web/portal/state/keeper.js';

let trip: DeviceTrip | undefined;

const legacy = {
  /** Opens the trip as the old portal did and waits until it is in sync. */
  async open(token: string): Promise<void> {
    trip = await openTrip({ baseUrl: location.origin, token, storage: getRxStorageDexie(), deviceId: deviceId() });
    await trip.awaitInSync({ timeoutMs: 20_000 });
  },
  /** Enters a score on the phone (no network needed). */
  async enter(input: { scorecardId: string; roundId: string; playerId: string; hole: number; strokes: number }): Promise<void> {
    await trip!.enterScore(input);
  },
  /** The writes not yet acknowledged by the server. */
  pending(): number {
    return trip!.status().pendingWrites;
  },
  async close(): Promise<void> {
    await trip!.close();
    trip = undefined;
  },
};

(globalThis as unknown as { legacyPhone: typeof legacy }).legacyPhone = legacy;
