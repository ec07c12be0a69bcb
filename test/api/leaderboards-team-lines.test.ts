import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * Where a team board's figures come from (issue 24): each member's hole lines with the strokes best ball counts,
 * and the team's counted scores, for the dashboard's derivation dialog.
 */
let t: GamesTrip;
let roundId: string;
type Line = { hole: number; gross: number | null; strokesReceived: number; net: number | null };
type Lines = { teamcardId: string; name: string; format: string; bestOf: number | null; members: { name: string; playingHandicap: number | null; perHole: Line[] }[]; holes: { hole: number; gross: number | null; net: number | null; pickedUp: boolean }[] };
const lines = (teamcardId: string) => `/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams/${teamcardId}`;

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', handicapIndex: 10, team: 'Red' },
    { name: 'Bo', handicapIndex: 20, team: 'Red' },
    { name: 'Cy', handicapIndex: 2, team: 'Blue' },
    { name: 'Di', handicapIndex: 5, team: 'Blue' },
  ]);
  roundId = await t.round([['Al', 'Bo', 'Cy', 'Di']]);
  const converted = await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/convert-to-team-scorecards`, { format: 'best_ball', teams: 'teams', bestOf: 1 });
  expect(converted.status).toBe(200);
  await t.scores(roundId, { Al: [5, 5, 4, 6], Bo: [6, 4, 4, 7], Cy: [4, 5, 3, 5], Di: [5, 5, 4, 6] });
});
afterAll(() => t.server.close());

describe("a team's lines", () => {
  it("give each member's card, and per hole the best member net is the team's net on the board", async () => {
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams`)).body as { entries: { teamcardId: string; name: string; net: number; gross: number; playerIds: string[] }[] };
    expect(board.entries.length).toBe(2);
    for (const entry of board.entries) {
      const res = await t.org.client.get(lines(entry.teamcardId));
      expect(res.status).toBe(200);
      const body = res.body as Lines;
      expect(body).toMatchObject({ teamcardId: entry.teamcardId, name: entry.name, format: 'best_ball', bestOf: 1 });
      expect(body.members.map((m) => m.name).sort()).toEqual(entry.playerIds.map((id) => Object.keys(t.id).find((n) => t.id[n] === id)).sort());
      for (const m of body.members) for (const l of m.perHole) if (l.gross !== null) expect(l.net).toBe(l.gross - l.strokesReceived);
      const played = body.holes.filter((h) => h.net !== null);
      expect(played.map((h) => h.hole)).toEqual([1, 2, 3, 4]);
      for (const h of played) expect(h.net).toBe(Math.min(...body.members.map((m) => m.perHole[h.hole - 1]!.net!)));
      expect(played.reduce((s, h) => s + h.net!, 0)).toBe(entry.net);
      expect(played.reduce((s, h) => s + h.gross!, 0)).toBe(entry.gross);
    }
  });

  it('gives strokes from the Playing Handicap frozen on the scorecard', async () => {
    const handicaps = (await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/handicaps`)).body as { players: { playerId: string; playingHandicap: number | null }[] };
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams`)).body as { entries: { teamcardId: string }[] };
    const body = (await t.org.client.get(lines(board.entries[0]!.teamcardId))).body as Lines & { members: { playerId: string }[] };
    for (const m of body.members as (Lines['members'][number] & { playerId: string })[]) {
      expect(m.playingHandicap).toBe(handicaps.players.find((p) => p.playerId === m.playerId)!.playingHandicap);
      expect(m.perHole.reduce((s, l) => s + l.strokesReceived, 0)).toBe(m.playingHandicap);
    }
  });

  it('is 404 for a team card not in the round, 401 without a token', async () => {
    const missing = await t.org.client.get(lines(`${roundId}-nosuch`));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect((await api(t.server.url).get(lines(`${roundId}-red`))).status).toBe(401);
  });
});
