/**
 * Issue 4, "Offline": the device library computes every leaderboard from its replicated documents with the same
 * shared functions as the server, so after sync the device's boards EQUAL the server's REST answers — also after the
 * device entered a score without signal (its board moves at once, and the server's matches it once synced).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/errors.js';
import type { DeviceTrip } from '../../sync/device/index.js';
import { organizer, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, fourPlayerTrip, readyRound, restBody, SYNC, value } from './support/device-helpers.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
const id: Record<string, string> = {};
const token: Record<string, string> = {};
const portal: Record<string, Api> = {};
let day1: string;
let day2: string;
let net: string;
let stableford: string;
let cup: string;

beforeAll(async () => {
  server = await startTestServer();
  const trip = await fourPlayerTrip(server.url);
  ({ org, tripId } = trip);
  Object.assign(id, trip.id);
  Object.assign(token, trip.token);
  Object.assign(portal, trip.portal);
  day1 = await readyRound(trip, 'Day 1');
  day2 = await readyRound(trip, 'Day 2');
  const competition = async (body: Record<string, unknown>) => {
    const res = await org.client.post(`/trips/${tripId}/competitions`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  net = await competition({ name: 'Trip Cup', format: 'stroke_net', roundIds: [day1, day2], countback: true });
  stableford = await competition({ name: 'Points', format: 'stableford', roundIds: [day1, day2], allowancePercent: 85 });
  cup = await competition({ name: 'Ryder Cup', format: 'team_match', roundIds: [day1, day2] });
  for (const [roundId, a, b] of [
    [day1, 'Al', 'Bo'],
    [day1, 'Cy', 'Di'],
    [day2, 'Al', 'Di'],
  ] as const) {
    const res = await org.client.post(`/trips/${tripId}/competitions/${cup}/matches`, { roundId, format: 'singles', sideA: [id[a]], sideB: [id[b]] });
    expect(res.status, res.text).toBe(201);
  }
  // Day 1 complete for everyone, Day 2 under way: scores entered hole by hole through the portal.
  const day1Scores: Record<string, number[]> = {
    Al: PARS.map((p) => p + 1),
    Bo: PARS.map((p, i) => p + (i % 3)),
    Cy: PARS.map((p, i) => (i % 4 === 0 ? p - 1 : p + 1)),
    Di: PARS.map((p, i) => (i < 9 ? p + 1 : p)),
  };
  const day2Scores: Record<string, number[]> = { Al: PARS.slice(0, 7), Di: PARS.slice(0, 9).map((p, i) => p + (i % 2)), Cy: [5, 4, 4] };
  for (const [roundId, byName] of [
    [day1, day1Scores],
    [day2, day2Scores],
  ] as const) {
    for (const [name, strokes] of Object.entries(byName)) {
      for (const [i, s] of strokes.entries()) {
        const res = await portal[name]!.put(`/trip-portal/scorecards/${roundId}-${id[name]}/scores`, { hole: i + 1, strokes: s });
        expect(res.status, res.text).toBe(200);
      }
    }
  }
}, 120_000);

afterAll(() => server?.close());

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));
const open = (name: string, deviceId: string) => openDevice(token[name]!, deviceId);

const rest = (path: string, client: Api = org.client) => restBody(client, path);

/** Every board the device computes, against the server's dashboard answer and the portal twin. */
async function expectSameBoards(device: DeviceTrip) {
  const dash = (path: string) => rest(`/trips/${tripId}/leaderboards${path}`);
  const boards: [string, () => Promise<Result<unknown>>][] = [
    [`/rounds/${day1}`, () => device.roundLeaderboard(day1)],
    [`/rounds/${day2}`, () => device.roundLeaderboard(day2)],
    [`/rounds/${day2}?basis=gross`, () => device.roundLeaderboard(day2, { basis: 'gross' })],
    [`/rounds/${day2}?basis=stableford&allowancePercent=100`, () => device.roundLeaderboard(day2, { basis: 'stableford', allowancePercent: 100 })],
    [`/competitions/${net}`, () => device.competitionLeaderboard(net)],
    [`/competitions/${stableford}`, () => device.competitionLeaderboard(stableford)],
    [`/competitions/${cup}`, () => device.competitionLeaderboard(cup)],
    [`/multi-round?roundIds=${day2},${day1}&basis=gross`, () => device.multiRoundLeaderboard([day2, day1], { basis: 'gross' })],
  ];
  for (const [path, local] of boards) {
    const server = await dash(path);
    expect(value(await local()), path).toEqual(server);
    expect(await rest(`/trip-portal/trips/${tripId}/leaderboards${path}`, portal.Al)).toEqual(server);
  }
}

describe('leaderboards on the device', () => {
  it("equal the server's after the scores synced", async () => {
    const al = await open('Al', 'phone-al-1');
    await al.awaitInSync(SYNC);
    await expectSameBoards(al);
    // Not trivially equal: the boards hold what was entered.
    const board = value(await al.roundLeaderboard(day2));
    expect(board.entries.map((e) => [e.name, e.thru])).toEqual([
      ['Al', 7], // net -3
      ['Cy', 3], // net +2
      ['Di', 9], // net +4
      ['Bo', 0],
    ]);
    const cupBoard = value(await al.competitionLeaderboard(cup));
    expect(cupBoard.kind).toBe('team_match');
    if (cupBoard.kind === 'team_match') expect(cupBoard.matches).toHaveLength(3);
    // The competition's own allowance and countback are part of the board on both sides.
    expect(value(await al.competitionLeaderboard(stableford))).toMatchObject({ kind: 'tournament', basis: 'stableford', allowancePercent: 85 });
    expect(value(await al.competitionLeaderboard(net))).toMatchObject({ kind: 'tournament', basis: 'net', countback: true });
  });

  it('move at once with a score entered offline, and equal the server again once synced', async () => {
    const al = await open('Al', 'phone-al-2');
    await al.awaitInSync(SYNC);
    const before = value(await al.roundLeaderboard(day2));
    expect(before.entries.find((e) => e.playerId === id.Al)).toMatchObject({ thru: 7, gross: 27 });

    al.setBaseUrl(await deadUrl());
    await al.enterScore({ scorecardId: `${day2}-${id.Al}`, roundId: day2, playerId: id.Al!, hole: 8, strokes: 3 }); // a birdie on a par 4
    await al.enterScore({ scorecardId: `${day2}-${id.Bo}`, roundId: day2, playerId: id.Bo!, hole: 1, strokes: 6 }); // Al keeps his partner's card
    const offline = value(await al.roundLeaderboard(day2));
    expect(offline.entries.find((e) => e.playerId === id.Al)).toMatchObject({ thru: 8, gross: 30 });
    expect(offline.entries.find((e) => e.playerId === id.Bo)).toMatchObject({ thru: 1, gross: 6 });
    // The server does not know yet.
    const stale = await rest(`/trips/${tripId}/leaderboards/rounds/${day2}`);
    expect(stale).toEqual(before);
    expect(offline).not.toEqual(stale);

    al.setBaseUrl(server.url);
    await al.awaitInSync(SYNC);
    const synced = await rest(`/trips/${tripId}/leaderboards/rounds/${day2}`);
    expect(synced).toEqual(offline);
    await expectSameBoards(al);

    // And another phone, fresh, computes the same from what the server now holds.
    const di = await open('Di', 'phone-di-1');
    await di.awaitInSync(SYNC);
    await expectSameBoards(di);
  });

  it('count a picked-up hole (strokes: null) as the server does: entered over REST or offline on the phone', async () => {
    // Bo picks up hole 2 of day 2 over REST; Al picks up hole 9 on his phone without signal.
    const rest2 = await portal.Bo!.put(`/trip-portal/scorecards/${day2}-${id.Bo}/scores`, { hole: 2, strokes: null });
    expect(rest2.status, rest2.text).toBe(200);
    expect(rest2.body.strokes).toBeNull();
    const al = await open('Al', 'phone-al-4');
    await al.awaitInSync(SYNC);
    await expectSameBoards(al);
    const before = value(await al.roundLeaderboard(day2)).entries.find((e) => e.playerId === id.Al)!;
    expect(before.thru).toBe(8);

    al.setBaseUrl(await deadUrl());
    await al.enterScore({ scorecardId: `${day2}-${id.Al}`, roundId: day2, playerId: id.Al!, hole: 9, strokes: null });
    const offline = value(await al.roundLeaderboard(day2));
    const mine = offline.entries.find((e) => e.playerId === id.Al)!;
    const ninth = mine.perHole[8]!;
    // WHS Rule 3.1b: the hole counts net double bogey (par + 2 + strokes received) and is marked picked up.
    expect(ninth).toMatchObject({ hole: 9, gross: null, pickedUp: true, netDoubleBogey: 5 + 2 + ninth.strokesReceived, net: 7, points: 0 });
    expect(mine).toMatchObject({ thru: 9, gross: before.gross + ninth.netDoubleBogey });
    expect(mine.holes[8]).toBe(ninth.netDoubleBogey);
    const bo = offline.entries.find((e) => e.playerId === id.Bo)!;
    expect(bo.perHole[1]).toMatchObject({ hole: 2, pickedUp: true, points: 0 });

    al.setBaseUrl(server.url);
    await al.awaitInSync(SYNC);
    expect(await rest(`/trips/${tripId}/leaderboards/rounds/${day2}`)).toEqual(offline);
    await expectSameBoards(al);
  });

  it('answer the failures the server answers', async () => {
    const al = await open('Al', 'phone-al-3');
    await al.awaitInSync(SYNC);
    expect(await al.roundLeaderboard('zzzzzzzz')).toMatchObject({ ok: false, failure: { code: 'round_not_found' } });
    expect(await al.competitionLeaderboard('zzzzzzzz')).toMatchObject({ ok: false, failure: { code: 'not_found' } });
    expect(await al.multiRoundLeaderboard([day1, 'zzzzzzzz'])).toMatchObject({ ok: false, failure: { code: 'round_not_found' } });
  });
});
