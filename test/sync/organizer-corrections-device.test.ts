/**
 * An organizer's correction on the device library (sync/device: RxDB replicating through the gateway, issue 14):
 * the phone receives the corrected value with its reason and history, its offline leaderboard equals the server's
 * after the correction, and a value the phone enters later keeps the correction (with its reason) in history
 * without taking the reason as its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventually } from './support/eventually.js';
import { deviceOpener, fourPlayerTrip, restBody, SYNC, value } from './support/device-helpers.js';

let server: TestServer;
let trip: Awaited<ReturnType<typeof fourPlayerTrip>>;

beforeAll(async () => {
  server = await startTestServer();
  trip = await fourPlayerTrip(server.url);
}, 60_000);
afterAll(() => server?.close());

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

async function newRound(name: string): Promise<string> {
  const { org, tripId, id } = trip;
  const res = await org.client.post(`/trips/${tripId}/rounds`, { name, date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: [id.Al, id.Bo] }, { playerIds: [id.Cy, id.Di] }] });
  expect(res.status, res.text).toBe(201);
  expect((await org.client.patch(`/trips/${tripId}/rounds/${res.body.id}/ready`)).status).toBe(200);
  return res.body.id as string;
}

const correct = (roundId: string, name: string, hole: number, body: Record<string, unknown>) =>
  trip.org.client.put(`/trips/${trip.tripId}/scorecards/${roundId}-${trip.id[name]}/scores/${hole}`, body);
const by = () => `organizer:${trip.org.user.id}`;

describe('an organizer correction on the device library', () => {
  it("reaches the phone of a completed round: value, reason and history, and the phone's board equals the server's", async () => {
    const roundId = await newRound('Day 1');
    const fours = Array.from({ length: 18 }, (_, i) => ({ hole: i + 1, strokes: 4 }));
    for (const name of ['Al', 'Bo'] as const) {
      const res = await (trip.portal[name] as Api).post(`/trip-portal/scorecards/${roundId}-${trip.id[name]}/scores/bulk`, { scores: fours });
      expect(res.status, res.text).toBe(200);
    }
    expect((await trip.org.client.post(`/trips/${trip.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    const phone = await openDevice(trip.token.Al!, 'phone-al-1');
    await phone.awaitInSync(SYNC);
    const card = `${roundId}-${trip.id.Al}`;
    expect((await phone.scores(card)).find((s) => s.hole === 5)?.strokes).toBe(4);

    expect((await correct(roundId, 'Al', 5, { strokes: 2, reason: 'eagle written as a par' })).status).toBe(200);
    const five = await eventually(async () => {
      const s = (await phone.scores(card)).find((x) => x.hole === 5)!;
      expect(s.strokes).toBe(2);
      return s;
    }, SYNC.timeoutMs);
    expect(five).toMatchObject({ enteredBy: by(), deviceId: 'dashboard', reason: 'eagle written as a par' });
    expect(five.history).toEqual([expect.objectContaining({ strokes: 4, enteredBy: trip.id.Al })]);
    const server = await restBody(trip.org.client, `/trips/${trip.tripId}/leaderboards/rounds/${roundId}?basis=gross`);
    expect(value(await phone.roundLeaderboard(roundId, { basis: 'gross' }))).toEqual(server);
    expect(server.entries.find((e: { playerId: string }) => e.playerId === trip.id.Al).gross).toBe(70);
  });

  it("keeps a correction's reason in history when the phone enters the hole again while the round is played", async () => {
    const roundId = await newRound('Day 2');
    const card = `${roundId}-${trip.id.Al}`;
    const phone = await openDevice(trip.token.Al!, 'phone-al-2');
    await phone.awaitInSync(SYNC);
    await phone.enterScore({ scorecardId: card, roundId, playerId: trip.id.Al!, hole: 1, strokes: 5 });
    await phone.awaitInSync(SYNC);
    expect((await correct(roundId, 'Al', 1, { strokes: 6, reason: 'penalty stroke missed' })).status).toBe(200);
    await eventually(async () => expect((await phone.scores(card))[0]).toMatchObject({ strokes: 6, reason: 'penalty stroke missed' }), SYNC.timeoutMs);

    await phone.enterScore({ scorecardId: card, roundId, playerId: trip.id.Al!, hole: 1, strokes: 7 });
    await phone.awaitInSync(SYNC);
    const stored = (await restBody(trip.org.client, `/trips/${trip.tripId}/scorecards/${card}/scores`)).items[0];
    expect(stored).toMatchObject({ strokes: 7, enteredBy: trip.id.Al, deviceId: 'phone-al-2' });
    expect(stored.reason).toBeUndefined();
    expect(stored.history.map((h: { strokes: number; enteredBy: string; reason?: string }) => [h.strokes, h.enteredBy, h.reason])).toEqual([
      [5, trip.id.Al, undefined],
      [6, by(), 'penalty stroke missed'],
    ]);
  });
});
