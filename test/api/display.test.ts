import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedPath } from '../../server/app.js';
import { DisplayConfig, DisplayPayload } from '../../shared/schemas/display.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * Display manager (issue 8): configuration, access codes, the organizer's preview and the public views by trip and
 * by code, their caching, and what they must never show.
 */

const PHONES = ['+353 87 123 4567', '+1 (555) 010-9999', '087-765-4321', '+44 20 7946 0958'];
const people = [
  { name: 'Al', email: 'al.golfer@example.com', phone: PHONES[0], handicapIndex: 4.2, team: 'Europe' },
  { name: 'Bo', email: 'bo@example.org', phone: PHONES[1], handicapIndex: 12 },
  { name: 'Cy', email: 'cy+trip@mail.example.net', phone: PHONES[2] },
  { name: 'Di', email: 'di@example.com', phone: PHONES[3], handicapIndex: 20.5 },
];

let t: GamesTrip;
let anon: Api;
let day1: string;
let day2: string;
let base: string;
/** Every secret the trip has produced: the privacy scan looks for each. */
const secrets: string[] = [];

beforeAll(async () => {
  t = await gamesTrip(people);
  anon = api(t.server.url);
  base = `/trips/${t.tripId}/display`;
  day1 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 1' });
  day2 = await t.round([['Al', 'Cy'], ['Bo', 'Di']], { name: 'Day 2', ready: false });
  const teeTimes = await t.org.client.patch(`/trips/${t.tripId}/rounds/${day1}`, { groups: [{ playerIds: [t.id.Cy, t.id.Di], teeTime: '08:40' }, { playerIds: [t.id.Al, t.id.Bo], teeTime: '08:30', startingHole: 1 }] });
  expect(teeTimes.status).toBe(200);
  const skins = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId: day1, basis: 'gross', participants: ['Al', 'Bo', 'Cy'].map((n) => t.id[n]), config: { mode: 'per_skin', cents: 500 } });
  expect(skins.status).toBe(201);
  await t.scores(day1, { Al: [4, 3, 3], Bo: [5, 4, 3], Cy: [5, 5, 4], Di: [6] });
  const expense = await t.org.client.post(`/trips/${t.tripId}/expenses`, { payerId: t.id.Al, amountCents: 98765, category: 'golf', date: '2027-04-11', description: 'Green fees', split: { mode: 'equal', playerIds: Object.values(t.id) } });
  expect(expense.status).toBe(201);
  const issued = await t.org.client.post('/trip-portal/token', { tripId: t.tripId, playerId: t.id.Bo });
  expect(issued.status).toBe(201);
  const session = await anon.post('/trip-portal/validate', { token: issued.body.token });
  secrets.push(issued.body.token, issued.body.link, issued.body.id, session.body.session, t.org.token, t.org.email);
});
afterAll(() => t.server.close());

const put = (body: unknown) => t.org.client.put(base, body);
const sha = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;

describe('configuration', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await t.org.client.get(base);
    expect(res.status).toBe(200);
    expect(DisplayConfig.parse(res.body)).toEqual({
      tripId: t.tripId,
      panels: ['leaderboard', 'skins', 'schedule', 'tee_sheet'],
      rotationSeconds: 20,
      theme: 'dark',
      public: false,
      leaderboard: { roundId: null, basis: null },
      publicUrl: null,
      accessCode: { active: false, createdAt: null },
      updatedAt: null,
    });
  });

  it('replaces the whole configuration and shows the public URL while public', async () => {
    const body = { panels: ['schedule', 'leaderboard'], rotationSeconds: 45, theme: 'high_contrast', public: true, leaderboard: { roundId: day1, basis: 'gross' } };
    const res = await put(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, publicUrl: `${t.server.config.publicBaseUrl}/display/trips/${t.tripId}` });
    expect(typeof res.body.updatedAt).toBe('string');
    expect((await t.org.client.get(base)).body).toEqual(res.body);
    const reset = await put({});
    expect(reset.body).toMatchObject({ panels: ['leaderboard', 'skins', 'schedule', 'tee_sheet'], rotationSeconds: 20, theme: 'dark', public: false, publicUrl: null, leaderboard: { roundId: null, basis: null } });
  });

  it.each([
    ['no panel', { panels: [] }, 'panels'],
    ['a panel twice', { panels: ['skins', 'skins'] }, 'panels'],
    ['an unknown panel', { panels: ['weather'] }, 'panels'],
    ['a rotation under 5 s', { rotationSeconds: 4 }, 'rotationSeconds'],
    ['a rotation over 300 s', { rotationSeconds: 301 }, 'rotationSeconds'],
    ['a fractional rotation', { rotationSeconds: 7.5 }, 'rotationSeconds'],
    ['a rotation as text', { rotationSeconds: '20' }, 'rotationSeconds'],
    ['an unknown theme', { theme: 'neon' }, 'theme'],
    ['public as text', { public: 'yes' }, 'public'],
    ['a malformed round id', { leaderboard: { roundId: 'Not An Id' } }, 'leaderboard'],
    ['an unknown basis', { leaderboard: { basis: 'best' } }, 'leaderboard'],
    ['an unknown field', { panels: ['skins'], colour: 'red' }, ''],
  ])('refuses %s with 400 and keeps the configuration', async (_name, body, field) => {
    await put({ theme: 'light' });
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path.slice(0, 2)).toEqual(field ? ['body', field] : ['body']);
    expect((await t.org.client.get(base)).body.theme).toBe('light');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.org.client.put(base, '{"panels":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('refuses a round that is not on the trip with 422', async () => {
    const res = await put({ leaderboard: { roundId: 'nosuchround1' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.details[0].path).toEqual(['body', 'leaderboard', 'roundId']);
  });
});

describe('who may call the dashboard routes', () => {
  let intruder: Awaited<ReturnType<typeof organizer>>;
  beforeAll(async () => {
    intruder = await organizer(t.server.url, 'Intruder');
  });
  const routes = [
    ['GET', ''],
    ['PUT', ''],
    ['GET', '/data'],
    ['POST', '/access-code'],
    ['DELETE', '/access-code'],
  ] as const;

  it.each(routes)('%s …/display%s: 401 without credentials, 401 for a portal session, 404 for another organizer', async (method, suffix) => {
    const body = method === 'PUT' ? { public: true } : undefined;
    const none = await anon.call(method, base + suffix, body);
    expect([none.status, none.body.error.code]).toEqual([401, 'unauthorized']);
    const portal = await t.portal.Al!.call(method, base + suffix, body);
    expect([portal.status, portal.body.error.code]).toEqual([401, 'wrong_auth_mode']);
    const other = await intruder.client.call(method, base + suffix, body);
    expect([other.status, other.body.error.code]).toEqual([404, 'trip_not_found']);
    expect((await t.org.client.get(base)).body.accessCode.active).toBe(false);
    expect((await t.org.client.get(base)).body.public).toBe(false);
  });

  it('refuses a malformed trip id with 400', async () => {
    const res = await t.org.client.get('/trips/NOT-AN-ID/display');
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
  });
});

describe('the aggregated payload', () => {
  beforeAll(async () => {
    await put({});
  });

  it('previews the featured round, its skins, the schedule and the tee sheet by name', async () => {
    const res = await t.org.client.get(`${base}/data`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const p = DisplayPayload.parse(res.body);
    expect(p.trip).toEqual({ name: tripBody().name, startDate: '2027-04-10', endDate: '2027-04-14', destination: 'Vilamoura', timezone: 'Europe/Lisbon' });
    // The board is the leaderboard service's (net by default for stroke play), line for line, by name only.
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${day1}`)).body;
    expect(p.leaderboard).toEqual({
      roundName: 'Day 1',
      basis: 'net',
      par: 72,
      lines: board.entries.map(({ playerId: _id, grossToPar: _g, netToPar: _n, playingHandicap: _h, courseHandicap: _ch, holes: _c, perHole: _ph, ...line }: Record<string, unknown>) => line),
    });
    expect(p.leaderboard!.lines.map((l) => [l.name, l.thru])).toEqual(expect.arrayContaining([['Al', 3], ['Bo', 3], ['Cy', 3], ['Di', 1]]));
    expect(p.leaderboard!.lines.find((l) => l.name === 'Al')).toMatchObject({ team: 'Europe', gross: 10 });
    // Al wins holes 1 and 2 outright; hole 3 is tied (Al and Bo on 3), so one skin is carrying.
    expect(p.skins).toEqual([{ name: 'Skins – Day 1', basis: 'gross', final: false, holesCounted: 3, carrying: 1, standings: [{ name: 'Al', team: 'Europe', skins: 2 }, { name: 'Bo', skins: 0 }, { name: 'Cy', skins: 0 }] }]);
    expect(p.schedule!.map((r) => [r.name, r.state, r.courseName, r.featured])).toEqual([['Day 1', 'in_progress', 'Old Links', true], ['Day 2', 'draft', 'Old Links', false]]);
    expect(p.teeSheet).toEqual({
      roundName: 'Day 1',
      date: '2027-04-11',
      courseName: 'Old Links',
      groups: [
        { number: 2, teeTime: '08:30', startingHole: 1, players: [{ name: 'Al', team: 'Europe' }, { name: 'Bo' }] },
        { number: 1, teeTime: '08:40', startingHole: null, players: [{ name: 'Cy' }, { name: 'Di' }] },
      ],
    });
  });

  it('follows the chosen round, basis and panels', async () => {
    await put({ panels: ['tee_sheet', 'leaderboard'], leaderboard: { roundId: day2, basis: 'gross' } });
    const p = (await t.org.client.get(`${base}/data`)).body;
    expect(Object.keys(p)).toEqual(['trip', 'display', 'leaderboard', 'teeSheet']);
    expect(p.display.panels).toEqual(['tee_sheet', 'leaderboard']);
    expect(p.leaderboard).toMatchObject({ roundName: 'Day 2', basis: 'gross', lines: [] });
    expect(p.teeSheet.groups.map((g: { players: { name: string }[] }) => g.players.map((x) => x.name))).toEqual([['Al', 'Cy'], ['Bo', 'Di']]);
    await put({});
  });
});

describe('access codes', () => {
  let code: string;

  it('generates a random code shown once, stored only as its SHA-256', async () => {
    const res = await t.org.client.post(`${base}/access-code`);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    code = res.body.code;
    expect(code).toMatch(/^[A-Z2-7]{16}$/);
    expect(res.body.url).toBe(`${t.server.config.publicBaseUrl}/display/codes/${code}`);
    const config = await t.org.client.get(base);
    expect(config.body.accessCode).toEqual({ active: true, createdAt: res.body.createdAt });
    expect(config.text).not.toContain(code);
    const registry = JSON.stringify((await t.server.deps.store.registry.allDocs({ includeDocs: true })).rows);
    const trip = JSON.stringify((await t.server.deps.store.trip(t.tripId).allDocs({ includeDocs: true })).rows);
    expect(registry).not.toContain(code);
    expect(trip).not.toContain(code);
    expect(registry).toContain(`displaycode:${createHash('sha256').update(code).digest('hex')}`);
  });

  it('opens the display without credentials, in either case, while the trip is not public', async () => {
    expect((await t.org.client.get(base)).body.public).toBe(false);
    const res = await anon.get(`/display/codes/${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await t.org.client.get(`${base}/data`)).body);
    expect((await anon.get(`/display/codes/${code.toLowerCase()}`)).status).toBe(200);
    expect((await anon.get(`/display/trips/${t.tripId}`)).status).toBe(404);
  });

  it('regenerating invalidates the old code at once', async () => {
    const next = (await t.org.client.post(`${base}/access-code`)).body.code as string;
    expect(next).not.toBe(code);
    const old = await anon.get(`/display/codes/${code}`);
    expect([old.status, old.body.error.code]).toEqual([404, 'not_found']);
    expect((await anon.get(`/display/codes/${next}`)).status).toBe(200);
    code = next;
  });

  it('revoking closes the display, and revoking again is still 204', async () => {
    expect((await t.org.client.delete(`${base}/access-code`)).status).toBe(204);
    expect((await anon.get(`/display/codes/${code}`)).status).toBe(404);
    expect((await t.org.client.get(base)).body.accessCode).toEqual({ active: false, createdAt: null });
    expect((await t.org.client.delete(`${base}/access-code`)).status).toBe(204);
  });

  it('answers an unknown code 404 and a malformed one 400', async () => {
    const unknown = await anon.get('/display/codes/AAAAAAAAAAAAAAAA');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    for (const bad of ['short', 'AAAAAAAAAAAAAAA1', 'AAAAAAAAAAAAAAAAA']) {
      const res = await anon.get(`/display/codes/${bad}`);
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
  });

  it("opens only its own trip's display, and another trip's organizer cannot revoke it", async () => {
    const other = await organizer(t.server.url, 'Other');
    const otherTrip = (await other.client.post('/trips', tripBody({ name: 'Other trip' }))).body.id as string;
    const theirs = (await other.client.post(`/trips/${otherTrip}/display/access-code`)).body.code as string;
    const mine = (await t.org.client.post(`${base}/access-code`)).body.code as string;
    expect((await anon.get(`/display/codes/${mine}`)).body.trip.name).toBe(tripBody().name);
    expect((await anon.get(`/display/codes/${theirs}`)).body.trip.name).toBe('Other trip');
    expect((await t.org.client.delete(`/trips/${otherTrip}/display/access-code`)).status).toBe(404);
    expect((await anon.get(`/display/codes/${theirs}`)).status).toBe(200);
    await t.org.client.delete(`${base}/access-code`);
    expect((await anon.get(`/display/codes/${mine}`)).status).toBe(404);
    expect((await anon.get(`/display/codes/${theirs}`)).status).toBe(200);
  });
});

describe('access codes and trip deletion', () => {
  it('forgets the code with the trip: both registry documents go, and the code answers 404', async () => {
    const trip = (await t.org.client.post('/trips', tripBody({ name: 'Doomed trip' }))).body.id as string;
    const code = (await t.org.client.post(`/trips/${trip}/display/access-code`)).body.code as string;
    expect((await anon.get(`/display/codes/${code}`)).status).toBe(200);
    const hash = createHash('sha256').update(code).digest('hex');
    expect(await t.server.deps.store.registry.get(`displaycode:${hash}`)).toBeDefined();
    expect((await t.org.client.delete(`/trips/${trip}`)).status).toBe(204);
    expect(await t.server.deps.store.registry.get(`displaycode:${hash}`)).toBeUndefined();
    expect(await t.server.deps.store.registry.get(`displayaccess:${trip}`)).toBeUndefined();
    expect((await anon.get(`/display/codes/${code}`)).status).toBe(404);
  });

  it('keeps a code out of the request log', () => {
    expect(loggedPath('/display/codes/ABCDEFGHIJKLMNOP')).toBe('/display/codes/[redacted]');
    expect(loggedPath(`/display/trips/${t.tripId}`)).toBe(`/display/trips/${t.tripId}`);
  });
});

describe('the public view by trip', () => {
  it('answers the same 404 for a private display and an unknown trip', async () => {
    await put({ public: false });
    const priv = await anon.get(`/display/trips/${t.tripId}`);
    const unknown = await anon.get('/display/trips/nosuchtrip1');
    expect(priv.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(priv.body.error.code).toBe('trip_not_found');
    expect({ ...priv.body.error, requestId: undefined }).toEqual({ ...unknown.body.error, requestId: undefined });
    expect(priv.headers.get('cache-control')).toBe('no-store');
    expect((await anon.get('/display/trips/Bad-Id')).status).toBe(400);
  });

  it('opens while public and closes again', async () => {
    await put({ public: true });
    const res = await anon.get(`/display/trips/${t.tripId}`, { origin: 'https://tv.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body).toEqual((await t.org.client.get(`${base}/data`)).body);
    expect((await anon.get(`/display/trips/${t.tripId}`, { authorization: 'Bearer garbage' })).status).toBe(200);
    await put({ public: false });
    expect((await anon.get(`/display/trips/${t.tripId}`)).status).toBe(404);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s with 405', async (method) => {
    const res = await anon.call(method, `/display/trips/${t.tripId}`, method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET/);
  });
});

describe('caching of the public views', () => {
  let path: string;
  beforeAll(async () => {
    await put({ public: true });
    path = `/display/trips/${t.tripId}`;
  });

  it('answers a strong ETag that hashes the body, and a short public max-age', async () => {
    const res = await anon.get(path);
    expect(res.headers.get('etag')).toBe(sha(res.text));
    expect(res.headers.get('cache-control')).toBe('public, max-age=15');
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers 304 without a body when If-None-Match names the current tag', async () => {
    const etag = (await anon.get(path)).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await anon.get(path, { 'if-none-match': header });
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=15');
    }
    expect((await anon.get(path, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('changes the tag when a score changes the board', async () => {
    const before = (await anon.get(path)).headers.get('etag')!;
    await t.scores(day1, { Di: [5] }, 2);
    const res = await anon.get(path, { 'if-none-match': before });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(before);
    expect(res.body.leaderboard.lines.find((l: { name: string }) => l.name === 'Di').thru).toBe(2);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await anon.call('HEAD', path);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('etag')).toBe((await anon.get(path)).headers.get('etag'));
  });

  it('caches the code view the same way', async () => {
    const code = (await t.org.client.post(`${base}/access-code`)).body.code as string;
    const res = await anon.get(`/display/codes/${code}`);
    expect(res.headers.get('etag')).toBe(sha(res.text));
    expect(res.headers.get('cache-control')).toBe('public, max-age=15');
    expect((await anon.get(`/display/codes/${code}`, { 'if-none-match': res.headers.get('etag')! })).status).toBe(304);
  });
});

describe('privacy of the public views', () => {
  it('shows no email, phone, token, id or money in either public payload', async () => {
    await put({ public: true });
    const code = (await t.org.client.post(`${base}/access-code`)).body.code as string;
    const texts = [(await anon.get(`/display/trips/${t.tripId}`)).text, (await anon.get(`/display/codes/${code}`)).text];
    // Sanity: the trip really holds what must not leak, and the payload really shows the players.
    const players = (await t.org.client.get(`/trips/${t.tripId}/players`)).body.items as { id: string; email?: string; phone?: string }[];
    expect(players.filter((p) => p.email && p.phone)).toHaveLength(4);
    expect((await t.org.client.get(`/trips/${t.tripId}/expenses`)).text).toContain('98765');
    for (const text of texts) {
      expect(text).toContain('"Al"');
      expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
      for (const phone of PHONES) {
        expect(text).not.toContain(phone);
        expect(text).not.toContain(phone.replace(/\D/g, ''));
      }
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{5,}/);
      for (const secret of [...secrets, code]) expect(text).not.toContain(secret);
      for (const p of players) expect(text).not.toContain(p.id);
      expect(text).not.toMatch(/cents|amount|owed|paid|money|handicap|email|phone|token/i);
      expect(text).not.toContain('98765');
    }
  });
});
