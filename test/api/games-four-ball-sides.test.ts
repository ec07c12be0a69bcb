import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18 } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * `PUT /trips/:tripId/rounds/:roundId/sides` (issue 34): four-ball sides from the pairings, by handicap or by the
 * organizer, checked (two players of one group, no player on two sides), and scored better-ball net at the round's
 * allowance on the team board and the Nassau.
 */
let t: GamesTrip;
let roundId: string;
let sides: string;

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', handicapIndex: 4 },
    { name: 'Bo', handicapIndex: 24 },
    { name: 'Cy', handicapIndex: 12 },
    { name: 'Di', handicapIndex: 9 },
    { name: 'Ed', handicapIndex: 15 },
    { name: 'Fe', handicapIndex: 3 },
    { name: 'Gu', handicapIndex: 18 },
    { name: 'Ha', handicapIndex: 7 },
    { name: 'Io', handicapIndex: 10 },
    { name: 'Jo', handicapIndex: 11 },
  ]);
  const groups = [['Al', 'Bo', 'Cy', 'Di'], ['Ed', 'Fe', 'Gu', 'Ha'], ['Io', 'Jo']];
  const body = { name: 'Four-ball', date: '2027-04-11', course: course18(), defaultTee: 'White', format: 'four_ball', groups: groups.map((g) => ({ playerIds: g.map((n) => t.id[n]) })) };
  const made = await t.org.client.post(`/trips/${t.tripId}/rounds`, body);
  expect(made.status).toBe(201);
  roundId = made.body.id;
  sides = `/trips/${t.tripId}/rounds/${roundId}/sides`;
});
afterAll(() => t.server.close());

const ids = (names: string[]) => names.map((n) => t.id[n]);
type Card = { id: string; name: string; playerIds: string[]; groupId: string; source: string; bestOf: number; holes: { hole: number; net: number | null }[] };

describe('four-ball sides', () => {
  it('a draft round has no frozen handicaps yet: 409, and nothing is made', async () => {
    const r = await t.org.client.put(sides, { by: 'handicap' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('round_state_conflict');
    expect((await t.org.client.patch(`/trips/${t.tripId}/rounds/${roundId}/ready`)).status).toBe(200);
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/team-scorecards`)).body.items).toEqual([]);
  });

  it('by handicap: lowest with highest against the middle two in each group of four; a group of two is skipped', async () => {
    const r = await t.org.client.put(sides, { by: 'handicap' });
    expect(r.status).toBe(200);
    expect(r.body.items.map((c: Card) => [c.id, c.name, c.playerIds, c.groupId, c.source, c.bestOf])).toEqual([
      [`${roundId}-g1-1`, 'Al & Bo', ids(['Al', 'Bo']), 'g1', 'sides', 1],
      [`${roundId}-g1-2`, 'Di & Cy', ids(['Di', 'Cy']), 'g1', 'sides', 1],
      [`${roundId}-g2-1`, 'Fe & Gu', ids(['Fe', 'Gu']), 'g2', 'sides', 1],
      [`${roundId}-g2-2`, 'Ha & Ed', ids(['Ha', 'Ed']), 'g2', 'sides', 1],
    ]);
    expect(r.body.skipped).toEqual([{ groupId: 'g3', number: 3, reason: expect.stringContaining('group of four') }]);
  });

  it('bad sides are refused with where, and change nothing', async () => {
    const before = (await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/team-scorecards`)).body.items.map((c: Card) => c.id);
    const cases: [unknown, number, string, unknown[]][] = [
      [{ by: 'organizer', sides: [ids(['Al', 'Ed'])] }, 422, 'unprocessable', ['body', 'sides', 0]],
      [{ by: 'organizer', sides: [ids(['Al', 'Bo']), ids(['Al', 'Cy'])] }, 422, 'duplicate_player', ['body', 'sides', 1, 0]],
      [{ by: 'organizer', sides: [ids(['Io', 'Jo'])] }, 422, 'unprocessable', ['body', 'sides', 0]],
      [{ by: 'organizer', sides: [[t.id.Al, 'nobody1']] }, 422, 'unknown_player', ['body', 'sides', 0, 1]],
      [{ by: 'organizer', sides: [ids(['Al', 'Bo', 'Cy'])] }, 400, 'validation_failed', ['body', 'sides', 0]],
      [{ by: 'organizer' }, 400, 'validation_failed', ['body', 'sides']],
      [{ by: 'coin toss' }, 400, 'validation_failed', ['body', 'by']],
    ];
    for (const [body, status, code, path] of cases) {
      const r = await t.org.client.put(sides, body);
      expect([r.status, r.body.error.code], JSON.stringify(body)).toEqual([status, code]);
      expect(r.body.error.details[0].path.slice(0, path.length)).toEqual(path);
    }
    expect((await t.portal.Al!.put(sides, { by: 'handicap' })).body.error.code).toBe('wrong_auth_mode');
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/team-scorecards`)).body.items.map((c: Card) => c.id)).toEqual(before);
  });

  it("the organizer's partners: naming one side of a group makes the other; only the groups named keep sides", async () => {
    const r = await t.org.client.put(sides, { by: 'organizer', sides: [ids(['Al', 'Cy'])] });
    expect(r.status).toBe(200);
    expect(r.body.items.map((c: Card) => [c.name, c.playerIds])).toEqual([
      ['Al & Cy', ids(['Al', 'Cy'])],
      ['Bo & Di', ids(['Bo', 'Di'])],
    ]);
    expect(r.body.skipped).toEqual([]);
  });

  it('scored better-ball net at the round allowance (85 %): the team board and the Nassau agree', async () => {
    // White 71.2/128, par 72. Course Handicaps: Al 4×128/113 − 0.8 = 3.73 → PH 85 % = 3.17 → 3; Cy 12 → 12.79 → 10.87 → 11;
    // Bo 24 → 26.39 → 22.43 → 22; Di 9 → 9.40 → 7.99 → 8. Hole 1 is SI 7, hole 4 SI 1.
    // Hole 1: Al 5 (no stroke: PH 3 strokes on SI 1–3) 5, Cy 5 − 1 = 4 → 4; Bo 6 − 1 = 5, Di 5 − 1 = 4 → 4.
    // Hole 4 (par 5, SI 1): Al 6 − 1 = 5, Cy 6 − 1 = 5 → 5; Bo 7 − 2 (22: two on SI 1–4) = 5, Di 5 − 1 = 4 → 4.
    await t.scores(roundId, { Al: [5, 4, 3, 6], Cy: [5, 5, 4, 6], Bo: [6, 5, 4, 7], Di: [5, 4, 3, 5] });
    const board = await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}/teams?basis=net`);
    expect(board.status).toBe(200);
    expect(board.body.allowancePercent).toBe(85);
    const line = (name: string) => board.body.entries.find((e: { name: string }) => e.name === name);
    expect([line('Al & Cy').holes[0].net, line('Al & Cy').holes[3].net, line('Bo & Di').holes[0].net, line('Bo & Di').holes[3].net]).toEqual([4, 5, 4, 4]);
    const round = await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}`);
    expect(round.body.allowancePercent).toBe(85);

    const game = await t.org.client.post(`/trips/${t.tripId}/side-games`, {
      kind: 'nassau',
      roundId,
      basis: 'net',
      participants: { a: ids(['Al', 'Cy']), b: ids(['Bo', 'Di']) },
      config: { stakes: 500 },
    });
    expect(game.status).toBe(201);
    const state = game.body.state;
    expect(state.allowancePercent).toBe(85);
    const boardNet = (name: string) => line(name).holes.slice(0, 4).map((h: { net: number | null }) => h.net);
    expect(state.holes.slice(0, 4).map((h: { a: number | null }) => h.a)).toEqual(boardNet('Al & Cy'));
    expect(state.holes.slice(0, 4).map((h: { b: number | null }) => h.b)).toEqual(boardNet('Bo & Di'));
  });

  it('a round that is not four-ball takes no sides', async () => {
    const other = await t.round([['Al', 'Bo', 'Cy', 'Di']], { name: 'Stroke play' });
    const r = await t.org.client.put(`/trips/${t.tripId}/rounds/${other}/sides`, { by: 'handicap' });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('four-ball');
  });
});
