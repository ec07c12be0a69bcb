import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES } from '../../shared/schemas/receipt.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { tinyPng } from '../support/media.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let otherTripId: string;
let playerId: string;
/** The player's portal client (a session from POST /trip-portal/validate). */
let player: Api;
let anon: Api;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** The smallest headers each type is recognised by, padded with a few bytes of body. */
const sample = (head: number[], size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.length; i < size; i++) bytes[i] = (i * 7) % 256;
  return bytes;
};
const ftyp = (major: string, compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return [0, 0, 0, size, ...ascii('ftyp'), ...ascii(major), 0, 0, 0, 0, ...compatible.flatMap(ascii)];
};
const JPEG = sample([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]);
// A real PNG: its chunks are read, not only its signature.
const PNG = tinyPng();
const PDF = sample(ascii('%PDF-1.7\n%âãÏÓ\n'));

interface Part {
  bytes: Uint8Array;
  name: string;
  type?: string;
  field?: string;
}

/** A real multipart/form-data request, as a browser sends it: fetch with FormData and Blob. */
async function upload(client: Api | { token: string }, path: string, parts: Part[] | FormData, headers: Record<string, string> = {}) {
  let form = parts;
  if (Array.isArray(parts)) {
    form = new FormData();
    for (const p of parts) form.append(p.field ?? 'file', new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type ?? 'application/octet-stream' }), p.name);
  }
  const token = 'token' in client ? client.token : undefined;
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: form as FormData,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function download(path: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes, headers: res.headers };
}

const dashboardUpload = (parts: Part[] | FormData, trip = tripId) => upload({ token: org.token }, `/trips/${trip}/receipts/upload`, parts);
let playerSession: string;
const portalUpload = (parts: Part[] | FormData) => upload({ token: playerSession }, `/trip-portal/trips/${tripId}/receipts/upload`, parts);

/** What the server holds: receipt documents in the trip database and files in the blob directory. */
async function stored() {
  const { rows } = await server.deps.store.trip(tripId).allDocs({ startKey: 'receipt:', endKey: 'receipt:\ufff0' });
  const dir = join(server.dataDir, 'blobs', 'trip', tripId, 'receipt');
  const files = await readdir(dir).catch(() => [] as string[]);
  return { docs: rows.length, files: files.length };
}

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  anon = api(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  otherTripId = (await org.client.post('/trips', tripBody({ name: 'Other trip' }))).body.id;
  const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] });
  playerId = players.body.items[0].id;
  const token = await org.client.post('/trip-portal/token', { tripId, playerId });
  expect(token.status).toBe(201);
  const validated = await anon.post('/trip-portal/validate', { token: token.body.token });
  expect(validated.status).toBe(200);
  playerSession = validated.body.session;
  player = api(server.url, playerSession);
});
afterAll(() => server.close());

describe('uploading a receipt from the dashboard', () => {
  it.each([
    ['a JPEG', JPEG, 'dinner.jpg', 'image/jpeg'],
    ['a PNG', PNG, 'green-fee.png', 'image/png'],
    ['a PDF', PDF, 'hotel.pdf', 'application/pdf'],
    ['a HEIC photo (major brand heic)', sample(ftyp('heic', ['mif1', 'heic'])), 'IMG_0001.HEIC', 'image/heic'],
    ['a HEIC photo named by a compatible brand (major mif1, compatible heic)', sample(ftyp('mif1', ['mif1', 'heic'])), 'photo.heic', 'image/heic'],
    ['a multi-layer HEIC image (major brand heim, which file-type calls MP4)', sample(ftyp('heim', ['mif1', 'heim'])), 'layers.heic', 'image/heic'],
    ['a HEIF image (mif1 only)', sample(ftyp('mif1', ['mif1'])), 'photo.heif', 'image/heif'],
    ['a HEIF sequence (msf1)', sample(ftyp('msf1', ['iso8', 'msf1'])), 'burst.heif', 'image/heif'],
  ])('accepts %s, typed by its content, and serves back identical bytes', async (_label, bytes, name, type) => {
    const res = await dashboardUpload([{ bytes, name, type: 'application/octet-stream' }]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      tripId,
      contentType: type,
      size: bytes.byteLength,
      sha256: sha(bytes),
      originalName: name,
      uploadedAt: expect.any(String),
      uploadedBy: { kind: 'organizer', id: org.user.id },
      expenseId: null,
      url: `/trips/${tripId}/receipts/${res.body.id}/file`,
    });
    expect(res.headers.get('location')).toBe(`/trips/${tripId}/receipts/${res.body.id}`);

    const file = await download(res.body.url, org.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(type);
    expect(file.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // A plain ASCII name needs no filename* copy.
    expect(file.headers.get('content-disposition')).toBe(`inline; filename=${name}`);
    expect(sha(file.bytes)).toBe(sha(bytes));
  });

  it('stores a PNG named .pdf and declared as a PDF as image/png', async () => {
    const res = await dashboardUpload([{ bytes: PNG, name: 'invoice.pdf', type: 'application/pdf' }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/png', originalName: 'invoice.pdf' });
    expect((await download(res.body.url, org.token)).headers.get('content-type')).toBe('image/png');
  });

  it('keeps the metadata in the trip database as receipt:<id> and the bytes out of it', async () => {
    const res = await dashboardUpload([{ bytes: JPEG, name: 'lunch.jpg' }]);
    const doc = await server.deps.store.trip(tripId).get(`receipt:${res.body.id}`);
    expect(doc).toMatchObject({ type: 'receipt', id: res.body.id, expenseId: null, createdAt: res.body.uploadedAt, updatedAt: res.body.uploadedAt, sha256: sha(JPEG) });
    expect(doc).not.toHaveProperty('_attachments');
    expect(JSON.stringify(doc).length).toBeLessThan(1000);
    const blob = await server.deps.blobs.get(`trip/${tripId}/receipt/${res.body.id}`);
    expect(blob && sha(blob.bytes)).toBe(sha(JPEG));
  });

  it('answers the metadata of a receipt', async () => {
    const res = await dashboardUpload([{ bytes: PDF, name: 'caddie.pdf' }]);
    const got = await org.client.get(`/trips/${tripId}/receipts/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('accepts exactly 10 MiB and serves it back whole', async () => {
    const bytes = sample([0xff, 0xd8, 0xff, 0xdb], RECEIPT_MAX_BYTES);
    const res = await dashboardUpload([{ bytes, name: 'scan.jpg' }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ size: RECEIPT_MAX_BYTES, sha256: sha(bytes) });
    const file = await download(res.body.url, org.token);
    expect(file.headers.get('content-length')).toBe(String(RECEIPT_MAX_BYTES));
    expect(sha(file.bytes)).toBe(sha(bytes));
  });

  it('encodes a file name with quotes and non-ASCII letters safely in Content-Disposition', async () => {
    const name = 'Reçu "Clubhouse" 19º %.png';
    const res = await dashboardUpload([{ bytes: PNG, name }]);
    expect(res.status).toBe(201);
    expect(res.body.originalName).toBe(name);
    const disposition = (await download(res.body.url, org.token)).headers.get('content-disposition');
    expect(disposition).toBe(`inline; filename="Re_u _Clubhouse_ 19_ _.png"; filename*=UTF-8''Re%C3%A7u%20%22Clubhouse%22%2019%C2%BA%20%25.png`);
  });

  it('keeps only the last segment of a file name sent with a path', async () => {
    const res = await dashboardUpload([{ bytes: PNG, name: 'C:\\fakepath\\range.png' }]);
    expect(res.body.originalName).toBe('range.png');
  });

  it('links to the expense that attaches it (expenseId on the receipt)', async () => {
    const receipt = await dashboardUpload([{ bytes: JPEG, name: 'dinner.jpg' }]);
    const expense = await org.client.post(`/trips/${tripId}/expenses`, {
      payerId: playerId,
      amountCents: 4500,
      category: 'food',
      date: '2027-04-11',
      description: 'Dinner',
      split: { mode: 'equal', playerIds: [playerId] },
      receiptId: receipt.body.id,
    });
    expect(expense.status).toBe(201);
    expect((await org.client.get(`/trips/${tripId}/receipts/${receipt.body.id}`)).body.expenseId).toBe(expense.body.id);
  });
});

describe('refused uploads store nothing', () => {
  const text = new TextEncoder().encode('This is not a photo of a receipt, just text.\n');
  const form = (entries: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [k, v, name] of entries) (typeof v === 'string' ? f.append(k, v) : f.append(k, v, name));
    return f;
  };
  const blob = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([bytes as Uint8Array<ArrayBuffer>], { type });

  it.each([
    ['a text file named receipt.jpg', () => dashboardUpload([{ bytes: text, name: 'receipt.jpg', type: 'image/jpeg' }]), 415, 'unsupported_media_type'],
    ['an empty file', () => dashboardUpload([{ bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' }]), 415, 'unsupported_media_type'],
    ['a GIF', () => dashboardUpload([{ bytes: sample(ascii('GIF89a')), name: 'r.gif', type: 'image/gif' }]), 415, 'unsupported_media_type'],
    ['a PNG signature over a broken chunk structure', () => dashboardUpload([{ bytes: sample([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 40, ...ascii('IHDR')]), name: 'r.png', type: 'image/png' }]), 415, 'unsupported_media_type'],
    ['an ISO BMFF file of another brand (MP4)', () => dashboardUpload([{ bytes: sample(ftyp('isom', ['isom', 'mp41'])), name: 'clip.heic' }]), 415, 'unsupported_media_type'],
    ['10 MiB and one byte', () => dashboardUpload([{ bytes: sample([0xff, 0xd8, 0xff], RECEIPT_MAX_BYTES + 1), name: 'big.jpg' }]), 413, 'payload_too_large'],
    ['12 MiB, refused by its length before it is read', () => dashboardUpload([{ bytes: sample([0xff, 0xd8, 0xff], 12 * 1024 * 1024), name: 'huge.jpg' }]), 413, 'payload_too_large'],
    ['a form without a file', () => dashboardUpload(form([['note', 'dinner']])), 400, 'validation_failed'],
    ['the file in another field', () => dashboardUpload([{ bytes: JPEG, name: 'r.jpg', field: 'receipt' }]), 400, 'validation_failed'],
    ['two files', () => dashboardUpload(form([['file', blob(JPEG), 'a.jpg'], ['file', blob(PNG), 'b.png']])), 400, 'validation_failed'],
    ['a file with another form field beside it', () => dashboardUpload(form([['note', 'dinner'], ['file', blob(JPEG), 'a.jpg']])), 400, 'validation_failed'],
    ['a JSON body', () => upload({ token: org.token }, `/trips/${tripId}/receipts/upload`, JSON.stringify({ file: 'abc' }) as never, { 'content-type': 'application/json' }), 415, 'unsupported_media_type'],
    ['no body at all', () => org.client.post(`/trips/${tripId}/receipts/upload`), 415, 'unsupported_media_type'],
    [
      'a truncated multipart body',
      () => upload({ token: org.token }, `/trips/${tripId}/receipts/upload`, '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff' as never, { 'content-type': 'multipart/form-data; boundary=xyz' }),
      400,
      'validation_failed',
    ],
    ['a file through the portal that is text', () => portalUpload([{ bytes: text, name: 'receipt.jpg', type: 'image/jpeg' }]), 415, 'unsupported_media_type'],
    ['a file through the portal over 10 MiB', () => portalUpload([{ bytes: sample(ascii('%PDF-'), RECEIPT_MAX_BYTES + 1), name: 'big.pdf' }]), 413, 'payload_too_large'],
  ])('refuses %s', async (_label, send, status, code) => {
    const before = await stored();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await stored()).toEqual(before);
  });
});

describe('receipts in the portal', () => {
  it('uploads as the player and downloads with the portal session', async () => {
    const res = await portalUpload([{ bytes: PDF, name: 'taxi.pdf', type: 'application/pdf' }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tripId, contentType: 'application/pdf', uploadedBy: { kind: 'player', id: playerId }, expenseId: null, url: `/trip-portal/trips/${tripId}/receipts/${res.body.id}/file` });
    const file = await download(res.body.url, playerSession);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(sha(file.bytes)).toBe(sha(PDF));
    // The organizer sees it too, on the dashboard.
    const meta = await org.client.get(`/trips/${tripId}/receipts/${res.body.id}`);
    expect(meta.body).toMatchObject({ uploadedBy: { kind: 'player', id: playerId }, url: `/trips/${tripId}/receipts/${res.body.id}/file` });
  });

  it('answers 304 without a body when If-None-Match names the ETag (weakly compared, in a list), the file otherwise', async () => {
    const res = await dashboardUpload([{ bytes: JPEG, name: 'cached.jpg' }]);
    const etag = `"${sha(JPEG)}"`;
    for (const [path, token] of [[res.body.url, org.token], [`/trip-portal/trips/${tripId}/receipts/${res.body.id}/file`, playerSession]] as const) {
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const cached = await download(path, token, { 'if-none-match': header });
        expect(cached.status).toBe(304);
        expect(cached.bytes.byteLength).toBe(0);
        expect(cached.headers.get('etag')).toBe(etag);
        expect(cached.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
      }
      const stale = await download(path, token, { 'if-none-match': '"other"' });
      expect(stale.status).toBe(200);
      expect(sha(stale.bytes)).toBe(sha(JPEG));
    }
  });

  it("downloads a receipt the organizer uploaded: anyone on the trip reads the trip's receipts", async () => {
    const res = await dashboardUpload([{ bytes: PNG, name: 'range.png' }]);
    const file = await download(`/trip-portal/trips/${tripId}/receipts/${res.body.id}/file`, playerSession);
    expect(file.status).toBe(200);
    expect(sha(file.bytes)).toBe(sha(PNG));
  });

  it('refuses a dashboard token on portal routes and a portal session on dashboard routes (401)', async () => {
    const res = await dashboardUpload([{ bytes: PNG, name: 'a.png' }]);
    expect((await upload({ token: org.token }, `/trip-portal/trips/${tripId}/receipts/upload`, [{ bytes: PNG, name: 'a.png' }])).status).toBe(401);
    expect((await download(`/trip-portal/trips/${tripId}/receipts/${res.body.id}/file`, org.token)).status).toBe(401);
    expect((await upload({ token: playerSession }, `/trips/${tripId}/receipts/upload`, [{ bytes: PNG, name: 'a.png' }])).status).toBe(401);
    expect((await download(`/trips/${tripId}/receipts/${res.body.id}/file`, playerSession)).status).toBe(401);
    expect((await player.get(`/trips/${tripId}/receipts/${res.body.id}`)).status).toBe(401);
    expect((await download(res.body.url, '')).status).toBe(401);
  });

  it('refuses a portal session on another trip (403), storing nothing', async () => {
    const res = await upload({ token: playerSession }, `/trip-portal/trips/${otherTripId}/receipts/upload`, [{ bytes: PNG, name: 'a.png' }]);
    expect(res.status).toBe(403);
    expect(await server.deps.store.trip(otherTripId).allDocs({ startKey: 'receipt:', endKey: 'receipt:\ufff0' })).toMatchObject({ rows: [] });
  });
});

describe("another trip's receipts", () => {
  it('are not found through this trip, on the dashboard and in the portal (404)', async () => {
    const other = await dashboardUpload([{ bytes: JPEG, name: 'other.jpg' }], otherTripId);
    expect(other.status).toBe(201);
    for (const path of [`/trips/${tripId}/receipts/${other.body.id}`, `/trips/${tripId}/receipts/${other.body.id}/file`]) {
      const res = await org.client.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await download(`/trip-portal/trips/${tripId}/receipts/${other.body.id}/file`, playerSession)).status).toBe(404);
    expect((await org.client.get(`/trips/${otherTripId}/receipts/${other.body.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown receipt and 400 for a malformed id', async () => {
    expect((await org.client.get(`/trips/${tripId}/receipts/zzzzzzzz`)).status).toBe(404);
    expect((await org.client.get(`/trips/${tripId}/receipts/zzzzzzzz/file`)).status).toBe(404);
    expect((await org.client.get(`/trips/${tripId}/receipts/..%2F..%2Fetc/file`)).status).toBe(400);
  });

  it('are not reachable by an organizer of another trip (404)', async () => {
    const res = await dashboardUpload([{ bytes: JPEG, name: 'mine.jpg' }]);
    const intruder = await organizer(server.url, 'Intruder');
    expect((await intruder.client.get(`/trips/${tripId}/receipts/${res.body.id}/file`)).status).toBe(404);
    expect((await upload({ token: intruder.token }, `/trips/${tripId}/receipts/upload`, [{ bytes: JPEG, name: 'x.jpg' }])).status).toBe(404);
  });
});
