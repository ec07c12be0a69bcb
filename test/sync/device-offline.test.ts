/**
 * The OS says the network is gone (`networkLost()`; a browser's `offline` event): the device drops the longpoll it
 * had in flight and says `offline` at once, instead of when the longpoll times out; scores entered meanwhile are
 * kept and land once the network is back. And a change written while the device's first pull is on its way reaches
 * it: its first longpoll does not start after it.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, portalScores, SYNC } from './support/device-helpers.js';

let server: TestServer;
let tripId: string;
let roundId: string;
let player: { id: string; name: string };
let token: string;
let orgToken: string;
const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

beforeAll(async () => {
  server = await startTestServer();
  const org = await organizer(server.url);
  orgToken = org.token;
  const orgApi = api(server.url, org.token);
  tripId = (await orgApi.post('/trips', tripBody())).body.id;
  const added = (await orgApi.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] })).body.items as { id: string; name: string }[];
  player = added[0]!;
  token = ((await orgApi.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[]).find((t) => t.playerId === player.id)!.token;
  roundId = (await orgApi.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: added.map((p) => p.id) }] })).body.id;
  expect((await orgApi.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
});

afterAll(async () => {
  const dir = server?.dataDir;
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('networkLost', () => {
  it('drops the longpoll in flight and says offline at once; what was entered lands when the network is back', async () => {
    let network = true;
    const longpolls: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!network) return Promise.reject(new TypeError('Failed to fetch'));
      if (url.includes('feed=longpoll')) longpolls.push(url);
      return fetch(input, init);
    };
    const device = await openDevice(token, 'phone-al', { fetch: fetchImpl, retry: { initialMs: 200, maxMs: 400 } });
    await device.awaitInSync(SYNC);
    // Wait until the live replication sits in a longpoll (the server holds it open until a change or its timeout).
    const deadline = Date.now() + 10_000;
    while (longpolls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(longpolls.length).toBeGreaterThan(0);
    expect(device.status().state).toBe('online');

    network = false;
    const started = Date.now();
    const offline = firstValueFrom(device.status$.pipe(filter((s) => s.state === 'offline')));
    device.networkLost();
    await offline;
    expect(Date.now() - started).toBeLessThan(1000);

    const card = `${roundId}-${player.id}`;
    await device.enterScore({ scorecardId: card, roundId, playerId: player.id, hole: 1, strokes: 5 });
    await new Promise((r) => setTimeout(r, 300));
    expect(device.status()).toMatchObject({ state: 'offline', pendingWrites: 1 });

    network = true;
    device.reconnect();
    await device.awaitInSync(SYNC);
    expect(device.status()).toMatchObject({ state: 'online', pendingWrites: 0 });
    expect((await portalScores(server.url, token, card)).map((s) => [s.hole, s.strokes])).toEqual([[1, 5]]);
  });

  it('receives what changed on the server while it had no network, with no later change to carry it', async () => {
    let network = true;
    const fetchImpl: typeof fetch = (input, init) => (network ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch')));
    const device = await openDevice(token, 'phone-al-2', { fetch: fetchImpl, retry: { initialMs: 100, maxMs: 200 } });
    await device.awaitInSync(SYNC);
    // Let the live longpoll start: it is what must not skip the changes made meanwhile.
    await new Promise((r) => setTimeout(r, 300));
    network = false;
    device.networkLost();
    await firstValueFrom(device.status$.pipe(filter((s) => s.state === 'offline')));

    const renamed = await api(server.url, orgToken).patch(`/trips/${tripId}/rounds/${roundId}`, { name: 'Day 1 (moved)' });
    expect(renamed.status, renamed.text).toBe(200);
    network = true;
    device.reconnect();
    const deadline = Date.now() + 10_000;
    let name: unknown;
    while (Date.now() < deadline) {
      name = (await device.docsOfType('round')).find((r) => r._id === `round:${roundId}`)?.name;
      if (name === 'Day 1 (moved)') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(name).toBe('Day 1 (moved)');
  });

  it('receives a change written while its first pull was on its way (its first longpoll does not start after it)', async () => {
    const orgApi = api(server.url, orgToken);
    const bo = (await orgApi.get(`/trips/${tripId}/players`)).body.items.find((p: { name: string }) => p.name.startsWith('Bo'));
    let longpollFromNow: () => void = () => undefined;
    const sawLongpollFromNow = new Promise<void>((resolve) => (longpollFromNow = resolve));
    let written: () => void = () => undefined;
    const changeWritten = new Promise<void>((resolve) => (written = resolve));
    let firstPull = true;
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/_changes') && url.includes('feed=longpoll') && /[?&]since=now(&|$)/.test(url)) {
        // A longpoll from "now" reaches the server only after the change: the order a slow network can give.
        longpollFromNow();
        await changeWritten;
        return fetch(input, init);
      }
      if (url.includes('/_changes') && !url.includes('feed=longpoll') && firstPull) {
        firstPull = false;
        const answer = await fetch(input, init);
        // The pull was read; its answer is on its way when the organizer renames the round.
        await Promise.race([sawLongpollFromNow, new Promise((r) => setTimeout(r, 1500))]);
        const renamed = await orgApi.patch(`/trips/${tripId}/rounds/${roundId}`, { name: 'Day 1 (late)' });
        expect(renamed.status, renamed.text).toBe(200);
        written();
        return answer;
      }
      return fetch(input, init);
    };
    const device = await openDevice(token, 'phone-al-3', { fetch: fetchImpl, retry: { initialMs: 100, maxMs: 200 } });
    await changeWritten;
    // A later change carries the live feed's position past the first one.
    await new Promise((r) => setTimeout(r, 300));
    expect((await orgApi.patch(`/trips/${tripId}/players/${bo.id}`, { name: 'Bo (late)' })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await device.docsOfType('player')).some((p) => p.name === 'Bo (late)')) await new Promise((r) => setTimeout(r, 50));
    expect((await device.docsOfType('player')).some((p) => p.name === 'Bo (late)')).toBe(true);
    await device.awaitInSync(SYNC);
    expect((await device.docsOfType('round')).find((r) => r._id === `round:${roundId}`)?.name).toBe('Day 1 (late)');
  });
});
