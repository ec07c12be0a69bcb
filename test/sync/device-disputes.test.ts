/**
 * A disputed hole on a phone (sync/device/disputes.ts): the winner and the values it beat, read from the score
 * document the shared merge wrote, and the same set of disputed holes as the server's dispute list — before and
 * after an organizer settles one.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeScoreVersions } from '../../shared/domain/scores.js';
import { scoreDocId, type ScoreEntry } from '../../shared/schemas/round.js';
import { disputedScores, scoreDispute, type DeviceTrip } from '../../sync/device/index.js';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

const entry = (strokes: number | null, deviceId: string, enteredAt: string, enteredBy = 'al0001'): ScoreEntry => ({ strokes, enteredBy, deviceId, enteredAt });
const at = (minute: number) => `2026-04-11T09:${String(minute).padStart(2, '0')}:00.000Z`;

describe('scoreDispute', () => {
  it('is null for a hole that was never disputed, and for one an organizer settled', () => {
    expect(scoreDispute({ ...entry(4, 'a', at(1)), history: [entry(5, 'a', at(0))] })).toBeNull();
    // Both phones agreed: the merge does not mark a dispute.
    const agreed = mergeScoreVersions([{ ...entry(4, 'a', at(1)), history: [] }, { ...entry(4, 'b', at(2)), history: [] }]);
    expect(agreed.disputed).toBe(false);
    expect(scoreDispute(agreed)).toBeNull();
    expect(scoreDispute({ ...entry(4, 'a', at(1)), history: [entry(6, 'b', at(0))], disputed: false })).toBeNull();
  });

  it('names the winner of the shared rule and the latest disagreeing value of each other phone', () => {
    // Phone A typed 5 then corrected itself to 4; phone B typed 6 later; phone C agreed with B before B.
    const a = { ...entry(4, 'phone-a', at(3)), history: [entry(5, 'phone-a', at(1))] };
    const b = { ...entry(6, 'phone-b', at(7), 'bo0001'), history: [] };
    const c = { ...entry(6, 'phone-c', at(5), 'cy0001'), history: [] };
    for (const order of [[a, b, c], [c, b, a], [b, a, c]]) {
      const merged = mergeScoreVersions(order);
      const dispute = scoreDispute(merged)!;
      expect(dispute.winner).toEqual(entry(6, 'phone-b', at(7), 'bo0001'));
      // A's own earlier 5 is no competitor (it replaced it); C agrees with the winner.
      expect(dispute.others).toEqual([entry(4, 'phone-a', at(3))]);
    }
  });

  it('keeps a picked-up hole as a value of its own', () => {
    const merged = mergeScoreVersions([{ ...entry(null, 'phone-a', at(9)), history: [] }, { ...entry(7, 'phone-b', at(8), 'bo0001'), history: [] }]);
    expect(scoreDispute(merged)).toEqual({ winner: entry(null, 'phone-a', at(9)), others: [entry(7, 'phone-b', at(8), 'bo0001')] });
  });

  it('lists disputed scores by card and hole', () => {
    const s = (scorecardId: string, hole: number, disputed?: boolean) => ({ ...entry(4, 'a', at(1)), scorecardId, hole, ...(disputed === undefined ? {} : { disputed }) });
    expect(disputedScores([s('r-b', 2, true), s('r-a', 10, true), s('r-a', 9, false), s('r-a', 2, true), s('r-a', 3)]).map((x) => `${x.scorecardId}:${x.hole}`)).toEqual(['r-a:2', 'r-a:10', 'r-b:2']);
  });
});

describe('two phones of a group against the real server', () => {
  let server: TestServer;
  let org: Awaited<ReturnType<typeof organizer>>;
  let tripId: string;
  let roundId: string;
  const players: { id: string; name: string }[] = [];
  const tokens: string[] = [];
  const orgApi = () => api(server.url, org.token);
  const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

  beforeAll(async () => {
    server = await startTestServer();
    org = await organizer(server.url);
    tripId = (await orgApi().post('/trips', tripBody())).body.id;
    players.push(...(await orgApi().post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo'].map((name) => ({ name })) })).body.items);
    const issued = (await orgApi().post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
    for (const p of players) tokens.push(issued.find((t) => t.playerId === p.id)!.token);
    const round = await orgApi().post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: players.map((p) => p.id) }] });
    roundId = round.body.id;
    expect((await orgApi().patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
  });

  afterAll(async () => {
    const dir = server?.dataDir;
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows both phones and the organizer the same disputed holes, winners and beaten values', async () => {
    const a = await openDevice(tokens[0]!, 'phone-a');
    const b = await openDevice(tokens[1]!, 'phone-b');
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    const card = `${roundId}-${players[0]!.id}`;
    const enter = (d: DeviceTrip, hole: number, strokes: number | null) => d.enterScore({ scorecardId: card, roundId, playerId: players[0]!.id, hole, strokes });
    const nowhere = await deadUrl();
    a.setBaseUrl(nowhere);
    b.setBaseUrl(nowhere);
    // Each phone stamps its entries with the server's time as it knows it (sync/device/clock.ts): the later entry in
    // real time is the later one, and what each phone stored is what the server and the other phone must show.
    // A moment between entries: more than the error of the phones' clock estimates (half a round trip here).
    const moment = () => new Promise((r) => setTimeout(r, 50));
    const a3 = (await enter(a, 3, 5)).enteredAt;
    await moment();
    const b3 = (await enter(b, 3, 4)).enteredAt;
    await enter(a, 4, 4); // both agree on hole 4: no dispute
    await enter(b, 4, 4);
    const b5 = (await enter(b, 5, 6)).enteredAt;
    await moment();
    const a5 = (await enter(a, 5, null)).enteredAt;
    expect([a3 < b3, b5 < a5]).toEqual([true, true]);
    a.setBaseUrl(server.url);
    b.setBaseUrl(server.url);

    const view = async (d: DeviceTrip) => disputedScores(await d.scores(card)).map((s) => ({ id: scoreDocId(card, s.hole), ...scoreDispute(s) }));
    await eventually(async () => {
      await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
      const listed = (await orgApi().get(`/trips/${tripId}/score-disputes`)).body.items as (ScoreEntry & { id: string; history: ScoreEntry[]; disputed: boolean })[];
      const server = listed.map((s) => ({ id: s.id, ...scoreDispute(s) }));
      expect(server).toEqual([
        { id: scoreDocId(card, 3), winner: entry(4, 'phone-b', b3, players[1]!.id), others: [entry(5, 'phone-a', a3, players[0]!.id)] },
        { id: scoreDocId(card, 5), winner: entry(null, 'phone-a', a5, players[0]!.id), others: [entry(6, 'phone-b', b5, players[1]!.id)] },
      ]);
      expect(await view(a)).toEqual(server);
      expect(await view(b)).toEqual(server);
    });

    // The organizer settles hole 3: the dispute is gone on the server and, once synced, on both phones.
    const settled = await orgApi().post(`/trips/${tripId}/score-disputes/${card}/3/resolve`, { strokes: 5 });
    expect(settled.status, settled.text).toBe(200);
    await eventually(async () => {
      await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
      expect((await view(a)).map((d) => d.id)).toEqual([scoreDocId(card, 5)]);
      expect((await view(b)).map((d) => d.id)).toEqual([scoreDocId(card, 5)]);
    });
  });
});
