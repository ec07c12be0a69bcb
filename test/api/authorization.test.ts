import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { course18, organizer, tripBody, type ApiResponse } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';
const AUDIENCE = 'golf-trips-dashboard';
const ISSUER = 'golf-trip-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let intruder: Awaited<ReturnType<typeof organizer>>;
const ids = { tripId: '', playerId: '', roundId: '', tokenId: '', scorecardId: '', hole: '1' };
const tokens = { otherSecret: '', expired: '', wrongAudience: '', portal: '', hand: '' };

async function sign(secret: string, claims: { aud?: string; iat: number; exp: number }): Promise<string> {
  return new SignJWT({ email: owner.email, name: 'Owner' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(owner.user.id)
    .setIssuer(ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}

/** A snapshot of everything the owner's trip holds, to prove refused requests changed nothing. */
async function snapshot() {
  const c = owner.client;
  const [trip, players, rounds, trips] = await Promise.all([
    c.get(`/trips/${ids.tripId}`),
    c.get(`/trips/${ids.tripId}/players`),
    c.get(`/trips/${ids.tripId}/rounds`),
    c.get('/trips'),
  ]);
  return { trip: trip.body, players: players.body, rounds: rounds.body, trips: trips.body };
}
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await organizer(server.url, 'Owner');
  intruder = await organizer(server.url, 'Intruder');
  const trip = await owner.client.post('/trips', tripBody());
  ids.tripId = trip.body.id;
  const players = await owner.client.post(`/trips/${ids.tripId}/players/bulk`, { players: [{ name: 'A' }, { name: 'B' }] });
  ids.playerId = players.body.items[0].id;
  const round = await owner.client.post(`/trips/${ids.tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', playerIds: [ids.playerId] });
  ids.roundId = round.body.id;
  ids.scorecardId = `${ids.roundId}-${ids.playerId}`;
  ids.tokenId = (await owner.client.post('/trip-portal/token', { tripId: ids.tripId, playerId: ids.playerId })).body.id;
  const now = Math.floor(Date.now() / 1000);
  tokens.otherSecret = await sign('another-secret-that-is-long-enough-9876543210', { iat: now, exp: now + 600 });
  tokens.expired = await sign(TEST_SECRET, { iat: now - 7200, exp: now - 3600 });
  tokens.wrongAudience = await sign(TEST_SECRET, { aud: 'golf-trips-portal', iat: now, exp: now + 600 });
  tokens.hand = await sign(TEST_SECRET, { iat: now, exp: now + 600 });
  tokens.portal = (await server.deps.keys.signPortal({ sub: 'x', trips: [] }, 600)).token;
  before = await snapshot();
});
afterAll(() => server.close());

/** Bodies that would succeed if the request were let through, so a refusal is the only thing keeping data unchanged. */
const BODIES: Record<string, () => unknown> = {
  'POST /trips/wizard': () => ({ trip: tripBody() }),
  'POST /trips': () => tripBody({ name: 'Sneaky' }),
  'PATCH /trips/:tripId': () => ({ name: 'Hijacked' }),
  'POST /trips/:tripId/players': () => ({ name: 'Intruder' }),
  'POST /trips/:tripId/players/bulk': () => ({ players: [{ name: 'Intruder' }] }),
  'PATCH /trips/:tripId/players/:playerId': () => ({ name: 'Hijacked' }),
  'POST /trips/:tripId/rounds': () => ({ date: '2027-04-12' }),
  'PATCH /trips/:tripId/rounds/:roundId': () => ({ name: 'Hijacked' }),
  'PATCH /trips/:tripId/rounds/:roundId/ready': () => ({ ready: true }),
  'POST /trip-portal/token': () => ({ tripId: ids.tripId, playerId: ids.playerId }),
  'POST /trip-portal/tokens/bulk': () => ({ tripId: ids.tripId }),
  'PATCH /trips/:tripId/portal-tokens/:tokenId': () => ({ expiresAt: '2030-01-01T00:00:00Z' }),
  'POST /trips/:tripId/score-disputes/:scorecardId/:hole/resolve': () => ({ strokes: 4 }),
};

function concrete(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    // Parameters this table has no real record for get a well-formed id of nothing: every check it makes
    // (credentials, then access to the trip) comes before the record is looked up.
    return ids[name as keyof typeof ids] || 'zzzzzzzz';
  });
}

function expectErrorBody(res: ApiResponse) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error.code).toBe('string');
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  for (const key of Object.keys(res.body.error)) expect(['code', 'message', 'details', 'requestId']).toContain(key);
  expect(res.text).not.toMatch(/stack|\n\s+at |\bat .+:\d+:\d+|\.[jt]s:\d+/i);
}

type Case = { name: string; tripOnly?: boolean; auth: () => string | undefined; status: number; code: string; challenge?: RegExp };
const CASES: Case[] = [
  { name: 'no Authorization header', auth: () => undefined, status: 401, code: 'unauthorized', challenge: /^Bearer/ },
  { name: 'a Basic Authorization header', auth: () => 'Basic dXNlcjpwYXNz', status: 401, code: 'unauthorized', challenge: /^Bearer/ },
  { name: 'Bearer garbage', auth: () => 'Bearer garbage', status: 401, code: 'token_invalid', challenge: /invalid_token/ },
  { name: 'a token signed with another secret', auth: () => `Bearer ${tokens.otherSecret}`, status: 401, code: 'token_invalid', challenge: /invalid_token/ },
  { name: 'a token for another audience', auth: () => `Bearer ${tokens.wrongAudience}`, status: 401, code: 'token_invalid', challenge: /invalid_token/ },
  { name: 'an expired token', auth: () => `Bearer ${tokens.expired}`, status: 401, code: 'token_expired', challenge: /invalid_token/ },
  { name: 'a portal session', auth: () => `Bearer ${tokens.portal}`, status: 401, code: 'wrong_auth_mode', challenge: /invalid_token/ },
  { name: "another organizer's valid token", tripOnly: true, auth: () => `Bearer ${intruder.token}`, status: 404, code: 'trip_not_found' },
];

const dashboardRoutes = allRoutes().filter((r) => r.auth === 'dashboard');
const table = dashboardRoutes.flatMap((r) =>
  CASES.filter((c) => !c.tripOnly || r.trip).map((c) => [r.method.toUpperCase(), r.path, c.name, c] as const),
);

describe('every dashboard route', () => {
  it('covers the trip, player and round routes of the spec', () => {
    const paths = new Set(dashboardRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    for (const expected of ['POST /trips', 'GET /trips/copyable', 'DELETE /trips/:tripId', 'POST /trips/:tripId/players/bulk', 'PATCH /trips/:tripId/rounds/:roundId/ready', 'POST /trips/:tripId/rounds/:roundId/reset']) {
      expect(paths).toContain(expected);
    }
    expect(table.length).toBeGreaterThan(dashboardRoutes.length * 7);
  });

  it.each(table)('%s %s refuses %s', async (method, path, _name, c) => {
    const auth = c.auth();
    const body = BODIES[`${method} ${path}`]?.();
    const res = await owner.client.call(method, concrete(path), body, { authorization: auth ?? '' });
    expect(res.status).toBe(c.status);
    expect(res.body.error.code).toBe(c.code);
    expectErrorBody(res);
    if (c.challenge) expect(res.headers.get('www-authenticate')).toMatch(c.challenge);
  });

  it('lets through a token signed with the configured secret, audience and issuer', async () => {
    const res = await owner.client.get(`/trips/${ids.tripId}`, { authorization: `Bearer ${tokens.hand}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(ids.tripId);
  });

  it('changed nothing while refusing', async () => {
    expect(await snapshot()).toEqual(before);
    expect((await intruder.client.get('/trips')).body.total).toBe(0);
  });
});

describe('requests outside the routes', () => {
  it.each([
    ['GET', '/nope', true],
    ['GET', '/nope', false],
    ['GET', '/trips/abcdefgh/unknown-thing', true],
    ['POST', '/trip', true],
  ])('answers %s %s (token: %s) with 404 route_not_found in the error shape', async (method, path, withToken) => {
    const res = await owner.client.call(method, path, undefined, withToken ? {} : { authorization: '' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('route_not_found');
    expectErrorBody(res);
  });

  it.each([
    ['PUT', '/trips'],
    ['DELETE', '/health'],
    ['PUT', '/trips/abcdefgh'],
    ['POST', '/trips/abcdefgh/rounds/abcdefgh/ready'],
  ])('answers %s on the known path %s with 405 method_not_allowed and an Allow header', async (method, path) => {
    const res = await owner.client.call(method, path);
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBeTruthy();
    expectErrorBody(res);
  });

  it('answers a validation error without internals', async () => {
    const res = await owner.client.post('/trips', { name: 42 });
    expect(res.status).toBe(400);
    expectErrorBody(res);
  });
});
