import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { createLogger } from '../../server/logger.js';
import { DISPLAY_PREVIEW_TTL_SECONDS, DisplayPayload, DisplayPreviewToken } from '../../shared/schemas/display.js';
import { api, organizer, tripBody, type Api, type ApiResponse } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The organizer's preview of the TV page (issue 33): it reads the display with a display preview token, never with
 * the dashboard's sign-in. The token reads its trip's display and nothing else (every other route of the API, another
 * trip's display, the portal and the sync gateway refuse it), for 15 minutes. The server's clock is the test's to move.
 */

let server: TestServer;
let offsetMs = 0;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let otherTripId: string;
let portalSession: string;
let anon: Api;
/** The server's log lines. */
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(Date.now() + offsetMs), logger: createLogger('info', (line) => lines.push(line)) } });
  anon = api(server.url);
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody({ name: 'Preview trip' }))).body.id as string;
  otherTripId = (await org.client.post('/trips', tripBody({ name: 'Other trip' }))).body.id as string;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }] });
  expect(added.status).toBe(201);
  const issued = await org.client.post('/trip-portal/token', { tripId, playerId: added.body.items[0].id });
  expect(issued.status).toBe(201);
  portalSession = (await anon.post('/trip-portal/validate', { token: issued.body.token })).body.session as string;
  expect(portalSession).toBeTruthy();
});
afterAll(() => server.close());

async function mint(trip = tripId): Promise<{ token: string; expiresAt: string; path: string }> {
  const res = await org.client.post(`/trips/${trip}/display/preview-token`);
  expect(res.status, res.text).toBe(201);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return DisplayPreviewToken.parse(res.body);
}

/** A refusal in the documented error shape, with one of the given statuses. */
function refused(res: ApiResponse, what: string, statuses = [401, 403]) {
  expect(statuses, `${what}: ${res.status} ${res.text}`).toContain(res.status);
  expect(res.body?.error?.code, `${what}: ${res.text}`).toEqual(expect.any(String));
  expect(res.body.error.message, what).toEqual(expect.any(String));
}

describe('the display preview token', () => {
  it('is minted for an organizer of the trip, short-lived, and is not the dashboard token', async () => {
    const before = Date.now();
    const p = await mint();
    expect(p.token).not.toBe(org.token);
    expect(p.path).toBe(`/display/trips/${tripId}#token=${encodeURIComponent(p.token)}`);
    expect(p.path).not.toContain(org.token);
    const ttl = (Date.parse(p.expiresAt) - before) / 1000;
    expect(ttl).toBeGreaterThan(DISPLAY_PREVIEW_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(15 * 60 + 1);
    // Signed in, a stranger to the trip gets none; signed out, nobody.
    const stranger = await organizer(server.url, 'Stranger');
    refused(await stranger.client.post(`/trips/${tripId}/display/preview-token`), 'a stranger', [404]);
    refused(await anon.post(`/trips/${tripId}/display/preview-token`), 'no sign-in', [401]);
  });

  it("reads its trip's display, and the dashboard token or a portal session cannot stand in for it", async () => {
    const { token } = await mint();
    const res = await anon.get(`/trips/${tripId}/display/preview`, { authorization: `Bearer ${token}` });
    expect(res.status, res.text).toBe(200);
    expect(DisplayPayload.parse(res.body).trip.name).toBe('Preview trip');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const dashboard = await org.client.get(`/trips/${tripId}/display/preview`);
    refused(dashboard, 'the dashboard token', [401]);
    expect(dashboard.body.error.code).toBe('wrong_auth_mode');
    const portal = await api(server.url, portalSession).get(`/trips/${tripId}/display/preview`);
    refused(portal, 'a portal session', [401]);
    expect(portal.body.error.code).toBe('wrong_auth_mode');
    refused(await anon.get(`/trips/${tripId}/display/preview`), 'no token', [401]);
  });

  it("is refused on another trip's display, though the same organizer organizes it", async () => {
    const { token } = await mint();
    const res = await anon.get(`/trips/${otherTripId}/display/preview`, { authorization: `Bearer ${token}` });
    refused(res, 'another trip', [403]);
    expect(res.body.error.code).toBe('forbidden');
    // Its own token reads it.
    const own = await mint(otherTripId);
    expect((await anon.get(`/trips/${otherTripId}/display/preview`, { authorization: `Bearer ${own.token}` })).status).toBe(200);
  });

  it('is refused on every other route of the API: organizer, account, portal routes', async () => {
    const { token } = await mint();
    const as = api(server.url, token);
    const fill = (path: string) =>
      path.replace(/:(\w+)/g, (_m, name: string) => (name === 'tripId' ? tripId : name === 'code' ? 'ABCDEFGHIJKLMNOP' : `x${name}1`));
    const tried: string[] = [];
    for (const r of allRoutes()) {
      if (r.auth === 'public' || r.auth === 'display_preview') continue;
      const path = fill(r.path);
      const res = await as.call(r.method.toUpperCase(), path, r.method === 'get' || r.method === 'delete' ? undefined : {});
      refused(res, `${r.method} ${r.path}`, [401]);
      expect(res.body.error.code, `${r.method} ${r.path}`).toBe('wrong_auth_mode');
      tried.push(`${r.method} ${r.path}`);
    }
    // The kinds the issue names are among them.
    expect(tried).toEqual(
      expect.arrayContaining([
        'get /trips/:tripId',
        'get /trips/:tripId/display',
        'put /trips/:tripId/display',
        'get /trips/:tripId/display/data',
        'post /trips/:tripId/display/preview-token',
        'post /trips/:tripId/display/access-code',
        'get /trips',
        'get /trip-portal/trips/:tripId/balance',
      ]),
    );
    expect(tried.length).toBeGreaterThan(200);
    // Nothing changed: the display is not public, and no access code was made.
    expect((await org.client.get(`/trips/${tripId}/display`)).body).toMatchObject({ public: false, accessCode: { active: false } });
  });

  it('is refused by the sync gateway', async () => {
    const { token } = await mint();
    for (const path of [`/sync/trips/${tripId}`, `/sync/trips/${tripId}/_changes`, `/sync/trips/${tripId}/_all_docs`]) {
      const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      expect(res.status, path).toBe(401);
      // The gateway answers in CouchDB's shape.
      expect(await res.json(), path).toMatchObject({ error: expect.any(String), reason: expect.any(String) });
    }
  });

  it('is refused once expired, on its own trip too', async () => {
    const { token, expiresAt } = await mint();
    const read = () => anon.get(`/trips/${tripId}/display/preview`, { authorization: `Bearer ${token}` });
    expect((await read()).status).toBe(200);
    // One second before it expires it still reads (and the verified-token cache keeps it); at its expiry it does not.
    offsetMs = Date.parse(expiresAt) - Date.now() - 2_000;
    expect((await read()).status).toBe(200);
    offsetMs = Date.parse(expiresAt) - Date.now() + 1_000;
    try {
      const res = await read();
      refused(res, 'expired', [401]);
      expect(res.body.error.code).toBe('token_expired');
      // An expired preview token is still no dashboard token.
      const dashboardRoute = await api(server.url, token).get(`/trips/${tripId}`);
      refused(dashboardRoute, 'expired, on an organizer route', [401]);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('the request log', () => {
  it('holds no token, no session and no display code: not from headers, queries, or page addresses', async () => {
    const { token } = await mint();
    const code = (await org.client.post(`/trips/${tripId}/display/access-code`)).body.code as string;
    expect(code).toMatch(/^[A-Z2-7]{16}$/);
    await anon.get(`/trips/${tripId}/display/preview`, { authorization: `Bearer ${token}` });
    await anon.get(`/trips/${tripId}/display/preview?token=${token}`);
    await anon.get(`/trip-portal/trips/${tripId}/balance?token=${portalSession}`);
    await org.client.get(`/trips/${tripId}/display?access_token=${org.token}`);
    await anon.get(`/display/codes/${code}`);
    await anon.get(`/display/${code}`, { accept: 'text/html' });
    await anon.get(`/display/${code.toLowerCase()}/`, { accept: 'text/html' });
    await fetch(`${server.url}/sync/trips/${tripId}?token=${portalSession}`, { headers: { authorization: `Bearer ${portalSession}` } });
    const log = lines.join('\n');
    expect(log).toContain('/display/[redacted]');
    expect(log).toContain(`/trips/${tripId}/display/preview`);
    for (const secret of [token, org.token, portalSession, code, code.toLowerCase()]) expect(log).not.toContain(secret);
  });
});
