/** What every database-level handler of the gateway works with, once the request was authenticated. */
import type { Context } from 'koa';
import type { PushReads } from './push-reads.js';
import type { GatewayDatabase, GatewayDoc, GatewayPolicy, SyncActor } from './types.js';

export interface GatewaySettings {
  uuid: string;
  /** Heartbeat interval when a client asks for `heartbeat=true` without a number. */
  heartbeatMs: number;
  /** Longest a longpoll `_changes` waits, whatever `timeout` the client asks for. */
  maxLongpollMs: number;
  /** After a waiting longpoll learns of a change, how long it gathers further changes before answering, ms. */
  longpollGatherMs: number;
  maxBodyBytes: number;
  /** Runs a read the server's admission could not tell from its path (see `SyncGatewayOptions.admitRead`). */
  admitRead: (ctx: Context, read: () => Promise<void>) => Promise<void>;
  /** Reads of pushes kept for the `_bulk_docs` that follows each (push-reads.ts). */
  pushReads: PushReads;
}

export interface SyncRequest {
  ctx: Context;
  policy: GatewayPolicy;
  actor: SyncActor;
  tripId: string;
  db: GatewayDatabase;
  settings: GatewaySettings;
  /** Aborted when the client goes away or the server shuts down, so a waiting longpoll stops. */
  signal: AbortSignal;
}

/** `_design/` and `_local/` ids (and any other id CouchDB reserves with a leading underscore). */
export function isReservedId(id: string): boolean {
  return id.startsWith('_');
}

/**
 * Whether the actor may see a document (or a tombstone): never a reserved id, otherwise the policy's `canRead`,
 * given the whole stored body. A tombstone usually carries no `type`; the policy sees its `_id` (of the form
 * `<type>:<id>`) and decides.
 */
export function canSee(req: SyncRequest, doc: GatewayDoc | { _id: string; type?: unknown }): boolean {
  if (isReservedId(doc._id)) return false;
  return req.policy.canRead(req.actor, doc);
}

/** Sends a JSON answer with the headers CouchDB clients expect. */
export function send(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'must-revalidate, no-store');
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

/** Sends JSON already serialized (an answer shared by several requests), with the same headers as `send`. */
export function sendBytes(ctx: Context, body: Buffer): void {
  ctx.status = 200;
  ctx.set('Cache-Control', 'must-revalidate, no-store');
  ctx.type = 'application/json';
  ctx.body = body;
}
