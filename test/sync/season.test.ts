/**
 * A season on one deployment, small (issue 36; `npm run bench:season` is the full-size version): 100 trips built
 * through the REST API of two app servers (child processes) over one CouchDB-compatible server with a counting proxy
 * in front, behind a round-robin balancer; 5 of them in play, one phone per group on the golfer's own sync library
 * (sync/device, RxDB), 95 asleep. Halfway through, one app server is killed. At the end nothing is lost or doubled,
 * no request named a sleeping trip's database while the others played, every phone's board is the server's, and
 * with every trip asleep and no device connected the servers ask CouchDB a constant, not one request per trip seen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeason, chooseInPlay, organizerTokens, tripOfCouchPath, type InPlayTrip, type Season } from '../../bench/season-data.js';
import { strokesOf } from '../../bench/tripday-devices.js';
import { openTrip, type DeviceTrip } from '../../sync/device/index.js';
import { api } from '../support/client.js';
import { freePort } from '../support/processes.js';
import { startBalancer, type Balancer } from './support/balancer.js';
import { startCouchCounter, type CouchCounter } from './support/couch-counter.js';
import { startCouchServer, type CouchServer } from './support/couch-server.js';
import { eventually } from './support/eventually.js';
import { startChildServer, type ChildServer } from './support/fault-child.js';

const SECRET = 'season-test-secret-0123456789abcdef';
const HOLES = 4;
/** CouchDB requests an app server may make in 10 s with every trip asleep: a constant (a feed held open, a check), never one per trip. */
const ASLEEP_PER_SERVER_PER_10S = 2;

let couch: CouchServer;
let counter: CouchCounter;
const servers: (ChildServer | undefined)[] = [];
const dirs: string[] = [];
let balancer: Balancer;
let season: Season;
let orgTokens: string[];
let inPlay: InPlayTrip[];
const phones: { device: DeviceTrip; trip: InPlayTrip; roundId: string; group: string[] }[] = [];

beforeAll(async () => {
  couch = await startCouchServer();
  counter = await startCouchCounter(couch.url);
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'golf-season-'));
    dirs.push(dataDir);
    servers.push(await startChildServer({ port: await freePort(), dataDir, jwtSecret: SECRET, env: { COUCHDB_URL: counter.url, RATE_LIMITS: 'off' } }));
  }
  balancer = await startBalancer({ targets: () => servers.filter((s): s is ChildServer => !!s).map((s) => s.url) });
  season = await buildSeason(balancer.url, { trips: 100, players: [8, 16], rounds: [1, 2], tripsPerOrganizer: 10, pastShare: 0.2, upcomingShare: 0.3, expenses: 1, concurrency: 6, seed: 36 });
  orgTokens = await organizerTokens(balancer.url, season);
  // One round in play in each of 5 trips, two four-balls of it on the course: 10 phones (RxDB allows 12 in one realm).
  inPlay = chooseInPlay(season, 5, 2).map((p) => ({ ...p, rounds: p.rounds.slice(0, 1) }));
  for (const p of inPlay) {
    for (const round of p.rounds) {
      for (const group of round.groups) {
        const device = await openTrip({ baseUrl: balancer.url, token: p.trip.tokens[group[0]!]!, deviceId: `phone-${phones.length}`, storage: getRxStorageMemory(), retry: { initialMs: 100, maxMs: 1_000 } });
        phones.push({ device, trip: p, roundId: round.id, group });
      }
    }
  }
  await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 60_000 })));
}, 240_000);

afterAll(async () => {
  await Promise.all(phones.map((p) => p.device.close().catch(() => undefined)));
  await Promise.all(servers.map((s) => s?.kill()));
  await balancer?.close();
  await counter?.close();
  await couch?.stop();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('a season of 100 trips, 5 in play, one app server killed halfway', () => {
  it('loses nothing, doubles nothing, wakes no sleeping trip, and every phone shows the server board', async () => {
    const playing = new Set(inPlay.map((p) => p.trip.tripId));
    const windowFrom = counter.seen.length;
    for (let hole = 1; hole <= HOLES; hole++) {
      await Promise.all(
        phones.map(async (phone, n) => {
          for (const [k, playerId] of phone.group.entries()) {
            await phone.device.enterScore({ scorecardId: `${phone.roundId}-${playerId}`, roundId: phone.roundId, playerId, hole, strokes: strokesOf(n * 4 + k, hole) });
          }
        }),
      );
      // The organizers read their boards and the TVs their displays, as on a trip day.
      await Promise.all(
        inPlay.map(async (p) => {
          const org = api(balancer.url, orgTokens[p.trip.organizer]);
          const board = await org.get(`/trips/${p.trip.tripId}/leaderboards/rounds/${p.rounds[0]!.id}`);
          expect(board.status, board.text).toBe(200);
          expect((await fetch(`${balancer.url}/display/codes/${p.trip.code}`).then(async (r) => (await r.arrayBuffer(), r.status)))).toBe(200);
        }),
      );
      if (hole === HOLES / 2) {
        await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 30_000 })));
        await servers[0]!.kill();
        servers[0] = undefined;
      }
    }
    await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 60_000 })));
    const sleepingNamed = counter.since(windowFrom).filter((r) => {
      const trip = tripOfCouchPath(r.path);
      return trip !== null && !playing.has(trip);
    });
    expect(sleepingNamed.map((r) => `${r.method} ${r.path}`)).toEqual([]);

    // Every card of every group on the course on the survivor: each hole once, with the value entered, no other value in its history.
    const survivor = servers[1]!;
    for (const [n, phone] of phones.entries()) {
      const org = api(survivor.url, orgTokens[phone.trip.trip.organizer]);
      for (const [k, playerId] of phone.group.entries()) {
        const res = await org.get(`/trips/${phone.trip.trip.tripId}/scorecards/${phone.roundId}-${playerId}/scores`);
        expect(res.status, res.text).toBe(200);
        const items = res.body.items as { hole: number; strokes: number; history: unknown[] }[];
        expect(items.map((s) => [s.hole, s.strokes])).toEqual(Array.from({ length: HOLES }, (_, h) => [h + 1, strokesOf(n * 4 + k, h + 1)]));
        expect(items.every((s) => s.history.length === 0)).toBe(true);
      }
    }
    // Every phone's round board equals the server's.
    await eventually(async () => {
      for (const phone of phones) {
        const server = (await api(survivor.url, orgTokens[phone.trip.trip.organizer]).get(`/trips/${phone.trip.trip.tripId}/leaderboards/rounds/${phone.roundId}`)).body;
        const local = await phone.device.roundLeaderboard(phone.roundId);
        expect(local.ok).toBe(true);
        if (local.ok) expect(local.value.entries.map((e) => [e.playerId, e.gross, e.net, e.position])).toEqual(server.entries.map((e: { playerId: string; gross: number; net: number; position: number }) => [e.playerId, e.gross, e.net, e.position]));
      }
    }, 30_000);

    // Every trip asleep, no device connected: what the surviving server asks of CouchDB in 10 s does not grow with the 100 trips it has seen.
    await Promise.all(phones.map((p) => p.device.close()));
    await new Promise((r) => setTimeout(r, 3_000));
    const asleepFrom = counter.seen.length;
    await new Promise((r) => setTimeout(r, 10_000));
    const asleep = counter.since(asleepFrom);
    const byPath = new Map<string, number>();
    for (const r of asleep) {
      const key = `${r.method} ${tripOfCouchPath(r.path) ? '/trip-<id>/…' : r.path}`;
      byPath.set(key, (byPath.get(key) ?? 0) + 1);
    }
    expect(asleep.length, `asleep, 10 s: ${JSON.stringify(Object.fromEntries(byPath))}`).toBeLessThanOrEqual(ASLEEP_PER_SERVER_PER_10S);
  }, 180_000);
});
