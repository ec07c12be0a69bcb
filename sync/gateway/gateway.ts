/**
 * The replication gateway: a CouchDB database endpoint per trip under `/sync/trips/{tripId}`, enough of the
 * CouchDB HTTP API (CouchDB API: "Replication Protocol", and the database endpoints it uses) for unmodified PouchDB
 * 9 (`replicate`, `sync`, live with retry) and RxDB 17 (`replicateCouchDB`).
 *
 * Every request under a database authenticates first; a policy refusal (the server's AppError with a status) is
 * that status for the whole request, in CouchDB's error shape. Requests outside the prefix go to `next`.
 */
import type { Context, Middleware, Next } from 'koa';
import { handleAllDocs } from './all-docs.js';
import { handleBulkDocs } from './bulk-docs.js';
import { handleChanges } from './changes.js';
import { send, type GatewaySettings, type SyncRequest } from './context.js';
import { badRequest, CouchError, forbidden, fromPolicyError, methodNotAllowed, notFound } from './couch-errors.js';
import { handleCreateDb, handleDbInfo, handleGetLocal, handlePutLocal } from './database.js';
import { handleBulkGet, handleGetDoc, handleRevsDiff } from './documents.js';
import { DEFAULT_BODY_LIMIT, readJsonBody } from './http.js';
import { PushReads } from './push-reads.js';
import type { GatewayPolicy } from './types.js';

export const SYNC_PREFIX = '/sync/trips';

/** Used when the server passes none: the same on every server of a deployment and across restarts. */
const DEFAULT_UUID = '5d0a3e8c4b7f4f0f9c2e6a1b7d3f9e21';

export interface SyncGatewayOptions {
  /** The server uuid of `GET /sync/trips/`: PouchDB builds replication (checkpoint) ids from it, so keep it stable. */
  uuid: string;
  /** Heartbeat interval for `heartbeat=true` (default 60 s, as CouchDB). */
  heartbeatMs?: number;
  /** Cap on a longpoll's wait, whatever `timeout` a client asks for (default 60 s). */
  maxLongpollMs?: number;
  /**
   * A longpoll that waited answers this long after the first change it learns of (default 0: at once, as CouchDB),
   * so the changes written meanwhile reach each device in one pull instead of one each.
   */
  longpollGatherMs?: number;
  /** Largest request body (default 20 MB); larger is 413. */
  maxBodyBytes?: number;
  /** Aborted when the server shuts down: waiting longpolls answer what they have at once (clients ask again). */
  closing?: AbortSignal;
  /**
   * Runs a read that only its body shows to be one (a key range by `POST _all_docs`) in the server's read turns
   * (server/http/admission.ts); it throws the error to answer when the read is refused. Default: at once.
   */
  admitRead?: (ctx: Context, read: () => Promise<void>) => Promise<void>;
}

type Handler = (req: SyncRequest) => Promise<void>;

export function createSyncGateway(policy: GatewayPolicy, options?: SyncGatewayOptions): Middleware {
  const settings: GatewaySettings = {
    uuid: options?.uuid ?? DEFAULT_UUID,
    heartbeatMs: options?.heartbeatMs ?? 60_000,
    maxLongpollMs: options?.maxLongpollMs ?? 60_000,
    longpollGatherMs: options?.longpollGatherMs ?? 0,
    maxBodyBytes: options?.maxBodyBytes ?? DEFAULT_BODY_LIMIT,
    admitRead: options?.admitRead ?? ((_ctx, read) => read()),
    pushReads: new PushReads(),
  };
  return async function syncGateway(ctx: Context, next: Next) {
    const path = ctx.path;
    if (path !== SYNC_PREFIX && !path.startsWith(`${SYNC_PREFIX}/`)) return next();
    try {
      await dispatch(ctx, policy, settings, segments(path.slice(SYNC_PREFIX.length)), options?.closing);
    } catch (err) {
      respondWithError(ctx, err);
    }
  };
}

/** Path segments after the prefix, each URL-decoded (document ids contain `:` and may contain an encoded `/`). */
function segments(rest: string): string[] {
  const parts = rest.split('/').slice(1);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw badRequest('malformed percent-encoding in the path');
  }
}

/** The reason a request's signal aborts with: one object, not a DOMException (and its stack) per request. */
const CLIENT_GONE = Object.freeze(new Error('the client closed the connection'));

/** Aborts when the client goes away (or went already), or when the server is closing. */
function requestSignal(ctx: Context, closing: AbortSignal | undefined): AbortSignal {
  const controller = new AbortController();
  if (ctx.res.closed || ctx.req.socket?.destroyed) controller.abort(CLIENT_GONE);
  else ctx.res.once('close', () => controller.abort(CLIENT_GONE));
  return closing ? AbortSignal.any([controller.signal, closing]) : controller.signal;
}

async function dispatch(ctx: Context, policy: GatewayPolicy, settings: GatewaySettings, parts: string[], closing?: AbortSignal): Promise<void> {
  const [tripId, ...rest] = parts;
  if (tripId === undefined) {
    // CouchDB API: GET / — server information. Public: PouchDB asks it for the uuid before replicating.
    allow(ctx, ['GET', 'HEAD']);
    return send(ctx, 200, { couchdb: 'Welcome', version: '3.3.3', uuid: settings.uuid, vendor: { name: 'golf-trip-sync-server' }, features: [] });
  }
  if (tripId === '' || tripId.startsWith('_')) throw notFound(); // `_all_dbs`, `_session`, …: not served here

  const actor = await policy.authenticate({ authorization: ctx.get('authorization') || undefined, tripId });
  let signal: AbortSignal | undefined;
  const req: SyncRequest = {
    ctx,
    policy,
    actor,
    tripId,
    db: policy.database(tripId),
    settings,
    // Made when a handler asks (a longpoll waits on it): most requests never do, and an AbortController per request
    // with a DOMException at every close was 5% of the gateway's CPU under load.
    get signal() {
      return (signal ??= requestSignal(ctx, closing));
    },
  };
  const body = () => readJsonBody(ctx, settings.maxBodyBytes);

  const [first, ...tail] = rest;

  if (first === undefined) {
    if (ctx.method === 'PUT') return handleCreateDb();
    allow(ctx, ['GET', 'HEAD', 'PUT']);
    return handleDbInfo(req);
  }
  if (first === '_local') {
    if (tail.length !== 1 || !tail[0]) throw notFound();
    const id = tail[0];
    if (ctx.method === 'PUT') return handlePutLocal(req, id, await body());
    allow(ctx, ['GET', 'HEAD', 'PUT']);
    return handleGetLocal(req, id);
  }
  if (first === '_design') {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') throw notFound();
    throw forbidden('design documents are managed by the server');
  }
  const route = Object.hasOwn(ROUTES, first) ? ROUTES[first] : undefined;
  if (route) {
    if (tail.length > 0) throw notFound();
    const handler = route[ctx.method === 'HEAD' ? 'GET' : ctx.method];
    if (!handler) throw methodNotAllowed(Object.keys(route));
    return handler(req);
  }
  if (first.startsWith('_') || tail.length > 0) throw notFound(); // unknown endpoints, attachments
  allow(ctx, ['GET', 'HEAD']);
  return handleGetDoc(req, first);
}

const bodyOf = (r: SyncRequest) => readJsonBody(r.ctx, r.settings.maxBodyBytes);

/** The database endpoints by name and method (made once: a phone's every request passes through `dispatch`). */
const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  _changes: { GET: (r) => handleChanges(r, undefined), POST: async (r) => handleChanges(r, await bodyOf(r)) },
  _bulk_docs: { POST: async (r) => handleBulkDocs(r, await bodyOf(r)) },
  _bulk_get: { POST: async (r) => handleBulkGet(r, await bodyOf(r)) },
  _revs_diff: { POST: async (r) => handleRevsDiff(r, await bodyOf(r)) },
  _all_docs: { GET: (r) => handleAllDocs(r, undefined), POST: async (r) => handleAllDocs(r, await bodyOf(r)) },
  // CouchDB 3 still answers it; old clients call it after writing.
  _ensure_full_commit: { POST: async (r) => send(r.ctx, 201, { ok: true, instance_start_time: '0' }) },
};

function allow(ctx: Context, methods: string[]): void {
  if (!methods.includes(ctx.method)) throw methodNotAllowed(methods);
}

/**
 * Any failure as a CouchDB error body. Unexpected ones are 500 (503 when the store is unreachable) without
 * details, and every 5xx is reported on the app's `error` event for the server to log.
 */
function respondWithError(ctx: Context, err: unknown): void {
  let couch = fromPolicyError(err);
  if (!couch && (err as { name?: unknown } | null)?.name === 'StoreUnavailableError') {
    couch = new CouchError(503, 'service_unavailable', 'the database is unavailable, try again', {}, { 'Retry-After': '5' });
  }
  couch ??= new CouchError(500, 'internal_server_error', 'internal server error');
  if (couch.status >= 500) ctx.app.emit('error', err, ctx);
  if (ctx.headerSent) {
    ctx.res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(couch.headers)) ctx.set(name, value);
  send(ctx, couch.status, couch.body);
}
