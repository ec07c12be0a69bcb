/**
 * The consequences preview names the point-game totals a correction moves (issue 24), computed by the same rules
 * as the point game's own answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al', team: 'Red' }, { name: 'Bo', team: 'Red' }]);
  roundId = await t.round([['Al', 'Bo']]);
  await t.scores(roundId, { Al: [4, 4], Bo: [5, 5] });
  const setUp = await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/point-games`, { team: 'Red', captainId: t.id.Al });
  expect(setUp.status).toBe(201);
  const pick = await t.portal.Al!.post(`/trip-portal/trips/${t.tripId}/rounds/${roundId}/point-game/selections`, { hole: 1, playerIds: [t.id.Al], confirm: true });
  expect(pick.status).toBe(200);
});
afterAll(() => t.server.close());

describe('preview of a correction on a round with a point game', () => {
  it('lists the team\'s total and the hole that move, and the point game answers the same once applied', async () => {
    const path = `/trips/${t.tripId}/scorecards/${roundId}-${t.id.Al}/scores/1`;
    const res = await t.org.client.post(`${path}/preview`, { strokes: 3 });
    expect(res.status).toBe(200);
    const [game] = res.body.pointGames as { team: string; runningTotal: { before: number; after: number }; holes: { hole: number }[] }[];
    expect(game!.team).toBe('Red');
    expect(game!.runningTotal.after).not.toBe(game!.runningTotal.before);
    expect(game!.holes.map((h) => h.hole)).toEqual([1]);
    const stored = (await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/point-games`)).body.items[0];
    expect(stored.state.runningTotal).toBe(game!.runningTotal.before);
    expect((await t.org.client.put(path, { strokes: 3 })).status).toBe(200);
    const applied = (await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/point-games`)).body.items[0];
    expect(applied.state.runningTotal).toBe(game!.runningTotal.after);
  });
});
