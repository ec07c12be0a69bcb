import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ISSUER, PORTAL_AUDIENCE } from '../../server/auth/keys.js';
import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The server's clock runs this far ahead of the real one; every test starts with it at zero. */
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);

/** Wizard trips whose `activate` step waits until the test releases it (`next`: whichever wizard gets there). */
const heldActivation = new Map<string, Promise<void>>();

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let anon: Api;

beforeAll(async () => {
  server = await startTestServer({
    overrides: {
      now: serverNow,
      hooks: {
        beforeWizardStep: async (tripId, step) => {
          if (step === 'activate') await (heldActivation.get(tripId) ?? heldActivation.get('next'));
        },
      },
    },
  });
  owner = await organizer(server.url, 'Owner');
  anon = api(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  clockOffsetMs = 0;
});

interface Player {
  id: string;
  name: string;
}

async function tripWith(names: string[], overrides: Record<string, unknown> = {}) {
  const trip = await owner.client.post('/trips', tripBody(overrides));
  expect(trip.status).toBe(201);
  const res = await owner.client.post(`/trips/${trip.body.id}/players/bulk`, { players: names.map((name) => ({ name })) });
  expect(res.status).toBe(201);
  return { tripId: trip.body.id as string, tripName: trip.body.name as string, players: res.body.items as Player[] };
}

async function issue(tripId: string, playerId: string, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post('/trip-portal/token', { tripId, playerId, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string; expiresAt: string };
}

async function exchange(token: string, session?: string) {
  return anon.post('/trip-portal/validate', { token, ...(session ? { session } : {}) });
}

async function sessionFor(token: string, session?: string): Promise<string> {
  const res = await exchange(token, session);
  expect(res.status).toBe(200);
  return res.body.session as string;
}

const whoAmI = (session: string, authorization = `Bearer ${session}`) => anon.get('/trip-portal/validate', { authorization });
const revoke = (tripId: string, tokenId: string) => owner.client.post(`/trips/${tripId}/portal-tokens/${tokenId}/revoke`);
/** A portal-shaped session (right audience and issuer, unexpired) signed with a key that is not the server's. */
async function foreignSession(): Promise<string> {
  return new SignJWT({ jti: 'forged', trips: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('portal:forged')
    .setIssuer(ISSUER)
    .setAudience(PORTAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-42'));
}

const inMinutes = (minutes: number) => new Date(serverNow().getTime() + minutes * 60_000).toISOString();

describe('POST /trip-portal/validate', () => {
  it('exchanges a token for a portal session with the trip, the player and the sync URL, not cacheable', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben'], { name: 'Porto 2027', currency: 'GBP' });
    const t = await issue(tripId, players[1]!.id);
    const res = await exchange(t.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      trip: { id: tripId, name: 'Porto 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'GBP' },
      player: { id: players[1]!.id, name: 'Ben', role: 'player' },
      trips: [{ tripId, playerId: players[1]!.id, tripName: 'Porto 2027', playerName: 'Ben' }],
    });
    expect(res.body.syncUrl).toBe(`${server.config.publicBaseUrl}/sync/trips/${tripId}`);
    expect(res.body.syncUrl.endsWith(`/sync/trips/${tripId}`)).toBe(true);
    expect(res.body.session.split('.')).toHaveLength(3);
    const ttlMs = Date.parse(res.body.expiresAt) - Date.now();
    expect(ttlMs).toBeGreaterThan((server.config.auth.portalSessionTtlSeconds - 60) * 1000);
    expect(ttlMs).toBeLessThanOrEqual(server.config.auth.portalSessionTtlSeconds * 1000);
    expect(Date.parse(res.body.expiresAt)).toBeLessThan(Date.parse(t.expiresAt));
  });

  it('answers a session that GET /trip-portal/validate recognises, with its id, expiry and trips', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const first = await exchange(t.token);
    const res = await whoAmI(first.body.session);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      sessionId: expect.any(String),
      expiresAt: first.body.expiresAt,
      trips: [{ tripId, playerId: players[0]!.id, tripName: 'Algarve 2027', playerName: 'Ann' }],
    });
    expect(res.body.sessionId.length).toBeGreaterThan(0);
  });

  it('starts a new session each time a reusable token is exchanged', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const a = await whoAmI(await sessionFor(t.token));
    const b = await whoAmI(await sessionFor(t.token));
    expect(a.body.sessionId).not.toBe(b.body.sessionId);
  });

  it.each([
    ['an unknown token', 'token_invalid', async () => 'gtp_' + 'A'.repeat(43)],
    [
      'an expired token',
      'token_expired',
      async () => {
        const { tripId, players } = await tripWith(['Ann']);
        const t = await issue(tripId, players[0]!.id, { expiresAt: inMinutes(5) });
        clockOffsetMs = 10 * 60_000;
        return t.token;
      },
    ],
    [
      'a revoked token',
      'token_revoked',
      async () => {
        const { tripId, players } = await tripWith(['Ann']);
        const t = await issue(tripId, players[0]!.id);
        expect((await revoke(tripId, t.id)).status).toBe(200);
        return t.token;
      },
    ],
    [
      'a single-use token used before',
      'token_used',
      async () => {
        const { tripId, players } = await tripWith(['Ann']);
        const t = await issue(tripId, players[0]!.id, { singleUse: true });
        expect((await exchange(t.token)).status).toBe(200);
        return t.token;
      },
    ],
    [
      'a single-use token that was used and then revoked',
      'token_revoked',
      async () => {
        const { tripId, players } = await tripWith(['Ann']);
        const t = await issue(tripId, players[0]!.id, { singleUse: true });
        expect((await exchange(t.token)).status).toBe(200);
        await revoke(tripId, t.id);
        return t.token;
      },
    ],
  ] as const)('refuses %s with 401 %s and no session', async (_label, code, token) => {
    const res = await exchange(await token());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(res.body).not.toHaveProperty('session');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('lets exactly one of 20 simultaneous exchanges of a single-use token through; the other 19 get token_used', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { singleUse: true });
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(t.token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(19).fill('401 token_used'));
    expect((await whoAmI(ok[0]!.body.session)).status).toBe(200);
    const listed = (await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items;
    expect(listed).toMatchObject([{ id: t.id, status: 'used', usedAt: expect.any(String) }]);
  });

  it('keeps a session started by a single-use token working after the token is used', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { singleUse: true });
    const session = await sessionFor(t.token);
    const res = await whoAmI(session);
    expect(res.status).toBe(200);
    expect(res.body.trips.map((x: { tripId: string }) => x.tripId)).toEqual([tripId]);
  });

  it('refuses a token of a deleted trip with 404 trip_not_found, without bringing its database back', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    expect((await owner.client.delete(`/trips/${tripId}`)).status).toBe(204);
    const res = await exchange(t.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
    expect(await server.deps.store.tripExists(tripId)).toBe(false);
  });

  it('refuses a single-use token of a player removed from the trip with 404 player_not_found, without using it up', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben']);
    const t = await issue(tripId, players[0]!.id, { singleUse: true });
    expect((await owner.client.delete(`/trips/${tripId}/players/${players[0]!.id}`)).status).toBe(204);
    const res = await exchange(t.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('player_not_found');
    const listed = (await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items;
    expect(listed).toMatchObject([{ id: t.id, status: 'active' }]);
    expect(listed[0]).not.toHaveProperty('usedAt');
  });

  it.each([
    ['garbage', 'token_invalid', () => 'not-a-jwt'],
    ['an organizer dashboard token', 'token_invalid', () => owner.token],
    ['an expired session', 'token_expired', async () => (await server.deps.keys.signPortal({ sub: 'portal:old', jti: 'old', trips: [] }, -10)).token],
  ])('refuses to add a trip to %s with 401 %s, leaving a single-use token unused', async (_label, code, session) => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { singleUse: true });
    const res = await exchange(t.token, await session());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
    expect((await exchange(t.token)).status).toBe(200);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['an unknown field', { token: 'gtp_x', player: 'me' }],
  ])('refuses a body with %s with 400 validation_failed', async (_label, body) => {
    const res = await anon.post('/trip-portal/validate', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('one session over several trips', () => {
  it("adds a second trip to an existing session: both trips listed, same session id, answering the new trip's details", async () => {
    const a = await tripWith(['Ann'], { name: 'Trip A' });
    const b = await tripWith(['Ann B', 'Bea'], { name: 'Trip B' });
    const first = await exchange((await issue(a.tripId, a.players[0]!.id)).token);
    const before = await whoAmI(first.body.session);

    const second = await exchange((await issue(b.tripId, b.players[1]!.id)).token, first.body.session);
    expect(second.status).toBe(200);
    expect(second.body.trip.id).toBe(b.tripId);
    expect(second.body.player).toMatchObject({ id: b.players[1]!.id, name: 'Bea' });
    expect(second.body.syncUrl).toBe(`${server.config.publicBaseUrl}/sync/trips/${b.tripId}`);
    const both = [
      { tripId: a.tripId, playerId: a.players[0]!.id, tripName: 'Trip A', playerName: 'Ann' },
      { tripId: b.tripId, playerId: b.players[1]!.id, tripName: 'Trip B', playerName: 'Bea' },
    ];
    expect(second.body.trips).toEqual(both);
    expect(second.body.session).not.toBe(first.body.session);

    const after = await whoAmI(second.body.session);
    expect(after.status).toBe(200);
    expect(after.body.sessionId).toBe(before.body.sessionId);
    expect(after.body.trips).toEqual(both);
    // The first session still covers only its own trip.
    expect((await whoAmI(first.body.session)).body.trips.map((t: { tripId: string }) => t.tripId)).toEqual([a.tripId]);
  });

  it('lists a trip once when its token is exchanged again with the same session', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const session = await sessionFor(t.token);
    const again = await exchange(t.token, session);
    expect(again.status).toBe(200);
    expect(again.body.trips.map((x: { tripId: string }) => x.tripId)).toEqual([tripId]);
  });

  it('leaves a trip out once its token is revoked, keeping the others', async () => {
    const a = await tripWith(['Ann'], { name: 'Trip A' });
    const b = await tripWith(['Bob'], { name: 'Trip B' });
    const ta = await issue(a.tripId, a.players[0]!.id);
    const session = await sessionFor((await issue(b.tripId, b.players[0]!.id)).token, await sessionFor(ta.token));
    expect((await whoAmI(session)).body.trips).toHaveLength(2);

    expect((await revoke(a.tripId, ta.id)).status).toBe(200);
    const res = await whoAmI(session);
    expect(res.status).toBe(200);
    expect(res.body.trips).toEqual([{ tripId: b.tripId, playerId: b.players[0]!.id, tripName: 'Trip B', playerName: 'Bob' }]);
  });
});

describe('GET /trip-portal/validate', () => {
  it.each([
    ['its token was revoked', 'token_revoked', async (tripId: string, tokenId: string) => void (await revoke(tripId, tokenId))],
    [
      'its token expired',
      'token_expired',
      async (tripId: string, tokenId: string) => {
        expect((await owner.client.patch(`/trips/${tripId}/portal-tokens/${tokenId}`, { expiresAt: inMinutes(5) })).status).toBe(200);
        clockOffsetMs = 10 * 60_000;
      },
    ],
  ])('refuses a session whose only trip is no longer usable because %s with 401 %s', async (_label, code, endToken) => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const session = await sessionFor(t.token);
    await endToken(tripId, t.id);
    const res = await whoAmI(session);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it.each([
    ['no Authorization header', 'unauthorized', () => ({})],
    ['an organizer dashboard token', 'wrong_auth_mode', () => ({ authorization: `Bearer ${owner.token}` })],
    ['garbage', 'token_invalid', () => ({ authorization: 'Bearer garbage' })],
    ['a session signed with another key', 'token_invalid', async () => ({ authorization: `Bearer ${await foreignSession()}` })],
  ])('refuses %s with 401 %s', async (_label, code, headers) => {
    const res = await anon.get('/trip-portal/validate', await headers());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses an expired session with 401 token_expired', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const signed = await server.deps.keys.signPortal({ sub: 'portal:s1', jti: 's1', trips: [{ tripId, playerId: players[0]!.id, tokenId: t.id }] }, -10);
    const res = await whoAmI(signed.token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_expired');
    expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('refuses a real session once its lifetime has passed, though its token is still good', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const session = await sessionFor(t.token);
    clockOffsetMs = (server.config.auth.portalSessionTtlSeconds + 1) * 1000;
    const res = await whoAmI(session);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_expired');
    const renewed = await exchange(t.token);
    expect(renewed.status).toBe(200);
    expect((await whoAmI(renewed.body.session)).status).toBe(200);
  });

  it.each([
    ['two spaces', (s: string) => `Bearer  ${s}`],
    ['a tab', (s: string) => `Bearer\t${s}`],
    ['a lowercase scheme', (s: string) => `bearer ${s}`],
  ])('accepts a session sent after %s', async (_label, header) => {
    const { tripId, players } = await tripWith(['Ann']);
    const first = await exchange((await issue(tripId, players[0]!.id)).token);
    const res = await whoAmI(first.body.session, header(first.body.session));
    expect(res.status).toBe(200);
    expect(res.body.expiresAt).toBe(first.body.expiresAt);
  });
});

describe('tokens issued by the wizard', () => {
  function wizardBody() {
    return {
      trip: { name: 'Wizard Trip', startDate: '2027-06-01', endDate: '2027-06-03', timezone: 'Europe/London', currency: 'GBP' },
      players: [
        { ref: 'al', name: 'Al', handicapIndex: 8.4 },
        { ref: 'bo', name: 'Bo', handicapIndex: 14.1 },
      ],
      rounds: [{ ref: 'r1', name: 'Day one', date: '2027-06-02', course: course18('Links') }],
      portalTokens: { issue: true },
    };
  }

  /** Polls the wizard status until `until`, keeping the tokens of the one read that shows them. */
  async function waitForWizard(tripId: string, until: (body: { status: string; steps: { name: string; status: string }[] }) => boolean) {
    let tokens: { playerId: string; playerName: string; token: string; expiresAt: string }[] | undefined;
    for (let i = 0; i < 400; i++) {
      const res = await owner.client.get(`/trips/${tripId}/wizard/status`);
      expect(res.status).toBe(200);
      tokens ??= res.body.portalTokens;
      if (until(res.body)) return { status: res.body, tokens };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the wizard did not get there');
  }

  it('issues a token per player that validates into a session for that player', async () => {
    const res = await owner.client.post('/trips/wizard', wizardBody());
    expect(res.status).toBe(202);
    const tripId = res.body.tripId as string;
    const { status, tokens } = await waitForWizard(tripId, (s) => s.status === 'done' || s.status === 'failed');
    expect(status.status).toBe('done');
    expect(tokens).toHaveLength(2);
    for (const t of tokens!) {
      expect(t.expiresAt).toBe('2027-06-10T23:59:59.000Z');
      const session = await exchange(t.token);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ trip: { id: tripId, name: 'Wizard Trip' }, player: { id: t.playerId, name: t.playerName } });
      expect((await whoAmI(session.body.session)).body.trips).toEqual([{ tripId, playerId: t.playerId, tripName: 'Wizard Trip', playerName: t.playerName }]);
    }
    expect((await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items.map((t: { status: string }) => t.status)).toEqual(['active', 'active']);
  });

  it('does not start a session on a trip the wizard has not activated yet, and does once it has', async () => {
    let release!: () => void;
    heldActivation.set('next', new Promise<void>((r) => (release = r)));
    try {
      const res = await owner.client.post('/trips/wizard', { ...wizardBody(), portalTokens: { issue: true, singleUse: true } });
      expect(res.status).toBe(202);
      const tripId = res.body.tripId as string;
      const { tokens } = await waitForWizard(tripId, (s) => s.steps.find((x) => x.name === 'portal_tokens')?.status === 'done');
      expect(tokens).toHaveLength(2);
      const early = await exchange(tokens![0]!.token);
      expect(early.status).toBe(404);
      expect(early.body.error.code).toBe('trip_not_found');

      release();
      expect((await waitForWizard(tripId, (s) => s.status === 'done' || s.status === 'failed')).status.status).toBe('done');
      const later = await exchange(tokens![0]!.token);
      expect(later.status).toBe(200);
      expect(later.body.trips.map((t: { tripId: string }) => t.tripId)).toEqual([tripId]);
    } finally {
      release();
      heldActivation.delete('next');
    }
  });
});

describe('a session checked a moment ago (the trip access is reused briefly)', () => {
  const overview = (tripId: string, session: string) => anon.get(`/trip-portal/trips/${tripId}`, { authorization: `Bearer ${session}` });
  const syncInfo = (tripId: string, session: string) => anon.get(`/sync/trips/${tripId}`, { authorization: `Bearer ${session}` });

  it('stops at the very next request once its token is revoked, on the portal and on the gateway', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const session = await sessionFor(t.token);
    expect((await overview(tripId, session)).status).toBe(200);
    expect((await syncInfo(tripId, session)).status).toBe(200);
    expect((await revoke(tripId, t.id)).status).toBe(200);
    const portal = await overview(tripId, session);
    expect([portal.status, portal.body.error.code]).toEqual([401, 'token_revoked']);
    const gateway = await syncInfo(tripId, session);
    expect([gateway.status, gateway.body.error]).toEqual([401, 'unauthorized']);
  });

  it('sees the player removed and the player renamed at the next request', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Bob']);
    const [ann, bob] = [players[0]!, players[1]!];
    const annSession = await sessionFor((await issue(tripId, ann.id)).token);
    const bobSession = await sessionFor((await issue(tripId, bob.id)).token);
    expect((await overview(tripId, annSession)).body.me.name).toBe('Ann');
    expect((await overview(tripId, bobSession)).status).toBe(200);

    expect((await owner.client.patch(`/trips/${tripId}/players/${ann.id}`, { name: 'Annie' })).status).toBe(200);
    expect((await overview(tripId, annSession)).body.me.name).toBe('Annie');
    expect((await owner.client.delete(`/trips/${tripId}/players/${bob.id}`)).status).toBe(204);
    const gone = await overview(tripId, bobSession);
    expect([gone.status, gone.body.error.code]).toEqual([404, 'player_not_found']);
  });

  it('ends when its token expires, though nothing was written since', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const session = await sessionFor(t.token);
    expect((await overview(tripId, session)).status).toBe(200);
    clockOffsetMs = 61_000;
    const res = await overview(tripId, session);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toMatch(/^token_expired$/);
  });
});
