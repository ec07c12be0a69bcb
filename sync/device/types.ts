/** The device library's public shapes: how a trip is opened, what its status says, what its errors mean. */
import type { RxStorage } from 'rxdb';
import type { z } from 'zod';
import type { ValidateAnswer } from '../../shared/schemas/portal.js';

/** What `POST /trip-portal/validate` answers: the portal session, the trip, the player, the sync URL. */
export type PortalSession = z.infer<typeof ValidateAnswer>;

export type SyncState = 'online' | 'offline' | 'syncing' | 'needs_token' | 'stopped';

/** A document the gateway refused for its content (per-document `forbidden`), with the gateway's reason. */
export interface RefusedDoc {
  docId: string;
  reason: string;
}

export interface DeviceStatus {
  /**
   * - `stopped`: closed;
   * - `needs_token`: the portal token was refused (revoked, expired, …); nothing is sent until `setToken`;
   * - `offline`: the last request did not reach the server (or the server answered 502/503/504);
   * - `syncing`: reachable, with local writes not yet acknowledged or a replication cycle running;
   * - `online`: reachable and nothing left to push.
   */
  state: SyncState;
  /** Local documents whose current state the server has not acknowledged yet (RxDB's own bookkeeping). */
  pendingWrites: number;
  /** Device-clock time of the last server answer after which nothing was left to push; null until then. */
  lastSyncedAt: string | null;
  /** Documents the gateway refused; they are not retried, and stay on this device as written. */
  refused: RefusedDoc[];
  /** Why the token was refused (`token_revoked`, `token_expired`, …) while `state` is `needs_token`, else null. */
  authError: string | null;
}

/**
 * How often an idle device with signal is heard from by the server (the control room calls a phone silent after
 * 90 s without hearing from it): 25 s, so a missed beat and another server's 20 s delay still stay inside it.
 */
export const HEARD_EVERY_MS = 25_000;

export interface OpenTripOptions {
  /** The server the portal runs on, e.g. `https://golf.example.com`. `setBaseUrl` changes it later. */
  baseUrl: string;
  /** The portal token (the secret of the player's link). */
  token: string;
  /**
   * Where the trip is kept: `getRxStorageMemory()` in Node tests; in browsers the portal's `getRxStorageKept()` (web/portal/state/kept-storage.ts: memory written through to IndexedDB), or RxDB's `getRxStorageDexie()`.
   * Do not wrap it with a schema validator: the collection holds every document type, so its schema lists only
   * `docId` and `type`, and RxDB's filled schema forbids other properties, which a validator would enforce.
   */
  storage: RxStorage<any, any>;
  /** A stable id of this phone: written into every score as `deviceId`, and part of the database name. */
  deviceId: string;
  /** The HTTP client (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** The device clock, for `enteredAt` and `lastSyncedAt` (default: `new Date()`). */
  now?: () => Date;
  /**
   * A portal session kept from an earlier `openTrip` (`device.portalSession`): the trip then opens without the
   * network (no signal on the course). An expired session is renewed with the token at the first request.
   */
  session?: PortalSession;
  /** Backoff between attempts while the server cannot be reached: from `initialMs` (1 s), doubling up to `maxMs` (30 s). */
  retry?: { initialMs?: number; maxMs?: number };
  /**
   * The replication URL for a validate answer. Default: the path of the answer's `syncUrl` on the origin of the
   * current base URL — the server only knows its configured public URL, which a phone may not reach (a LAN address,
   * a test server on an ephemeral port), while the base URL is the one this device does reach.
   */
  resolveSyncUrl?: (syncUrl: string, baseUrl: string) => string;
  /**
   * The server hears the device at least this often while it has a network (default {@link HEARD_EVERY_MS}): the
   * longest a sync longpoll waits before it is renewed.
   */
  heardEveryMs?: number;
  /** RxDB database name (default: derived from trip, player and device ids). */
  databaseName?: string;
  /** Several browser tabs on one IndexedDB database: RxDB then replicates from the elected leader only. Default false. */
  multiInstance?: boolean;
  /**
   * Documents per pull and push request. Default: 1,000 per pull (a first sync of a 3,000-document trip in 4 requests,
   * each page's writes to IndexedDB in one transaction: device-trip.ts `PULL_BATCH_SIZE`), 100 per push.
   */
  batchSize?: number;
}

/** One hole, as a player enters it. The writer, device and time are added by the device. */
export interface ScoreEntryInput {
  scorecardId: string;
  roundId: string;
  playerId: string;
  hole: number;
  /** `null`: the hole was picked up (WHS Rule 3.1b). */
  strokes: number | null;
}

/** A trip document as the app reads it: CouchDB's shape (`_id`, `type`, the type's fields), without `_rev`. */
export interface TripDocument {
  _id: string;
  type: string;
  [key: string]: unknown;
}

/**
 * What the device refuses to do, with a code: `token_*`, `trip_not_found`, `player_not_found` (the server refused
 * the token), `wrong_trip` (a token of another trip or player given to `setToken`), `unreachable`, `server_error`,
 * `invalid_score`, `conflict` (a hole kept changing while written), `timeout` (`awaitInSync`), `closed`; RxDB sees
 * `retargeted` on requests aborted by `setBaseUrl`.
 */
export class DeviceTripError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeviceTripError';
  }
}
