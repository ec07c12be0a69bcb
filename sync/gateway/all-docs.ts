/**
 * `GET` and `POST /{db}/_all_docs` (CouchDB API: /{db}/_all_docs): `keys` (query JSON or body), `key`,
 * `startkey`/`start_key`, `endkey`/`end_key` (JSON), `inclusive_end`, `include_docs`, `conflicts`, `limit`, `skip`.
 * As CouchDB does, `POST` takes these options in the body too (RxDB sends `include_docs` there).
 *
 * Read filtering: with `keys`, a document the actor may not see answers `{key, error: "not_found"}` like a missing
 * one; in a key range it is left out, and `skip`/`limit` count only the documents that are shown.
 */
import { badRequest } from './couch-errors.js';
import { canSee, send, type SyncRequest } from './context.js';
import { isObject, Params } from './http.js';
import { pushReadKey } from './push-reads.js';
import type { GatewayDatabase, GatewayDoc } from './types.js';

type Row = Awaited<ReturnType<GatewayDatabase['allDocs']>>['rows'][number];

export async function handleAllDocs(req: SyncRequest, body: unknown): Promise<void> {
  if (body !== undefined && !isObject(body)) throw badRequest('the request body must be a JSON object');
  const params = Params.of(req.ctx, body ?? {});
  if (params.bool('descending')) throw badRequest('descending is not supported by this endpoint');
  const keys = params.json('keys');
  if (keys !== undefined && (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string'))) {
    throw badRequest('`keys` must be an array of document ids');
  }
  const key = stringKey(params, 'key');
  const startKey = key ?? stringKey(params, 'startkey') ?? stringKey(params, 'start_key');
  const endKey = key ?? stringKey(params, 'endkey') ?? stringKey(params, 'end_key');
  const q = {
    includeDocs: params.bool('include_docs'),
    conflicts: params.bool('conflicts'),
    inclusiveEnd: params.bool('inclusive_end', true),
    limit: params.int('limit'),
    skip: params.int('skip') ?? 0,
  };

  if (keys) {
    const res = await readKeys(req, keys as string[]);
    const rows: Row[] = res.rows.map((row) => {
      if (row.error || !row.value) return { key: row.key, error: row.error ?? 'not_found' };
      const seen = row.doc ?? { _id: row.id ?? row.key, _deleted: true };
      return canSee(req, seen) ? row : { key: row.key, error: 'not_found' };
    });
    await answer(req, rows.slice(q.skip, q.limit === undefined ? undefined : q.skip + q.limit), res.totalRows, q);
    return;
  }
  // A key range is a read of any size, and waits its turn as reads do (the documents a push is about to write, by
  // `keys`, do not: they are the write's own first step).
  await req.settings.admitRead(req.ctx, async () => {
    const { rows, totalRows } = await readRange(req, startKey, endKey, q);
    await answer(req, rows, totalRows, q);
  });
}

/**
 * The documents of `keys`, one row per key in order. Where the store can tell whether the database was written since
 * a read (`writtenSince`), this is taken as the first step of a push (RxDB reads the ids it is about to write): the
 * documents its write rules judge them by are read in the same request, with every document's conflicts, and kept
 * for the `_bulk_docs` that follows (push-reads.ts). The rows answered are those of `keys` alone, without the
 * conflicts the client did not ask for.
 */
async function readKeys(req: SyncRequest, keys: string[]): Promise<Awaited<ReturnType<GatewayDatabase['allDocs']>>> {
  const db = req.db;
  if (!db.readMark || !db.writtenSince || !req.policy.relatedIds || keys.length === 0) return db.allDocs({ keys, includeDocs: true });
  const asked = new Set(keys);
  const related = req.policy.relatedIds(req.actor, [...asked].map((_id) => ({ _id }))).filter((id) => !asked.has(id));
  const mark = db.readMark();
  const res = await db.allDocs({ keys: [...keys, ...related], includeDocs: true, conflicts: true });
  const docs = new Map<string, GatewayDoc | null>();
  for (const row of res.rows) {
    docs.set(row.key, row.doc && !row.error && !row.value?.deleted ? row.doc : null);
  }
  req.settings.pushReads.keep(pushReadKey(req.tripId, req.actor.sessionId), { mark, endedAt: performance.now(), docs });
  const rows = res.rows.slice(0, keys.length).map((row) => {
    if (!row.doc || !('_conflicts' in row.doc)) return row;
    const { _conflicts: _, ...doc } = row.doc;
    return { ...row, doc: doc as GatewayDoc };
  });
  return { totalRows: res.totalRows, rows };
}

async function answer(req: SyncRequest, rows: Row[], totalRows: number, q: { includeDocs: boolean; conflicts: boolean; skip: number }): Promise<void> {
  const shaped = await Promise.all(rows.map((row) => shape(req, row, q.includeDocs, q.conflicts)));
  send(req.ctx, 200, { total_rows: totalRows, offset: q.skip, rows: shaped });
}

/** Pages through a key range until `skip + limit` visible rows are found or the range ends. */
async function readRange(
  req: SyncRequest,
  startKey: string | undefined,
  endKey: string | undefined,
  q: { inclusiveEnd: boolean; limit: number | undefined; skip: number },
): Promise<{ rows: Row[]; totalRows: number }> {
  const wanted = q.limit === undefined ? Infinity : q.skip + q.limit;
  const visible: Row[] = [];
  let cursor = startKey;
  let first = true;
  let totalRows = 0;
  for (;;) {
    const need = wanted === Infinity ? undefined : wanted - visible.length + (first ? 0 : 1);
    const res = await req.db.allDocs({
      ...(cursor !== undefined ? { startKey: cursor } : {}),
      ...(endKey !== undefined ? { endKey } : {}),
      includeDocs: true,
      ...(need !== undefined ? { limit: need } : {}),
    });
    totalRows = res.totalRows;
    // After the first page, the range restarts at the last id seen, which was handled already.
    const fresh = first ? res.rows : res.rows.slice(1);
    for (const row of fresh) {
      if (!q.inclusiveEnd && row.key === endKey) continue;
      if (row.doc && canSee(req, row.doc)) visible.push(row);
    }
    if (need === undefined || res.rows.length < need || fresh.length === 0 || visible.length >= wanted) break;
    cursor = res.rows[res.rows.length - 1]!.key;
    first = false;
  }
  return { rows: visible.slice(q.skip, q.skip + (q.limit ?? Infinity)), totalRows };
}

async function shape(req: SyncRequest, row: Row, includeDocs: boolean, conflicts: boolean) {
  if (row.error) return { key: row.key, error: row.error };
  const out: { id?: string; key: string; value?: Row['value']; doc?: GatewayDoc | null } = { id: row.id, key: row.key, value: row.value };
  if (includeDocs) {
    out.doc = row.doc ?? null;
    if (conflicts && row.doc) {
      const withConflicts = await req.db.get(row.doc._id, { conflicts: true });
      if (withConflicts?._conflicts) out.doc = { ...row.doc, _conflicts: withConflicts._conflicts };
    }
  }
  return out;
}

function stringKey(params: Params, name: string): string | undefined {
  const value = params.json(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a JSON string (a document id)`);
  return value;
}
