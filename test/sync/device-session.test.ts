/**
 * The device library's portal session against the real server with 2-second sessions: an expired session is
 * renewed with the token and syncing goes on; a revoked token stops replication (`needs_token`) with the local
 * scores kept, and a new token resumes it and pushes what was pending.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCE } from '../../server/config.js';
import type { DeviceStatus, DeviceTrip } from '../../sync/device/index.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, portalScores, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

const auth = { jwtSecret: 'test-secret-that-is-long-enough-0123456789', audience: DEFAULT_AUDIENCE, tokenTtlSeconds: 3600, portalSessionTtlSeconds: 2 };

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
const players: { id: string; name: string }[] = [];
/** Requests the devices sent to the gateway (the injected fetch only counts; the server answers). */
const gatewayRequests: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ config: { auth } });
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  players.push(...(await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] })).body.items);
  roundId = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day one', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: players.map((p) => p.id) }] })).body.id;
  expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await rm(server.dataDir, { recursive: true, force: true });
});

async function issueToken(player: number): Promise<{ id: string; token: string }> {
  const res = await org.client.post('/trip-portal/token', { tripId, playerId: players[player]!.id });
  expect(res.status).toBe(201);
  return res.body;
}

const countingFetch: typeof fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes('/sync/trips/')) gatewayRequests.push(url);
  return fetch(input, init);
};

const open = deviceOpener(() => ({ baseUrl: server.url, fetch: countingFetch }));

/** The card's scores as REST shows them, read by Bo with a fresh session. */
async function restScores(): Promise<[number, number | null][]> {
  return (await portalScores(server.url, (await issueToken(1)).token, card())).map((s) => [s.hole, s.strokes]);
}

const card = () => `${roundId}-${players[0]!.id}`;
const enter = (d: DeviceTrip, hole: number, strokes: number) => d.enterScore({ scorecardId: card(), roundId, playerId: players[0]!.id, hole, strokes });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('device portal session', () => {
  it('renews an expired session with its token and keeps syncing', async () => {
    const al = await open((await issueToken(0)).token, 'phone-al-s1');
    const states: DeviceStatus['state'][] = [];
    al.status$.subscribe((s) => states.push(s.state));
    await al.awaitInSync(SYNC);
    const firstExpiry = al.portalSession.expiresAt;

    await sleep(2_500); // the 2-second session has expired
    for (const hole of [1, 2, 3]) await enter(al, hole, hole + 3);
    await al.awaitInSync(SYNC);

    expect(await restScores()).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
    expect(al.sessionRenewals).toBeGreaterThan(0);
    expect(Date.parse(al.portalSession.expiresAt)).toBeGreaterThan(Date.parse(firstExpiry));
    expect(al.status().pendingWrites).toBe(0);
    await eventually(() => expect(al.status()).toMatchObject({ state: 'online', pendingWrites: 0, authError: null }));
    expect(states).not.toContain('needs_token');
  });

  it('stops on a revoked token keeping local scores, and a new token resumes and pushes them', async () => {
    const first = await issueToken(0);
    const al = await open(first.token, 'phone-al-s2');
    await al.awaitInSync(SYNC);
    const before = await restScores();

    expect((await org.client.post(`/trips/${tripId}/portal-tokens/${first.id}/revoke`)).status).toBe(200);
    for (const hole of [10, 11, 12]) await enter(al, hole, 5);
    await eventually(() => expect(al.status()).toMatchObject({ state: 'needs_token', authError: 'token_revoked', pendingWrites: 3 }));
    expect((await al.scores(card())).map((s) => s.hole)).toEqual([...before.map(([hole]) => hole), 10, 11, 12]);
    expect(await restScores()).toEqual(before);

    // Stopped: no request reaches the gateway while the token is refused.
    const sent = gatewayRequests.length;
    await sleep(1_500);
    expect(gatewayRequests.length).toBe(sent);
    expect(al.status().state).toBe('needs_token');

    // A revoked token, or one of another player, is refused by setToken and changes nothing.
    await expect(al.setToken(first.token)).rejects.toMatchObject({ code: 'token_revoked' });
    await expect(al.setToken((await issueToken(1)).token)).rejects.toMatchObject({ code: 'wrong_trip' });
    expect(al.status()).toMatchObject({ state: 'needs_token', pendingWrites: 3 });

    await al.setToken((await issueToken(0)).token);
    await al.awaitInSync(SYNC);
    expect(await restScores()).toEqual([...before, [10, 5], [11, 5], [12, 5]]);
    expect(al.status().pendingWrites).toBe(0);
    await eventually(() => expect(al.status()).toMatchObject({ state: 'online', pendingWrites: 0, authError: null }));
  });
});
