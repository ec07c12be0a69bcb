/**
 * A phone's clock never costs a score (issue 22): the device learns its offset from the server's clock that every
 * answer carries (`X-Server-Time`), stamps entries with the server's time, and corrects entries it made before it
 * knew the offset before they leave. Against the real server and gateway, RxDB on memory storage.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RECEIVED_HEADER, SERVER_TIME_HEADER } from '../../shared/domain/write-rules.js';
import type { ScoreEntry } from '../../shared/schemas/round.js';
import { ServerClock, type DeviceTrip } from '../../sync/device/index.js';
import { CLOCK_PENDING, correctClockPending } from '../../sync/device/scores.js';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, portalScores, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

const MIN = 60_000;

describe('ServerClock', () => {
  it('is unknown until an answer, then takes the middle of the round trip', async () => {
    const clock = new ServerClock(() => new Date(1_000_000));
    expect(clock.known).toBe(false);
    expect(clock.stamp(new Date(5_000))).toEqual({ at: new Date(5_000).toISOString(), pending: true });
    const known = clock.whenKnown();
    clock.observe(1_000, 1_200, 50_000);
    expect(await known).toBe(50_000 - 1_100);
    expect(clock.estimate).toEqual({ offsetMs: 48_900, errorMs: 100 });
    expect(clock.stamp(new Date(2_000))).toEqual({ at: new Date(50_900).toISOString(), pending: false });
    expect(clock.now().getTime()).toBe(1_000_000 + 48_900);
  });

  it('prefers the sample with the shortest round trip, and follows a clock changed by hand', () => {
    const clock = new ServerClock();
    clock.observe(0, 60_000, 100_000); // a longpoll that waited a minute: ±30 s
    clock.observe(10_000, 10_040, 20_020); // a quick answer: offset 10 s ± 20 ms
    clock.observe(11_000, 11_500, 30_000);
    expect(clock.estimate).toEqual({ offsetMs: 10_000, errorMs: 20 });
    // The phone's clock is set back an hour: recent samples only, so the estimate moves once the old ones are out.
    for (let i = 0; i < 8; i++) clock.observe(i * 100, i * 100 + 60, i * 100 + 30 + 3_600_000 + 10_000);
    expect(clock.estimate).toEqual({ offsetMs: 3_610_000, errorMs: 30 });
  });

  it("leaves the time the server spent on a request out of the error (NTP's four timestamps)", () => {
    const clock = new ServerClock();
    // Sent at 1,000, answered at 1,620 on the phone; the server had it from 50,010 to 50,600 on its clock: 590 ms of
    // work, 30 ms on the wire, so the offset is 49,000 ± 15 ms, where the middle of the round trip alone says ± 310.
    clock.observe(1_000, 1_620, 50_600, 50_010);
    expect(clock.estimate).toEqual({ offsetMs: 48_995, errorMs: 15 });
    // A longpoll that waited a minute on the server is as good a sample as a quick answer.
    clock.observe(2_000, 62_010, 111_005, 51_000);
    expect(clock.estimate).toEqual({ offsetMs: 48_998, errorMs: 2.5 });
  });

  it('ignores answers without a usable clock', () => {
    const clock = new ServerClock();
    clock.observe(10, 5, 100); // answered before it was sent: a clock jump during the request
    clock.observe(0, 10, Number.NaN);
    expect(clock.known).toBe(false);
  });

  it('reads the server time header of every answer through the fetch it wraps', async () => {
    const clock = new ServerClock();
    const fetchImpl = clock.timed(async () => new Response('{}', { headers: { [SERVER_RECEIVED_HEADER]: String(Date.now() + 15 * MIN), [SERVER_TIME_HEADER]: String(Date.now() + 15 * MIN) } }));
    await fetchImpl('http://x/');
    expect(clock.estimate!.offsetMs).toBeGreaterThan(15 * MIN - 1_000);
    expect(clock.estimate!.offsetMs).toBeLessThan(15 * MIN + 1_000);
  });
});

describe('correctClockPending', () => {
  const e = (strokes: number, deviceId: string, enteredAt: string): ScoreEntry => ({ strokes, enteredBy: 'p', deviceId, enteredAt });
  it("moves only this device's entries stamped on its own clock, and drops the marker", () => {
    const t = (m: number) => new Date(Date.UTC(2027, 3, 11, 9, m)).toISOString();
    const doc = {
      docId: 'score:r-p:1',
      type: 'score',
      ...e(5, 'mine', t(3)),
      history: [e(4, 'mine', t(1)), e(6, 'other', t(2)), e(7, 'mine', t(0))],
      createdAt: t(0),
      updatedAt: t(3),
      [CLOCK_PENDING]: [t(0), t(3)],
    };
    const out = correctClockPending(doc, 2 * 3_600_000, 'mine');
    expect(CLOCK_PENDING in out).toBe(false);
    expect(out.enteredAt).toBe(t(123));
    expect(out.history).toEqual([e(4, 'mine', t(1)), e(6, 'other', t(2)), e(7, 'mine', t(120))]);
    expect([out.createdAt, out.updatedAt]).toEqual([t(120), t(123)]);
    const plain = { docId: 'score:r-p:2', type: 'score', ...e(5, 'mine', t(3)) };
    expect(correctClockPending(plain, 60_000, 'mine')).toBe(plain);
  });
});

describe('phones with wrong clocks against the real server', () => {
  let server: TestServer;
  let org: Awaited<ReturnType<typeof organizer>>;
  let tripId: string;
  let roundId: string;
  const players: { id: string; name: string }[] = [];
  const tokens: string[] = [];
  const orgApi = () => api(server.url, org.token);
  const openDevice = deviceOpener(() => ({ baseUrl: server.url }));
  /** A device whose clock is `skewMs` off the real one. */
  const skewed = (skewMs: number) => () => new Date(Date.now() + skewMs);

  beforeAll(async () => {
    server = await startTestServer();
    org = await organizer(server.url);
    tripId = (await orgApi().post('/trips', tripBody())).body.id;
    players.push(...(await orgApi().post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Ben', 'Cy'].map((name) => ({ name })) })).body.items);
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

  const card = (player: number) => `${roundId}-${players[player]!.id}`;
  const enter = (d: DeviceTrip, player: number, hole: number, strokes: number) => d.enterScore({ scorecardId: card(player), roundId, playerId: players[player]!.id, hole, strokes });
  const rest = async (player: number, hole: number) => (await portalScores(server.url, tokens[0]!, card(player))).find((s) => s.hole === hole);

  it('answers every request with the server clock, exposed to pages of other origins', async () => {
    for (const path of ['/health', '/no-such-route', `/sync/trips/${tripId}`]) {
      const res = await fetch(`${server.url}${path}`, { headers: { origin: 'http://elsewhere.example' } });
      const [arrived, answered] = [SERVER_RECEIVED_HEADER, SERVER_TIME_HEADER].map((h) => Number(res.headers.get(h)));
      expect(Math.abs(answered! - Date.now()), path).toBeLessThan(5_000);
      expect(answered! - arrived!, path).toBeGreaterThanOrEqual(0);
      expect(answered! - arrived!, path).toBeLessThan(5_000);
      for (const h of [SERVER_TIME_HEADER, SERVER_RECEIVED_HEADER]) expect(res.headers.get('access-control-expose-headers'), path).toContain(h);
    }
  });

  it('lands the scores of a phone whose clock runs 15 minutes fast, stamped with the server time', async () => {
    const fast = await openDevice(tokens[0]!, 'fast-phone', { now: skewed(15 * MIN) });
    const before = Date.now();
    await enter(fast, 0, 1, 4);
    await fast.awaitInSync(SYNC);
    expect(fast.status().refused).toEqual([]);
    const landed = await rest(0, 1);
    expect(landed?.strokes).toBe(4);
    expect(Date.parse(landed!.enteredAt)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(landed!.enteredAt)).toBeLessThanOrEqual(Date.now() + 2_000);
  });

  it('lets a phone two hours slow win "the latest entry counts" when it entered later, with a dispute listed', async () => {
    const right = await openDevice(tokens[2]!, 'right-phone');
    const slow = await openDevice(tokens[1]!, 'slow-phone', { now: skewed(-120 * MIN) });
    await Promise.all([right.awaitInSync(SYNC), slow.awaitInSync(SYNC)]);
    slow.setBaseUrl(await deadUrl());
    await enter(right, 1, 2, 6);
    await right.awaitInSync(SYNC);
    await new Promise((r) => setTimeout(r, 50)); // a moment later in real time, on the phone two hours behind
    await enter(slow, 1, 2, 3);
    slow.setBaseUrl(server.url);
    await slow.awaitInSync(SYNC);
    await eventually(async () => {
      const hole = await rest(1, 2);
      expect(hole).toMatchObject({ strokes: 3, deviceId: 'slow-phone', disputed: true });
      expect(hole!.history.map((h) => [h.strokes, h.deviceId])).toEqual([[6, 'right-phone']]);
    });
    const disputes = (await orgApi().get(`/trips/${tripId}/score-disputes`)).body.items as { id: string }[];
    expect(disputes.map((d) => d.id)).toContain(`score:${card(1)}:2`);
  });

  it('corrects entries made offline before the first contact as soon as the server answers', async () => {
    // The phone opened once (its session is kept), then reopens with no signal and a clock 3 hours behind.
    const first = await openDevice(tokens[0]!, 'reopened-phone');
    await first.awaitInSync(SYNC);
    const session = first.portalSession;
    await first.close();
    const offline = await openDevice(tokens[0]!, 'reopened-phone', { baseUrl: await deadUrl(), session, now: skewed(-180 * MIN) });
    expect(offline.clock.known).toBe(false);
    const enteredAt = Date.now();
    const local = await enter(offline, 0, 3, 5);
    expect(Math.abs(Date.parse(local.enteredAt) - (enteredAt - 180 * MIN))).toBeLessThan(2_000);
    expect((local as unknown as Record<string, unknown>)[CLOCK_PENDING]).toEqual([local.enteredAt]);
    offline.setBaseUrl(server.url);
    await offline.awaitInSync(SYNC);
    const landed = await rest(0, 3);
    expect(landed?.strokes).toBe(5);
    expect(Math.abs(Date.parse(landed!.enteredAt) - enteredAt)).toBeLessThan(2_000);
    // The server's copy came back: the phone shows the corrected time too, without the marker.
    await eventually(async () => {
      const mine = (await offline.scores(card(0))).find((s) => s.hole === 3)!;
      expect(mine.enteredAt).toBe(landed!.enteredAt);
      expect(CLOCK_PENDING in mine).toBe(false);
    });
    expect(offline.status().pendingWrites).toBe(0);
  });
});
