import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
const players: { id: string; name: string }[] = [];
const portal: Record<string, Api> = {};
const card = (playerIndex: number) => `${roundId}-${players[playerIndex]!.id}`;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody({ startDate: '2027-04-10', endDate: '2027-04-14' }))).body.id;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name })) });
  players.push(...added.body.items);
  const ids = players.map((p) => p.id);
  roundId = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids.slice(0, 2) }, { playerIds: ids.slice(2) }] })).body.id;
  await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`);
  const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  for (const t of tokens) {
    const session = (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session as string;
    portal[t.playerId] = api(server.url, session);
  }
});
afterAll(() => server.close());

const as = (i: number) => portal[players[i]!.id]!;

describe('portal score entry', () => {
  it('shows the player their rounds, scorecard and group', async () => {
    const res = await as(0).get(`/trip-portal/trips/${tripId}/rounds`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ id: roundId, state: 'ready', myScorecardId: card(0), myGroup: { number: 1 } });
    expect(res.body.items[0].myGroup.players.map((p: { name: string }) => p.name)).toEqual(['Al', 'Bo']);
    const overview = await as(0).get(`/trip-portal/trips/${tripId}`);
    expect(overview.body.me.name).toBe('Al');
    expect(overview.body.syncUrl).toMatch(new RegExp(`/sync/trips/${tripId}$`));
  });

  it('enters a hole on my own card, which starts the round', async () => {
    const res = await as(0).put(`/trip-portal/scorecards/${card(0)}/scores`, { hole: 1, strokes: 5, deviceId: 'phone-al', enteredAt: '2026-04-11T08:10:00Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: `score:${card(0)}:1`, strokes: 5, enteredBy: players[0]!.id, deviceId: 'phone-al', history: [], disputed: false });
    expect((await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body.state).toBe('in_progress');
  });

  it("lets a player score their group partner's card but not another group's", async () => {
    expect((await as(0).put(`/trip-portal/scorecards/${card(1)}/scores`, { hole: 1, strokes: 4 })).status).toBe(200);
    const refused = await as(0).put(`/trip-portal/scorecards/${card(2)}/scores`, { hole: 1, strokes: 4 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('own group');
    expect((await as(2).get(`/trip-portal/scorecards/${card(2)}/scores`)).body.items).toEqual([]);
  });

  it('keeps the earlier value in history when a hole is entered again', async () => {
    const res = await as(0).put(`/trip-portal/scorecards/${card(0)}/scores`, { hole: 1, strokes: 6, deviceId: 'phone-al', enteredAt: '2026-04-11T08:12:00Z' });
    expect(res.body.strokes).toBe(6);
    expect(res.body.history).toEqual([{ strokes: 5, enteredBy: players[0]!.id, deviceId: 'phone-al', enteredAt: '2026-04-11T08:10:00Z' }]);
  });

  it("refuses an entry dated more than 5 minutes ahead of the server's clock, and keeps the hole as it was", async () => {
    const ahead = new Date(Date.now() + 6 * 60_000).toISOString();
    const refused = await as(0).put(`/trip-portal/scorecards/${card(0)}/scores`, { hole: 1, strokes: 3, deviceId: 'phone-al', enteredAt: ahead });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("ahead of the server's clock");
    const kept = (await as(0).get(`/trip-portal/scorecards/${card(0)}/scores`)).body.items.find((s: { hole: number }) => s.hole === 1);
    expect(kept).toMatchObject({ strokes: 6, enteredAt: '2026-04-11T08:12:00Z' });
    const justInside = new Date(Date.now() + 4 * 60_000).toISOString();
    expect((await as(0).put(`/trip-portal/scorecards/${card(0)}/scores`, { hole: 5, strokes: 4, deviceId: 'phone-al', enteredAt: justInside })).status).toBe(200);
  });

  it('writes several holes all or nothing', async () => {
    const bad = await as(2).post(`/trip-portal/scorecards/${card(2)}/scores/bulk`, { scores: [{ hole: 2, strokes: 4 }, { hole: 19, strokes: 4 }] });
    expect(bad.status).toBe(400);
    expect((await as(2).get(`/trip-portal/scorecards/${card(2)}/scores`)).body.items).toEqual([]);
    const good = await as(2).post(`/trip-portal/scorecards/${card(2)}/scores/bulk`, { scores: [2, 3, 4].map((hole) => ({ hole, strokes: hole + 1 })) });
    expect(good.status).toBe(200);
    expect((await as(3).get(`/trip-portal/scorecards/${card(2)}/scores`)).body.items.map((s: { hole: number; strokes: number }) => [s.hole, s.strokes])).toEqual([
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
  });

  it('refuses scores once the round is completed, and a dashboard token on portal routes', async () => {
    await org.client.post(`/trips/${tripId}/rounds/${roundId}/complete`);
    const res = await as(3).put(`/trip-portal/scorecards/${card(3)}/scores`, { hole: 1, strokes: 4 });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('completed');
    expect((await org.client.get(`/trip-portal/trips/${tripId}`)).body.error.code).toBe('wrong_auth_mode');
    expect((await as(0).get('/trips')).body.error.code).toBe('wrong_auth_mode');
  });

  it('answers 404 for a scorecard that is not on my trips', async () => {
    expect((await as(0).get('/trip-portal/scorecards/abcdef-ghijkl/scores')).status).toBe(404);
  });
});
