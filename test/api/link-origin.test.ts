import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Links the server hands out (portal links, `syncUrl`, display URLs) follow PUBLIC_BASE_URL, and without it the
 * origin the client used: a phone on the club's Wi-Fi that reached `http://192.168.1.20:3000` must be told to sync
 * there, not at `localhost`. X-Forwarded-* counts only behind a trusted proxy (TRUST_PROXY).
 */

/** A JSON request with headers fetch will not send (Host). */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  const target = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, method, path, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function tripWithPlayer(server: TestServer) {
  const owner = await organizer(server.url, 'Owner');
  const trip = await owner.client.post('/trips', tripBody());
  expect(trip.status).toBe(201);
  const players = await owner.client.post(`/trips/${trip.body.id}/players/bulk`, { players: [{ name: 'Ann' }] });
  expect(players.status).toBe(201);
  return { owner, tripId: trip.body.id as string, playerId: players.body.items[0].id as string };
}

describe('without PUBLIC_BASE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { publicBaseUrl: undefined } });
  });
  afterAll(() => server.close());

  it('hands out links on the origin the client reached, never localhost', async () => {
    const { owner, tripId, playerId } = await tripWithPlayer(server);
    const auth = { authorization: `Bearer ${owner.token}` };

    const direct = await owner.client.post('/trip-portal/token', { tripId, playerId });
    expect(direct.status).toBe(201);
    expect(direct.body.link).toBe(`${server.url}/portal#token=${direct.body.token}`);

    const viaLan = await raw(server.url, 'POST', '/trip-portal/token', { ...auth, host: '192.168.1.20:3000' }, { tripId, playerId });
    expect(viaLan.status).toBe(201);
    expect(viaLan.body.link).toBe(`http://192.168.1.20:3000/portal#token=${viaLan.body.token}`);

    const validated = await raw(server.url, 'POST', '/trip-portal/validate', { host: '192.168.1.20:3000' }, { token: viaLan.body.token });
    expect(validated.status).toBe(200);
    expect(validated.body.syncUrl).toBe(`http://192.168.1.20:3000/sync/trips/${tripId}`);

    const overview = await raw(server.url, 'GET', `/trip-portal/trips/${tripId}`, { host: 'golf.lan', authorization: `Bearer ${validated.body.session}` });
    expect(overview.status).toBe(200);
    expect(overview.body.syncUrl).toBe(`http://golf.lan/sync/trips/${tripId}`);
  });

  it('ignores X-Forwarded-Host and -Proto when the proxy is not trusted', async () => {
    const { owner, tripId, playerId } = await tripWithPlayer(server);
    const res = await raw(
      server.url,
      'POST',
      '/trip-portal/token',
      { authorization: `Bearer ${owner.token}`, host: 'golf.lan', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { tripId, playerId },
    );
    expect(res.status).toBe(201);
    expect(res.body.link).toBe(`http://golf.lan/portal#token=${res.body.token}`);
  });

  it('puts the public display on the request origin too', async () => {
    const { owner, tripId } = await tripWithPlayer(server);
    const res = await raw(server.url, 'PUT', `/trips/${tripId}/display`, { authorization: `Bearer ${owner.token}`, host: 'tv.golf.lan:8080' }, { public: true });
    expect(res.status).toBe(200);
    expect(res.body.publicUrl).toBe(`http://tv.golf.lan:8080/display/trips/${tripId}`);
  });
});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { publicBaseUrl: undefined, trustProxy: true } });
  });
  afterAll(() => server.close());

  it('uses the origin the proxy says the client reached', async () => {
    const { owner, tripId, playerId } = await tripWithPlayer(server);
    const res = await api(server.url, owner.token).post('/trip-portal/token', { tripId, playerId }, { 'x-forwarded-host': 'golf.example.com', 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(201);
    expect(res.body.link).toBe(`https://golf.example.com/portal#token=${res.body.token}`);
  });
});

describe('with PUBLIC_BASE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { publicBaseUrl: 'https://trips.example.org', trustProxy: true } });
  });
  afterAll(() => server.close());

  it('always uses it, whatever the request says', async () => {
    const { owner, tripId, playerId } = await tripWithPlayer(server);
    const res = await raw(
      server.url,
      'POST',
      '/trip-portal/token',
      { authorization: `Bearer ${owner.token}`, host: 'golf.lan', 'x-forwarded-host': 'other.example' },
      { tripId, playerId },
    );
    expect(res.status).toBe(201);
    expect(res.body.link).toBe(`https://trips.example.org/portal#token=${res.body.token}`);
  });
});
