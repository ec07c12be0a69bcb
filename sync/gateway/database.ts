/**
 * The database itself and its checkpoints: `GET`/`HEAD /{db}` (CouchDB API: /{db}, database information),
 * `PUT /{db}` (412 `file_exists`: the trip database exists once the actor was let in), and
 * `GET`/`PUT /{db}/_local/{docid}` (CouchDB API: /{db}/_local/{docid}, replication checkpoints).
 *
 * Checkpoints are kept per actor (`<role>:<playerId>:<id>` in the store): what a client was shown depends on who
 * it is, so a checkpoint written by one actor must not let another skip documents it was never sent. A client that
 * syncs as someone else finds no checkpoint and starts over, which `_revs_diff` makes cheap.
 */
import { badRequest, conflict, CouchError, notFound } from './couch-errors.js';
import { send, type SyncRequest } from './context.js';
import { isObject } from './http.js';

export async function handleDbInfo(req: SyncRequest): Promise<void> {
  const info = await req.db.info();
  send(req.ctx, 200, {
    db_name: req.tripId,
    doc_count: info.docCount,
    doc_del_count: 0,
    update_seq: info.updateSeq,
    purge_seq: 0,
    compact_running: false,
    sizes: { active: 0, external: 0, file: 0 },
    props: {},
    disk_format_version: 8,
    instance_start_time: '0',
  });
}

/** PouchDB creates the remote database unless it exists; CouchDB answers an existing one with 412. */
export function handleCreateDb(): never {
  throw new CouchError(412, 'file_exists', 'The database could not be created, the file already exists.');
}

function localKey(req: SyncRequest, id: string): string {
  return `${req.actor.role}:${req.actor.playerId}:${id}`;
}

export async function handleGetLocal(req: SyncRequest, id: string): Promise<void> {
  const stored = await req.db.getLocal(localKey(req, id));
  if (!stored) throw notFound();
  send(req.ctx, 200, { ...stored, _id: `_local/${id}` });
}

export async function handlePutLocal(req: SyncRequest, id: string, body: unknown): Promise<void> {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object');
  if (body._rev !== undefined && typeof body._rev !== 'string') throw badRequest('_rev must be a string');
  // Passed through as it came: the store checks the revision as CouchDB does (a write must name the current
  // revision of an existing document, none for a new one), so a checkpoint costs one write, not a read and a write.
  const { _rev, ...rest } = body;
  const doc = { ...rest, _id: localKey(req, id), ...(typeof _rev === 'string' ? { _rev } : {}) };
  try {
    const { rev } = await req.db.putLocal(doc);
    send(req.ctx, 201, { ok: true, id: `_local/${id}`, rev });
  } catch (err) {
    // A stale or missing revision, or another write in between: the store's conflict, whatever the adapter calls it.
    const e = err as { status?: unknown; name?: unknown } | null;
    if (e?.status === 409 || e?.name === 'StoreConflictError') throw conflict();
    throw err;
  }
}
