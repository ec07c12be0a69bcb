/**
 * Every JSON body, on REST routes and on the sync gateway, is refused with 400 before any work when it is nested
 * deeper than 32 levels, is not valid UTF-8, or holds a lone surrogate — and nothing is written. Before, a 10 KB
 * `_bulk_docs` nested 5,000 levels answered 500 (the stack overflowed while its refusal was recorded, so a phone
 * would retry that batch forever), and so did a `_changes` selector nested 2,000 levels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../shared/json-limits.js';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let session: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const playerId = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }] })).body.items[0].id;
  const token = (await org.client.post('/trip-portal/token', { tripId, playerId })).body.token;
  session = (await api(server.url).post('/trip-portal/validate', { token })).body.session;
});
afterAll(() => server.close());

const nested = (levels: number, leaf = '1') => '['.repeat(levels) + leaf + ']'.repeat(levels);
/** `{"a":{"a":…{"a":1}…}}`, `levels` objects deep. */
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

async function send(path: string, method: string, body: string | Uint8Array<ArrayBuffer>, auth: string) {
  const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' }, body });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as any) : undefined };
}

const players = async () => (await org.client.get(`/trips/${tripId}/players`)).body.items.length as number;

describe('REST bodies', () => {
  it('refuses a body nested deeper than the limit with 400 and writes nothing', async () => {
    const before = await players();
    for (const body of [`{"players":${nested(5000)}}`, `{"players":[{"name":"Bo","note":${nestedObject(MAX_JSON_DEPTH)}}]}`]) {
      const res = await send(`/trips/${tripId}/players/bulk`, 'POST', body, org.token);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.code).toBe('malformed_json');
      expect(res.json.error.message).toContain(`more than ${MAX_JSON_DEPTH} levels`);
    }
    expect(await players()).toBe(before);
  });

  it('takes a body exactly at the limit to the schema (a 400 about the body, not its depth)', async () => {
    const res = await send(`/trips/${tripId}/players/bulk`, 'POST', `{"players":${nested(MAX_JSON_DEPTH - 1)}}`, org.token);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });

  it('refuses invalid UTF-8 and lone surrogates with 400, naming the field, and writes nothing', async () => {
    const before = await players();
    const invalid = new Uint8Array([...new TextEncoder().encode('{"players":[{"name":"Bo'), 0xc3, 0x28, ...new TextEncoder().encode('"}]}')]);
    const bytes = await send(`/trips/${tripId}/players/bulk`, 'POST', invalid, org.token);
    expect(bytes.status, bytes.text).toBe(400);
    expect(bytes.json.error.message).toBe('the body is not valid UTF-8');
    const lone = await send(`/trips/${tripId}/players/bulk`, 'POST', '{"players":[{"name":"Bo\\ud800"}]}', org.token);
    expect(lone.status, lone.text).toBe(400);
    expect(lone.json.error.details[0].path).toEqual(['body', 'players', 0, 'name']);
    // A pair of surrogates (an emoji, escaped) is well-formed and taken.
    const pair = await send(`/trips/${tripId}/players/bulk`, 'POST', '{"players":[{"name":"Bo \\ud83c\\udfcc"}]}', org.token);
    expect(pair.status, pair.text).toBe(201);
    expect(await players()).toBe(before + 1);
  });
});

describe('sync gateway bodies', () => {
  it('refuses a _bulk_docs nested 5,000 levels with 400 in CouchDB shape, and records nothing', async () => {
    const body = `{"docs":[{"_id":"availability:x","type":"availability","deep":${nested(5000)}}],"new_edits":false}`;
    expect(body.length).toBeLessThan(11_000);
    const res = await send(`/sync/trips/${tripId}/_bulk_docs`, 'POST', body, session);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toBe('bad_request');
    expect(res.json.reason).toContain(`more than ${MAX_JSON_DEPTH} levels`);
    const rejections = await org.client.get(`/trips/${tripId}/sync/rejections`);
    expect(rejections.status).toBe(200);
    expect(rejections.body.items).toEqual([]);
  });

  it('refuses a _changes selector nested 2,000 levels, in the body or the query', async () => {
    const selector = `{"selector":${'{"$and":['.repeat(2000)}{"type":"score"}${']}'.repeat(2000)}}`;
    const post = await send(`/sync/trips/${tripId}/_changes?filter=_selector`, 'POST', selector, session);
    expect(post.status, post.text.slice(0, 200)).toBe(400);
    expect(post.json.error).toBe('bad_request');
    // In the query string (100 levels: a URL of 2,000 would exceed the header limit first).
    const shallow = `${'{"$and":['.repeat(100)}{"type":"score"}${']}'.repeat(100)}`;
    const query = await fetch(`${server.url}/sync/trips/${tripId}/_changes?filter=_selector&selector=${encodeURIComponent(shallow)}`, { headers: { authorization: `Bearer ${session}` } });
    expect(query.status).toBe(400);
    expect(((await query.json()) as { reason: string }).reason).toContain('more than');
  });

  it('refuses invalid UTF-8 and lone surrogates in a push as a whole-request 400', async () => {
    const lone = await send(`/sync/trips/${tripId}/_bulk_docs`, 'POST', '{"docs":[{"_id":"availability:x","type":"availability","note":"\\udc00"}],"new_edits":false}', session);
    expect(lone.status, lone.text).toBe(400);
    expect(lone.json.reason).toContain('lone surrogate');
    const invalid = new Uint8Array([...new TextEncoder().encode('{"docs":[{"_id":"a'), 0xff, ...new TextEncoder().encode('"}]}')]);
    const bytes = await send(`/sync/trips/${tripId}/_bulk_docs`, 'POST', invalid, session);
    expect(bytes.status, bytes.text).toBe(400);
  });
});
