/**
 * Issue 33, the device library against the real server: `enterScore(input, stamp, base)` writes a decision made on
 * `base` some time after it was made (a portal draft). When another phone's value was pulled in between, the write
 * is the same dispute two offline phones make — on both phones and in the server's dispute list — and a decision
 * made on the other phone's value is an ordinary correction. A stamp taken before the phone knew the server's clock
 * is moved onto it when the clock is known by the time of the write, so the merge compares both phones' entries on
 * one clock.
 */
import { describe, expect, it } from 'vitest';
import { scoreDocId, type ScoreEntry } from '../../shared/schemas/round.js';
import { scoreBase, scoreDispute, type DeviceTrip } from '../../sync/device/index.js';
import { deviceOpener, readyGroupRound, SYNC } from './support/device-helpers.js';

const f = readyGroupRound(['Ann', 'Ben']);
const openDevice = deviceOpener(() => ({ baseUrl: f.server.url }));

const card = () => `${f.roundId}-${f.players[1]!.id}`;
const input = (hole: number, strokes: number | null) => ({ scorecardId: card(), roundId: f.roundId, playerId: f.players[1]!.id, hole, strokes });
const stored = async (d: DeviceTrip, hole: number) => (await d.scores(card())).find((s) => s.hole === hole);
const listed = async () => (await f.orgApi().get(`/trips/${f.tripId}/score-disputes`)).body.items as (ScoreEntry & { id: string; history: ScoreEntry[]; disputed: boolean })[];

/** Ben's 5 on `hole`, on both phones; answers the phones (in sync) and the base each showed. */
async function fiveOnBoth(a: DeviceTrip, b: DeviceTrip, hole: number) {
  await a.enterScore(input(hole, 5));
  await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
  await b.awaitInSync(SYNC);
  const shown = await stored(b, hole);
  expect(shown?.strokes).toBe(5);
  return scoreBase(shown);
}

describe('a decision written after another phone’s value arrived', () => {
  it('is a dispute on both phones and in the server’s list, the later entry counting', async () => {
    const a = await openDevice(f.tokens[0]!, 'phone-a');
    const b = await openDevice(f.tokens[1]!, 'phone-b');
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    const base = await fiveOnBoth(a, b, 1);
    // Ben's phone decides 4 on the 5 it shows (the draft waits); Ann's 6 is written, pushed and pulled meanwhile.
    await new Promise((r) => setTimeout(r, 20));
    await a.enterScore(input(1, 6));
    await a.awaitInSync(SYNC);
    await b.awaitInSync(SYNC);
    expect((await stored(b, 1))?.strokes).toBe(6);
    await new Promise((r) => setTimeout(r, 20));
    const written = await b.enterScore(input(1, 4), b.clock.stamp(), base);
    expect([written.strokes, written.disputed]).toEqual([4, true]);
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    await a.awaitInSync(SYNC);

    const onServer = (await listed()).find((s) => s.id === scoreDocId(card(), 1))!;
    expect(scoreDispute(onServer)).toMatchObject({ winner: { strokes: 4, deviceId: 'phone-b' }, others: [{ strokes: 6, deviceId: 'phone-a' }] });
    expect(onServer.history.map((e) => e.strokes)).toEqual([5, 6]);
    for (const d of [a, b]) expect(scoreDispute((await stored(d, 1))!)).toEqual(scoreDispute(onServer));
  });

  it('made on the other phone’s value instead: an ordinary correction', async () => {
    const a = await openDevice(f.tokens[0]!, 'phone-a');
    const b = await openDevice(f.tokens[1]!, 'phone-b');
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    await fiveOnBoth(a, b, 2);
    await a.enterScore(input(2, 6));
    await a.awaitInSync(SYNC);
    await b.awaitInSync(SYNC);
    const seen = await stored(b, 2);
    expect(seen?.strokes).toBe(6);
    const written = await b.enterScore(input(2, 4), b.clock.stamp(), scoreBase(seen));
    expect([written.strokes, written.disputed ?? false]).toEqual([4, false]);
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    await a.awaitInSync(SYNC);
    expect((await listed()).map((s) => s.id)).not.toContain(scoreDocId(card(), 2));
    const onA = await stored(a, 2);
    expect([onA?.strokes, onA?.disputed ?? false, onA?.history.map((e) => e.strokes)]).toEqual([4, false, [5, 6]]);
  });

  it('stamped before the phone knew the server’s clock: moved onto it when written, compared on one clock', async () => {
    const hour = 3_600_000;
    const a = await openDevice(f.tokens[0]!, 'phone-a');
    // Ben's phone runs an hour slow.
    const b = await openDevice(f.tokens[1]!, 'phone-b', { now: () => new Date(Date.now() - hour) });
    await Promise.all([a.awaitInSync(SYNC), b.awaitInSync(SYNC)]);
    const base = await fiveOnBoth(a, b, 3);
    // Ben taps before his phone heard from the server (its own clock, marked), shortly after Ann's 6 was entered.
    await a.enterScore(input(3, 6));
    await new Promise((r) => setTimeout(r, 50));
    const tapped = { at: new Date(Date.now() - hour).toISOString(), pending: true };
    await a.awaitInSync(SYNC);
    await b.awaitInSync(SYNC);
    const offset = b.clock.estimate!.offsetMs;
    expect(Math.abs(offset - hour)).toBeLessThan(5_000);
    const written = await b.enterScore(input(3, 4), tapped, base);
    // On the server's clock the tap is the later entry: it counts, and nothing is left to correct.
    expect(written.enteredAt).toBe(new Date(Date.parse(tapped.at) + offset).toISOString());
    expect([written.strokes, written.disputed, 'clockPending' in written]).toEqual([4, true, false]);
    expect(written.history.map((e) => e.strokes)).toEqual([5, 6]);
  });
});
