/**
 * Helpers shared by the device-library tests (sync/device against the real server): opening devices that are closed
 * after each test, an address where nothing listens (a phone without signal), and a card's scores as REST shows them.
 */
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Result } from '../../../shared/errors.js';
import type { ScoreEntry } from '../../../shared/schemas/round.js';
import { openTrip, type DeviceTrip, type OpenTripOptions } from '../../../sync/device/index.js';
import { api, course18, organizer, tripBody, type Api } from '../../support/client.js';
import { freePort } from '../../support/processes.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** How long `awaitInSync` may take: a device's retry backoff after the server comes back, plus a full pull. */
export const SYNC = { timeoutMs: 20_000 };

/**
 * `open(token, deviceId, extra)` for one test file: memory storage and a short retry backoff (100 ms to 1 s), so
 * tests do not wait on it. Every device it opened is closed after each test, so none keeps replicating into the
 * next. `defaults` is read at each open because a test that restarts the server moves it to another port.
 */
export function deviceOpener(defaults: () => Partial<OpenTripOptions> & Pick<OpenTripOptions, 'baseUrl'>) {
  const opened: DeviceTrip[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  return async (token: string, deviceId: string, extra: Partial<OpenTripOptions> = {}): Promise<DeviceTrip> => {
    const device = await openTrip({ storage: getRxStorageMemory(), retry: { initialMs: 100, maxMs: 1000 }, ...defaults(), token, deviceId, ...extra });
    opened.push(device);
    return device;
  };
}

/**
 * For one test file: a fresh real server with one ready round of one group of the players named, and a portal token
 * each (in the players' order). The fields are filled in by `beforeAll`; the server is closed after the file.
 */
export function readyGroupRound(names: string[]) {
  const f = {
    server: undefined as unknown as TestServer,
    org: undefined as unknown as Awaited<ReturnType<typeof organizer>>,
    tripId: '',
    roundId: '',
    players: [] as { id: string; name: string }[],
    tokens: [] as string[],
    orgApi: () => api(f.server.url, f.org.token),
  };
  beforeAll(async () => {
    f.server = await startTestServer();
    f.org = await organizer(f.server.url);
    f.tripId = (await f.orgApi().post('/trips', tripBody())).body.id;
    f.players.push(...(await f.orgApi().post(`/trips/${f.tripId}/players/bulk`, { players: names.map((name) => ({ name })) })).body.items);
    const issued = (await f.orgApi().post('/trip-portal/tokens/bulk', { tripId: f.tripId })).body.items as { playerId: string; token: string }[];
    for (const p of f.players) f.tokens.push(issued.find((t) => t.playerId === p.id)!.token);
    const round = await f.orgApi().post(`/trips/${f.tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: f.players.map((p) => p.id) }] });
    f.roundId = round.body.id;
    expect((await f.orgApi().patch(`/trips/${f.tripId}/rounds/${f.roundId}/ready`)).status).toBe(200);
  });
  afterAll(async () => {
    const dir = f.server?.dataDir;
    await f.server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return f;
}

/** A local address where nothing listens: a phone without signal. */
export const deadUrl = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;

/** The scores of a card as the portal's REST API shows them to the holder of `token`, read with a fresh session. */
export async function portalScores(baseUrl: string, token: string, scorecardId: string) {
  const session = (await api(baseUrl).post('/trip-portal/validate', { token })).body.session as string;
  const res = await api(baseUrl, session).get(`/trip-portal/scorecards/${scorecardId}/scores`);
  expect(res.status).toBe(200);
  return res.body.items as (ScoreEntry & { hole: number; history: ScoreEntry[]; disputed: boolean })[];
}

/** The body of a REST read that must succeed (the device answers are compared with it). */
export async function restBody(client: Api, path: string) {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The value of a device `Result`, or a failure naming the code. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.failure.code}: ${result.failure.message}`);
  return result.value;
}

/**
 * A trip of four players in two teams (USA: Al 10, Cy 5; Europe: Bo 20, Di without an index) with a portal token
 * and a portal session each: the field the device boards and games tests play on.
 */
export async function fourPlayerTrip(baseUrl: string) {
  const org = await organizer(baseUrl);
  const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  const rows = [
    { name: 'Al', handicapIndex: 10, team: 'USA' },
    { name: 'Bo', handicapIndex: 20, team: 'Europe' },
    { name: 'Cy', handicapIndex: 5, team: 'USA' },
    { name: 'Di', team: 'Europe' },
  ];
  const added = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: rows })).body.items as { id: string; name: string }[];
  const issued = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  const id: Record<string, string> = {};
  const token: Record<string, string> = {};
  const portal: Record<string, Api> = {};
  for (const p of added) {
    id[p.name] = p.id;
    token[p.name] = issued.find((t) => t.playerId === p.id)!.token;
    portal[p.name] = api(baseUrl, (await api(baseUrl).post('/trip-portal/validate', { token: token[p.name] })).body.session);
  }
  return { org, tripId, id, token, portal };
}

/**
 * A ready round of a `fourPlayerTrip` on 2027-04-11 (the 18-hole test course, White tees), its groups given by
 * player names (default Al–Bo and Cy–Di). Answers the round id.
 */
export async function readyRound(trip: Pick<Awaited<ReturnType<typeof fourPlayerTrip>>, 'org' | 'tripId' | 'id'>, name: string, groups: string[][] = [['Al', 'Bo'], ['Cy', 'Di']]): Promise<string> {
  const body = { name, date: '2027-04-11', course: course18(), defaultTee: 'White', groups: groups.map((g) => ({ playerIds: g.map((n) => trip.id[n]!) })) };
  const res = await trip.org.client.post(`/trips/${trip.tripId}/rounds`, body);
  expect(res.status, res.text).toBe(201);
  expect((await trip.org.client.patch(`/trips/${trip.tripId}/rounds/${res.body.id}/ready`)).status).toBe(200);
  return res.body.id as string;
}
