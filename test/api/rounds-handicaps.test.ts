/**
 * `GET /trips/:tripId/rounds/:roundId/handicaps` (issue 23): a draft round's preview equals what readying the round
 * freezes, and a ready round's figures are those of each scorecard's lines (strokes received per hole), plus
 * handicaps giving strokes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let p: string[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: [{ name: 'Zero', handicapIndex: 0.8 }, { name: 'Eighteen', handicapIndex: 18 }, { name: 'Plus', handicapIndex: -2.4 }, { name: 'No index' }],
  });
  p = res.body.items.map((x: { id: string }) => x.id);
});
afterAll(() => server.close());

describe('round handicaps', () => {
  it('previews a draft round, then answers the frozen scorecards once it is ready, strokes per hole as the cards give them', async () => {
    const round = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: p.slice(0, 2) }, { playerIds: p.slice(2) }] });
    expect(round.status).toBe(201);
    const path = `/trips/${tripId}/rounds/${round.body.id}`;
    const preview = await org.client.get(`${path}/handicaps`);
    expect(preview.status).toBe(200);
    expect(preview.body.source).toBe('preview');
    expect(preview.body.holes).toHaveLength(18);
    expect(preview.body.players.map((x: { name: string }) => x.name)).toEqual(['Zero', 'Eighteen', 'Plus', 'No index']);
    const [zero, eighteen, plus, none] = preview.body.players;
    // White 71.2/128 on par 72: index 0.8 plays off 0, 18 off 19 at 95 %, +2.4 gives 3 back.
    expect(zero.playingHandicap).toBe(0);
    expect(zero.strokesReceived.every((s: number) => s === 0)).toBe(true);
    expect(eighteen.playingHandicap).toBe(19);
    expect(eighteen.strokesReceived.reduce((a: number, b: number) => a + b, 0)).toBe(eighteen.playingHandicap);
    expect(plus.playingHandicap).toBeLessThan(0);
    // A plus handicap gives back from stroke index 18 down (WHS Appendix C).
    const si18 = preview.body.holes.findIndex((h: { strokeIndex: number }) => h.strokeIndex === 18);
    expect(plus.strokesReceived[si18]).toBe(-1);
    expect(none.playingHandicap).toBeNull();
    expect(none.strokesReceived.every((s: number) => s === 0)).toBe(true);

    expect((await org.client.patch(`${path}/ready`, {})).status).toBe(200);
    const ready = await org.client.get(`${path}/handicaps`);
    expect(ready.body.source).toBe('scorecards');
    for (const [i, row] of ready.body.players.entries()) {
      expect(row.scorecardId).toBe(`${round.body.id}-${p[i]}`);
      const card = await org.client.get(`/trips/${tripId}/scorecards/${row.scorecardId}/scores`);
      expect(row.playingHandicap).toBe(card.body.playingHandicap);
      expect(row.courseHandicap).toBe(card.body.courseHandicap);
      expect(row.strokesReceived).toEqual(card.body.perHole.map((l: { strokesReceived: number }) => l.strokesReceived));
      // The preview was what froze.
      expect(row.strokesReceived).toEqual(preview.body.players[i].strokesReceived);
    }
  });

  it('says why a draft round cannot be computed yet: no course, no tee', async () => {
    const bare = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', playerIds: [p[0]] });
    const a = await org.client.get(`/trips/${tripId}/rounds/${bare.body.id}/handicaps`);
    expect(a.body.players[0]).toMatchObject({ playingHandicap: null, problem: 'the round has no course yet' });
    const noTee = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', playerIds: [p[0]], course: course18() });
    const b = await org.client.get(`/trips/${tripId}/rounds/${noTee.body.id}/handicaps`);
    expect(b.body.players[0].problem).toMatch(/no tee yet/);
    expect((await org.client.get(`/trips/${tripId}/rounds/nosuchround/handicaps`)).status).toBe(404);
  });
});
