/**
 * The CouchDB endpoints one by one over raw HTTP, for what the clients' happy paths do not show: database info,
 * checkpoints, the changes feed (filters, read filtering, longpoll and heartbeats), _all_docs, document reads,
 * _bulk_get, _revs_diff and normal _bulk_docs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.js';
import { startGatewayHarness, type GatewayHarness } from './support/gateway-harness.js';
import { call } from './support/gateway-http.js';

const P1 = 'Bearer player:p1';
const P2 = 'Bearer player:p2';
const ORG = 'Bearer organizer:o1';
const DB = '/sync/trips/trip1';

let h: GatewayHarness;
const get = (path: string, auth = P1) => call(h.origin, 'GET', `${DB}${path}`, { auth });
const post = (path: string, body: unknown, auth = P1) => call(h.origin, 'POST', `${DB}${path}`, { auth, body });

beforeEach(async () => {
  h = await startGatewayHarness({ gateway: { maxLongpollMs: 1500, heartbeatMs: 100 } });
});

afterEach(async () => {
  await h.close();
});

/** a, b (hidden), c, d: documents of several types, one secret. */
async function seed() {
  await h.db.bulkDocs([
    { _id: 'round:r1', type: 'round', id: 'r1', state: 'ready', course: { name: 'Links', par: 72 } },
    { _id: 'secret:s1', type: 'secret', id: 's1' },
    { _id: 'score:abc-def:7', type: 'score', id: 'abc-def:7', playerId: 'p1', hole: 7, strokes: 4, roundId: 'r1' },
    { _id: 'score:abc-def:8', type: 'score', id: 'abc-def:8', playerId: 'p2', hole: 8, strokes: 6, roundId: 'r2' },
  ]);
}

describe('database', () => {
  it('answers db info, HEAD, PUT (412) and refuses DELETE', async () => {
    await seed();
    const info = await get('');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ db_name: 'trip1', instance_start_time: '0', update_seq: (await h.db.info()).updateSeq });
    expect(info.json.doc_count).toBeGreaterThanOrEqual(4);
    const head = await call(h.origin, 'HEAD', DB, { auth: P1 });
    expect([head.status, head.text]).toEqual([200, '']);
    const put = await call(h.origin, 'PUT', `${DB}/`, { auth: P1 });
    expect(put.status).toBe(412);
    expect(put.json).toMatchObject({ error: 'file_exists' });
    const del = await call(h.origin, 'DELETE', DB, { auth: ORG });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toContain('GET');
  });

  it('stores checkpoints durably per actor, with CouchDB revision rules', async () => {
    const first = await call(h.origin, 'PUT', `${DB}/_local/rep%2F1`, { auth: P1, body: { _id: '_local/rep/1', last_seq: 5 } });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ ok: true, id: '_local/rep/1', rev: '0-1' });
    expect(await get('/_local/rep%2F1')).toMatchObject({ status: 200, json: { _id: '_local/rep/1', _rev: '0-1', last_seq: 5 } });

    // Without the current revision, or with a stale one: 409.
    expect((await call(h.origin, 'PUT', `${DB}/_local/rep%2F1`, { auth: P1, body: { last_seq: 6 } })).status).toBe(409);
    const stale = await call(h.origin, 'PUT', `${DB}/_local/rep%2F1`, { auth: P1, body: { _rev: '0-7', last_seq: 6 } });
    expect(stale).toMatchObject({ status: 409, json: { error: 'conflict' } });
    const second = await call(h.origin, 'PUT', `${DB}/_local/rep%2F1`, { auth: P1, body: { _rev: '0-1', last_seq: 9 } });
    expect(second.json).toMatchObject({ ok: true, rev: '0-2' });

    // Stored through the DocStore's putLocal, under the actor; another actor has its own.
    expect(await h.db.getLocal('player:p1:rep/1')).toMatchObject({ last_seq: 9 });
    expect((await get('/_local/rep%2F1', P2)).status).toBe(404);
    expect((await call(h.origin, 'DELETE', `${DB}/_local/rep%2F1`, { auth: P1 })).status).toBe(405);
  });
});

describe('_changes', () => {
  it('leaves out hidden and design documents, yet moves last_seq past them', async () => {
    await seed();
    const res = await get('/_changes');
    expect(res.status).toBe(200);
    expect(res.json.results.map((r: { id: string }) => r.id)).toEqual(['round:r1', 'score:abc-def:7', 'score:abc-def:8']);
    expect(res.json.results[0].doc).toBeUndefined();
    await h.db.put({ _id: 'secret:s2', type: 'secret' });
    const seq = (await h.db.info()).updateSeq;
    const after = await get(`/_changes?since=${res.json.last_seq}`);
    expect(after.json).toEqual({ results: [], last_seq: seq });
  });

  it('fills a page that lost rows to the read filter up to `limit`', async () => {
    await seed();
    const page = await get('/_changes?limit=2&include_docs=true');
    expect(page.json.results.map((r: { id: string }) => r.id)).toEqual(['round:r1', 'score:abc-def:7']);
    expect(page.json.results[1].doc).toMatchObject({ _id: 'score:abc-def:7', strokes: 4 });
    expect(page.json.last_seq).toBe(page.json.results[1].seq);
    const rest = await get(`/_changes?limit=2&since=${page.json.last_seq}`);
    expect(rest.json.results.map((r: { id: string }) => r.id)).toEqual(['score:abc-def:8']);
  });

  it('answers since=now, descending, deletions and every leaf with style=all_docs and conflicts=true', async () => {
    await seed();
    const now = await get('/_changes?since=now');
    expect(now.json).toEqual({ results: [], last_seq: (await h.db.info()).updateSeq });
    const desc = await get('/_changes?descending=true&limit=1');
    expect(desc.json.results.map((r: { id: string }) => r.id)).toEqual(['score:abc-def:8']);

    const doc = await h.db.get('score:abc-def:7');
    await h.db.bulkDocs([{ ...doc!, _rev: '2-bbbb', strokes: 3, _revisions: { start: 2, ids: ['bbbb', doc!._rev!.slice(2)] } }], { newEdits: false });
    await h.db.bulkDocs([{ ...doc!, _rev: '2-aaaa', strokes: 5, _revisions: { start: 2, ids: ['aaaa', doc!._rev!.slice(2)] } }], { newEdits: false });
    const round = await h.db.get('round:r1');
    await h.db.remove(round!._id, round!._rev!);

    const feed = await get(`/_changes?since=${now.json.last_seq}&style=all_docs&include_docs=true&conflicts=true`);
    const byId = Object.fromEntries(feed.json.results.map((r: { id: string }) => [r.id, r]));
    expect(byId['score:abc-def:7'].changes.map((c: { rev: string }) => c.rev).sort()).toEqual(['2-aaaa', '2-bbbb']);
    expect(byId['score:abc-def:7'].doc).toMatchObject({ _rev: '2-bbbb', _conflicts: ['2-aaaa'] });
    expect(byId['round:r1']).toMatchObject({ deleted: true, doc: { _id: 'round:r1', _deleted: true } });
  });

  it('filters by doc_ids (query or body) and by a Mango selector, never showing hidden documents', async () => {
    await seed();
    const ids = JSON.stringify(['score:abc-def:8', 'secret:s1', '_design/trip']);
    const byQuery = await get(`/_changes?filter=_doc_ids&doc_ids=${encodeURIComponent(ids)}`);
    expect(byQuery.json.results.map((r: { id: string }) => r.id)).toEqual(['score:abc-def:8']);
    const byBody = await post('/_changes?filter=_doc_ids', { doc_ids: ['round:r1'] });
    expect(byBody.json.results.map((r: { id: string }) => r.id)).toEqual(['round:r1']);

    const select = async (selector: unknown) =>
      (await post('/_changes?filter=_selector', { selector })).json.results.map((r: { id: string }) => r.id);
    expect(await select({ type: 'score', roundId: 'r1' })).toEqual(['score:abc-def:7']);
    expect(await select({ type: { $in: ['round', 'secret'] } })).toEqual(['round:r1']);
    expect(await select({ 'course.par': { $gte: 70 } })).toEqual(['round:r1']);
    expect(await select({ course: { name: 'Links' } })).toEqual(['round:r1']);
    expect(await select({ $or: [{ hole: { $lt: 8 } }, { state: 'ready' }] })).toEqual(['round:r1', 'score:abc-def:7']);
    expect(await select({ type: { $ne: 'round' }, roundId: { $exists: true } })).toEqual(['score:abc-def:7', 'score:abc-def:8']);
    expect(await select({ type: 'secret' })).toEqual([]);
  });

  it('longpoll waits for a visible change, sending heartbeat newlines meanwhile', async () => {
    await seed();
    const { json: start } = await get('/_changes?since=now');
    const pending = call(h.origin, 'GET', `${DB}/_changes?feed=longpoll&since=${start.last_seq}&heartbeat=100&include_docs=true`, { auth: P1 });
    await new Promise((r) => setTimeout(r, 450));
    await h.db.put({ _id: 'secret:s9', type: 'secret' }); // wakes the wait, but is not for this actor
    await new Promise((r) => setTimeout(r, 200));
    await h.db.put({ _id: 'teetime:t1', type: 'teetime', id: 't1' });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^\n{3,}\{/); // at least three heartbeats before the JSON
    expect(res.json.results.map((r: { id: string }) => r.id)).toEqual(['teetime:t1']);
    expect(res.json.last_seq).toBe((await h.db.info()).updateSeq);
  });

  it('longpoll answers an empty result at its timeout, capped by maxLongpollMs', async () => {
    const { json: start } = await get('/_changes?since=now');
    const t0 = Date.now();
    const short = await get(`/_changes?feed=longpoll&since=now&timeout=300`);
    expect(short.json).toEqual({ results: [], last_seq: start.last_seq });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    const t1 = Date.now();
    const capped = await get(`/_changes?feed=longpoll&since=now&timeout=60000`);
    expect(capped.json.results).toEqual([]);
    expect(Date.now() - t1).toBeLessThan(4000);
    // With changes already there, a longpoll answers at once.
    await seed();
    const immediate = await get(`/_changes?feed=longpoll&since=${start.last_seq}`);
    expect(immediate.json.results).toHaveLength(3);
  });

  it('stops waiting when the client goes away', async () => {
    const controller = new AbortController();
    const pending = call(h.origin, 'GET', `${DB}/_changes?feed=longpoll&since=now&timeout=1400`, { auth: P1, signal: controller.signal }).catch((e: unknown) => e);
    await eventually(() => expect(h.activeWaits()).toBe(1));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    // The policy's wait was aborted with the connection, long before its 1.4 s timeout.
    await eventually(() => expect(h.activeWaits()).toBe(0), 400);
    // The gateway answers other requests normally afterwards.
    expect((await get('/_changes')).status).toBe(200);
  });
});

describe('_all_docs', () => {
  it('answers keys with hidden, design, missing and deleted documents the way CouchDB does', async () => {
    await seed();
    const gone = await h.db.put({ _id: 'expense:x', type: 'expense' });
    await h.db.remove('expense:x', gone.rev);
    const res = await post('/_all_docs', { keys: ['score:abc-def:7', 'secret:s1', '_design/trip', 'nope', 'expense:x'], include_docs: true, deleted: 'ok' });
    expect(res.status).toBe(200);
    const [mine, secret, design, missing, deleted] = res.json.rows;
    expect(mine).toMatchObject({ id: 'score:abc-def:7', key: 'score:abc-def:7', value: { rev: expect.stringMatching(/^1-/) }, doc: { strokes: 4 } });
    expect([secret, design, missing]).toEqual([
      { key: 'secret:s1', error: 'not_found' },
      { key: '_design/trip', error: 'not_found' },
      { key: 'nope', error: 'not_found' },
    ]);
    expect(deleted).toMatchObject({ id: 'expense:x', value: { deleted: true }, doc: null });

    // RxDB's conflict re-read: GET with keys as JSON in the query.
    const viaGet = await get(`/_all_docs?include_docs=true&keys=${encodeURIComponent('["score:abc-def:8"]')}`);
    expect(viaGet.json.rows[0].doc).toMatchObject({ playerId: 'p2' });
  });

  it('pages a key range counting only visible documents', async () => {
    await seed();
    const all = await get('/_all_docs');
    expect(all.json.rows.map((r: { id: string }) => r.id)).toEqual(['round:r1', 'score:abc-def:7', 'score:abc-def:8']);
    expect(all.json.rows[0].doc).toBeUndefined();
    const page = await get(`/_all_docs?startkey=${encodeURIComponent('"s"')}&limit=1&skip=1&include_docs=true`);
    expect(page.json.rows.map((r: { id: string }) => r.id)).toEqual(['score:abc-def:8']);
    expect(page.json.offset).toBe(1);
    const range = await get(`/_all_docs?startkey=${encodeURIComponent('"round:"')}&endkey=${encodeURIComponent('"score:abc-def:7"')}&inclusive_end=false`);
    expect(range.json.rows.map((r: { id: string }) => r.id)).toEqual(['round:r1']);
  });
});

describe('documents', () => {
  it('reads a document by an id with colons, with rev, revs, conflicts and latest', async () => {
    await seed();
    const path = `/${encodeURIComponent('score:abc-def:7')}`;
    const first = await get(path);
    expect(first.json).toMatchObject({ _id: 'score:abc-def:7', strokes: 4 });
    const rev1 = first.json._rev as string;
    const updated = await h.db.put({ ...first.json, strokes: 5 });

    expect((await get(`${path}?rev=${rev1}`)).json).toMatchObject({ _rev: rev1, strokes: 4 });
    expect((await get(`${path}?revs=true`)).json._revisions).toEqual({ start: 2, ids: [updated.rev.slice(2), rev1.slice(2)] });
    expect((await get(`${path}?rev=${rev1}&latest=true`)).json).toMatchObject({ _rev: updated.rev, strokes: 5 });
    expect((await get(`${path}?conflicts=true`)).json._conflicts).toBeUndefined();

    const listed = await call(h.origin, 'GET', `${DB}${path}?open_revs=${encodeURIComponent(JSON.stringify([rev1, '9-zz']))}`, {
      auth: P1,
      headers: { Accept: 'application/json' },
    });
    expect(listed.json).toEqual([{ ok: expect.objectContaining({ _rev: rev1 }) }, { missing: '9-zz' }]);
    // `latest` with a revision the document never had: missing, not a hung request (PouchDB's own `latest` throws).
    expect((await get(`${path}?rev=1-0123abcd&latest=true`)).status).toBe(404);
    const latest = await get(`${path}?open_revs=${encodeURIComponent(JSON.stringify([rev1, '1-0123abcd']))}&latest=true`);
    expect(latest.json).toEqual([{ ok: expect.objectContaining({ _rev: updated.rev, strokes: 5 }) }, { missing: '1-0123abcd' }]);
    expect(latest.json[0].ok._revisions).toBeUndefined();
    const multipartOnly = await call(h.origin, 'GET', `${DB}${path}?open_revs=all`, { auth: P1, headers: { Accept: 'multipart/mixed' } });
    expect(multipartOnly.status).toBe(406);
  });

  it('answers hidden, design, missing and deleted documents and unknown endpoints as not found', async () => {
    await seed();
    for (const path of ['/secret%3As1', '/_design/trip', '/nope', '/secret%3As1?open_revs=all', '/_design/trip/_view/x', '/_unknown', '/round%3Ar1/attachment.txt']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ error: 'not_found', reason: 'missing' });
    }
    const putDesign = await call(h.origin, 'PUT', `${DB}/_design/evil`, { auth: ORG, body: { views: {} } });
    expect(putDesign).toMatchObject({ status: 403, json: { error: 'forbidden' } });
    expect((await call(h.origin, 'PUT', `${DB}/round%3Ar1`, { auth: ORG, body: {} })).status).toBe(405);
  });

  it('_bulk_get answers visible documents with their history and errors for the rest', async () => {
    await seed();
    const doc = await h.db.get('score:abc-def:7');
    const res = await post('/_bulk_get?revs=true', {
      docs: [{ id: 'score:abc-def:7', rev: doc!._rev }, { id: 'secret:s1' }, { id: 'nope', rev: '1-abc' }, { id: '_local/x' }],
    });
    const [ok, hidden, missing, local] = res.json.results;
    expect(ok.docs[0].ok).toMatchObject({ _id: 'score:abc-def:7', _revisions: { start: 1 } });
    expect(hidden.docs[0]).toMatchObject({ error: { id: 'secret:s1', error: 'not_found' } });
    expect(missing.docs[0]).toEqual({ error: { id: 'nope', rev: '1-abc', error: 'not_found', reason: 'missing' } });
    expect(local.docs[0].ok).toBeUndefined();
    const revsInBody = await post('/_bulk_get', { docs: [{ id: 'round:r1' }], revs: true });
    expect(revsInBody.json.results[0].docs[0].ok._revisions).toBeDefined();
    expect((await post('/_bulk_get', { docs: [] })).json).toEqual({ results: [] });
    expect((await get('/_all_docs?limit=0')).json).toMatchObject({ rows: [], total_rows: expect.any(Number) });
  });

  it('_revs_diff lists the revisions the server lacks', async () => {
    await seed();
    const doc = await h.db.get('score:abc-def:7');
    const res = await post('/_revs_diff', { 'score:abc-def:7': [doc!._rev, '2-abc'], 'new:1': ['1-def'] });
    expect(res.json).toMatchObject({ 'score:abc-def:7': { missing: ['2-abc'] }, 'new:1': { missing: ['1-def'] } });
    expect(Object.keys(res.json).sort()).toEqual(['new:1', 'score:abc-def:7']);
    expect((await post('/_revs_diff', {})).json).toEqual({});
  });
});

describe('_bulk_docs with normal edits', () => {
  it('answers one row per document in order: written, conflicts, forbidden', async () => {
    await seed();
    const current = await h.db.get('score:abc-def:7');
    const res = await post('/_bulk_docs', {
      docs: [
        { _id: 'score:new:1', type: 'score', playerId: 'p1', strokes: 3 },
        { ...current, strokes: 2 },
        { _id: 'score:abc-def:7', _rev: '1-0123abcd', type: 'score', playerId: 'p1', strokes: 9 },
        { _id: 'round:r1', type: 'round', state: 'done' },
        { _id: 'trip:t1', type: 'trip', name: 'Mine now' },
        { _id: '_design/evil', views: {} },
        { _id: 'score:att:1', type: 'score', playerId: 'p1', _attachments: { 'a.txt': { content_type: 'text/plain', data: 'aGk=' } } },
        { type: 'note', text: 'no id given' },
      ],
    });
    expect(res.status).toBe(201);
    const rows = res.json as { id: string; ok?: boolean; rev?: string; error?: string; reason?: string }[];
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ ok: true, id: 'score:new:1', rev: expect.stringMatching(/^1-/) });
    expect(rows[1]).toMatchObject({ ok: true, id: 'score:abc-def:7', rev: expect.stringMatching(/^2-/) });
    expect(rows[2]).toEqual({ id: 'score:abc-def:7', error: 'conflict', reason: 'Document update conflict.' });
    expect(rows[3]).toEqual({ id: 'round:r1', error: 'conflict', reason: 'Document update conflict.' });
    expect(rows[4]).toEqual({ id: 'trip:t1', error: 'forbidden', reason: 'players do not write trip settings' });
    expect(rows[5]).toMatchObject({ id: '_design/evil', error: 'forbidden' });
    expect(rows[6]).toMatchObject({ id: 'score:att:1', error: 'forbidden' });
    expect(rows[7]).toMatchObject({ ok: true, id: expect.stringMatching(/^[0-9a-f]{32}$/) });

    expect((await h.db.get('score:abc-def:7'))?.strokes).toBe(2);
    expect((await h.db.get('round:r1'))?.state).toBe('ready');
    expect(await h.db.get('trip:t1')).toBeUndefined();
    // Every refusal is recorded, the gateway's own (design document, attachments) too.
    expect(h.refusals.map((r) => r.doc._id)).toEqual(['_design/evil', 'score:att:1', 'trip:t1']);
    expect(h.afterWrites).toHaveLength(1);
    expect(h.afterWrites[0]!.docs.map((d) => [d._id, d._rev])).toEqual([
      ['score:new:1', rows[0]!.rev],
      ['score:abc-def:7', rows[1]!.rev],
      [rows[7]!.id, rows[7]!.rev],
    ]);

    // An organizer may write the trip document.
    const org = await post('/_bulk_docs', { docs: [{ _id: 'trip:t1', type: 'trip', name: 'Spring trip' }] }, ORG);
    expect(org.json[0]).toMatchObject({ ok: true, id: 'trip:t1' });
  });
});
