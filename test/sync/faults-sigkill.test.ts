/**
 * Fault 5 (issue 3): the server process is killed (SIGKILL, no shutdown) in the middle of a large push. After a
 * restart on the same data, the phone resumes from its checkpoint: every score is on the server exactly once (one
 * revision, no conflict branch), none is lost, and what had landed before the kill is not sent again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { freePort } from '../support/processes.js';
import { startChildServer, type ChildServer } from './support/fault-child.js';
import { createTrip, portalSession, remoteTrip, roundOfScores, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

const SECRET = 'sigkill-fault-test-secret-0123456789abcdef';
const CARDS = 120;
const TOTAL = CARDS * 18;

let dataDir: string;
let port: number;
let server: ChildServer | undefined;
let trip: FaultTrip;
let devices: LocalClients;
let session: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'golf-fault-sigkill-'));
  port = await freePort();
  server = await startChildServer({ port, dataDir, jwtSecret: SECRET });
  // A scorer's tablet (an organizer-role player, who may write every card) and 120 players in 20 groups of 6.
  const names = ['Scorer', ...Array.from({ length: CARDS }, (_, i) => `Player ${i + 1}`)];
  const groups = Array.from({ length: CARDS / 6 }, (_, g) => Array.from({ length: 6 }, (_, k) => 1 + g * 6 + k));
  trip = await createTrip(server.url, { names, roles: { Scorer: 'organizer' }, groups });
  session = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
  devices = await localClients();
}, 60_000);

afterAll(async () => {
  await devices?.cleanup();
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const withDeadline = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms).unref())]);

describe('SIGKILL in the middle of a push', () => {
  it('resumes from the checkpoint after a restart, with no duplicate and no lost score', { timeout: 120_000 }, async () => {
    const tablet = devices.create('scorer-tablet');
    const pulled = await PouchDB.replicate(remoteTrip(server!.url, trip.tripId, session), tablet);
    expect(pulled.doc_write_failures).toBe(0);
    const scores = trip.players.slice(1).flatMap((p) => roundOfScores(trip, p, trip.players[0]!.id, 'scorer-tablet'));
    expect(scores).toHaveLength(TOTAL);
    await tablet.bulkDocs(scores);
    const localRevs = new Map((await tablet.allDocs({ startkey: 'score:', endkey: 'score:\ufff0' })).rows.map((r) => [r.id, r.value.rev]));
    expect(localRevs.size).toBe(TOTAL);

    // Push in batches of 50; once a quarter of the scores is confirmed (and checkpointed), the server is killed.
    const killedServer = server!;
    let killing: Promise<void> | undefined;
    const push = PouchDB.replicate(tablet, remoteTrip(killedServer.url, trip.tripId, session), { batch_size: 50 });
    push.on('change', (info) => {
      if (!killing && info.docs_written >= TOTAL / 4) killing = killedServer.kill();
    });
    const interrupted = await withDeadline(push.then(() => undefined, (err: unknown) => err), 60_000, 'the interrupted push');
    expect(killing).toBeDefined();
    await killing;
    // The push failed on the connection (it did not get to finish), not on anything the server answered.
    expect((interrupted as Error | undefined)?.message).toMatch(/ECONNRESET|ECONNREFUSED|socket hang up/);
    server = undefined;

    // Restart on the same data and port: part of the push is there, not all of it.
    server = await startChildServer({ port, dataDir, jwtSecret: SECRET });
    const remote = remoteTrip(server.url, trip.tripId, session);
    const landed = (await remote.allDocs({ startkey: 'score:', endkey: 'score:\ufff0' })).rows.length;
    expect(landed).toBeGreaterThan(0);
    expect(landed).toBeLessThan(TOTAL);

    // Resume: only what was not checkpointed is read again, and only what the server lacks is written.
    const resumed = await withDeadline(PouchDB.replicate(tablet, remote, { batch_size: 50 }), 60_000, 'the resumed push');
    expect(resumed.ok).toBe(true);
    expect(resumed.doc_write_failures).toBe(0);
    expect(resumed.docs_read).toBeLessThan(TOTAL);
    expect(resumed.docs_read).toBeGreaterThanOrEqual(TOTAL - landed);
    expect(resumed.docs_written).toBe(TOTAL - landed);

    // Exactly once: every score has one leaf revision, the phone's first one, and nothing else is there.
    const feed = await remote.changes({ style: 'all_docs', since: 0 });
    const scoreRows = feed.results.filter((r) => r.id.startsWith('score:'));
    expect(scoreRows).toHaveLength(TOTAL);
    const notOnce = scoreRows.filter((r) => r.changes.length !== 1 || r.changes[0]!.rev !== localRevs.get(r.id) || !r.changes[0]!.rev.startsWith('1-'));
    expect(notOnce).toEqual([]);

    // REST agrees, card by card, and nothing was refused along the way.
    const rest = api(server.url, session);
    for (const p of trip.players.slice(1)) {
      const res = await rest.get(`/trip-portal/scorecards/${p.card}/scores`);
      expect(res.body.items.map((s: { hole: number }) => s.hole)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    }
    expect((await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`)).body.items).toEqual([]);
    expect((await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/rounds/${trip.roundId}`)).body.state).toBe('in_progress');
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});
