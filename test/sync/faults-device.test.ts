/**
 * Fault 6 (issue 3): fault 1 with the device library (`sync/device`, RxDB on memory storage). Four phones of one
 * group open the trip with their portal tokens, the server stops, each player enters their 18 holes, the server
 * comes back on the same data (at a new address), and every score lands — and reaches every phone.
 */
import { rm } from 'node:fs/promises';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTrip, type DeviceTrip } from '../../sync/device/index.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';
import { createTrip, portalSession, type FaultTrip } from './support/fault-trip.js';

const strokesFor = (player: number, hole: number) => 3 + ((hole + player) % 4);

let server: TestServer;
let dataDir: string;
let trip: FaultTrip;
const devices: DeviceTrip[] = [];
/** A portal session per player, for reading REST as them (sessions outlive a restart: same signing secret). */
const sessions: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dataDir = server.dataDir;
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
  for (const p of trip.players) {
    const { token, session } = await portalSession(server.url, trip, p.id);
    sessions.push(session);
    const device = await openTrip({ baseUrl: server.url, token, storage: getRxStorageMemory(), deviceId: `phone-${p.name}`, retry: { initialMs: 100, maxMs: 500 } });
    devices.push(device);
  }
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('offline round with the device library', () => {
  it('keeps 72 scores entered while the server was down and lands them all once it is back', { timeout: 60_000 }, async () => {
    for (const device of devices) {
      await device.awaitInSync(SYNC);
      expect((await device.docsOfType('scorecard')).map((c) => c.playerId).sort()).toEqual(trip.players.map((p) => p.id).sort());
      expect((await device.docsOfType('round')).map((r) => r.state)).toEqual(['ready']);
      expect(device.status()).toMatchObject({ state: 'online', pendingWrites: 0 });
    }

    await server.stop();
    for (const [i, device] of devices.entries()) {
      const p = trip.players[i]!;
      for (let hole = 1; hole <= 18; hole++) await device.enterScore({ scorecardId: p.card, roundId: trip.roundId, playerId: p.id, hole, strokes: strokesFor(i, hole) });
      expect((await device.scores(p.card)).map((s) => s.strokes)).toEqual(Array.from({ length: 18 }, (_, h) => strokesFor(i, h + 1)));
    }
    // No signal: every phone knows it is offline and holds its 18 scores as pending.
    for (const device of devices) await eventually(() => expect(device.status()).toMatchObject({ state: 'offline', pendingWrites: 18 }), 10_000);

    // The server is back (same data, new address); the phones are told where, as the app would after a lookup.
    server = await startTestServer({ dataDir });
    for (const device of devices) device.setBaseUrl(server.url);
    await Promise.all(devices.map((d) => d.awaitInSync(SYNC)));
    // A second round, so that each phone's last pull started after every phone's push.
    await Promise.all(devices.map((d) => d.awaitInSync(SYNC)));

    // REST shows every hole, with the device that entered it, and the round started.
    const orgApi = api(server.url, trip.org.token);
    for (const [i, p] of trip.players.entries()) {
      const rest = await api(server.url, sessions[i]).get(`/trip-portal/scorecards/${p.card}/scores`);
      expect(rest.body.items.map((s: { hole: number; strokes: number; deviceId: string; enteredBy: string }) => [s.hole, s.strokes, s.deviceId, s.enteredBy])).toEqual(
        Array.from({ length: 18 }, (_, h) => [h + 1, strokesFor(i, h + 1), `phone-${p.name}`, p.id]),
      );
    }
    expect((await orgApi.get(`/trips/${trip.tripId}/rounds/${trip.roundId}`)).body.state).toBe('in_progress');
    expect((await orgApi.get(`/trips/${trip.tripId}/sync/rejections`)).body.items).toEqual([]);

    // Every phone is in sync with the whole group's card and the started round.
    for (const device of devices) {
      expect(device.status()).toMatchObject({ state: 'online', pendingWrites: 0, refused: [], authError: null });
      expect(await device.docsOfType('score')).toHaveLength(72);
      expect((await device.docsOfType('round')).map((r) => r.state)).toEqual(['in_progress']);
    }
  });
});
