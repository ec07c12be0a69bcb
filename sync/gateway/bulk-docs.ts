/**
 * `POST /{db}/_bulk_docs` (CouchDB API: /{db}/_bulk_docs), both ways clients push:
 * - `new_edits: false` (PouchDB replication): the revisions given are stored as they are;
 * - normal edits (RxDB `replicateCouchDB`): a stale or missing `_rev` on an existing document is that
 *   document's 409 `conflict`, and the rest lands.
 * Documents refused by the write rules get their own `forbidden` row (and are recorded); the others are written in
 * one store call. Malformed bodies are 400 for the whole request, as CouchDB answers them.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, CouchError } from './couch-errors.js';
import { isReservedId, send, type SyncRequest } from './context.js';
import { isObject } from './http.js';
import { pushReadKey } from './push-reads.js';
import type { GatewayBulkResult, GatewayDoc } from './types.js';

/** Special members CouchDB accepts in a written document; the informational ones are dropped before writing. */
const SPECIAL_MEMBERS = new Set(['_id', '_rev', '_deleted', '_revisions', '_attachments']);
const IGNORED_MEMBERS = new Set(['_conflicts', '_deleted_conflicts', '_local_seq', '_revs_info']);
const REV = /^[1-9]\d*-[0-9A-Za-z]+$/;

export async function handleBulkDocs(req: SyncRequest, body: unknown): Promise<void> {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object with a docs array');
  if (!Array.isArray(body.docs)) throw badRequest('POST body must include `docs` parameter.');
  const newEdits = body.new_edits ?? true;
  if (typeof newEdits !== 'boolean') throw badRequest('new_edits must be true or false');
  const docs = body.docs.map((d, i) => parseDoc(d, i, newEdits));
  send(req.ctx, 201, await writeDocs(req, docs, newEdits));
}

/** Checks, filters and writes; answers one row per document, in request order. */
export async function writeDocs(req: SyncRequest, docs: GatewayDoc[], newEdits: boolean): Promise<GatewayBulkResult[]> {
  const rows: (GatewayBulkResult | undefined)[] = new Array(docs.length);
  const refused: { doc: GatewayDoc; reason: string }[] = [];
  const refuse = (doc: GatewayDoc, i: number, reason: string) => {
    rows[i] = { id: doc._id, error: 'forbidden', reason };
    refused.push({ doc, reason });
  };
  const open = docs
    .map((doc, i) => ({ doc, i }))
    .filter(({ doc, i }) => {
      const reason = refusedUpfront(doc);
      if (reason) refuse(doc, i, reason);
      return !reason;
    });

  const ids = new Set(open.map(({ doc }) => doc._id));
  const relatedIds = open.length && req.policy.relatedIds ? req.policy.relatedIds(req.actor, open.map(({ doc }) => doc)) : [];
  const wanted = [...new Set([...ids, ...relatedIds])];
  // The documents as stored, and which of `open` the rules let through, judged from them.
  const judge = async (related: Map<string, GatewayDoc | null>) => {
    const current = new Map([...ids].flatMap((id) => (related.get(id) ? [[id, related.get(id)!] as const] : [])));
    const conflicts = new Set<number>();
    const candidates = open.filter(({ doc, i }) => {
      if (!newEdits) return true; // replication: the revision tree decides, conflicts are kept as branches
      const stored = current.get(doc._id);
      // CouchDB answers 409 when the document exists and the edit does not name its current revision.
      if (stored && stored._rev !== doc._rev) conflicts.add(i);
      return !conflicts.has(i);
    });
    const refusals = candidates.length ? await req.policy.checkWrites(req.actor, candidates.map((c) => c.doc), current, related) : [];
    return { related, current, conflicts, candidates, reasons: new Map(refusals.map((r) => [r.id, r.reason])) };
  };
  // A push's first read, when RxDB's `_all_docs` made it just before and nothing was written since (push-reads.ts);
  // anything it would refuse is judged again from a fresh read.
  const kept = keptRead(req, wanted, newEdits);
  let judged = await judge(kept ?? (await readByIds(req, wanted)));
  if (kept && judged.reasons.size > 0) judged = await judge(await readByIds(req, wanted));
  const { related, current, conflicts, candidates, reasons } = judged;
  for (const i of conflicts) rows[i] = { id: docs[i]!._id, error: 'conflict', reason: 'Document update conflict.' };
  const accepted = candidates.filter(({ doc, i }) => {
    const reason = reasons.get(doc._id);
    if (reason !== undefined) refuse(doc, i, reason);
    return reason === undefined;
  });
  if (refused.length) await req.policy.recordRefusals(req.actor, refused);

  if (accepted.length) {
    const results = await req.db.bulkDocs(
      accepted.map(({ doc }) => doc),
      { newEdits },
    );
    const written: GatewayDoc[] = [];
    accepted.forEach(({ doc, i }, k) => {
      // CouchDB may leave out rows of documents written with new_edits=false; those were written.
      const result = results[k] ?? { id: doc._id, ok: true, rev: doc._rev };
      rows[i] = result.error
        ? { id: result.id, error: result.error, reason: result.reason ?? result.error }
        : { ok: true, id: result.id, rev: result.rev ?? doc._rev };
      if (!result.error) written.push({ ...doc, _rev: result.rev ?? doc._rev });
    });
    if (written.length) await req.policy.afterWrite(req.actor, written, current, { newEdits, related });
  }
  return rows.map((row, i) => row ?? { id: docs[i]!._id, error: 'unknown_error', reason: 'not written' });
}

/**
 * The documents a session's `_all_docs` read just before (push-reads.ts), for a normal edit whose every id it holds,
 * while the store tells the database was not written since; undefined otherwise.
 */
function keptRead(req: SyncRequest, wanted: string[], newEdits: boolean): Map<string, GatewayDoc | null> | undefined {
  if (!newEdits || wanted.length === 0 || !req.db.writtenSince) return undefined;
  const read = req.settings.pushReads.take(pushReadKey(req.tripId, req.actor.sessionId), wanted);
  if (!read || req.db.writtenSince(read.mark) !== false) return undefined;
  return new Map(wanted.map((id) => [id, read.docs.get(id) ?? null]));
}

/** Refusals that need neither the store nor the policy: design and local documents, attachments. */
function refusedUpfront(doc: GatewayDoc): string | undefined {
  if (doc._id.startsWith('_design/')) return 'design documents are not written through sync';
  if (isReservedId(doc._id)) return 'reserved document id';
  if (doc._attachments !== undefined) return 'attachments are not accepted through sync; upload files through the REST API';
  return undefined;
}

/**
 * The stored winning revision of each id (null where none exists, or it is deleted), read in one request: the
 * documents written and those the write rules read (`relatedIds`), so a push costs one read before its write. Each
 * carries its `_conflicts` when it has any, so `afterWrite` knows which written documents were in conflict already.
 */
async function readByIds(req: SyncRequest, ids: string[]): Promise<Map<string, GatewayDoc | null>> {
  const found = new Map<string, GatewayDoc | null>(ids.map((id) => [id, null]));
  if (ids.length === 0) return found;
  const { rows } = await req.db.allDocs({ keys: ids, includeDocs: true, conflicts: true });
  for (const row of rows) {
    if (row.doc && !row.error && !row.value?.deleted) found.set(row.doc._id, row.doc);
  }
  return found;
}

/** Validates one document of the body (CouchDB's 400 `bad_request`/`doc_validation`) and drops what it ignores. */
function parseDoc(value: unknown, index: number, newEdits: boolean): GatewayDoc {
  const where = `docs[${index}]`;
  if (!isObject(value)) throw badRequest(`${where} must be a JSON object`);
  const doc: GatewayDoc = { _id: '' };
  for (const [key, v] of Object.entries(value)) {
    if (!key.startsWith('_')) doc[key] = v;
    else if (SPECIAL_MEMBERS.has(key)) doc[key] = v;
    else if (!IGNORED_MEMBERS.has(key)) throw new CouchError(400, 'doc_validation', `Bad special document member: ${key}`);
  }
  if (value._id === undefined && newEdits) doc._id = randomUUID().replaceAll('-', '');
  else if (typeof value._id !== 'string' || value._id === '') throw badRequest(`${where}: _id must be a non-empty string`);
  else if (value._id.startsWith('_') && !value._id.startsWith('_design/') && !value._id.startsWith('_local/')) {
    throw new CouchError(400, 'illegal_docid', 'Only reserved document ids may start with underscore.');
  }
  if (doc._rev !== undefined && (typeof doc._rev !== 'string' || !REV.test(doc._rev))) throw badRequest(`${where}: Invalid rev format`);
  if (!newEdits && doc._rev === undefined) throw badRequest(`${where}: new_edits=false needs a _rev on every document`);
  if (doc._deleted !== undefined && typeof doc._deleted !== 'boolean') throw badRequest(`${where}: _deleted must be true or false`);
  const revisions = doc._revisions as unknown;
  if (revisions !== undefined) {
    const ok =
      isObject(revisions) &&
      Number.isSafeInteger(revisions.start) &&
      Array.isArray(revisions.ids) &&
      revisions.ids.length > 0 &&
      revisions.ids.every((id) => typeof id === 'string');
    if (!ok) throw badRequest(`${where}: _revisions must be {start, ids}`);
    const { start, ids } = revisions as { start: number; ids: string[] };
    if (doc._rev !== undefined && doc._rev !== `${start}-${ids[0]}`) throw badRequest(`${where}: _rev does not match _revisions`);
  }
  return doc;
}
