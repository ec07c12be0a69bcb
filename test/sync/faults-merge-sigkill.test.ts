/**
 * Issue 14: the server process dies (SIGKILL) after a conflicting score was written and before it was merged — the
 * test-only fault point FAULT_KILL_BEFORE_SCORE_MERGE of server/main.ts. The stored document is left with two
 * leaves; the restart's sweep merges it before the server listens, so REST, the dispute list and both phones show
 * the rule's winner, the losing value is in history, and no conflict is left.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';
import { api } from '../support/client.js';
import { freePort } from '../support/processes.js';
import { startChildServer, type ChildServer } from './support/fault-child.js';
import { createTrip, failure, portalSession, remoteTrip, scoreDoc, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

const SECRET = 'merge-sigkill-fault-test-secret-0123456789';

let dataDir: string;
let port: number;
let server: ChildServer | undefined;
let trip: FaultTrip;
let devices: LocalClients;
let sessions: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'golf-fault-merge-'));
  port = await freePort();
  server = await startChildServer({ port, dataDir, jwtSecret: SECRET, env: { FAULT_KILL_BEFORE_SCORE_MERGE: '1' } });
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy'], groups: [[0, 1, 2]] });
  sessions = [(await portalSession(server.url, trip, trip.players[0]!.id)).session, (await portalSession(server.url, trip, trip.players[1]!.id)).session];
  devices = await localClients();
}, 60_000);

afterAll(async () => {
  await devices?.cleanup();
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type ScoreView = { _rev: string; _conflicts?: string[]; strokes: number; deviceId: string; disputed?: boolean; history: { strokes: number; deviceId: string }[] };

describe('SIGKILL between the write of a conflicting score and its merge', () => {
  it('is merged by the sweep when the server starts again', { timeout: 60_000 }, async () => {
    const cy = trip.players[2]!;
    const id = `score:${cy.card}:3`;
    const phones = [devices.create('phone-al'), devices.create('phone-bo')];
    const early = { strokes: 4, enteredBy: trip.players[0]!.id, deviceId: 'phone-al', enteredAt: '2026-04-11T09:00:00.000Z' };
    const late = { strokes: 5, enteredBy: trip.players[1]!.id, deviceId: 'phone-bo', enteredAt: '2026-04-11T09:03:00.000Z' };
    await phones[0]!.put(scoreDoc(trip, cy, 3, early));
    await phones[1]!.put(scoreDoc(trip, cy, 3, late));

    // Al's value lands alone (nothing to merge); Bo's makes the conflict, and the process dies before merging it.
    const dying = server!;
    expect(await PouchDB.replicate(phones[0]!, remoteTrip(dying.url, trip.tripId, sessions[0]!))).toMatchObject({ ok: true, docs_written: 1 });
    const err = await failure(PouchDB.replicate(phones[1]!, remoteTrip(dying.url, trip.tripId, sessions[1]!)));
    expect(err.message).toMatch(/ECONNRESET|ECONNREFUSED|socket hang up|fetch failed/);
    await dying.kill();
    server = undefined;

    // What the dead process left on disk: both values, as two leaves of one document.
    const store = new PouchDocStore(dataDir);
    const left = (await store.trip(trip.tripId).get(id, { conflicts: true })) as unknown as ScoreView;
    expect(left._conflicts).toHaveLength(1);
    await store.close();

    server = await startChildServer({ port, dataDir, jwtSecret: SECRET });
    const remote = (i: number) => remoteTrip(server!.url, trip.tripId, sessions[i]!);
    const merged = (await remote(0).get(id, { conflicts: true })) as unknown as ScoreView;
    expect(merged._conflicts).toBeUndefined();
    expect(merged).toMatchObject({ strokes: 5, deviceId: 'phone-bo', disputed: true });
    expect(merged.history).toEqual([early]);

    const card = await api(server.url, sessions[0]).get(`/trip-portal/scorecards/${cy.card}/scores`);
    expect(card.body.items).toEqual([expect.objectContaining({ hole: 3, strokes: 5, disputed: true })]);
    const disputes = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/score-disputes`);
    expect(disputes.body.items).toEqual([expect.objectContaining({ scorecardId: cy.card, hole: 3, strokes: 5 })]);

    // Bo's phone pushes again (its checkpoint was never written: nothing is missing) and both phones pull the merge.
    expect(await PouchDB.replicate(phones[1]!, remote(1))).toMatchObject({ ok: true, docs_written: 0, doc_write_failures: 0 });
    for (const [i, phone] of phones.entries()) {
      await PouchDB.replicate(remote(i), phone);
      const local = (await phone.get(id, { conflicts: true })) as unknown as ScoreView;
      expect(local).toMatchObject({ _rev: merged._rev, strokes: 5 });
      expect(local._conflicts).toBeUndefined();
    }
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});
