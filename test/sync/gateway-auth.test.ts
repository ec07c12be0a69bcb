/**
 * Authentication is for the whole request (401/403/404 from the policy, never a per-document refusal), and bad
 * input is a CouchDB-style 4xx, never a 500.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_TRIP, startGatewayHarness, type GatewayHarness } from './support/gateway-harness.js';
import { call } from './support/gateway-http.js';
import { localClients, remoteDb, scoreDocs, type LocalClients } from './support/pouch-clients.js';

const P1 = 'Bearer player:p1';
const DB = '/sync/trips/trip1';

let h: GatewayHarness;
let clients: LocalClients;

beforeAll(async () => {
  h = await startGatewayHarness();
  clients = await localClients();
});

afterAll(async () => {
  await clients.cleanup();
  await h.close();
});

describe('authentication', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', DB],
    ['HEAD', DB],
    ['GET', `${DB}/`],
    ['GET', `${DB}/_changes?feed=longpoll&timeout=5000`],
    ['POST', `${DB}/_changes?filter=_doc_ids`, { doc_ids: ['a'] }],
    ['POST', `${DB}/_bulk_docs`, { docs: scoreDocs('p1', 'c', 1) }],
    ['POST', `${DB}/_bulk_get`, { docs: [{ id: 'a' }] }],
    ['POST', `${DB}/_revs_diff`, { a: ['1-abc'] }],
    ['GET', `${DB}/_all_docs`],
    ['GET', `${DB}/_local/checkpoint`],
    ['PUT', `${DB}/_local/checkpoint`, { last_seq: 1 }],
    ['GET', `${DB}/score%3Ac%3A1`],
    ['PUT', DB],
    ['GET', `${DB}/_unknown`],
  ];

  it.each(routes)('%s %s without a session is 401 for the whole request', async (method, path, body) => {
    const res = await call(h.origin, method, path, { body });
    expect(res.status).toBe(401);
    if (method !== 'HEAD') expect(res.json).toMatchObject({ error: 'unauthorized', reason: 'a sync session is required' });
  });

  it('answers a malformed session, another trip, and an unknown trip with the policy’s status', async () => {
    expect((await call(h.origin, 'GET', `${DB}/_changes`, { auth: 'Basic cDE6cHc=' })).status).toBe(401);
    const other = await call(h.origin, 'GET', `/sync/trips/${OTHER_TRIP}/_changes`, { auth: P1 });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ error: 'forbidden', reason: 'not a player of this trip' });
    const unknown = await call(h.origin, 'GET', '/sync/trips/nope/', { auth: P1 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'not_found', reason: 'no trip nope' });
    // The server's own code rides along, so a device can tell an expired session from a missing one.
    const expired = await call(h.origin, 'GET', `${DB}/_changes`, { auth: 'Bearer expired:p1' });
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ error: 'unauthorized', reason: 'the session expired', code: 'token_expired' });
  });

  it('writes nothing when a _bulk_docs is refused for its session', async () => {
    const docs = scoreDocs('p1', 'unauth', 3);
    for (const auth of [undefined, 'Bearer player:', 'Bearer player:p9']) {
      const res = await call(h.origin, 'POST', `${DB}/_bulk_docs`, { auth, body: { docs, new_edits: true } });
      expect(res.status).toBeGreaterThanOrEqual(401);
      expect(res.status).toBeLessThanOrEqual(403);
      expect(Array.isArray(res.json)).toBe(false);
    }
    const { rows } = await h.db.allDocs({ keys: docs.map((d) => d._id as string) });
    expect(rows.every((r) => r.error === 'not_found')).toBe(true);
    expect(h.afterWrites).toEqual([]);
    expect(h.refusals).toEqual([]);
  });

  it('stops a PouchDB push with the 401/403 as a replication error (no document counted as refused)', async () => {
    const local = clients.create('unauth-phone');
    await local.bulkDocs(scoreDocs('p1', 'offline', 5));
    const noSession = await PouchDB.replicate(local, remoteDb(h.dbUrl())).catch((err: unknown) => err);
    expect(noSession).toMatchObject({ status: 401, name: 'unauthorized' });
    const wrongTrip = await PouchDB.replicate(local, remoteDb(h.dbUrl(OTHER_TRIP), P1)).catch((err: unknown) => err);
    expect(wrongTrip).toMatchObject({ status: 403, name: 'forbidden' });
    expect((await h.db.allDocs({ keys: ['score:offline:1'] })).rows[0]).toMatchObject({ error: 'not_found' });

    // The same phone with a valid session then pushes everything: nothing was lost.
    const ok = await PouchDB.replicate(local, remoteDb(h.dbUrl(), P1));
    expect(ok.docs_written).toBe(5);
    expect(ok.doc_write_failures).toBe(0);
  });

  it('serves the server root without a session', async () => {
    for (const path of ['/sync/trips/', '/sync/trips']) {
      const res = await call(h.origin, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ couchdb: 'Welcome', version: '3.3.3', uuid: 'c0ffee00c0ffee00c0ffee00c0ffee00', vendor: { name: 'golf-trip-sync-server' } });
    }
    expect((await call(h.origin, 'POST', '/sync/trips/', { body: {} })).status).toBe(405);
  });
});

describe('bad input', () => {
  const cases: [string, string, string, { body?: unknown; raw?: string; headers?: Record<string, string> }, number, string][] = [
    ['docs not an array', 'POST', '_bulk_docs', { body: { docs: 'nope' } }, 400, 'bad_request'],
    ['no docs', 'POST', '_bulk_docs', { body: {} }, 400, 'bad_request'],
    ['a JSON array body', 'POST', '_bulk_docs', { body: [] }, 400, 'bad_request'],
    ['no body', 'POST', '_bulk_docs', {}, 400, 'bad_request'],
    ['malformed JSON', 'POST', '_bulk_docs', { raw: '{"docs": [' }, 400, 'bad_request'],
    ['a doc that is not an object', 'POST', '_bulk_docs', { body: { docs: [1] } }, 400, 'bad_request'],
    ['a numeric _id', 'POST', '_bulk_docs', { body: { docs: [{ _id: 5 }] } }, 400, 'bad_request'],
    ['a bad _rev', 'POST', '_bulk_docs', { body: { docs: [{ _id: 'a', _rev: 'x' }] } }, 400, 'bad_request'],
    ['new_edits:false without _rev', 'POST', '_bulk_docs', { body: { docs: [{ _id: 'a' }], new_edits: false } }, 400, 'bad_request'],
    ['new_edits not a boolean', 'POST', '_bulk_docs', { body: { docs: [], new_edits: 'no' } }, 400, 'bad_request'],
    ['bad _revisions', 'POST', '_bulk_docs', { body: { docs: [{ _id: 'a', _rev: '1-a', _revisions: { ids: 'a' } }], new_edits: false } }, 400, 'bad_request'],
    ['_revisions not matching _rev', 'POST', '_bulk_docs', { body: { docs: [{ _id: 'a', _rev: '2-a', _revisions: { start: 5, ids: ['a'] } }], new_edits: false } }, 400, 'bad_request'],
    ['an unknown special member', 'POST', '_bulk_docs', { body: { docs: [{ _id: 'a', _foo: 1 }] } }, 400, 'doc_validation'],
    ['an id with a reserved underscore', 'POST', '_bulk_docs', { body: { docs: [{ _id: '_users' }] } }, 400, 'illegal_docid'],
    ['a text body', 'POST', '_bulk_docs', { raw: 'docs', headers: { 'Content-Type': 'text/plain' } }, 415, 'bad_content_type'],
    ['a non-object _revs_diff', 'POST', '_revs_diff', { body: ['a'] }, 400, 'bad_request'],
    ['a string _revs_diff', 'POST', '_revs_diff', { body: 'a' }, 400, 'bad_request'],
    ['revisions not a list', 'POST', '_revs_diff', { body: { a: '1-a' } }, 400, 'bad_request'],
    ['_bulk_get without docs', 'POST', '_bulk_get', { body: {} }, 400, 'bad_request'],
    ['_bulk_get with a doc without id', 'POST', '_bulk_get', { body: { docs: [{ rev: '1-a' }] } }, 400, 'bad_request'],
    ['an invalid selector', 'POST', '_changes?filter=_selector', { body: { selector: { type: { $regexp: 'x' } } } }, 400, 'bad_request'],
    ['a selector that is not an object', 'POST', '_changes?filter=_selector', { body: { selector: [1] } }, 400, 'bad_request'],
    ['doc_ids missing', 'GET', '_changes?filter=_doc_ids', {}, 400, 'bad_request'],
    ['doc_ids not JSON', 'GET', '_changes?filter=_doc_ids&doc_ids=abc', {}, 400, 'bad_request'],
    ['a design filter', 'GET', '_changes?filter=app/mine', {}, 400, 'bad_request'],
    ['a continuous feed', 'GET', '_changes?feed=continuous', {}, 400, 'bad_request'],
    ['a non-numeric limit', 'GET', '_changes?limit=ten', {}, 400, 'bad_request'],
    ['a bad boolean', 'GET', '_changes?include_docs=yes', {}, 400, 'bad_request'],
    ['a _changes body that is a list', 'POST', '_changes', { body: [1] }, 400, 'bad_request'],
    ['startkey not JSON', 'GET', '_all_docs?startkey=abc', {}, 400, 'bad_request'],
    ['keys not a list', 'POST', '_all_docs', { body: { keys: 'a' } }, 400, 'bad_request'],
    ['open_revs not a list', 'GET', 'score%3Aa%3A1?open_revs=abc', {}, 400, 'bad_request'],
    ['a _local body that is a list', 'PUT', '_local/cp', { body: [] }, 400, 'bad_request'],
    ['a malformed percent-encoding', 'GET', 'score%E0%A4%A', {}, 400, 'bad_request'],
  ];

  it.each(cases)('%s → %i %s', async (_name, method, path, options, status, error) => {
    const res = await call(h.origin, method, `${DB}/${path}`, { auth: P1, ...options });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error });
    expect(typeof res.json.reason).toBe('string');
  });

  it('never wrote anything, never failed with a 500', async () => {
    expect(await h.db.get('a')).toBeUndefined();
    // Only the earlier authenticated push wrote anything.
    expect(h.afterWrites.flatMap((w) => w.docs.map((d) => d._id)).every((id) => id.startsWith('score:offline:'))).toBe(true);
    expect(h.appErrors).toEqual([]);
    expect(h.requests.filter((r) => r.status >= 500)).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const small = await startGatewayHarness({ gateway: { maxBodyBytes: 2048 } });
    try {
      const docs = scoreDocs('p1', 'big', 40);
      const res = await call(small.origin, 'POST', `${DB}/_bulk_docs`, { auth: P1, body: { docs } });
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ error: 'too_large' });
      expect(await small.db.get('score:big:1')).toBeUndefined();
    } finally {
      await small.close();
    }
  });
});
