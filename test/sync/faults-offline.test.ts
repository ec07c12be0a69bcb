/**
 * Fault 1 (issue 3): four phones pull the trip, the server goes away, each phone enters its 18 holes offline, the
 * server comes back on the same data, and every phone's push lands — unmodified PouchDB 9 on LevelDB, the real
 * server on real storage.
 */
import { rm } from 'node:fs/promises';
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, failure, portalSession, remoteTrip, roundOfScores, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

let server: TestServer;
let dataDir: string;
let trip: FaultTrip;
let devices: LocalClients;
const sessions: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dataDir = server.dataDir;
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
  for (const p of trip.players) sessions.push((await portalSession(server.url, trip, p.id)).session);
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('offline round with PouchDB phones', () => {
  it('keeps 72 scores entered while the server was down and lands them all once it is back', async () => {
    const locals = trip.players.map((p) => devices.create(`phone-${p.name}`));

    // Online: each phone pulls the trip (trip, players, the round and its four scorecards).
    for (const [i, local] of locals.entries()) {
      const pulled = await PouchDB.replicate(remoteTrip(server.url, trip.tripId, sessions[i]!), local);
      expect(pulled.ok).toBe(true);
      expect(pulled.doc_write_failures).toBe(0);
      expect(await local.get(`round:${trip.roundId}`)).toMatchObject({ type: 'round', state: 'ready' });
      for (const p of trip.players) expect(await local.get(`scorecard:${p.card}`)).toMatchObject({ type: 'scorecard', playerId: p.id });
    }

    // The server goes away; the phones keep scoring.
    const downUrl = server.url;
    await server.stop();
    for (const [i, local] of locals.entries()) {
      const p = trip.players[i]!;
      const written = await local.bulkDocs(roundOfScores(trip, p, p.id, `phone-${p.name}`));
      expect(written.every((r) => 'ok' in r && r.ok)).toBe(true);
    }
    const offline = await failure(PouchDB.replicate(locals[0]!, remoteTrip(downUrl, trip.tripId, sessions[0]!)));
    expect(offline).toMatchObject({ code: 'ECONNREFUSED' });
    for (const local of locals) {
      expect((await local.allDocs({ startkey: 'score:', endkey: 'score:\ufff0' })).rows).toHaveLength(18);
    }

    // The server returns on the same data (on a new port): each phone pushes, all at once.
    server = await startTestServer({ dataDir });
    const pushes = await Promise.all(locals.map((local, i) => PouchDB.replicate(local, remoteTrip(server.url, trip.tripId, sessions[i]!))));
    for (const push of pushes) {
      expect(push.ok).toBe(true);
      expect(push.docs_written).toBe(18);
      expect(push.doc_write_failures).toBe(0);
    }

    // REST shows every hole of every card with the phone's value, and the round started.
    for (const [i, p] of trip.players.entries()) {
      const res = await api(server.url, sessions[(i + 1) % 4]).get(`/trip-portal/scorecards/${p.card}/scores`);
      expect(res.status).toBe(200);
      const expected = roundOfScores(trip, p, p.id, `phone-${p.name}`);
      expect(res.body.items.map((s: { hole: number; strokes: number; deviceId: string; enteredAt: string }) => [s.hole, s.strokes, s.deviceId, s.enteredAt])).toEqual(
        expected.map((s) => [s.hole, s.strokes, s.deviceId, s.enteredAt]),
      );
    }
    const all = await server.deps.store.trip(trip.tripId).allDocs({ startKey: 'score:', endKey: 'score:\ufff0' });
    expect(all.rows).toHaveLength(72);
    const round = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/rounds/${trip.roundId}`);
    expect(round.body.state).toBe('in_progress');
  });
});
