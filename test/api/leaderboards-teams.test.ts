import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * Team round boards over the real server. course18 holes 1–2: par 4, 4; SI 7, 11. Playing Handicaps (95 %, White
 * 71.2/128): Al 10 (a stroke on hole 1), Bo 21 (a stroke on each), Di 5 (none), Cy no index.
 */
let t: GamesTrip;
let roundId: string;
const board = (basis?: 'gross' | 'net') => `/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams${basis ? `?basis=${basis}` : ''}`;
const portalBoard = () => `/trip-portal/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams`;
const brief = (e: { teamcardId: string; label: string; position: number | null; thru: number; gross: number; net: number; toPar: number | null }) => [
  e.teamcardId,
  e.position,
  e.label,
  e.thru,
  e.gross,
  e.net,
  e.toPar,
];

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', handicapIndex: 10, team: 'Red' },
    { name: 'Bo', handicapIndex: 20, team: 'Red' },
    { name: 'Cy', team: 'Blue' },
    { name: 'Di', handicapIndex: 5, team: 'Blue' },
  ]);
  roundId = await t.round([['Al', 'Cy'], ['Bo', 'Di']]);
});
afterAll(() => t.server.close());

describe('team round leaderboard', () => {
  it('is 404 not_found before the round has team cards', async () => {
    const none = await t.org.client.get(board());
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');
  });

  it('ranks best ball groups on the better net (or gross) score per hole; the portal shows the same', async () => {
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/convert-to-team-scorecards`, { format: 'best_ball', teams: 'groups' })).status).toBe(200);
    await t.scores(roundId, { Al: [5, 4], Cy: [4, 5], Bo: [6, 5], Di: [5, 4] });
    // g1 net: Al 4 4, Cy 4 5 → 4 4 = 8 (E); g2 net: Bo 5 4, Di 5 4 → 5 4 = 9 (+1).
    const net = await t.org.client.get(board());
    expect(net.status).toBe(200);
    expect(net.body).toMatchObject({ roundId, basis: 'net', par: 72 });
    expect(net.body.entries.map(brief)).toEqual([
      [`${roundId}-g1`, 1, '1', 2, 8, 8, 0],
      [`${roundId}-g2`, 2, '2', 2, 9, 9, 1],
    ]);
    expect(net.body.entries[0]).toMatchObject({ key: 'g1', name: 'Group 1', format: 'best_ball', bestOf: 1, playerIds: [t.id.Al, t.id.Cy], toParLabel: 'E' });
    expect(net.body.entries[0].holes.slice(0, 2)).toEqual([
      { hole: 1, gross: 4, net: 4, pickedUp: false },
      { hole: 2, gross: 4, net: 4, pickedUp: false },
    ]);
    // Gross: g1 4 4 = 8 (E); g2 Bo 6 5, Di 5 4 → 5 4 = 9 (+1).
    const gross = await t.org.client.get(board('gross'));
    expect(gross.body.entries.map(brief)).toEqual([
      [`${roundId}-g1`, 1, '1', 2, 8, 8, 0],
      [`${roundId}-g2`, 2, '2', 2, 9, 9, 1],
    ]);
    const portal = await t.portal.Cy!.get(portalBoard());
    expect(portal.status).toBe(200);
    expect(portal.body).toEqual(net.body);
  });

  it('ranks scramble teams on team scores less the team handicap strokes', async () => {
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/convert-to-team-scorecards`, { format: 'scramble', teams: 'teams' })).status).toBe(200);
    const put = (team: string, hole: number, strokes: number) => t.org.client.put(`/trips/${t.tripId}/team-scorecards/${roundId}-${team}/scores`, { hole, strokes });
    // Red, team handicap 7 (strokes on SI 1–7): hole 1 (SI 7) 5 → net 4, hole 2 (SI 11) 4 → 4: gross 9 (+1), net 8 (E).
    expect((await put('red', 1, 5)).status).toBe(200);
    expect((await put('red', 2, 4)).status).toBe(200);
    // Blue, no team handicap (Cy has no index): hole 1 in 4 (E).
    expect((await put('blue', 1, 4)).status).toBe(200);
    const net = await t.org.client.get(board('net'));
    expect(net.body.entries.map(brief)).toEqual([
      [`${roundId}-blue`, 1, 'T1', 1, 4, 4, 0],
      [`${roundId}-red`, 1, 'T1', 2, 9, 8, 0],
    ]);
    expect(net.body.entries[1]).toMatchObject({ format: 'scramble', teamHandicap: 7, bestOf: null });
    const gross = await t.org.client.get(board('gross'));
    expect(gross.body.entries.map(brief)).toEqual([
      [`${roundId}-blue`, 1, '1', 1, 4, 4, 0],
      [`${roundId}-red`, 2, '2', 2, 9, 8, 1],
    ]);
    const portal = await t.portal.Al!.get(`${portalBoard()}?basis=gross`);
    expect(portal.body).toEqual(gross.body);
  });

  it('is 404 for another organizer and refuses a bad basis', async () => {
    const other = await organizer(t.server.url, 'Other');
    expect((await other.client.get(board())).status).toBe(404);
    expect((await t.org.client.get(`${board()}?basis=stableford`)).status).toBe(400);
  });
});
