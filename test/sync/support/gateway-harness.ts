/**
 * A bare Koa app serving only the replication gateway, over a real embedded PouchDocStore in a temporary directory,
 * with a simple fixture policy (not the server's real write rules):
 * - `Authorization: Bearer player:<playerId>` or `Bearer organizer:<playerId>`; `Bearer expired:…` is 401
 *   `token_expired`, anything else 401 `unauthorized`; an unknown trip 404; a player who is not a member of the
 *   trip 403 (all thrown as the server's AppError);
 * - players may not write `trip` documents, nor `score` documents whose `playerId` is not theirs;
 * - `_design/` documents and documents of type `secret` are never read;
 * - refusals and `afterWrite` calls are recorded; `waitForChange` polls the store every 50 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { AppError } from '../../../server/http/errors.js';
import type { Database } from '../../../server/store/docstore.js';
import { PouchDocStore } from '../../../server/store/pouch.adapter.js';
import { createSyncGateway, type SyncGatewayOptions } from '../../../sync/gateway/index.js';
import type { GatewayDoc, GatewayPolicy, SyncActor } from '../../../sync/gateway/types.js';

export interface LoggedRequest {
  method: string;
  url: string;
  status: number;
  auth: string | undefined;
  /** Time the gateway took to answer, in ms. */
  ms: number;
}

export interface GatewayHarness {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The database URL of a trip: `<origin>/sync/trips/<tripId>`. */
  dbUrl(tripId?: string): string;
  store: PouchDocStore;
  /** The trip database of the default trip, through the server's DocStore port. */
  db: Database;
  tripId: string;
  refusals: { actor: SyncActor; doc: GatewayDoc; reason: string }[];
  afterWrites: { actor: SyncActor; docs: GatewayDoc[] }[];
  /** Every request the gateway got, in order of arrival (method, path with query, status once answered, else 0). */
  requests: LoggedRequest[];
  /** Errors the gateway reported on the app's `error` event (unexpected failures). */
  appErrors: unknown[];
  /** How many `waitForChange` calls are in progress. */
  activeWaits(): number;
  close(): Promise<void>;
}

export const TRIP = 'trip1';
export const OTHER_TRIP = 'trip2';

/** Members of each known trip (players); organizers may enter any known trip. */
const DEFAULT_MEMBERS: Record<string, string[]> = {
  [TRIP]: ['p1', 'p2', 'p3'],
  [OTHER_TRIP]: ['p9'],
};

type Recorder = Pick<GatewayHarness, 'refusals' | 'afterWrites'> & { waits: number };

export function fixturePolicy(store: PouchDocStore, members: Record<string, string[]>, record: Recorder): GatewayPolicy {
  return {
    async authenticate({ authorization, tripId }) {
      if (authorization?.startsWith('Bearer expired:')) throw new AppError('token_expired', 'the session expired');
      const match = /^Bearer (player|organizer):([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
      if (!match) throw new AppError('unauthorized', 'a sync session is required');
      const role = match[1] as 'player' | 'organizer';
      const playerId = match[2]!;
      const players = members[tripId];
      if (!players) throw new AppError('not_found', `no trip ${tripId}`);
      if (role === 'player' && !players.includes(playerId)) throw new AppError('forbidden', 'not a player of this trip');
      return { tripId, playerId, role, sessionId: `session-${playerId}` };
    },
    database(tripId) {
      return store.trip(tripId);
    },
    async checkWrites(actor, docs) {
      const refused: { id: string; reason: string }[] = [];
      for (const doc of docs) {
        if (actor.role !== 'player') continue;
        if (doc.type === 'trip') refused.push({ id: doc._id, reason: 'players do not write trip settings' });
        else if (doc.type === 'score' && doc.playerId !== actor.playerId) refused.push({ id: doc._id, reason: 'a score of another player' });
      }
      return refused;
    },
    canRead(_actor, doc) {
      return !doc._id.startsWith('_design/') && doc.type !== 'secret';
    },
    async afterWrite(actor, docs) {
      record.afterWrites.push({ actor, docs });
    },
    async recordRefusals(actor, refused) {
      for (const r of refused) record.refusals.push({ actor, ...r });
    },
    async waitForChange(tripId, since, timeoutMs, signal) {
      record.waits++;
      try {
        await pollForChange(store.trip(tripId), since, timeoutMs, signal);
      } finally {
        record.waits--;
      }
    },
  };
}

/** Resolves once the database has a change after `since`, the timeout passed, or the signal aborted. */
function pollForChange(db: Database, since: string | number, timeoutMs: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const tick = async () => {
      if (signal.aborted || Date.now() >= deadline) return resolve();
      try {
        const { results } = await db.changes({ since, limit: 1 });
        if (results.length > 0) return resolve();
      } catch {
        return resolve(); // the store closed under us: the caller re-reads and answers
      }
      setTimeout(tick, Math.min(50, Math.max(0, deadline - Date.now())));
    };
    void tick();
  });
}

export async function startGatewayHarness(
  options: { members?: Record<string, string[]>; gateway?: Partial<SyncGatewayOptions> } = {},
): Promise<GatewayHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'golf-gateway-'));
  const store = new PouchDocStore(dir);
  await store.init();
  const members = options.members ?? DEFAULT_MEMBERS;
  for (const tripId of Object.keys(members)) await store.createTrip(tripId);

  const record: Recorder = { refusals: [], afterWrites: [], waits: 0 };
  const requests: LoggedRequest[] = [];
  const appErrors: unknown[] = [];
  const app = new Koa();
  app.silent = true;
  app.on('error', (err) => appErrors.push(err));
  app.use(async (ctx, next) => {
    // Logged when it starts (a longpoll may be pending for a while); the status is filled in once answered.
    const entry: LoggedRequest = { method: ctx.method, url: ctx.url, status: 0, auth: ctx.get('authorization') || undefined, ms: 0 };
    requests.push(entry);
    const started = performance.now();
    await next();
    entry.status = ctx.status;
    entry.ms = performance.now() - started;
    if (process.env.GATEWAY_DEBUG) console.log(ctx.method, decodeURIComponent(ctx.url), ctx.status);
  });
  app.use(createSyncGateway(fixturePolicy(store, members, record), { uuid: 'c0ffee00c0ffee00c0ffee00c0ffee00', ...options.gateway }));

  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    dbUrl: (tripId = TRIP) => `${origin}/sync/trips/${tripId}`,
    store,
    db: store.trip(TRIP),
    tripId: TRIP,
    refusals: record.refusals,
    afterWrites: record.afterWrites,
    activeWaits: () => record.waits,
    requests,
    appErrors,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
