import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../server/http/paginate.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Cursor pagination of the lists that grow with a trip, at the size of a real trip: 144 players, 300 expenses. Walking
 * the pages yields every item exactly once in the list's order; writes between pages neither repeat nor hide items.
 */

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let playerIds: string[];
let portal: Api;

const PLAYERS = 144;
const EXPENSES = 300;

async function addExpenses(count: number, from: number) {
  // A few at a time: the store takes concurrent writes, and the dates spread over the trip so the order is by date first.
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const n = from + i + j;
        const res = await org.client.post(`/trips/${tripId}/expenses`, {
          payerId: playerIds[n % PLAYERS],
          amountCents: 100 + n,
          category: 'food',
          date: `2027-04-1${n % 5}`,
          description: `Expense ${n}`,
          split: { mode: 'equal', playerIds: [playerIds[n % PLAYERS], playerIds[(n + 1) % PLAYERS]] },
        });
        expect(res.status).toBe(201);
      }),
    );
  }
}

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: PLAYERS }, (_, i) => ({ name: `Player ${String(i).padStart(3, '0')}` })) });
  expect(added.status).toBe(201);
  playerIds = added.body.items.map((p: { id: string }) => p.id);
  await addExpenses(EXPENSES, 0);
  const token = await org.client.post('/trip-portal/token', { tripId, playerId: playerIds[0] });
  const session = await api(server.url).post('/trip-portal/validate', { token: token.body.token });
  portal = api(server.url, session.body.session);
}, 240_000);
afterAll(() => server.close());

/** Every page of a list, following nextCursor from the first page. */
async function walk(client: Api, path: string, limit?: number, between?: (page: number) => Promise<void>) {
  const pages: { id: string }[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (limit !== undefined) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const qs = params.toString();
    const res = await client.get(`${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveProperty('nextCursor');
    pages.push(res.body.items);
    cursor = res.body.nextCursor;
    if (cursor) expect(res.body.items.length).toBe(limit ?? DEFAULT_PAGE_SIZE);
    if (between && cursor) await between(pages.length);
  } while (cursor && pages.length < 1000);
  return pages;
}

const ids = (pages: { id: string }[][]) => pages.flat().map((i) => i.id);

describe('walking the pages', () => {
  it('answers 144 players in pages of the default size, each exactly once, in the order added, the last page without a cursor', async () => {
    const pages = await walk(org.client, `/trips/${tripId}/players`);
    expect(pages.map((p) => p.length)).toEqual([DEFAULT_PAGE_SIZE, PLAYERS - DEFAULT_PAGE_SIZE]);
    expect(ids(pages)).toEqual(playerIds);
  });

  it("answers every player's availability in the players' order, on the dashboard and the portal", async () => {
    const org144 = (await walk(org.client, `/trips/${tripId}/availability`, 30)).flat() as unknown as { playerId: string }[];
    expect(org144.map((a) => a.playerId)).toEqual(playerIds);
    const portal144 = (await walk(portal, `/trip-portal/trips/${tripId}/availability`)).flat() as unknown as { playerId: string }[];
    expect(portal144.map((a) => a.playerId)).toEqual(playerIds);
  });

  it('answers 300 expenses in pages of 7: every expense once, ordered by date, then when recorded, then id', async () => {
    const pages = await walk(org.client, `/trips/${tripId}/expenses`, 7);
    expect(pages).toHaveLength(Math.ceil(EXPENSES / 7));
    const all = pages.flat() as unknown as { id: string; date: string; createdAt: string }[];
    expect(new Set(all.map((e) => e.id)).size).toBe(EXPENSES);
    const sorted = [...all].sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    expect(all.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    // The same order as one page of the largest size.
    const one = await org.client.get(`/trips/${tripId}/expenses?limit=${MAX_PAGE_SIZE}`);
    expect(one.body.nextCursor).toBeNull();
    expect(one.body.items.map((e: { id: string }) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('pages the filtered list with its filter, and the portal list the same way', async () => {
    const mine = (await org.client.get(`/trips/${tripId}/expenses?playerId=${playerIds[0]}&limit=${MAX_PAGE_SIZE}`)).body.items.map((e: { id: string }) => e.id);
    expect(mine.length).toBeGreaterThan(2);
    expect(ids(await walk(org.client, `/trips/${tripId}/expenses?playerId=${playerIds[0]}`, 2))).toEqual(mine);
    const portalMine = ids(await walk(portal, `/trip-portal/trips/${tripId}/expenses?mine=true`, 2));
    expect(portalMine).toEqual(mine);
    expect(ids(await walk(portal, `/trip-portal/trips/${tripId}/expenses`, 120))).toHaveLength(EXPENSES);
  });

  it('neither repeats nor hides an expense when others are added between pages', async () => {
    const before = (await org.client.get(`/trips/${tripId}/expenses?limit=${MAX_PAGE_SIZE}`)).body.items.map((e: { id: string }) => e.id) as string[];
    let added = 0;
    const pages = await walk(org.client, `/trips/${tripId}/expenses`, 40, async (page) => {
      if (page > 3) return;
      // New expenses on every day of the trip: some sort before the cursor, some after it.
      await addExpenses(5, 10_000 + added);
      added += 5;
    });
    const seen = ids(pages);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(added).toBe(15);
    // Whatever was added behind the cursor simply shows on no page of this walk; nothing old is lost.
    expect(seen.length).toBeGreaterThanOrEqual(before.length);
    expect(seen.length).toBeLessThanOrEqual(before.length + added);
  });

  it('pages the portal tokens of the trip, in the order issued', async () => {
    const issued = await org.client.post('/trip-portal/tokens/bulk', { tripId });
    expect(issued.status).toBe(201);
    const all = (await walk(org.client, `/trips/${tripId}/portal-tokens`, 50)).flat() as unknown as { id: string; createdAt: string }[];
    expect(all.length).toBe(PLAYERS + 1);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    const sorted = [...all].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    expect(all.map((t) => t.id)).toEqual(sorted.map((t) => t.id));
    expect(new Set(all.map((t) => t.id))).toEqual(new Set([all[0]!.id, ...issued.body.items.map((t: { id: string }) => t.id)]));
  });
});

describe('refusing a bad page request', () => {
  it.each([
    ['limit 0', 'limit=0', 'limit'],
    [`limit ${MAX_PAGE_SIZE + 1}`, `limit=${MAX_PAGE_SIZE + 1}`, 'limit'],
    ['a fractional limit', 'limit=2.5', 'limit'],
    ['a garbage cursor', 'cursor=%21%21not-a-cursor', 'cursor'],
    ['a cursor of another shape', `cursor=${Buffer.from(JSON.stringify({ offset: 5 })).toString('base64url')}`, 'cursor'],
    ['a cursor that is not JSON', `cursor=${Buffer.from('hello').toString('base64url')}`, 'cursor'],
  ])('answers %s with 400 validation_failed at that key', async (_name, qs, key) => {
    const res = await org.client.get(`/trips/${tripId}/players?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown[] }) => d.path)).toContainEqual(['query', key]);
  });

  it('refuses a cursor whose content was tampered with', async () => {
    const first = await org.client.get(`/trips/${tripId}/players?limit=5`);
    const cursor = first.body.nextCursor as string;
    const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
    expect(decoded).toContain('"k"');
    const tampered = Buffer.from(decoded.replace('"k"', '"x"')).toString('base64url');
    const res = await org.client.get(`/trips/${tripId}/players?limit=5&cursor=${tampered}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toEqual(['query', 'cursor']);
    // The untouched cursor still works.
    expect((await org.client.get(`/trips/${tripId}/players?limit=5&cursor=${cursor}`)).body.items[0].id).toBe(playerIds[5]);
  });
});

/** The lists that grow with a trip, as organizer and portal routes. */
const PAGINATED = [
  '/trips/:tripId/players',
  '/trips/:tripId/expenses',
  '/trip-portal/trips/:tripId/expenses',
  '/trips/:tripId/activities',
  '/trip-portal/trips/:tripId/activities',
  '/trips/:tripId/flights',
  '/trip-portal/trips/:tripId/flights',
  '/trips/:tripId/rental-cars',
  '/trip-portal/trips/:tripId/rental-cars',
  '/trips/:tripId/accommodations',
  '/trip-portal/trips/:tripId/accommodations',
  '/trips/:tripId/sync/rejections',
  '/trips/:tripId/score-disputes',
  '/trips/:tripId/reports',
  '/trip-portal/trips/:tripId/reports',
  '/trips/:tripId/portal-tokens',
  '/trips/:tripId/availability',
  '/trip-portal/trips/:tripId/availability',
];

describe('every list that grows with a trip', () => {
  it('takes limit and cursor and documents nextCursor in /openapi.json', async () => {
    const doc = (await api(server.url).get('/openapi.json')).body;
    for (const path of PAGINATED) {
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.get;
      expect(op, path).toBeDefined();
      const names = (op.parameters as { name: string; in: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['limit', 'cursor']));
      let schema = op.responses['200'].content['application/json'].schema;
      if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
      expect(Object.keys(schema.properties), path).toContain('nextCursor');
      expect(schema.required, path).toContain('nextCursor');
    }
  });

  it('answers nextCursor on each of them (empty lists: null)', async () => {
    const fresh = (await org.client.post('/trips', tripBody())).body.id as string;
    const routes = allRoutes().filter((r) => r.method === 'get' && PAGINATED.includes(r.path) && r.auth === 'dashboard');
    expect(routes.length).toBe(PAGINATED.filter((p) => p.startsWith('/trips/')).length);
    for (const r of routes) {
      const res = await org.client.get(`${r.path.replace(':tripId', fresh)}?limit=1`);
      expect(res.status, r.path).toBe(200);
      expect(res.body.nextCursor, r.path).toBeNull();
    }
  });
});
