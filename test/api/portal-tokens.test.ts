import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PortalTokenDoc } from '../../server/portal/tokens.js';
import { docsOfType } from '../../server/store/docs.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The server's clock runs this far ahead of the real one; tests that move it put it back afterwards. */
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;
let anon: Api;

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: serverNow } });
  owner = await organizer(server.url, 'Owner');
  other = await organizer(server.url, 'Other');
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

/** A trip of the owner's (ending 2027-04-14) with the players named. */
async function tripWith(names: string[] = ['Ann', 'Ben', 'Cat'], client: Api = owner.client) {
  const trip = await client.post('/trips', tripBody());
  expect(trip.status).toBe(201);
  const tripId = trip.body.id as string;
  if (names.length === 0) return { tripId, players: [] as Player[] };
  const res = await client.post(`/trips/${tripId}/players/bulk`, { players: names.map((name) => ({ name })) });
  expect(res.status).toBe(201);
  return { tripId, players: res.body.items as Player[] };
}

async function issue(tripId: string, playerId: string, extra: Record<string, unknown> = {}) {
  const res = await owner.client.post('/trip-portal/token', { tripId, playerId, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string; link: string; expiresAt: string; playerId: string; singleUse: boolean };
}

async function storedTokens(tripId?: string) {
  const all = await docsOfType<PortalTokenDoc>(server.deps.store.registry, 'portaltoken', 'registry');
  return tripId ? all.filter((t) => t.tripId === tripId) : all;
}

async function listed(tripId: string) {
  const res = await owner.client.get(`/trips/${tripId}/portal-tokens`);
  expect(res.status).toBe(200);
  return res.body.items as { id: string; playerId: string; playerName?: string; status: string; expiresAt: string; singleUse: boolean; usedAt?: string; revokedAt?: string }[];
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const inMinutes = (minutes: number) => new Date(serverNow().getTime() + minutes * 60_000).toISOString();

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('POST /trip-portal/token', () => {
  it('answers 201 with the secret, a portal link and the default expiry (trip end + 7 days, end of day UTC), not cacheable', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const res = await owner.client.post('/trip-portal/token', { tripId, playerId: players[0]!.id });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ tripId, playerId: players[0]!.id, playerName: 'Ann', singleUse: false, expiresAt: '2027-04-21T23:59:59.000Z' });
    expect(res.body.token).toMatch(/^gtp_[A-Za-z0-9_-]{43}$/);
    expect(res.body.link).toContain('#token=');
    expect(res.body.link).toBe(`${server.config.publicBaseUrl}/portal#token=${res.body.token}`);
    expect(res.body.id).toMatch(/^[a-z][a-z0-9]+$/);
  });

  it('stores only the SHA-256 of the secret: the secret appears in no stored token', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben']);
    const issued = [await issue(tripId, players[0]!.id), await issue(tripId, players[1]!.id, { singleUse: true })];
    const stored = await storedTokens();
    for (const t of issued) {
      const doc = stored.find((d) => d.id === t.id)!;
      expect(doc).toBeDefined();
      expect(doc.secretHash).toBe(sha256(t.token));
      expect(Object.keys(doc)).not.toContain('token');
      expect(Object.keys(doc)).not.toContain('secret');
    }
    const everything = JSON.stringify(stored);
    for (const t of issued) {
      expect(everything).not.toContain(t.token);
      expect(everything).not.toContain(t.token.slice(4));
    }
  });

  it('gives two tokens of the same player different secrets', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const a = await issue(tripId, players[0]!.id);
    const b = await issue(tripId, players[0]!.id);
    expect(a.id).not.toBe(b.id);
    expect(a.token).not.toBe(b.token);
  });

  it('keeps a given expiry and single use', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { expiresAt: '2030-01-01T00:00:00.000Z', singleUse: true });
    expect(t).toMatchObject({ expiresAt: '2030-01-01T00:00:00.000Z', singleUse: true });
    expect((await listed(tripId)).find((l) => l.id === t.id)).toMatchObject({ expiresAt: '2030-01-01T00:00:00.000Z', singleUse: true, status: 'active' });
  });

  it.each([
    ['an unknown player', (tripId: string) => ({ tripId, playerId: 'nosuchplayer' }), 'owner', 404, 'player_not_found', undefined],
    ["another organizer's trip", (tripId: string, playerId: string) => ({ tripId, playerId }), 'other', 404, 'trip_not_found', undefined],
    ['an unknown trip', (_tripId: string, playerId: string) => ({ tripId: 'nosuchtrip', playerId }), 'owner', 404, 'trip_not_found', undefined],
    ['an expiry in the past', (tripId: string, playerId: string) => ({ tripId, playerId, expiresAt: inMinutes(-1) }), 'owner', 400, 'validation_failed', ['body', 'expiresAt']],
    ['an expiry of right now', (tripId: string, playerId: string) => ({ tripId, playerId, expiresAt: serverNow().toISOString() }), 'owner', 400, 'validation_failed', ['body', 'expiresAt']],
    ['an expiry that is not a date-time', (tripId: string, playerId: string) => ({ tripId, playerId, expiresAt: '2030-01-01' }), 'owner', 400, 'validation_failed', ['body', 'expiresAt']],
    ['an unknown field', (tripId: string, playerId: string) => ({ tripId, playerId, secret: 'mine' }), 'owner', 400, 'validation_failed', ['body']],
  ] as const)('refuses %s with %i %s and stores no token', async (_label, body, who, status, code, path) => {
    const { tripId, players } = await tripWith(['Ann']);
    const before = (await storedTokens()).length;
    const client = who === 'owner' ? owner.client : other.client;
    const res = await client.post('/trip-portal/token', body(tripId, players[0]!.id));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (path) expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(path);
    expect(res.text).not.toContain('gtp_');
    expect((await storedTokens()).length).toBe(before);
  });

  it('refuses a portal session as credentials with 401 wrong_auth_mode', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const session = await anon.post('/trip-portal/validate', { token: t.token });
    expect(session.status).toBe(200);
    const before = (await storedTokens()).length;
    const res = await api(server.url, session.body.session).post('/trip-portal/token', { tripId, playerId: players[0]!.id });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('wrong_auth_mode');
    expect((await storedTokens()).length).toBe(before);
  });
});

describe('POST /trip-portal/tokens/bulk', () => {
  it('issues one token per player of the trip, each with its own secret', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben', 'Cat']);
    const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const items = res.body.items as { playerId: string; playerName: string; token: string; expiresAt: string }[];
    expect(items.map((t) => t.playerId).sort()).toEqual(players.map((p) => p.id).sort());
    expect(items.map((t) => t.playerName).sort()).toEqual(['Ann', 'Ben', 'Cat']);
    expect(new Set(items.map((t) => t.token)).size).toBe(3);
    expect(items.every((t) => t.expiresAt === '2027-04-21T23:59:59.000Z')).toBe(true);
    expect((await storedTokens(tripId)).map((d) => d.secretHash).sort()).toEqual(items.map((t) => sha256(t.token)).sort());
  });

  it('issues tokens only for the players named in playerIds, once each even when named twice', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben', 'Cat']);
    const [ann, , cat] = players;
    const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId, playerIds: [ann!.id, cat!.id, ann!.id], singleUse: true });
    expect(res.status).toBe(201);
    expect(res.body.items.map((t: { playerId: string }) => t.playerId).sort()).toEqual([ann!.id, cat!.id].sort());
    expect(res.body.items.every((t: { singleUse: boolean }) => t.singleUse)).toBe(true);
    expect((await listed(tripId)).map((t) => t.playerId).sort()).toEqual([ann!.id, cat!.id].sort());
  });

  it.each([
    ['a trip without players', [] as string[], () => undefined, 422, 'unprocessable'],
    ['an unknown player among playerIds', ['Ann'], (ids: string[]) => [ids[0]!, 'nosuchplayer'], 404, 'player_not_found'],
  ])('refuses %s with %i %s and issues nothing', async (_label, names, playerIds, status, code) => {
    const { tripId, players } = await tripWith(names);
    const ids = playerIds(players.map((p) => p.id));
    const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId, ...(ids ? { playerIds: ids } : {}) });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await storedTokens(tripId)).toEqual([]);
  });

  it('answers text/csv when asked, with a header row and one row per player whose tokens work', async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben, Jr.', 'Cat "the hat"']);
    const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId }, { accept: 'text/csv' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['player', 'playerId', 'token', 'link', 'expiresAt']);
    const body = rows.slice(1);
    expect(body).toHaveLength(3);
    expect(body.map((r) => r[0]).sort()).toEqual(['Ann', 'Ben, Jr.', 'Cat "the hat"']);
    expect(body.map((r) => r[1]).sort()).toEqual(players.map((p) => p.id).sort());
    for (const [, , token, link, expiresAt] of body) {
      expect(token).toMatch(/^gtp_/);
      expect(link).toBe(`${server.config.publicBaseUrl}/portal#token=${token}`);
      expect(expiresAt).toBe('2027-04-21T23:59:59.000Z');
    }
    expect((await storedTokens(tripId)).map((d) => d.secretHash).sort()).toEqual(body.map((r) => sha256(r[2]!)).sort());
    const session = await anon.post('/trip-portal/validate', { token: body[0]![2] });
    expect(session.status).toBe(200);
    expect(session.body.player.id).toBe(body[0]![1]);
  });

  it.each([['=HYPERLINK("http://evil.example","click")'], ['+1+cmd|calc'], ['-2+3'], ['@SUM(A1:A9)'], ['=1+1']])(
    'neutralises the player name %s against CSV formula injection',
    async (name) => {
      const { tripId } = await tripWith([name, 'Ann']);
      const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId }, { accept: 'text/csv' });
      expect(res.status).toBe(201);
      const rows = parseCsv(res.text);
      expect(rows).toHaveLength(3);
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
      const cells = rows.slice(1).map((r) => r[0]);
      expect(cells).toContain(`'${name}`);
      expect(cells).toContain('Ann');
    },
  );

  it('answers JSON when the client asks for JSON or anything', async () => {
    const { tripId } = await tripWith(['Ann']);
    for (const accept of ['application/json', '*/*']) {
      const res = await owner.client.post('/trip-portal/tokens/bulk', { tripId }, { accept });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.items).toHaveLength(1);
    }
  });
});

describe('GET /trips/:tripId/portal-tokens', () => {
  it("lists the trip's tokens with player and status, and no secret or hash", async () => {
    const { tripId, players } = await tripWith(['Ann', 'Ben', 'Cat', 'Dan']);
    const active = await issue(tripId, players[0]!.id);
    const revoked = await issue(tripId, players[1]!.id);
    const used = await issue(tripId, players[2]!.id, { singleUse: true });
    const expiring = await issue(tripId, players[3]!.id, { expiresAt: inMinutes(5) });
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/${revoked.id}/revoke`)).status).toBe(200);
    expect((await anon.post('/trip-portal/validate', { token: used.token })).status).toBe(200);
    clockOffsetMs = 10 * 60_000;

    const res = await owner.client.get(`/trips/${tripId}/portal-tokens`);
    expect(res.status).toBe(200);
    const byId = new Map((res.body.items as { id: string }[]).map((t) => [t.id, t]));
    expect(byId.size).toBe(4);
    expect(byId.get(active.id)).toMatchObject({ tripId, playerId: players[0]!.id, playerName: 'Ann', status: 'active', singleUse: false });
    expect(byId.get(revoked.id)).toMatchObject({ playerName: 'Ben', status: 'revoked', revokedAt: expect.any(String) });
    expect(byId.get(used.id)).toMatchObject({ playerName: 'Cat', status: 'used', singleUse: true, usedAt: expect.any(String) });
    expect(byId.get(expiring.id)).toMatchObject({ playerName: 'Dan', status: 'expired' });
    const allowed = ['id', 'tripId', 'playerId', 'playerName', 'status', 'expiresAt', 'singleUse', 'usedAt', 'openedAt', 'revokedAt', 'createdAt'];
    for (const item of res.body.items) for (const key of Object.keys(item)) expect(allowed).toContain(key);
    const hashes = (await storedTokens(tripId)).map((d) => d.secretHash);
    expect(hashes).toHaveLength(4);
    for (const secret of [active, revoked, used, expiring].map((t) => t.token)) expect(res.text).not.toContain(secret);
    for (const hash of hashes) expect(res.text).not.toContain(hash);
    expect(res.text).not.toContain('gtp_');
  });

  it("lists only this trip's tokens, and none of another organizer's trip", async () => {
    const a = await tripWith(['Ann']);
    const b = await tripWith(['Bob']);
    const ta = await issue(a.tripId, a.players[0]!.id);
    await issue(b.tripId, b.players[0]!.id);
    expect((await listed(a.tripId)).map((t) => t.id)).toEqual([ta.id]);
    const res = await other.client.get(`/trips/${a.tripId}/portal-tokens`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
  });
});

describe('PATCH /trips/:tripId/portal-tokens/:tokenId', () => {
  it('moves the expiry, and the listing and the exchange follow it', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { expiresAt: inMinutes(5) });
    const res = await owner.client.patch(`/trips/${tripId}/portal-tokens/${t.id}`, { expiresAt: '2031-06-30T12:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, status: 'active', expiresAt: '2031-06-30T12:00:00.000Z' });
    expect(res.body).not.toHaveProperty('token');
    expect((await listed(tripId))[0]).toMatchObject({ id: t.id, expiresAt: '2031-06-30T12:00:00.000Z' });
    clockOffsetMs = 10 * 60_000;
    expect((await anon.post('/trip-portal/validate', { token: t.token })).status).toBe(200);
  });

  it('brings an expired token back to active', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id, { expiresAt: inMinutes(5) });
    clockOffsetMs = 10 * 60_000;
    expect((await listed(tripId))[0]!.status).toBe('expired');
    expect((await anon.post('/trip-portal/validate', { token: t.token })).body.error.code).toBe('token_expired');
    const res = await owner.client.patch(`/trips/${tripId}/portal-tokens/${t.id}`, { expiresAt: inMinutes(60) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    expect((await anon.post('/trip-portal/validate', { token: t.token })).status).toBe(200);
  });

  it('refuses an expiry in the past with 400 and leaves the token as it was (revoking is how to end a token now)', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const res = await owner.client.patch(`/trips/${tripId}/portal-tokens/${t.id}`, { expiresAt: inMinutes(-1) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(['body', 'expiresAt']);
    expect((await listed(tripId))[0]).toMatchObject({ status: 'active', expiresAt: t.expiresAt });
    expect((await anon.post('/trip-portal/validate', { token: t.token })).status).toBe(200);
  });

  it('refuses to extend a revoked token with 409 conflict; it stays revoked', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    await owner.client.post(`/trips/${tripId}/portal-tokens/${t.id}/revoke`);
    const res = await owner.client.patch(`/trips/${tripId}/portal-tokens/${t.id}`, { expiresAt: '2031-01-01T00:00:00.000Z' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect((await listed(tripId))[0]).toMatchObject({ status: 'revoked', expiresAt: t.expiresAt });
  });
});

describe('POST /trips/:tripId/portal-tokens/:tokenId/revoke', () => {
  it('revokes the token: status revoked, and it no longer starts a session (401 token_revoked)', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const res = await owner.client.post(`/trips/${tripId}/portal-tokens/${t.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, status: 'revoked', revokedAt: expect.any(String) });
    expect(Date.parse(res.body.revokedAt)).not.toBeNaN();
    const exchange = await anon.post('/trip-portal/validate', { token: t.token });
    expect(exchange.status).toBe(401);
    expect(exchange.body.error.code).toBe('token_revoked');
  });

  it('keeps the first revocation time when revoked again', async () => {
    const { tripId, players } = await tripWith(['Ann']);
    const t = await issue(tripId, players[0]!.id);
    const first = await owner.client.post(`/trips/${tripId}/portal-tokens/${t.id}/revoke`);
    clockOffsetMs = 60_000;
    const second = await owner.client.post(`/trips/${tripId}/portal-tokens/${t.id}/revoke`);
    expect(second.status).toBe(200);
    expect(second.body.revokedAt).toBe(first.body.revokedAt);
  });
});

describe('a token of another trip', () => {
  it.each([
    ['PATCH', 'extend', (tripId: string, tokenId: string) => owner.client.patch(`/trips/${tripId}/portal-tokens/${tokenId}`, { expiresAt: '2031-01-01T00:00:00.000Z' })],
    ['POST', 'revoke', (tripId: string, tokenId: string) => owner.client.post(`/trips/${tripId}/portal-tokens/${tokenId}/revoke`)],
  ] as const)('%s …/%s answers 404 not_found and leaves it alone', async (_method, _action, call) => {
    const a = await tripWith(['Ann']);
    const b = await tripWith(['Bob']);
    const tb = await issue(b.tripId, b.players[0]!.id);
    const res = await call(a.tripId, tb.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await listed(b.tripId))[0]).toMatchObject({ id: tb.id, status: 'active', expiresAt: tb.expiresAt });
    const unknown = await call(a.tripId, 'nosuchtoken');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it("is out of reach through another organizer's trip too", async () => {
    const mine = await tripWith(['Ann']);
    const t = await issue(mine.tripId, mine.players[0]!.id);
    const theirs = await tripWith(['Zed'], other.client);
    const res = await other.client.post(`/trips/${theirs.tripId}/portal-tokens/${t.id}/revoke`);
    expect(res.status).toBe(404);
    expect((await listed(mine.tripId))[0]!.status).toBe('active');
  });
});
