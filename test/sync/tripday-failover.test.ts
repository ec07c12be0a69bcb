/**
 * The trip day as an operator deploys it, small (issue 25; `npm run bench:tripday` is the full-size version): two
 * app servers (child processes, SIGKILL-able) over one CouchDB-compatible server that keeps replicated conflicts as
 * CouchDB does, behind a round-robin balancer; eight phones on the golfer's own sync library (sync/device, RxDB)
 * each scoring its own card hole by hole. Halfway through one app server is killed; its phones go on through the
 * other. At the end nothing is lost, nothing duplicated, no conflict left, and every phone's board is the server's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTrip, type DeviceTrip } from '../../sync/device/index.js';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { api } from '../support/client.js';
import { freePort } from '../support/processes.js';
import { startBalancer, type Balancer } from './support/balancer.js';
import { startCouchServer, type CouchServer } from './support/couch-server.js';
import { startChildServer, type ChildServer } from './support/fault-child.js';
import { createTrip, type FaultTrip } from './support/fault-trip.js';
import { eventually } from './support/eventually.js';

const SECRET = 'tripday-failover-secret-0123456789abcdef';
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const strokesOf = (player: number, hole: number) => PARS[hole - 1]! + ((player + hole) % 3) - 1;

let couch: CouchServer;
const servers: (ChildServer | undefined)[] = [];
const dirs: string[] = [];
let balancer: Balancer;
let balancerUrl: string;
let trip: FaultTrip;
const phones: DeviceTrip[] = [];

beforeAll(async () => {
  couch = await startCouchServer();
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'golf-tripday-'));
    dirs.push(dataDir);
    servers.push(await startChildServer({ port: await freePort(), dataDir, jwtSecret: SECRET, env: { COUCHDB_URL: couch.url } }));
  }
  balancer = await startBalancer({ targets: () => servers.filter((s): s is ChildServer => !!s).map((s) => s.url) });
  balancerUrl = balancer.url;
  trip = await createTrip(balancerUrl, { names: ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'], groups: [[0, 1, 2, 3], [4, 5, 6, 7]] });
  const issued = (await trip.org.client.post('/trip-portal/tokens/bulk', { tripId: trip.tripId })).body.items as { playerId: string; token: string }[];
  for (const [i, p] of trip.players.entries()) {
    const token = issued.find((t) => t.playerId === p.id)!.token;
    phones.push(await openTrip({ baseUrl: balancerUrl, token, deviceId: `phone-${i}`, storage: getRxStorageMemory(), retry: { initialMs: 100, maxMs: 1000 } }));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(phones.map((p) => p.close().catch(() => undefined)));
  await Promise.all(servers.map((s) => s?.kill()));
  await balancer?.close();
  await couch?.stop();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('two app servers over one CouchDB, one killed halfway', () => {
  it('loses nothing, duplicates nothing, leaves no conflict, and every phone shows the server board', async () => {
    const enter = (i: number, hole: number) => phones[i]!.enterScore({ scorecardId: trip.players[i]!.card, roundId: trip.roundId, playerId: trip.players[i]!.id, hole, strokes: strokesOf(i, hole) });
    for (let hole = 1; hole <= 18; hole++) {
      await Promise.all(phones.map((_, i) => enter(i, hole)));
      if (hole === 9) {
        await Promise.all(phones.map((p) => p.awaitInSync({ timeoutMs: 30_000 })));
        // Both servers took phone traffic before the kill.
        expect([...balancer.routed.values()].filter((n) => n > 0).length).toBe(2);
        await servers[0]!.kill();
        servers[0] = undefined;
      }
    }
    await Promise.all(phones.map((p) => p.awaitInSync({ timeoutMs: 60_000 })));

    // Every card on the server: 18 holes, each once, with the value entered and no other value in its history.
    const survivor = api(servers[1]!.url, trip.org.token);
    for (const [i, p] of trip.players.entries()) {
      const res = await survivor.get(`/trips/${trip.tripId}/scorecards/${p.card}/scores`);
      expect(res.status, res.text).toBe(200);
      const items = res.body.items as { hole: number; strokes: number; history: unknown[]; disputed?: boolean }[];
      expect(items.map((s) => s.hole)).toEqual(PARS.map((_, h) => h + 1));
      expect(items.map((s) => s.strokes)).toEqual(PARS.map((_, h) => strokesOf(i, h + 1)));
      expect(items.every((s) => s.history.length === 0 && !s.disputed)).toBe(true);
    }
    // No conflict left in CouchDB itself.
    const all = await fetch(`${couch.url}/trip-${trip.tripId}/_all_docs?include_docs=true&conflicts=true&startkey=%22score%3A%22&endkey=%22score%3A%EF%BF%B0%22`);
    const rows = ((await all.json()) as { rows: { id: string; doc: { _conflicts?: string[] } }[] }).rows;
    expect(rows.length).toBe(8 * 18);
    expect(rows.filter((r) => r.doc._conflicts?.length)).toEqual([]);
    // Every phone's round board equals the server's.
    await eventually(async () => {
      const server = (await survivor.get(`/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}`)).body;
      for (const phone of phones) {
        const local = await phone.roundLeaderboard(trip.roundId);
        expect(local.ok).toBe(true);
        if (local.ok) expect(local.value.entries.map((e) => [e.playerId, e.gross, e.net, e.position])).toEqual(server.entries.map((e: { playerId: string; gross: number; net: number; position: number }) => [e.playerId, e.gross, e.net, e.position]));
      }
    }, 30_000);
  }, 180_000);
});
