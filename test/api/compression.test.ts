/**
 * gzip of the API's JSON answers (server/http/compress.ts), against the real server over real HTTP: a client that
 * takes gzip gets the same bytes compressed, one that does not gets them as they are; a shared board or display
 * payload keeps its entity tag and revalidates to 304 either way, HEAD answering the headers GET would; small
 * answers and the replication gateway are left alone.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../server/http/compress.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, type FaultTrip } from '../sync/support/fault-trip.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, which neither asks for nor unpacks gzip by itself: the test sees the bytes on the wire. */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Buffer) => chunks.push(new Uint8Array(c.buffer, c.byteOffset, c.length)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const vary = (r: Raw) => String(r.headers.vary ?? '').toLowerCase();

describe('gzip of JSON answers', () => {
  let server: TestServer;
  let trip: FaultTrip;
  let session: string;

  beforeAll(async () => {
    server = await startTestServer();
    const names = Array.from({ length: 12 }, (_, i) => `Golfer ${i + 1}`);
    trip = await createTrip(server.url, { names, groups: [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]] });
    session = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
    for (const p of trip.players.slice(0, 4)) {
      for (let hole = 1; hole <= 9; hole++) {
        const res = await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${p.card}/scores/${hole}`, { strokes: 3 + (hole % 3) });
        expect(res.status).toBe(200);
      }
    }
    const display = await trip.org.client.put(`/trips/${trip.tripId}/display`, { public: true, leaderboard: { roundId: trip.roundId, basis: 'net' } });
    expect(display.status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a board gzipped to a client that takes it, the same bytes as unpacked, and as they are to one that does not', async () => {
    const url = `${server.url}/trip-portal/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}?basis=net`;
    const auth = { authorization: `Bearer ${session}` };
    const plain = await raw(url, auth);
    const packed = await raw(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(packed.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(new Uint8Array(packed.body)).equals(new Uint8Array(plain.body))).toBe(true);
    // Caches keep the two apart.
    expect(vary(plain)).toContain('accept-encoding');
    expect(vary(packed)).toContain('accept-encoding');
    // A client that refuses gzip outright gets the bytes as they are.
    const refused = await raw(url, { ...auth, 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(new Uint8Array(plain.body))).toBe(true);
  });

  it('answers a board that changed with its new bytes, compressed again', async () => {
    const url = `${server.url}/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}?basis=gross`;
    const auth = { authorization: `Bearer ${trip.org.token}`, 'accept-encoding': 'gzip' };
    const before = JSON.parse(gunzipSync(new Uint8Array((await raw(url, auth)).body)).toString('utf8')) as { entries: { playerId: string; gross: number | null; thru: number }[] };
    const fifth = trip.players[4]!;
    expect(before.entries.find((e) => e.playerId === fifth.id)).toMatchObject({ thru: 0 });
    expect((await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${fifth.card}/scores/1`, { strokes: 6 })).status).toBe(200);
    const after = JSON.parse(gunzipSync(new Uint8Array((await raw(url, auth)).body)).toString('utf8')) as typeof before;
    expect(after.entries.find((e) => e.playerId === fifth.id)).toMatchObject({ thru: 1, gross: 6 });
  });

  it("keeps the TV payload's entity tag for either encoding, revalidates either copy to 304, and answers HEAD as GET", async () => {
    const url = `${server.url}/display/trips/${trip.tripId}`;
    const plain = await raw(url, {});
    const packed = await raw(url, { 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(new Uint8Array(packed.body)).equals(new Uint8Array(plain.body))).toBe(true);
    // The digest of the JSON, the same whichever way it travelled.
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(packed.headers.etag).toBe(etag);
    const asks: Record<string, string>[] = [{ 'accept-encoding': 'gzip', 'if-none-match': etag }, { 'if-none-match': etag }, { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` }];
    for (const headers of asks) {
      const again = await raw(url, headers);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    const head = await raw(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['content-length']).toBe(packed.headers['content-length']);
  });

  it('leaves small answers and the replication gateway as they are', async () => {
    const health = await raw(`${server.url}/health`, { 'accept-encoding': 'gzip' });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();

    // CouchDB's protocol, as CouchDB answers it: a pull of the whole trip is well over the threshold.
    const changes = await raw(`${server.url}/sync/trips/${trip.tripId}/_changes?include_docs=true`, { authorization: `Bearer ${session}`, 'accept-encoding': 'gzip' });
    expect(changes.status).toBe(200);
    expect(changes.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(changes.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(changes.body.toString('utf8')).results.length).toBeGreaterThan(10);
  });

  it('compresses an answer made for its request (not shared) as well', async () => {
    const url = `${server.url}/trips/${trip.tripId}/scorecards/${trip.players[0]!.card}/scores`;
    const auth = { authorization: `Bearer ${trip.org.token}` };
    const plain = await raw(url, auth);
    const packed = await raw(url, { ...auth, 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(packed.body)).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });
});
