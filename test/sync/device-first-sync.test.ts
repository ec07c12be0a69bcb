/**
 * A phone's first sync (issue 36): the pull pages through the changes feed, 1,000 documents a page, and the live
 * longpoll starts only once the pull reached the end of the feed. Started earlier (from the first page's position,
 * issue 33), the longpoll paged through the rest of the trip beside the pull, and every later page was fetched and
 * stored twice.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULL_BATCH_SIZE } from '../../sync/device/device-trip.js';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, SYNC } from './support/device-helpers.js';

let server: TestServer;
let token: string;
const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

beforeAll(async () => {
  server = await startTestServer();
  const org = await organizer(server.url);
  const client = api(server.url, org.token);
  const tripId = (await client.post('/trips', tripBody())).body.id;
  const names = Array.from({ length: 16 }, (_, i) => ({ name: `Player ${i + 1}` }));
  const players = (await client.post(`/trips/${tripId}/players/bulk`, { players: names })).body.items as { id: string }[];
  const groups = Array.from({ length: 4 }, (_, g) => ({ playerIds: players.slice(g * 4, g * 4 + 4).map((p) => p.id) }));
  for (let r = 0; r < 3; r++) {
    const res = await client.post(`/trips/${tripId}/rounds`, { name: `Day ${r + 1}`, date: '2027-04-11', course: course18(), defaultTee: 'White', groups });
    expect(res.status).toBe(201);
    expect((await client.patch(`/trips/${tripId}/rounds/${res.body.id}/ready`)).status).toBe(200);
  }
  token = (await client.post('/trip-portal/token', { tripId, playerId: players[0]!.id })).body.token;
});

afterAll(async () => {
  const dir = server?.dataDir;
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface ChangesRequest {
  feed: 'normal' | 'longpoll';
  limit: number;
  /** Ids of the rows answered. */
  ids: string[];
}

/** The real `fetch`, noting each changes request in the order sent and, once answered, the rows of its answer. */
function recordingFetch(): { fetchImpl: typeof fetch; requests: ChangesRequest[] } {
  const requests: ChangesRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!url.pathname.endsWith('/_changes')) return fetch(input, init);
    const request: ChangesRequest = { feed: url.searchParams.get('feed') === 'longpoll' ? 'longpoll' : 'normal', limit: Number(url.searchParams.get('limit')), ids: [] };
    requests.push(request);
    const answer = await fetch(input, init);
    if (answer.ok) request.ids = ((await answer.clone().json()) as { results: { id: string }[] }).results.map((row) => row.id);
    return answer;
  };
  return { fetchImpl, requests };
}

describe('first sync', () => {
  it(`pulls ${PULL_BATCH_SIZE} documents a page: a trip of under a hundred in one page`, async () => {
    const { fetchImpl, requests } = recordingFetch();
    const device = await openDevice(token, 'phone-first-page', { fetch: fetchImpl });
    await device.awaitInSync(SYNC);
    const [first, ...later] = requests;
    expect(first).toMatchObject({ feed: 'normal', limit: 1000 });
    expect(first!.ids.length).toBeGreaterThan(60);
    // Everything came in that one page: the later requests (the longpoll, awaitInSync's check) answered nothing new.
    expect(later.flatMap((r) => r.ids)).toEqual([]);
    expect((await device.docsOfType('scorecard')).length).toBe(48);
  });

  it('starts the longpoll once the pull reached the end of the feed, and receives each document once', async () => {
    const { fetchImpl, requests } = recordingFetch();
    // Pages of 20: the trip's 80-odd documents take five.
    const device = await openDevice(token, 'phone-small-pages', { fetch: fetchImpl, batchSize: 20 });
    await device.awaitInSync(SYNC);
    expect((await device.docsOfType('scorecard')).length).toBe(48);
    const deadline = Date.now() + 5_000;
    while (!requests.some((r) => r.feed === 'longpoll') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const firstLongpoll = requests.findIndex((r) => r.feed === 'longpoll');
    const lastPage = requests.findIndex((r) => r.feed === 'normal' && r.ids.length < r.limit);
    expect(requests.filter((r) => r.feed === 'normal').length).toBeGreaterThan(3);
    expect(lastPage).toBeGreaterThan(0);
    // The first longpoll was sent after the page that ended the feed (requests are noted in the order sent).
    expect(firstLongpoll).toBeGreaterThan(lastPage);
    const received = requests.flatMap((r) => r.ids);
    expect(new Set(received).size).toBe(received.length);
  });
});
