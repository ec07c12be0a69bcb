/**
 * Counting what the phone has not sent (sync/device/pending.ts) costs no reads for what the pull stored (issue 25): a
 * pulled document is announced with RxDB's origin mark and settles at once. A first sync of a trip then reads each
 * local document once (RxDB's own downstream check), not twice; and a score entered afterwards is still counted,
 * then settles when the server has it.
 */
import { rm } from 'node:fs/promises';
import type { RxStorage, RxStorageInstance } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
let token: string;
let playerId: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  const client = api(server.url, org.token);
  tripId = (await client.post('/trips', tripBody())).body.id;
  const names = Array.from({ length: 24 }, (_, i) => ({ name: `Player ${i + 1}` }));
  const players = (await client.post(`/trips/${tripId}/players/bulk`, { players: names })).body.items as { id: string }[];
  playerId = players[0]!.id;
  const groups = Array.from({ length: 6 }, (_, g) => ({ playerIds: players.slice(g * 4, g * 4 + 4).map((p) => p.id) }));
  for (let r = 0; r < 3; r++) {
    const res = await client.post(`/trips/${tripId}/rounds`, { name: `Day ${r + 1}`, date: '2027-04-11', course: course18(), defaultTee: 'White', groups });
    expect(res.status).toBe(201);
    expect((await client.patch(`/trips/${tripId}/rounds/${res.body.id}/ready`)).status).toBe(200);
    roundId = res.body.id;
  }
  token = (await client.post('/trip-portal/token', { tripId, playerId })).body.token;
});

afterAll(async () => {
  const dir = server.dataDir;
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** RxDB's memory storage, counting the ids each instance is asked for by id (a real storage, only observed). */
function countingStorage(): { storage: RxStorage<any, any>; reads: Map<string, number>; stored: () => number } {
  const inner = getRxStorageMemory();
  const reads = new Map<string, number>();
  let docs: RxStorageInstance<any, any, any> | undefined;
  const storage: RxStorage<any, any> = {
    ...inner,
    async createStorageInstance(params) {
      const instance = (await inner.createStorageInstance(params)) as RxStorageInstance<any, any, any>;
      const kind = params.collectionName.startsWith('rx-replication-meta') ? 'meta' : params.collectionName;
      if (kind === 'docs') docs = instance;
      const find = instance.findDocumentsById.bind(instance);
      instance.findDocumentsById = (ids, withDeleted) => {
        reads.set(kind, (reads.get(kind) ?? 0) + ids.length);
        return find(ids, withDeleted);
      };
      return instance;
    },
  };
  return { storage, reads, stored: () => (docs!.internals as { documents: Map<string, unknown> }).documents.size };
}

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

describe('pending writes after a first sync', () => {
  it('reads each pulled document once, and still counts a score entered afterwards', async () => {
    const { storage, reads, stored: storedCount } = countingStorage();
    const device = await openDevice(token, 'phone-reads', { storage });
    try {
      await device.awaitInSync(SYNC);
      const docs = (await device.docsOfType('scorecard')).length;
      expect(docs).toBe(72);
      await eventually(() => expect(device.status()).toMatchObject({ state: 'online', pendingWrites: 0 }));
      const stored = storedCount();
      expect(stored).toBeGreaterThanOrEqual(100);
      // RxDB's downstream reads each pulled document once; counting pending adds nothing (it read each again).
      expect(reads.get('docs') ?? 0).toBeLessThanOrEqual(stored + 5);

      const seen: number[] = [];
      const sub = device.status$.subscribe((s) => seen.push(s.pendingWrites));
      await device.enterScore({ scorecardId: `${roundId}-${playerId}`, roundId, playerId, hole: 1, strokes: 5 });
      await device.awaitInSync(SYNC);
      sub.unsubscribe();
      expect(seen.some((n) => n === 1)).toBe(true);
      await eventually(() => expect(device.status().pendingWrites).toBe(0));
    } finally {
      await device.close();
    }
  });
});
