/**
 * Tees per player in a round (issue 34): `PATCH …/rounds/:roundId/tees` sets and clears a player's tees, puts
 * everyone on one set, refuses an unknown tee or player with 4xx and nothing changed; in a ready or started round the
 * player's scorecard is rated anew (scores already entered stay, their net results follow), a completed round keeps
 * its tees; `POST …/tees/copy` and a new round on the same course take the tees of an earlier round; "Mark ready"
 * names the players without tees.
 *
 * Expected figures are worked out here from WHS Rule 6.1a and 6.2a, not taken from the server:
 * Course Handicap = Handicap Index × Slope / 113 + (Course Rating − Par); Playing Handicap = CH × 95 %, rounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let p: string[];

const WHITE = { name: 'White', courseRating: 71.2, slope: 128 };
const RED = { name: 'Red', courseRating: 68.9, slope: 115 };
const twoTees = (name = 'Quinta Links') => ({ ...course18(name), tees: [WHITE, RED] });
const ch = (index: number, tee: { courseRating: number; slope: number }) => (index * tee.slope) / 113 + (tee.courseRating - 72);
const ph = (index: number, tee: { courseRating: number; slope: number }) => Math.floor(ch(index, tee) * 0.95 + 0.5);

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: [{ name: 'Ann Eighteen', handicapIndex: 18 }, { name: 'Bo Nine', handicapIndex: 9.4 }, { name: 'Cy Thirty', handicapIndex: 30 }, { name: 'Di Two', handicapIndex: 2.1 }],
  });
  p = res.body.items.map((x: { id: string }) => x.id);
});
afterAll(() => server.close());

const roundPath = (id: string) => `/trips/${tripId}/rounds/${id}`;
async function newRound(body: Record<string, unknown>) {
  const r = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: twoTees(), groups: [{ playerIds: p.slice(0, 2) }, { playerIds: p.slice(2) }], ...body });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: string; defaultTee?: string; playerTees: Record<string, string> };
}
const handicapsOf = async (id: string) => Object.fromEntries(((await org.client.get(`${roundPath(id)}/handicaps`)).body.players as any[]).map((x) => [x.name, x]));

describe('tees per player', () => {
  it('sets a player’s tees, clears them back to the default, puts everyone on one set; the handicaps follow', async () => {
    const round = await newRound({ name: 'Set and clear' });
    // Two tees, none chosen: every player is told so.
    let h = await handicapsOf(round.id);
    expect(h['Ann Eighteen']).toMatchObject({ tee: null, playingHandicap: null, problem: expect.stringMatching(/no tee yet/) });

    const set = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[0]!]: 'red' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.round.playerTees).toEqual({ [p[0]!]: 'Red' });
    expect(set.body.changed).toEqual([
      { playerId: p[0], name: 'Ann Eighteen', from: null, tee: 'Red', courseHandicap: expect.closeTo(ch(18, RED), 9), playingHandicap: ph(18, RED), holesEntered: 0 },
    ]);
    h = await handicapsOf(round.id);
    expect(h['Ann Eighteen']).toMatchObject({ tee: 'Red', playingHandicap: ph(18, RED) });
    expect(h['Ann Eighteen'].strokesReceived.reduce((a: number, b: number) => a + b, 0)).toBe(ph(18, RED));
    expect(h['Bo Nine'].tee).toBeNull();

    // Everyone on White: the default, every own tee cleared.
    const all = await org.client.patch(`${roundPath(round.id)}/tees`, { everyone: 'White' });
    expect(all.status, all.text).toBe(200);
    expect(all.body.round).toMatchObject({ defaultTee: 'White', playerTees: {} });
    expect(all.body.changed.map((c: any) => [c.name, c.from, c.tee, c.playingHandicap])).toEqual([
      ['Ann Eighteen', 'Red', 'White', ph(18, WHITE)],
      ['Bo Nine', null, 'White', ph(9.4, WHITE)],
      ['Cy Thirty', null, 'White', ph(30, WHITE)],
      ['Di Two', null, 'White', ph(2.1, WHITE)],
    ]);
    // 18.0 plays off 19 from White and 14 from Red: the forward tee gives five strokes fewer.
    expect([ph(18, WHITE), ph(18, RED)]).toEqual([19, 14]);

    const red = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[2]!]: 'Red' } });
    expect(red.body.changed.map((c: any) => c.name)).toEqual(['Cy Thirty']);
    const back = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[2]!]: null } });
    expect(back.status).toBe(200);
    expect(back.body.round.playerTees).toEqual({});
    expect(back.body.changed).toMatchObject([{ name: 'Cy Thirty', from: 'Red', tee: 'White', playingHandicap: ph(30, WHITE) }]);
  });

  it('refuses an unknown tee, a player not in the round and a malformed body, and changes nothing', async () => {
    const round = await newRound({ name: 'Refusals', defaultTee: 'White', groups: [{ playerIds: p.slice(0, 2) }] });
    const before = (await org.client.get(roundPath(round.id))).body;
    const bad = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[0]!]: 'Blue' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('unknown_tee');
    expect(bad.body.error.details[0]).toMatchObject({ path: ['body', 'players', p[0]], message: expect.stringContaining('no Blue tees; its tees are White, Red') });
    const badDefault = await org.client.patch(`${roundPath(round.id)}/tees`, { everyone: 'Gold' });
    expect(badDefault.status).toBe(422);
    expect(badDefault.body.error.code).toBe('unknown_tee');
    const stranger = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[3]!]: 'Red' } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.code).toBe('unknown_player');
    for (const body of [{}, { players: {} }, { everyone: 'Red', defaultTee: 'White' }, { players: { [p[0]!]: '' } }, { tees: 'Red' }]) {
      const r = await org.client.patch(`${roundPath(round.id)}/tees`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('validation_failed');
    }
    expect((await org.client.patch(`/trips/${tripId}/rounds/nosuchround/tees`, { everyone: 'Red' })).status).toBe(404);
    const after = (await org.client.get(roundPath(round.id))).body;
    expect(after).toEqual(before);
  });

  it('in a round in play, a player moved to the forward tee plays off the new handicap: scores stay, net results follow; a completed round keeps its tees', async () => {
    const round = await newRound({ name: 'In play', defaultTee: 'White' });
    expect((await org.client.patch(`${roundPath(round.id)}/ready`, {})).status).toBe(200);
    const card = `${round.id}-${p[0]}`;
    const lines = async () => (await org.client.get(`/trips/${tripId}/scorecards/${card}/scores`)).body;
    expect((await lines()).playingHandicap).toBe(ph(18, WHITE));
    // Hole 4 is stroke index 1: a stroke from either tee; hole 16 is stroke index 18: a stroke off 19, none off 14.
    expect((await org.client.put(`/trips/${tripId}/scorecards/${card}/scores/4`, { strokes: 6 })).status).toBe(200);
    expect((await org.client.put(`/trips/${tripId}/scorecards/${card}/scores/16`, { strokes: 4 })).status).toBe(200);
    const white = await lines();
    expect(white.perHole[15]).toMatchObject({ gross: 4, strokesReceived: 1, net: 3 });

    const moved = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[0]!]: 'Red' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.changed).toEqual([
      { playerId: p[0], name: 'Ann Eighteen', from: 'White', tee: 'Red', courseHandicap: expect.closeTo(ch(18, RED), 9), playingHandicap: ph(18, RED), holesEntered: 2 },
    ]);
    const red = await lines();
    expect(red.playingHandicap).toBe(ph(18, RED));
    expect(red.perHole.reduce((s: number, l: any) => s + l.strokesReceived, 0)).toBe(ph(18, RED));
    expect(red.perHole[15]).toMatchObject({ gross: 4, strokesReceived: 0, net: 4 });
    expect(red.perHole[3]).toMatchObject({ gross: 6, strokesReceived: 1, net: 5 });
    // The scorecard keeps the Handicap Index frozen when the round became ready; only the tee's ratings changed.
    const frozen = (await org.client.get(`${roundPath(round.id)}/handicaps`)).body.players.find((x: any) => x.playerId === p[0]);
    expect(frozen).toMatchObject({ tee: 'Red', handicapIndex: 18, playingHandicap: ph(18, RED) });
    // The others are untouched.
    expect((await org.client.get(`/trips/${tripId}/scorecards/${round.id}-${p[1]}/scores`)).body.playingHandicap).toBe(ph(9.4, WHITE));

    // Once scorecards exist every player needs tees: the default cannot just go.
    const orphan = await org.client.patch(`${roundPath(round.id)}/tees`, { defaultTee: null });
    expect(orphan.status).toBe(422);
    expect(orphan.body.error.code).toBe('unprocessable');
    expect(orphan.body.error.details[0].playerIds).toEqual([p[1], p[2], p[3]]);
    expect((await org.client.get(roundPath(round.id))).body.defaultTee).toBe('White');

    expect((await org.client.post(`${roundPath(round.id)}/complete`)).status).toBe(200);
    const done = await org.client.patch(`${roundPath(round.id)}/tees`, { players: { [p[0]!]: 'White' } });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('round_not_editable');
    expect((await lines()).playingHandicap).toBe(ph(18, RED));
  });

  it('a new round on the same course takes the players’ tees of the previous one; another course is offered a copy', async () => {
    const day1 = await newRound({ name: 'Day 1', date: '2027-05-01', defaultTee: 'White', playerTees: { [p[0]!]: 'Red', [p[2]!]: 'Red' } });
    // Same course, a day later, nothing said about players' tees: Ann and Cy on Red again.
    const day2 = await newRound({ name: 'Day 2', date: '2027-05-02', course: twoTees('QUINTA LINKS'), defaultTee: 'White' });
    expect(day2).toMatchObject({ defaultTee: 'White', playerTees: { [p[0]!]: 'Red', [p[2]!]: 'Red' } });
    // On Red by default, Ann and Cy need no tees of their own.
    const day2b = await newRound({ name: 'Day 2 afternoon', date: '2027-05-02', startTime: '14:00', defaultTee: 'Red' });
    expect(day2b.playerTees).toEqual({});
    // A round on another course takes nothing by itself…
    const other = await newRound({ name: 'Other course', date: '2027-05-03', course: twoTees('Vale Pine'), defaultTee: 'Red' });
    expect(other.playerTees).toEqual({});
    // …and copies on request: the default and the own tees, where its course has them.
    const copy = await org.client.post(`${roundPath(other.id)}/tees/copy`, { fromRoundId: day1.id });
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body.round).toMatchObject({ defaultTee: 'White', playerTees: { [p[0]!]: 'Red', [p[2]!]: 'Red' } });
    expect(copy.body.changed.map((c: any) => [c.name, c.tee])).toEqual([
      ['Bo Nine', 'White'],
      ['Di Two', 'White'],
    ]);
    expect(copy.body.notCopied).toEqual([]);

    // A course without Red tees: Ann and Cy keep theirs, and the answer says so.
    const yellow = await newRound({ name: 'Yellow course', date: '2027-05-04', course: course18('Old Links'), defaultTee: 'Yellow' });
    const partial = await org.client.post(`${roundPath(yellow.id)}/tees/copy`, { fromRoundId: day1.id });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.round.defaultTee).toBe('White');
    expect(partial.body.notCopied).toEqual([
      { playerId: p[0], tee: 'Red', message: 'Old Links has no Red tees' },
      { playerId: p[2], tee: 'Red', message: 'Old Links has no Red tees' },
    ]);
    expect((await org.client.post(`${roundPath(yellow.id)}/tees/copy`, { fromRoundId: 'nosuchround' })).status).toBe(404);
    expect((await org.client.post(`${roundPath(yellow.id)}/tees/copy`, { fromRoundId: yellow.id })).status).toBe(422);
  });

  it('“Mark ready” without tees names the players who have none', async () => {
    const round = await newRound({ name: 'Not ready', playerTees: { [p[1]!]: 'Red' } });
    const r = await org.client.patch(`${roundPath(round.id)}/ready`, {});
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('round_not_ready');
    expect(r.body.error.details).toContainEqual({ path: ['defaultTee'], message: 'the course has 2 tees and 3 players have none: choose a default tee or a tee for each player', playerIds: [p[0], p[2], p[3]] });
  });
});
