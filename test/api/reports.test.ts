import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_AUDIO_MAX_BYTES, REPORT_HTML_MAX_BYTES } from '../../shared/schemas/report.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { htmlPage, tinyM4a, tinyMp3, tinyPng } from '../support/media.js';
import { coOrganize } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { multipartRequest, type Part } from '../support/upload.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
/** Co-organizes the trip: a player with role organizer and this account's email. */
let coOrg: Awaited<ReturnType<typeof organizer>>;
/** Organizes another trip only. */
let stranger: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let otherTripId: string;
let player: Api;
let playerSession: string;
let otherTripSession: string;
let anon: Api;
let clockOffsetMs = 0;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MP3 = tinyMp3();
const M4A = tinyM4a();
const HTML = htmlPage(4096);

const create = (fields: Record<string, string | string[]>, parts: Part[], token: string | undefined = org.token, trip = tripId) =>
  multipartRequest(`${server.url}/trips/${trip}/reports`, { token, fields, parts });
const createOk = async (title: string, bytes: Uint8Array, name: string, description = '') => {
  const res = await create({ title, description }, [{ bytes, name }]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
/** The signed URL's path and query, fetched from this test server (the answer's origin is PUBLIC_BASE_URL). */
const local = (signed: string) => {
  const u = new URL(signed);
  return `${server.url}${u.pathname}${u.search}`;
};
async function fetchFile(signed: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(local(signed), { method, headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes, headers: res.headers, json: () => JSON.parse(Buffer.from(bytes).toString()) };
}

/** What the server holds: report documents in the trip database, report files in the blob directory, spooled uploads. */
async function stored(trip = tripId) {
  const { rows } = await server.deps.store.trip(trip).allDocs({ startKey: 'report:', endKey: 'report:\ufff0' });
  const dir = join(server.dataDir, 'blobs', 'trip', trip, 'report');
  const files = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((f) => f.endsWith('.bin'));
  const spooled = await readdir(join(server.dataDir, 'tmp', 'uploads')).catch(() => [] as string[]);
  return { docs: rows.length, files: files.length, spooled: spooled.length };
}

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(Date.now() + clockOffsetMs) } });
  org = await organizer(server.url, 'Owner');
  coOrg = await organizer(server.url, 'Co');
  stranger = await organizer(server.url, 'Stranger');
  anon = api(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  otherTripId = (await stranger.client.post('/trips', tripBody({ name: 'Elsewhere' }))).body.id;
  const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Co', role: 'organizer', email: coOrg.email }] });
  expect(players.status).toBe(201);
  await coOrganize(org.client, coOrg, tripId);
  const session = async (trip: string, playerId: string, by: Api) => {
    const token = await by.post('/trip-portal/token', { tripId: trip, playerId });
    return (await anon.post('/trip-portal/validate', { token: token.body.token })).body.session as string;
  };
  playerSession = await session(tripId, players.body.items[0].id, org.client);
  player = api(server.url, playerSession);
  const otherPlayer = (await stranger.client.post(`/trips/${otherTripId}/players/bulk`, { players: [{ name: 'Zed' }] })).body.items[0].id;
  otherTripSession = await session(otherTripId, otherPlayer, stranger.client);
});
afterAll(() => server.close());
beforeEach(() => {
  clockOffsetMs = 0;
});

describe('creating a report', () => {
  it.each([
    ['an HTML page', HTML, 'recap.html', 'html', 'text/html', 'html_url'],
    ['an MP3 with an ID3 tag, named .bin', MP3, 'round-one.bin', 'audio', 'audio/mpeg', 'audio_url'],
    ['an MP3 without a tag', tinyMp3({ tag: false }), 'memo.mp3', 'audio', 'audio/mpeg', 'audio_url'],
    ['an M4A voice memo', M4A, 'Voice Memo.m4a', 'audio', 'audio/mp4', 'audio_url'],
    ['an M4A with its moov last', tinyM4a({ moovLast: true }), 'late.m4a', 'audio', 'audio/mp4', 'audio_url'],
  ])('stores %s, typed by its content, with a signed URL to it', async (_label, bytes, name, kind, contentType, urlField) => {
    const before = await stored();
    const res = await create({ title: '  Day one  ', description: 'Highlights' }, [{ bytes, name, type: 'application/octet-stream' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const expires = new Date(Date.now() + 900_000);
    expect(res.body).toEqual({
      id: expect.any(String),
      tripId,
      title: 'Day one',
      description: 'Highlights',
      kind,
      contentType,
      size: bytes.byteLength,
      sha256: sha(bytes),
      originalName: name,
      createdBy: org.user.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      [urlField]: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1/report-files/${tripId}/${res.body.id}/[a-z0-9]+\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`)),
      url_expires_at: expect.any(String),
      links: { self: `/trips/${tripId}/reports/${res.body.id}` },
    });
    expect(Math.abs(new Date(res.body.url_expires_at).getTime() - expires.getTime())).toBeLessThan(5000);
    expect(res.headers.get('location')).toBe(`/trips/${tripId}/reports/${res.body.id}`);
    expect(await stored()).toEqual({ docs: before.docs + 1, files: before.files + 1, spooled: 0 });

    const file = await fetchFile(res.body[urlField]);
    expect(file.status).toBe(200);
    expect(sha(file.bytes)).toBe(sha(bytes));
    expect(file.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(file.headers.get('content-type')).toBe(contentType === 'text/html' ? 'text/html; charset=utf-8' : contentType);
    expect(file.headers.get('accept-ranges')).toBe('bytes');
    expect(file.headers.get('etag')).toBe(`"${sha(bytes)}"`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('referrer-policy')).toBe('no-referrer');
    // Cached no longer than the link lives.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(file.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil((Date.parse(res.body.url_expires_at) - Date.now()) / 1000) + 1);
  });

  it('keeps the exact 2 MiB HTML page and the exact 50 MiB recording, byte for byte', async () => {
    const html = htmlPage(REPORT_HTML_MAX_BYTES);
    const page = await createOk('Exactly 2 MiB', html, 'big.html');
    expect(page).toMatchObject({ kind: 'html', size: REPORT_HTML_MAX_BYTES });
    const audio = new Uint8Array(REPORT_AUDIO_MAX_BYTES);
    // A run of whole frames, then zeros to the limit (trailing padding, as some encoders leave).
    const mp3 = tinyMp3({ frames: 1000 });
    audio.set(mp3);
    const recording = await createOk('Exactly 50 MiB', audio, 'long.mp3');
    expect(recording).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg', size: REPORT_AUDIO_MAX_BYTES, sha256: sha(audio) });
    const back = await fetchFile(recording.audio_url);
    expect(back.bytes.byteLength).toBe(REPORT_AUDIO_MAX_BYTES);
    expect(sha(back.bytes)).toBe(sha(audio));
  });

  it.each([
    ['a PNG renamed to .mp3 and declared audio/mpeg', () => create({ title: 'x' }, [{ bytes: tinyPng(), name: 'photo.mp3', type: 'audio/mpeg' }]), 415, 'unsupported_media_type'],
    ['an MP4 film (a video track)', () => create({ title: 'x' }, [{ bytes: tinyM4a({ video: true }), name: 'clip.m4a' }]), 415, 'unsupported_media_type'],
    ['plain text named .html', () => create({ title: 'x' }, [{ bytes: new TextEncoder().encode('just some words'), name: 'notes.html', type: 'text/html' }]), 415, 'unsupported_media_type'],
    ['an empty file', () => create({ title: 'x' }, [{ bytes: new Uint8Array(0), name: 'empty.mp3' }]), 415, 'unsupported_media_type'],
    ['HTML of 2 MiB and one byte', () => create({ title: 'x' }, [{ bytes: htmlPage(REPORT_HTML_MAX_BYTES + 1), name: 'big.html' }]), 413, 'payload_too_large'],
    ['audio of 50 MiB and one byte', () => create({ title: 'x' }, [{ bytes: (() => { const b = new Uint8Array(REPORT_AUDIO_MAX_BYTES + 1); b.set(MP3); return b; })(), name: 'long.mp3' }]), 413, 'payload_too_large'],
    ['no title', () => create({ description: 'd' }, [{ bytes: MP3, name: 'a.mp3' }]), 400, 'validation_failed'],
    ['a blank title', () => create({ title: '   ' }, [{ bytes: MP3, name: 'a.mp3' }]), 400, 'validation_failed'],
    ['a title of 201 characters', () => create({ title: 'x'.repeat(201) }, [{ bytes: MP3, name: 'a.mp3' }]), 400, 'validation_failed'],
    ['no file', () => create({ title: 'Nothing attached' }, []), 400, 'validation_failed'],
    ['two files', () => create({ title: 'x' }, [{ bytes: MP3, name: 'a.mp3' }, { bytes: HTML, name: 'b.html' }]), 400, 'validation_failed'],
    ['the file in another field', () => create({ title: 'x' }, [{ bytes: MP3, name: 'a.mp3', field: 'audio' }]), 400, 'validation_failed'],
    ['an unknown field', () => create({ title: 'x', colour: 'green' }, [{ bytes: MP3, name: 'a.mp3' }]), 400, 'validation_failed'],
    ['the title twice', () => create({ title: ['a', 'b'] }, [{ bytes: MP3, name: 'a.mp3' }]), 400, 'validation_failed'],
    ['a JSON body', () => org.client.post(`/trips/${tripId}/reports`, { title: 'x' }), 415, 'unsupported_media_type'],
  ])('refuses %s, storing nothing', async (_label, send, status, code) => {
    const before = await stored();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
    expect(await stored()).toEqual({ ...before, spooled: 0 });
  });

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    const before = await stored();
    const big = new Uint8Array(60 * 1024 * 1024);
    big.set(MP3);
    const res = await create({ title: 'Too long' }, [{ bytes: big, name: 'huge.mp3' }]);
    expect(res.status).toBe(413);
    expect(res.body.error.details[0]).toMatchObject({ limitBytes: REPORT_AUDIO_MAX_BYTES });
    expect(await stored()).toEqual({ ...before, spooled: 0 });
  });
});

describe('signed URLs', () => {
  let audio: any;
  beforeAll(async () => {
    audio = await createOk('Seekable', tinyMp3({ frames: 300 }), 'seek.mp3');
  });
  const bytes = tinyMp3({ frames: 300 });

  it.each([
    ['the first 100 bytes', 'bytes=0-99', 0, 99],
    ['a middle range', 'bytes=1000-5999', 1000, 5999],
    ['from an offset to the end', `bytes=${bytes.byteLength - 10}-`, bytes.byteLength - 10, bytes.byteLength - 1],
    ['the last 500 bytes', 'bytes=-500', bytes.byteLength - 500, bytes.byteLength - 1],
    ['a range ending past the end (clamped)', `bytes=100-${bytes.byteLength + 1000}`, 100, bytes.byteLength - 1],
  ])('serves %s with 206 and Content-Range', async (_label, range, start, end) => {
    const res = await fetchFile(audio.audio_url, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.byteLength}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(sha(res.bytes)).toBe(sha(bytes.subarray(start, end + 1)));
  });

  it('answers a range past the end with 416 and the size, in the error shape', async () => {
    const res = await fetchFile(audio.audio_url, { range: `bytes=${bytes.byteLength}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
    expect(res.json().error.code).toBe('range_not_satisfiable');
  });

  it('sends the whole file for several ranges, a malformed range, or an If-Range that no longer matches', async () => {
    for (const headers of [{ range: 'bytes=0-1,5-6' }, { range: 'pages=1-2' }, { range: 'bytes=0-99', 'if-range': '"stale"' }] as Record<string, string>[]) {
      const res = await fetchFile(audio.audio_url, headers);
      expect(res.status).toBe(200);
      expect(sha(res.bytes)).toBe(sha(bytes));
    }
    const matching = await fetchFile(audio.audio_url, { range: 'bytes=0-99', 'if-range': `"${sha(bytes)}"` });
    expect(matching.status).toBe(206);
  });

  it('answers 304 when If-None-Match names the ETag, and the file otherwise', async () => {
    const cached = await fetchFile(audio.audio_url, { 'if-none-match': `"${sha(bytes)}"` });
    expect(cached.status).toBe(304);
    expect(cached.bytes.byteLength).toBe(0);
    expect(cached.headers.get('etag')).toBe(`"${sha(bytes)}"`);
    expect((await fetchFile(audio.audio_url, { 'if-none-match': '"other"' })).status).toBe(200);
    // If-None-Match compares weakly and takes a list.
    for (const header of [`W/"${sha(bytes)}"`, `"other", "${sha(bytes)}"`]) expect((await fetchFile(audio.audio_url, { 'if-none-match': header })).status).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetchFile(audio.audio_url, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(res.bytes.byteLength).toBe(0);
  });

  it.each([
    ['a changed signature', (u: URL) => u.searchParams.set('signature', flip(u.searchParams.get('signature')!))],
    ['a later expiry', (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))],
    ['another report id', (u: URL) => (u.pathname = u.pathname.replace(/\/report-files\/([^/]+)\/([^/]+)\//, (_m, t: string) => `/report-files/${t}/abcdefghij/`))],
    ['another trip id', (u: URL) => (u.pathname = u.pathname.replace(/\/report-files\/[^/]+\//, `/report-files/${otherTripId}/`))],
    ['no signature', (u: URL) => u.searchParams.delete('signature')],
    ['no expiry', (u: URL) => u.searchParams.delete('expires')],
  ])('refuses a URL with %s: 403 signature_invalid', async (_label, tamper) => {
    const u = new URL(audio.audio_url);
    tamper(u);
    const res = await fetchFile(u.toString());
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('signature_invalid');
  });

  it('works until it expires and answers 403 url_expired after; reading the report gives a fresh one', async () => {
    // Set the server's clock against the URL's own expiry, not against when it was made (a loaded machine is slow).
    const expiresMs = Number(new URL(audio.audio_url).searchParams.get('expires')) * 1000;
    expect(expiresMs - Date.parse(audio.url_expires_at)).toBe(0);
    clockOffsetMs = expiresMs - 5_000 - Date.now();
    expect((await fetchFile(audio.audio_url)).status).toBe(200);
    clockOffsetMs = expiresMs + 1_000 - Date.now();
    const expired = await fetchFile(audio.audio_url);
    expect(expired.status).toBe(403);
    expect(expired.json().error.code).toBe('url_expired');
    const fresh = await org.client.get(`/trips/${tripId}/reports/${audio.id}`);
    expect(fresh.body.audio_url).not.toBe(audio.audio_url);
    expect((await fetchFile(fresh.body.audio_url)).status).toBe(200);
  });

  it('serves HTML so that it cannot act on our origin', async () => {
    const page = await createOk('Sandboxed', htmlPage(3000), 'page.html');
    const res = await fetchFile(page.html_url);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp.split(';')[0]!.trim()).toBe('sandbox');
    expect(csp).not.toMatch(/allow-same-origin|allow-scripts/);
    expect(csp).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

function flip(s: string): string {
  const c = s[5] === 'A' ? 'B' : 'A';
  return s.slice(0, 5) + c + s.slice(6);
}

describe('reading, changing and deleting reports', () => {
  it('lists a trip\'s reports newest first, for organizers and, read-only, for players with links', async () => {
    const a = await createOk('First', HTML, 'a.html');
    clockOffsetMs = 1000;
    const b = await createOk('Second', MP3, 'b.mp3');
    const dash = await org.client.get(`/trips/${tripId}/reports`);
    expect(dash.status).toBe(200);
    const ids = dash.body.reports.map((r: any) => r.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(dash.body.links).toEqual({ self: `/trips/${tripId}/reports`, trip: `/trips/${tripId}` });

    const portal = await player.get(`/trip-portal/trips/${tripId}/reports`);
    expect(portal.status).toBe(200);
    expect(portal.body.links).toEqual({ self: `/trip-portal/trips/${tripId}/reports`, trip: `/trip-portal/trips/${tripId}` });
    const mine = portal.body.reports.find((r: any) => r.id === b.id);
    expect(mine).toMatchObject({ title: 'Second', kind: 'audio', links: { self: `/trip-portal/trips/${tripId}/reports/${b.id}` } });
    expect((await fetchFile(mine.audio_url)).status).toBe(200);
    const one = await player.get(`/trip-portal/trips/${tripId}/reports/${a.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: a.id, kind: 'html', html_url: expect.any(String) });
    expect((await player.get(`/trip-portal/trips/${tripId}/reports/zzzzzzzzzz`)).status).toBe(404);
  });

  it('changes the title and description by JSON, leaving the file and its URL as they were', async () => {
    const r = await createOk('Old title', MP3, 'x.mp3', 'old');
    const res = await org.client.patch(`/trips/${tripId}/reports/${r.id}`, { title: 'New title', description: 'new words' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'New title', description: 'new words', sha256: r.sha256, kind: 'audio' });
    expect(new URL(res.body.audio_url).pathname).toBe(new URL(r.audio_url).pathname);
    expect((await org.client.get(`/trips/${tripId}/reports/${r.id}`)).body.title).toBe('New title');
  });

  it('replaces the file by multipart: the old bytes and their URL go, the new type counts', async () => {
    const r = await createOk('Will change', HTML, 'x.html');
    const before = await stored();
    const res = await multipartRequest(`${server.url}/trips/${tripId}/reports/${r.id}`, { method: 'PATCH', token: org.token, fields: { description: 'now audio' }, parts: [{ bytes: M4A, name: 'y.m4a' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Will change', description: 'now audio', kind: 'audio', contentType: 'audio/mp4', sha256: sha(M4A), originalName: 'y.m4a' });
    expect(res.body.html_url).toBeUndefined();
    expect(await stored()).toEqual(before);
    expect((await fetchFile(r.html_url)).status).toBe(404);
    const now = await fetchFile(res.body.audio_url);
    expect(sha(now.bytes)).toBe(sha(M4A));
  });

  it.each([
    ['an empty JSON body', () => (id: string) => org.client.patch(`/trips/${tripId}/reports/${id}`, {}), 400],
    ['an unknown JSON field', () => (id: string) => org.client.patch(`/trips/${tripId}/reports/${id}`, { title: 'ok', colour: 'x' }), 400],
    ['a blank title', () => (id: string) => org.client.patch(`/trips/${tripId}/reports/${id}`, { title: ' ' }), 400],
    ['a PNG as the new file', () => (id: string) => multipartRequest(`${server.url}/trips/${tripId}/reports/${id}`, { method: 'PATCH', token: org.token, fields: { title: 'changed?' }, parts: [{ bytes: tinyPng(), name: 'a.mp3' }] }), 415],
    ['HTML over 2 MiB as the new file', () => (id: string) => multipartRequest(`${server.url}/trips/${tripId}/reports/${id}`, { method: 'PATCH', token: org.token, parts: [{ bytes: htmlPage(REPORT_HTML_MAX_BYTES + 1), name: 'a.html' }] }), 413],
    ['a form with nothing in it', () => (id: string) => multipartRequest(`${server.url}/trips/${tripId}/reports/${id}`, { method: 'PATCH', token: org.token, fields: {} }), 400],
  ])('refuses an update with %s and changes nothing', async (_label, make, status) => {
    const r = await createOk('Stays', MP3, 'keep.mp3', 'same');
    const before = await stored();
    const res = await make()(r.id);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toEqual(expect.any(String));
    const after = await org.client.get(`/trips/${tripId}/reports/${r.id}`);
    expect(after.body).toMatchObject({ title: 'Stays', description: 'same', sha256: r.sha256, updatedAt: r.updatedAt });
    expect(await stored()).toEqual({ ...before, spooled: 0 });
  });

  it('deletes a report and its file; its URL then answers 404, and a second delete too', async () => {
    const r = await createOk('Short-lived', MP3, 'gone.mp3');
    const before = await stored();
    const res = await org.client.delete(`/trips/${tripId}/reports/${r.id}`);
    expect(res.status).toBe(204);
    expect(await stored()).toEqual({ docs: before.docs - 1, files: before.files - 1, spooled: 0 });
    expect((await org.client.get(`/trips/${tripId}/reports/${r.id}`)).status).toBe(404);
    expect((await fetchFile(r.audio_url)).status).toBe(404);
    expect((await org.client.delete(`/trips/${tripId}/reports/${r.id}`)).status).toBe(404);
  });

  it('deletes every report file with its trip', async () => {
    const trip = (await org.client.post('/trips', tripBody({ name: 'Short trip' }))).body.id;
    const res = await create({ title: 'To go' }, [{ bytes: MP3, name: 'a.mp3' }], org.token, trip);
    expect(res.status).toBe(201);
    expect((await stored(trip)).files).toBe(1);
    expect((await org.client.delete(`/trips/${trip}`)).status).toBe(204);
    expect((await stored(trip)).files).toBe(0);
    expect((await fetchFile(res.body.audio_url)).status).toBe(404);
  });
});

describe('who may do what', () => {
  let report: any;
  beforeAll(async () => {
    report = await createOk('Guarded', MP3, 'g.mp3');
  });

  it('lets a co-organizer create, change and delete', async () => {
    const made = await create({ title: 'By the co-organizer' }, [{ bytes: HTML, name: 'c.html' }], coOrg.token);
    expect(made.status).toBe(201);
    expect(made.body.createdBy).toBe(coOrg.user.id);
    expect((await coOrg.client.patch(`/trips/${tripId}/reports/${made.body.id}`, { title: 'Edited' })).status).toBe(200);
    expect((await coOrg.client.delete(`/trips/${tripId}/reports/${made.body.id}`)).status).toBe(204);
  });

  it.each([
    ['an organizer of another trip', () => stranger.token, 404, 'trip_not_found'],
    ['a player (portal session on a dashboard path)', () => playerSession, 401, 'wrong_auth_mode'],
    ['no one', () => '', 401, 'unauthorized'],
  ])('refuses %s on every dashboard report route, changing nothing', async (_label, token, status, code) => {
    const before = await stored();
    const client = api(server.url, token());
    const base = `/trips/${tripId}/reports`;
    const answers = [
      await create({ title: 'x' }, [{ bytes: MP3, name: 'a.mp3' }], token()),
      await client.get(base),
      await client.get(`${base}/${report.id}`),
      await client.patch(`${base}/${report.id}`, { title: 'hijacked' }),
      await client.delete(`${base}/${report.id}`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await org.client.get(`${base}/${report.id}`)).body.title).toBe('Guarded');
    expect(await stored()).toEqual({ ...before, spooled: 0 });
  });

  it('keeps the portal read-only: writes answer 405, and another trip\'s session 403', async () => {
    const base = `/trip-portal/trips/${tripId}/reports`;
    const writes = [
      await multipartRequest(`${server.url}${base}`, { token: playerSession, fields: { title: 'x' }, parts: [{ bytes: MP3, name: 'a.mp3' }] }),
      await player.patch(`${base}/${report.id}`, { title: 'hijacked' }),
      await player.delete(`${base}/${report.id}`),
    ];
    for (const res of writes) {
      expect(res.status).toBe(405);
      expect(res.body.error.code).toBe('method_not_allowed');
    }
    const outsider = api(server.url, otherTripSession);
    expect((await outsider.get(base)).status).toBe(403);
    expect((await outsider.get(`${base}/${report.id}`)).status).toBe(403);
    expect((await anon.get(base)).status).toBe(401);
    expect((await org.client.get(base)).status).toBe(401);
    expect((await org.client.get(`/trips/${tripId}/reports/${report.id}`)).body.title).toBe('Guarded');
  });
});
