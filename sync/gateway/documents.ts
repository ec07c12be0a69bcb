/**
 * Reading documents: `GET /{db}/{docid}` with `rev`, `revs`, `conflicts`, `latest` and `open_revs` (CouchDB API:
 * /{db}/{docid}), `POST /{db}/_bulk_get` (/{db}/_bulk_get) and `POST /{db}/_revs_diff` (/{db}/_revs_diff).
 * Documents the actor may not see answer as missing, exactly like documents that do not exist.
 */
import { badRequest, CouchError, notFound } from './couch-errors.js';
import { canSee, isReservedId, send, type SyncRequest } from './context.js';
import { isObject, Params } from './http.js';
import type { GatewayDoc } from './types.js';

type OpenRev = { ok: GatewayDoc } | { missing: string };

export async function handleGetDoc(req: SyncRequest, docId: string): Promise<void> {
  if (isReservedId(docId)) throw notFound();
  const params = Params.of(req.ctx);
  if (params.has('open_revs')) return handleOpenRevs(req, docId, params);
  const rev = params.string('rev');
  const revs = params.bool('revs');
  const conflicts = params.bool('conflicts');
  let doc: GatewayDoc | undefined;
  if (rev !== undefined && params.bool('latest')) {
    // `latest=true`: the newest leaf descending from `rev` (CouchDB API: /{db}/{docid}, `latest`).
    const [leaf] = await openRevs(req, docId, [rev], revs, true);
    doc = leaf && 'ok' in leaf ? leaf.ok : undefined;
  } else {
    doc = await req.db.get(docId, { ...(rev !== undefined ? { rev } : {}), revs, conflicts });
  }
  if (!doc || !canSee(req, doc)) throw notFound();
  send(req.ctx, 200, doc);
}

/**
 * `open_revs=all` or a JSON list of revisions: every requested leaf as `[{ok: doc} | {missing: rev}]`. Only the
 * JSON form is served (PouchDB asks for it with `Accept: application/json`); a client accepting only
 * `multipart/mixed` gets 406.
 */
async function handleOpenRevs(req: SyncRequest, docId: string, params: Params): Promise<void> {
  const raw = params.string('open_revs');
  let revs: 'all' | string[];
  if (raw === 'all') revs = 'all';
  else {
    const parsed = params.json('open_revs');
    if (!Array.isArray(parsed) || parsed.some((r) => typeof r !== 'string')) {
      throw badRequest('open_revs must be "all" or a JSON array of revisions');
    }
    revs = parsed as string[];
  }
  if (req.ctx.get('accept') && !req.ctx.accepts('application/json')) {
    throw new CouchError(406, 'not_acceptable', 'open_revs is answered as application/json only');
  }
  const leaves = await openRevs(req, docId, revs, params.bool('revs'), params.bool('latest'));
  const visible: OpenRev[] = leaves.map((leaf) => ('ok' in leaf && !canSee(req, leaf.ok) ? { missing: leaf.ok._rev ?? '' } : leaf));
  if (revs === 'all') {
    const shown = visible.filter((leaf) => 'ok' in leaf);
    if (shown.length === 0) throw notFound();
    send(req.ctx, 200, shown);
    return;
  }
  send(req.ctx, 200, visible.length ? visible : revs.map((rev) => ({ missing: rev })));
}

/**
 * The leaves asked for. With `latest`, each requested revision answers the leaves descending from it (CouchDB
 * API: /{db}/{docid}, `latest`), worked out here from the leaves' histories: PouchDB's own `latest` throws outside
 * its promise for a revision it does not know, which would hang the request and crash the process.
 */
async function openRevs(req: SyncRequest, docId: string, revs: 'all' | string[], withRevs: boolean, latest: boolean): Promise<OpenRev[]> {
  if (revs === 'all' || !latest) return req.db.getOpenRevs(docId, revs, { revs: withRevs });
  const leaves = (await req.db.getOpenRevs(docId, 'all', { revs: true })).flatMap((l) => ('ok' in l ? [l.ok] : []));
  const answered = new Set<string>();
  const out: OpenRev[] = [];
  for (const rev of revs) {
    const descendants = leaves.filter((leaf) => history(leaf).includes(rev));
    if (descendants.length === 0) out.push({ missing: rev });
    for (const leaf of descendants) {
      if (answered.has(leaf._rev ?? '')) continue;
      answered.add(leaf._rev ?? '');
      const { _revisions, ...bare } = leaf;
      out.push({ ok: withRevs ? leaf : { ...bare, _id: leaf._id } });
    }
  }
  return out;
}

/** Every revision of a leaf's branch, newest first, from its `_revisions`. */
function history(leaf: GatewayDoc): string[] {
  const r = leaf._revisions;
  return r ? r.ids.map((id, i) => `${r.start - i}-${id}`) : leaf._rev ? [leaf._rev] : [];
}

/** `POST /{db}/_bulk_get` with `revs` in the query or the body; `latest` and `attachments` are accepted and ignored. */
export async function handleBulkGet(req: SyncRequest, body: unknown): Promise<void> {
  if (!isObject(body) || !Array.isArray(body.docs)) throw badRequest("Missing JSON list of 'docs'.");
  const docs = body.docs.map((d, i) => {
    if (!isObject(d) || typeof d.id !== 'string' || d.id === '') throw badRequest(`docs[${i}] needs a string id`);
    if (d.rev !== undefined && typeof d.rev !== 'string') throw badRequest(`docs[${i}].rev must be a string`);
    return d.rev === undefined ? { id: d.id } : { id: d.id, rev: d.rev };
  });
  const revs = Params.of(req.ctx, Object.hasOwn(body, 'revs') ? { revs: body.revs } : {}).bool('revs');
  const { results } = docs.length ? await req.db.bulkGet({ docs, revs }) : { results: [] };
  const missing = (id: string, rev: string | undefined) => ({ error: { id, rev: rev ?? 'undefined', error: 'not_found', reason: 'missing' } });
  send(req.ctx, 200, {
    results: results.map((result, i) => ({
      id: result.id,
      docs: result.docs.map((d) => ('ok' in d && !canSee(req, d.ok) ? missing(result.id, d.ok._rev ?? docs[i]?.rev) : d)),
    })),
  });
}

/** `POST /{db}/_revs_diff`: `{docid: [rev, …]}` → the revisions this database lacks. */
export async function handleRevsDiff(req: SyncRequest, body: unknown): Promise<void> {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object of {docid: [rev, ...]}');
  for (const [id, revs] of Object.entries(body)) {
    if (!Array.isArray(revs) || revs.some((r) => typeof r !== 'string')) throw badRequest(`revisions of ${id} must be an array of strings`);
  }
  const request = body as Record<string, string[]>;
  send(req.ctx, 200, Object.keys(request).length ? await req.db.revsDiff(request) : {});
}
