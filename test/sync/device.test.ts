/**
 * The device library (sync/device) against the real server: portal tokens, the gateway, the server's write rules
 * and score merge, RxDB with memory storage. Nothing of the server is mocked; "no signal" is the server stopped, or
 * the device pointed at a port where nothing listens.
 */
import { rm } from 'node:fs/promises';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeScoreVersions } from '../../shared/domain/scores.js';
import { scoreDocId, type ScoreEntry } from '../../shared/schemas/round.js';
import { defaultSyncUrl, openTrip, type DeviceStatus, type DeviceTrip, type OpenTripOptions, type ResolvedConflict } from '../../sync/device/index.js';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, portalScores, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

let server: TestServer;
const dataDir = () => server.dataDir;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
const players: { id: string; name: string }[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await orgApi().post('/trips', tripBody())).body.id;
  const added = await orgApi().post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name })) });
  players.push(...added.body.items);
  const issued = (await orgApi().post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  for (const p of players) tokens.push(issued.find((t) => t.playerId === p.id)!.token);
});

afterAll(async () => {
  const dir = dataDir();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A ready round: Al and Bo in group 1, Cy and Di in group 2. */
async function newRound(name: string): Promise<string> {
  const ids = players.map((p) => p.id);
  const res = await orgApi().post(`/trips/${tripId}/rounds`, { name, date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids.slice(0, 2) }, { playerIds: ids.slice(2) }] });
  expect(res.status).toBe(201);
  expect((await orgApi().patch(`/trips/${tripId}/rounds/${res.body.id}/ready`)).status).toBe(200);
  return res.body.id;
}

/** The organizer's client, on the current server (its port changes when it restarts). */
const orgApi = () => api(server.url, org.token);

const cardOf = (roundId: string, player: number) => `${roundId}-${players[player]!.id}`;

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));
const open = (player: number, deviceId: string, extra: Partial<OpenTripOptions> = {}) => openDevice(tokens[player]!, deviceId, extra);

/** The scores of a card as the REST API shows them, read with a fresh portal session of `player`. */
const restScores = (player: number, scorecardId: string) => portalScores(server.url, tokens[player]!, scorecardId);

const strokesFor = (hole: number) => 3 + (hole % 4);
const pick = (s: { hole: number; strokes: number | null; enteredAt: string; enteredBy: string; deviceId: string; history?: ScoreEntry[]; disputed?: boolean }) => ({
  hole: s.hole,
  strokes: s.strokes,
  enteredAt: s.enteredAt,
  enteredBy: s.enteredBy,
  deviceId: s.deviceId,
  history: s.history ?? [],
  disputed: s.disputed ?? false,
});

describe('device library against the real server', () => {
  it('pulls the trip, enters 18 holes online, and REST shows all of them', async () => {
    const roundId = await newRound('Day one');
    const al = await open(0, 'phone-al-1');
    await al.awaitInSync(SYNC);
    expect((await al.docsOfType('player')).map((p) => p.name).sort()).toEqual(['Al', 'Bo', 'Cy', 'Di']);
    expect((await al.docsOfType('round')).map((r) => r._id)).toContain(`round:${roundId}`);
    expect((await al.docsOfType('scorecard')).filter((c) => c.roundId === roundId)).toHaveLength(4);
    expect((await al.docsOfType('trip')).map((t) => t._id)).toEqual([`trip:${tripId}`]);

    const seen: DeviceStatus[] = [];
    al.status$.subscribe((s) => seen.push(s));
    const card = cardOf(roundId, 0);
    for (let hole = 1; hole <= 18; hole++) await al.enterScore({ scorecardId: card, roundId, playerId: players[0]!.id, hole, strokes: strokesFor(hole) });
    expect((await al.scores(card)).map((s) => s.hole)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));

    await al.awaitInSync(SYNC);
    const rest = await restScores(0, card);
    expect(rest.map((s) => [s.hole, s.strokes])).toEqual(Array.from({ length: 18 }, (_, i) => [i + 1, strokesFor(i + 1)]));
    expect(rest.every((s) => s.deviceId === 'phone-al-1' && s.enteredBy === players[0]!.id && s.history.length === 0)).toBe(true);
    expect(al.status().pendingWrites).toBe(0);
    await eventually(() => expect(al.status()).toMatchObject({ state: 'online', pendingWrites: 0, refused: [], authError: null }));
    expect(Date.parse(al.status().lastSyncedAt ?? '')).not.toBeNaN();
    // The writes were counted as pending before the server acknowledged them.
    expect(seen.some((s) => s.pendingWrites > 0)).toBe(true);
    // The server's reaction to the first score (the round started) reached the device with the last pull.
    expect((await al.docsOfType('round')).find((r) => r._id === `round:${roundId}`)?.state).toBe('in_progress');
  });

  it('follows the server live: a round made ready appears, a deleted one disappears with its scorecards', async () => {
    const cy = await open(2, 'phone-cy-live');
    await cy.awaitInSync(SYNC);
    const roundId = await newRound('Day live');
    const ofRound = async (type: string) => (await cy.docsOfType(type)).filter((d) => d._id === `round:${roundId}` || d.roundId === roundId);
    await eventually(async () => {
      expect(await ofRound('round')).toHaveLength(1);
      expect(await ofRound('scorecard')).toHaveLength(4);
    });
    expect((await orgApi().delete(`/trips/${tripId}/rounds/${roundId}`)).status).toBe(204);
    // The deletions arrive as tombstones through the live pull.
    await eventually(async () => {
      expect(await ofRound('round')).toEqual([]);
      expect(await ofRound('scorecard')).toEqual([]);
    });
    await cy.awaitInSync(SYNC);
    expect(cy.status().pendingWrites).toBe(0);
    await eventually(() => expect(cy.status()).toMatchObject({ state: 'online', pendingWrites: 0 }));
  });

  it('enters scores while the server is down, keeps them locally, and lands every one after a restart', async () => {
    const roundId = await newRound('Day two');
    const bo = await open(1, 'phone-bo-2');
    await bo.awaitInSync(SYNC);
    const syncedBefore = bo.status().lastSyncedAt;
    const card = cardOf(roundId, 1);

    await server.stop();
    for (let hole = 1; hole <= 9; hole++) await bo.enterScore({ scorecardId: card, roundId, playerId: players[1]!.id, hole, strokes: strokesFor(hole) });
    await bo.enterScore({ scorecardId: card, roundId, playerId: players[1]!.id, hole: 9, strokes: 8 }); // corrected on the course
    await eventually(() => expect(bo.status()).toMatchObject({ state: 'offline', pendingWrites: 9 }));
    const local = await bo.scores(card);
    expect(local.map((s) => [s.hole, s.strokes])).toEqual([...Array.from({ length: 8 }, (_, i) => [i + 1, strokesFor(i + 1)]), [9, 8]]);
    expect(local[8]!.history.map((h) => h.strokes)).toEqual([strokesFor(9)]);

    server = await startTestServer({ dataDir: dataDir() });
    bo.setBaseUrl(server.url); // the restarted server listens on another port
    await bo.awaitInSync(SYNC);
    const rest = await restScores(1, card);
    expect(rest.map((s) => [s.hole, s.strokes])).toEqual(local.map((s) => [s.hole, s.strokes]));
    expect(rest[8]!.history.map((h) => h.strokes)).toEqual([strokesFor(9)]);
    expect(bo.status().pendingWrites).toBe(0);
    await eventually(() => expect(bo.status()).toMatchObject({ state: 'online', pendingWrites: 0 }));
    expect(bo.status().lastSyncedAt! > syncedBefore!).toBe(true);
  });

  it('two devices editing the same hole offline converge on the shared rule, the loser in history', async () => {
    const roundId = await newRound('Day three');
    const a = await open(0, 'phone-a');
    const b = await open(1, 'phone-b');
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    const resolved: ResolvedConflict[] = [];
    a.conflicts$.subscribe((c) => resolved.push(c));
    b.conflicts$.subscribe((c) => resolved.push(c));
    const card = cardOf(roundId, 0);
    const enter = (d: DeviceTrip, hole: number, strokes: number) => d.enterScore({ scorecardId: card, roundId, playerId: players[0]!.id, hole, strokes });

    const nowhere = await deadUrl();
    a.setBaseUrl(nowhere);
    b.setBaseUrl(nowhere);
    // Hole 5: B entered it later, so B wins; hole 6: A entered it later, so A wins — whichever pushes first. (Each
    // phone stamps the server's time as it knows it: the later entry in real time is the later one.)
    // A moment between entries: more than the error of the phones' clock estimates (half a round trip here).
    const moment = () => new Promise((r) => setTimeout(r, 50));
    await enter(a, 5, 4);
    await moment();
    await enter(b, 5, 6);
    await moment();
    await enter(b, 6, 3);
    await moment();
    await enter(a, 6, 7);
    await eventually(() => {
      expect(a.status()).toMatchObject({ state: 'offline', pendingWrites: 2 });
      expect(b.status()).toMatchObject({ state: 'offline', pendingWrites: 2 });
    });
    const local = async (d: DeviceTrip) => (await d.scores(card)).filter((s) => s.hole === 5 || s.hole === 6);
    const [a5, a6] = await local(a);
    const [b5, b6] = await local(b);
    const expected = [mergeScoreVersions([a5!, b5!]), mergeScoreVersions([b6!, a6!])].map(pick);
    expect(expected.map((e) => [e.strokes, e.deviceId, e.history.map((h) => h.deviceId), e.disputed])).toEqual([
      [6, 'phone-b', ['phone-a'], true],
      [7, 'phone-a', ['phone-b'], true],
    ]);

    a.setBaseUrl(server.url);
    b.setBaseUrl(server.url);
    await eventually(async () => {
      await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
      const rest = (await restScores(0, card)).filter((s) => s.hole === 5 || s.hole === 6).map(pick);
      expect(rest).toEqual(expected);
      expect((await local(a)).map(pick)).toEqual(expected);
      expect((await local(b)).map(pick)).toEqual(expected);
    });
    expect([a.status().pendingWrites, b.status().pendingWrites]).toEqual([0, 0]);
    // The device that pushed second met the other's value on the server and merged with the shared rule.
    for (const [i, hole] of [5, 6].entries()) {
      const met = resolved.filter((c) => c.docId === scoreDocId(card, hole));
      expect(met.length).toBeGreaterThan(0);
      for (const c of met) {
        expect(c.local.deviceId).not.toBe(c.server.deviceId);
        expect(pick(c.resolved as never)).toEqual(expected[i]);
      }
    }
    const disputes = await orgApi().get(`/trips/${tripId}/score-disputes`);
    expect(disputes.body.items.map((s: { id: string }) => s.id).sort()).toEqual([scoreDocId(card, 5), scoreDocId(card, 6)]);
  });

  it('reports a forbidden write in status().refused while the rest of its batch and later writes land', async () => {
    const roundId = await newRound('Day four');
    const al = await open(0, 'phone-al-4');
    await al.awaitInSync(SYNC);
    const errors: unknown[] = [];
    al.errors$.subscribe((e) => errors.push(e));
    const mine = cardOf(roundId, 0);
    const theirs = cardOf(roundId, 2); // Cy's card, in the other group

    // Offline first, so that the refused score and the allowed ones travel in one _bulk_docs batch.
    al.setBaseUrl(await deadUrl());
    await al.enterScore({ scorecardId: mine, roundId, playerId: players[0]!.id, hole: 1, strokes: 4 });
    await al.enterScore({ scorecardId: theirs, roundId, playerId: players[2]!.id, hole: 1, strokes: 5 });
    await al.enterScore({ scorecardId: mine, roundId, playerId: players[0]!.id, hole: 2, strokes: 3 });
    await eventually(() => expect(al.status()).toMatchObject({ state: 'offline', pendingWrites: 3 }));
    al.setBaseUrl(server.url);
    await al.awaitInSync(SYNC);

    expect(al.status().refused).toEqual([{ docId: scoreDocId(theirs, 1), reason: expect.stringContaining('own group') }]);
    expect(al.status().pendingWrites).toBe(0);
    await eventually(() => expect(al.status()).toMatchObject({ state: 'online', pendingWrites: 0 }));
    expect((await restScores(0, mine)).map((s) => [s.hole, s.strokes])).toEqual([
      [1, 4],
      [2, 3],
    ]);
    expect(await restScores(2, theirs)).toEqual([]);
    // Kept on the device as entered (nothing the player typed vanishes), and recorded for the organizers.
    expect((await al.scores(theirs)).map((s) => s.strokes)).toEqual([5]);
    const rejections = await orgApi().get(`/trips/${tripId}/sync/rejections`);
    expect(rejections.body.items.filter((r: { docId: string }) => r.docId === scoreDocId(theirs, 1))).toHaveLength(1);

    // The queue is not stuck behind the refused document.
    await al.enterScore({ scorecardId: mine, roundId, playerId: players[0]!.id, hole: 3, strokes: 5 });
    await al.awaitInSync(SYNC);
    expect((await restScores(0, mine)).map((s) => s.hole)).toEqual([1, 2, 3]);
    expect(errors.filter((e) => (e as { code?: string }).code === 'SNH')).toEqual([]);
    expect(rejections.body.items.filter((r: { docId: string }) => r.docId === scoreDocId(theirs, 1))).toHaveLength(1);
  });

  it('keeps unacknowledged writes across an app restart, and reopens without signal from a kept session', async () => {
    const roundId = await newRound('Day five');
    const card = cardOf(roundId, 3);
    const storage = getRxStorageMemory();
    const di = await open(3, 'phone-di-5', { storage });
    await di.awaitInSync(SYNC);
    const kept = di.portalSession;
    di.setBaseUrl(await deadUrl());
    for (const hole of [1, 2]) await di.enterScore({ scorecardId: card, roundId, playerId: players[3]!.id, hole, strokes: 4 });
    await eventually(() => expect(di.status()).toMatchObject({ state: 'offline', pendingWrites: 2 }));
    await di.close();
    expect(di.status().state).toBe('stopped');
    await expect(di.enterScore({ scorecardId: card, roundId, playerId: players[3]!.id, hole: 3, strokes: 4 })).rejects.toMatchObject({ code: 'closed' });

    // No signal: validating the token is impossible, the kept session opens the trip with what was pending.
    const nowhere = await deadUrl();
    await expect(openTrip({ baseUrl: nowhere, token: tokens[3]!, storage, deviceId: 'phone-di-5' })).rejects.toMatchObject({ code: 'unreachable' });
    const again = await open(3, 'phone-di-5', { storage, baseUrl: nowhere, session: kept });
    expect(again.status().pendingWrites).toBe(2);
    expect((await again.scores(card)).map((s) => [s.hole, s.strokes])).toEqual([
      [1, 4],
      [2, 4],
    ]);
    again.setBaseUrl(server.url);
    await again.awaitInSync(SYNC);
    expect((await restScores(3, card)).map((s) => [s.hole, s.strokes, s.deviceId])).toEqual([
      [1, 4, 'phone-di-5'],
      [2, 4, 'phone-di-5'],
    ]);
    expect(again.status().pendingWrites).toBe(0);
    await eventually(() => expect(again.status()).toMatchObject({ state: 'online', pendingWrites: 0 }));
  });

  it('refuses a bad token at open, and a score its own schema would refuse', async () => {
    await expect(openTrip({ baseUrl: server.url, token: 'not-a-token', storage: getRxStorageMemory(), deviceId: 'phone-x' })).rejects.toMatchObject({ code: 'token_invalid' });
    const roundId = await newRound('Day six');
    const al = await open(0, 'phone-al-6');
    await al.awaitInSync(SYNC);
    const base = { scorecardId: cardOf(roundId, 0), roundId, playerId: players[0]!.id };
    await expect(al.enterScore({ ...base, hole: 19, strokes: 4 })).rejects.toMatchObject({ code: 'invalid_score' });
    await expect(al.enterScore({ ...base, hole: 1, strokes: 0 })).rejects.toMatchObject({ code: 'invalid_score' });
    await expect(al.enterScore({ ...base, playerId: players[1]!.id, hole: 1, strokes: 4 })).rejects.toMatchObject({ code: 'invalid_score' });
    expect(await al.scores(base.scorecardId)).toEqual([]);
    expect(al.status().pendingWrites).toBe(0);
  });
});

describe('defaultSyncUrl', () => {
  it("puts the server's sync path on the base URL the device reaches", () => {
    expect(defaultSyncUrl('http://127.0.0.1/sync/trips/abcdef', 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321/sync/trips/abcdef');
    expect(defaultSyncUrl('https://golf.example/api/sync/trips/abcdef', 'http://10.0.0.2:8080/api/')).toBe('http://10.0.0.2:8080/api/sync/trips/abcdef');
    expect(defaultSyncUrl('https://public.example/sync/trips/abcdef', 'https://lan.example/golf')).toBe('https://lan.example/golf/sync/trips/abcdef');
  });
});
