/**
 * Organizer score entry and correction over REST (issue 14): any scorecard of the trip, one hole or several, on the
 * same score documents phones replicate, every earlier value kept in history with who, when and why; a completed
 * round corrected only with a reason; leaderboards follow; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizerScore, ScorecardScores } from '../../shared/schemas/score-corrections.js';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let by: string;
const card = (name: string) => `${roundId}-${t.id[name]}`;
const scoresUrl = (name: string) => `/trips/${t.tripId}/scorecards/${card(name)}/scores`;
const get = async (name: string) => {
  const res = await t.org.client.get(scoresUrl(name));
  expect(res.status).toBe(200);
  expect(ScorecardScores.parse(res.body)).toEqual(res.body);
  return res.body as { roundState: string; holes: number; items: OrganizerScore[] };
};
const hole = async (name: string, n: number) => (await get(name)).items.find((s) => s.hole === n);

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al', handicapIndex: 10 }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  by = `organizer:${t.org.user.id}`;
});
afterAll(() => t.server.close());

describe('organizer score entry on a round being played', () => {
  it('enters a hole on any card, as the organizer, on the dashboard device, and the first score starts the round', async () => {
    const res = await t.org.client.put(`${scoresUrl('Cy')}/1`, { strokes: 5 });
    expect(res.status).toBe(200);
    expect(OrganizerScore.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ id: `score:${card('Cy')}:1`, scorecardId: card('Cy'), roundId, playerId: t.id.Cy, hole: 1, strokes: 5, enteredBy: by, deviceId: 'dashboard', history: [], disputed: false });
    expect(res.body.reason).toBeUndefined();
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}`)).body.state).toBe('in_progress');
    // The player sees the organizer's value on their own card: it is the same document.
    expect((await t.portal.Cy!.get(`/trip-portal/scorecards/${card('Cy')}/scores`)).body.items[0]).toMatchObject({ hole: 1, strokes: 5, enteredBy: by });
  });

  it("corrects a player's value, keeping it in history with who entered it and when", async () => {
    // A past time on the phone's clock (one ahead of the server's is refused).
    const at = new Date(Date.now() - 20 * 60_000).toISOString();
    const mine = await t.portal.Al!.put(`/trip-portal/scorecards/${card('Al')}/scores`, { hole: 2, strokes: 4, deviceId: 'phone-al', enteredAt: at });
    expect(mine.status).toBe(200);
    const res = await t.org.client.put(`${scoresUrl('Al')}/2`, { strokes: 6, reason: 'marker saw a lost ball' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ strokes: 6, enteredBy: by, deviceId: 'dashboard', reason: 'marker saw a lost ball' });
    expect(res.body.history).toEqual([{ strokes: 4, enteredBy: t.id.Al, deviceId: 'phone-al', enteredAt: at }]);
    expect(Math.abs(Date.parse(res.body.enteredAt) - Date.now())).toBeLessThan(60_000);
    expect(res.body.updatedAt).toBe(res.body.enteredAt);
    // The player sees the correction on their own card with its reason, and their value in history.
    const onPortal = (await t.portal.Al!.get(`/trip-portal/scorecards/${card('Al')}/scores`)).body.items.find((s: { hole: number }) => s.hole === 2);
    expect(onPortal).toMatchObject({ strokes: 6, reason: 'marker saw a lost ball', history: [{ strokes: 4, enteredBy: t.id.Al }] });
    // A later value from the player's phone moves the correction, reason and all, into history.
    const again = await t.portal.Al!.put(`/trip-portal/scorecards/${card('Al')}/scores`, { hole: 2, strokes: 5, deviceId: 'phone-al' });
    expect(again.status).toBe(200);
    const stored = await hole('Al', 2);
    expect(stored).toMatchObject({ strokes: 5, enteredBy: t.id.Al });
    expect(stored!.reason).toBeUndefined();
    expect(stored!.history.map((h) => [h.strokes, h.enteredBy, h.reason])).toEqual([
      [4, t.id.Al, undefined],
      [6, by, 'marker saw a lost ball'],
    ]);
  });

  it('accepts a picked-up hole (strokes null)', async () => {
    const res = await t.org.client.put(`${scoresUrl('Di')}/1`, { strokes: null, reason: 'picked up' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ strokes: null, reason: 'picked up', history: [] });
  });

  it('shows the card as the player sees it: handicaps frozen on it and a line per hole', async () => {
    const dashboard = (await t.org.client.get(scoresUrl('Al'))).body;
    const portal = (await t.portal.Al!.get(`/trip-portal/scorecards/${card('Al')}/scores`)).body;
    for (const field of ['courseHandicap', 'allowancePercent', 'playingHandicap', 'perHole', 'thru', 'gross', 'net', 'points']) expect(dashboard[field]).toEqual(portal[field]);
    expect(dashboard.courseHandicap).toBeGreaterThan(0);
    expect(dashboard.perHole).toHaveLength(dashboard.holes);
    // Strokes received go by stroke index and add up to the Playing Handicap (0–18 here: at most one a hole).
    expect(dashboard.perHole.reduce((n: number, l: { strokesReceived: number }) => n + l.strokesReceived, 0)).toBe(dashboard.playingHandicap);
    const line2 = dashboard.perHole[1];
    expect(line2).toMatchObject({ hole: 2, gross: 5, pickedUp: false, net: 5 - line2.strokesReceived });
    expect(dashboard.perHole[2]).toMatchObject({ hole: 3, gross: null, net: null, points: null });
  });

  it('writes several holes all or nothing, a top-level reason for the holes that give none', async () => {
    const before = await get('Bo');
    const bad = await t.org.client.post(`${scoresUrl('Bo')}/bulk`, { scores: [{ hole: 3, strokes: 4 }, { hole: 3, strokes: 5 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(await get('Bo')).toEqual(before);
    const res = await t.org.client.post(`${scoresUrl('Bo')}/bulk`, { reason: 'card typed in', scores: [{ hole: 1, strokes: 4 }, { hole: 2, strokes: 3, reason: 'birdie' }, { hole: 3, strokes: 5 }] });
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: OrganizerScore) => [s.hole, s.strokes, s.reason])).toEqual([
      [1, 4, 'card typed in'],
      [2, 3, 'birdie'],
      [3, 5, 'card typed in'],
    ]);
    expect((await get('Bo')).items.map((s) => s.hole)).toEqual([1, 2, 3]);
  });

  it('serialises corrections of one hole sent at once: each lands, and every value but the last is in history', async () => {
    const values = [3, 5, 7];
    const res = await Promise.all(values.map((strokes) => t.org.client.put(`${scoresUrl('Cy')}/3`, { strokes })));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = (await hole('Cy', 3))!;
    expect(final.history).toHaveLength(2);
    expect([final.strokes, ...final.history.map((h) => h.strokes)].sort()).toEqual(values);
  });

  it('leaves a hole given its current value as it is', async () => {
    const before = await hole('Bo', 1);
    const res = await t.org.client.put(`${scoresUrl('Bo')}/1`, { strokes: 4, reason: 'checked' });
    expect(res.status).toBe(200);
    expect(await hole('Bo', 1)).toEqual(before);
  });
});

describe('a completed round', () => {
  beforeAll(async () => {
    await t.scores(roundId, { Al: Array(18).fill(4) });
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
  });

  it('refuses a player through the portal and an organizer without a reason (422), changing nothing', async () => {
    const before = await get('Al');
    const player = await t.portal.Al!.put(`/trip-portal/scorecards/${card('Al')}/scores`, { hole: 5, strokes: 3 });
    expect(player.status).toBe(403);
    const one = await t.org.client.put(`${scoresUrl('Al')}/5`, { strokes: 3 });
    expect(one.status).toBe(422);
    expect(one.body.error.code).toBe('correction_reason_required');
    expect(one.body.error.details).toEqual([expect.objectContaining({ hole: 5, path: ['body', 'reason'] })]);
    const bulk = await t.org.client.post(`${scoresUrl('Al')}/bulk`, { scores: [{ hole: 5, strokes: 3, reason: 'scorer error' }, { hole: 6, strokes: 3 }] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.error.details.map((d: { hole: number }) => d.hole)).toEqual([6]);
    expect(await get('Al')).toEqual(before);
  });

  it('takes a correction with a reason; the history keeps every value with who, when and why; the leaderboard follows', async () => {
    const board = async () => (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}?basis=gross`)).body.entries.find((e: { name: string }) => e.name === 'Al');
    expect((await board()).gross).toBe(4 * 18);
    const first = await t.org.client.put(`${scoresUrl('Al')}/5`, { strokes: 3, reason: 'scorer wrote the wrong hole' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ strokes: 3, enteredBy: by, reason: 'scorer wrote the wrong hole' });
    expect(first.body.history).toEqual([expect.objectContaining({ strokes: 4, enteredBy: t.id.Al })]);
    const second = await t.org.client.put(`${scoresUrl('Al')}/5`, { strokes: 2, reason: 'it was an eagle after all' });
    expect(second.body.history).toEqual([
      expect.objectContaining({ strokes: 4, enteredBy: t.id.Al }),
      { strokes: 3, enteredBy: by, deviceId: 'dashboard', enteredAt: first.body.enteredAt, reason: 'scorer wrote the wrong hole' },
    ]);
    const al = await board();
    expect(al.gross).toBe(4 * 18 - 2);
    expect(al.holes[4]).toBe(2);
    const card5 = await get('Al');
    expect(card5.roundState).toBe('completed');
    expect(card5.holes).toBe(18);
    expect(card5.items.find((s) => s.hole === 5)).toEqual(second.body);
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}`)).body.state).toBe('completed');
  });
});

describe('bad input', () => {
  it('answers 404 for an unknown scorecard and for a scorecard of another trip, changing nothing there', async () => {
    const unknown = await t.org.client.put(`/trips/${t.tripId}/scorecards/${roundId}-zzzzzzzz/scores/1`, { strokes: 4, reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await t.org.client.get(`/trips/${t.tripId}/scorecards/${roundId}-zzzzzzzz/scores`)).status).toBe(404);

    const otherTrip = (await t.org.client.post('/trips', tripBody({ name: 'Other trip' }))).body.id as string;
    const [p1, p2] = (await t.org.client.post(`/trips/${otherTrip}/players/bulk`, { players: [{ name: 'Ox' }, { name: 'Pi' }] })).body.items as { id: string }[];
    const otherRound = (await t.org.client.post(`/trips/${otherTrip}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: [p1!.id, p2!.id] }] })).body.id as string;
    await t.org.client.patch(`/trips/${otherTrip}/rounds/${otherRound}/ready`);
    const foreign = `${otherRound}-${p1!.id}`;
    expect((await t.org.client.get(`/trips/${otherTrip}/scorecards/${foreign}/scores`)).status).toBe(200);
    const res = await t.org.client.put(`/trips/${t.tripId}/scorecards/${foreign}/scores/1`, { strokes: 4 });
    expect(res.status).toBe(404);
    const bulk = await t.org.client.post(`/trips/${t.tripId}/scorecards/${foreign}/scores/bulk`, { scores: [{ hole: 1, strokes: 4 }] });
    expect(bulk.status).toBe(404);
    expect((await t.org.client.get(`/trips/${otherTrip}/scorecards/${foreign}/scores`)).body.items).toEqual([]);
    expect((await t.org.client.get(`/trips/${otherTrip}/rounds/${otherRound}`)).body.state).toBe('ready');
  });

  it('answers 422 for a hole past the last of a 9-hole course, and 400 for malformed input, changing nothing', async () => {
    const nine = course18('Nine');
    const roundOf9 = (await t.org.client.post(`/trips/${t.tripId}/rounds`, { name: 'Nine', date: '2027-04-12', course: { ...nine, holes: nine.holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: i + 1 })), tees: nine.tees.map((x) => ({ ...x, courseRating: 35.6, slope: 128 })) }, defaultTee: 'White', groups: [{ playerIds: [t.id.Al, t.id.Bo] }] })).body.id as string;
    expect((await t.org.client.patch(`/trips/${t.tripId}/rounds/${roundOf9}/ready`)).status).toBe(200);
    const url = `/trips/${t.tripId}/scorecards/${roundOf9}-${t.id.Al}/scores`;
    const past = await t.org.client.put(`${url}/10`, { strokes: 4 });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('unprocessable');
    const bulk = await t.org.client.post(`${url}/bulk`, { scores: [{ hole: 9, strokes: 4 }, { hole: 12, strokes: 4 }] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.error.details).toEqual([expect.objectContaining({ hole: 12 })]);
    for (const [path, body] of [
      [`${url}/19`, { strokes: 4 }],
      [`${url}/x`, { strokes: 4 }],
      [`${url}/1`, { strokes: 0 }],
      [`${url}/1`, { strokes: 4.5 }],
      [`${url}/1`, {}],
      [`${url}/1`, { strokes: 4, reason: '   ' }],
      [`${url}/1`, { strokes: 4, enteredBy: 'someone' }],
    ] as const) {
      const res = await t.org.client.put(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await t.org.client.get(url)).body.items).toEqual([]);
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundOf9}`)).body.state).toBe('ready');
  });

  it("refuses a player's portal session, another organizer and no token, changing nothing", async () => {
    const before = await get('Cy');
    const intruder = await organizer(t.server.url, 'Intruder');
    const refusals = [
      [t.portal.Cy!, 401, 'wrong_auth_mode'],
      [intruder.client, 404, 'trip_not_found'],
      [api(t.server.url), 401, 'unauthorized'],
    ] as const;
    for (const [client, status, code] of refusals) {
      const one = await client.put(`${scoresUrl('Cy')}/2`, { strokes: 3, reason: 'sneaky' });
      expect([one.status, one.body.error.code]).toEqual([status, code]);
      const bulk = await client.post(`${scoresUrl('Cy')}/bulk`, { reason: 'sneaky', scores: [{ hole: 2, strokes: 3 }] });
      expect([bulk.status, bulk.body.error.code]).toEqual([status, code]);
      expect((await client.get(scoresUrl('Cy'))).status).toBe(status);
    }
    expect(await get('Cy')).toEqual(before);
  });
});
