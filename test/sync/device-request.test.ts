/**
 * `DeviceTrip.request`: the app's portal REST calls as the device's player. An expired session is renewed with the
 * token and the call answered; a revoked token rejects with its code at once (a REST call never waits, unlike sync);
 * no network rejects `unreachable`; other answers come back as they are.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCE } from '../../server/config.js';
import { DeviceTripError } from '../../sync/device/index.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener } from './support/device-helpers.js';

const auth = { jwtSecret: 'test-secret-that-is-long-enough-0123456789', audience: DEFAULT_AUDIENCE, tokenTtlSeconds: 3600, portalSessionTtlSeconds: 1 };

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let playerId: string;

beforeAll(async () => {
  server = await startTestServer({ config: { auth } });
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] })).body.items as { id: string }[];
  playerId = players[0]!.id;
  const roundId = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day one', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: players.map((p) => p.id) }] })).body.id;
  expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await rm(server.dataDir, { recursive: true, force: true });
});

async function issueToken(): Promise<{ id: string; token: string }> {
  const res = await org.client.post('/trip-portal/token', { tripId, playerId });
  expect(res.status).toBe(201);
  return res.body;
}

const open = deviceOpener(() => ({ baseUrl: server.url }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DeviceTrip.request', () => {
  it('answers a portal route as the player, renewing an expired session on the way', async () => {
    const device = await open((await issueToken()).token, 'phone-request-1');
    const first = await device.request(`/trip-portal/trips/${tripId}`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { me: { id: string } }).me.id).toBe(playerId);
    const renewalsBefore = device.sessionRenewals;

    await sleep(1_500); // the 1-second session has expired
    const second = await device.request(`/trip-portal/trips/${tripId}`, { headers: { accept: 'application/json' } });
    expect(second.status).toBe(200);
    expect(device.sessionRenewals).toBe(renewalsBefore + 1);
  });

  it('returns other answers as they are (a 400 with the error shape)', async () => {
    const device = await open((await issueToken()).token, 'phone-request-2');
    const res = await device.request('/trip-portal/scorecards/nope/scores', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"hole": 0}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    expect(device.sessionRenewals).toBe(0);
  });

  it('rejects with the token code once the token is revoked, and unreachable without a network', async () => {
    const issued = await issueToken();
    const device = await open(issued.token, 'phone-request-3');
    expect((await org.client.post(`/trips/${tripId}/portal-tokens/${issued.id}/revoke`)).status).toBe(200);
    await sleep(1_500); // the session lapses: renewing it with the revoked token fails
    const refused = await device.request(`/trip-portal/trips/${tripId}`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DeviceTripError);
    expect((refused as DeviceTripError).code).toBe('token_revoked');

    device.setBaseUrl(await deadUrl());
    const offline = await device.request(`/trip-portal/trips/${tripId}`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect((offline as DeviceTripError).code).toBe('token_revoked'); // the refusal stands until a new token
  });

  it('rejects unreachable when the server cannot be reached', async () => {
    const device = await open((await issueToken()).token, 'phone-request-4');
    device.setBaseUrl(await deadUrl());
    const err = await device.request(`/trip-portal/trips/${tripId}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeviceTripError);
    expect((err as DeviceTripError).code).toBe('unreachable');
  });
});
