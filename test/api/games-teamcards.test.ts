import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseHandicap, scrambleTeamHandicap } from '../../shared/domain/golf/index.js';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let convert: string;
let cards: string;
const WHITE = { slope: 128, courseRating: 71.2, par: 72 };

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', handicapIndex: 10, team: 'Red' },
    { name: 'Bo', handicapIndex: 20, team: 'Red' },
    { name: 'Cy', team: 'Blue' },
    { name: 'Di', handicapIndex: 5, team: 'Blue' },
    { name: 'Ed' },
  ]);
  roundId = await t.round([['Al', 'Cy'], ['Bo', 'Di']], { ready: false });
  convert = `/trips/${t.tripId}/rounds/${roundId}/convert-to-team-scorecards`;
  cards = `/trips/${t.tripId}/rounds/${roundId}/team-scorecards`;
});
afterAll(() => t.server.close());

const scoreUrl = (teamcardId: string) => `/trips/${t.tripId}/team-scorecards/${teamcardId}/scores`;

describe('converting a round to team scorecards', () => {
  it('refuses a draft round, bad bodies, other organizers and portal sessions', async () => {
    const draft = await t.org.client.post(convert, { format: 'best_ball', teams: 'groups' });
    expect(draft.status).toBe(409);
    expect(draft.body.error.code).toBe('round_state_conflict');
    await t.org.client.patch(`/trips/${t.tripId}/rounds/${roundId}/ready`);
    expect((await t.org.client.post(convert, { format: 'scramble', teams: 'groups', bestOf: 2 })).status).toBe(400);
    expect((await t.org.client.post(convert, { format: 'foursomes', teams: 'groups' })).status).toBe(400);
    const tooMany = await t.org.client.post(convert, { format: 'best_ball', teams: 'groups', bestOf: 3 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.details[0].path).toEqual(['body', 'bestOf']);
    const other = await organizer(t.server.url, 'Other');
    expect((await other.client.post(convert, { format: 'best_ball', teams: 'groups' })).status).toBe(404);
    expect((await t.portal.Al!.post(convert, { format: 'best_ball', teams: 'groups' })).body.error.code).toBe('wrong_auth_mode');
  });

  it('makes best ball cards from the groups, once however often it is asked', async () => {
    const first = await t.org.client.post(convert, { format: 'best_ball', teams: 'groups' });
    expect(first.status).toBe(200);
    expect(first.body.items.map((c: { id: string; name: string; playerIds: string[]; bestOf: number }) => [c.id, c.name, c.playerIds, c.bestOf])).toEqual([
      [`${roundId}-g1`, 'Group 1', [t.id.Al, t.id.Cy], 1],
      [`${roundId}-g2`, 'Group 2', [t.id.Bo, t.id.Di], 1],
    ]);
    expect((await t.org.client.post(convert, { format: 'best_ball', teams: 'groups' })).status).toBe(200);
    expect((await t.org.client.get(cards)).body.items).toHaveLength(2);
  });

  it("keeps individual scores for best ball and counts the best one per hole", async () => {
    // Al (index 10 → 10 strokes at 95 %) gets a stroke on holes 1 and 4 (SI 7 and 1); Cy has no index.
    await t.scores(roundId, { Al: [5, 4], Cy: [4, 5] });
    const g1 = (await t.org.client.get(cards)).body.items[0];
    expect(g1.holes.slice(0, 3)).toEqual([
      { hole: 1, gross: 4, net: 4, pickedUp: false, netDoubleBogey: null },
      { hole: 2, gross: 4, net: 4, pickedUp: false, netDoubleBogey: null },
      { hole: 3, gross: null, net: null, pickedUp: false, netDoubleBogey: null },
    ]);
    expect(g1.totals).toEqual({ gross: 8, net: 8, thru: 2 });
    // Both pick up hole 3 (par 3, SI 15, no stroke for either): the team counts the best net double bogey, 3 + 2.
    for (const name of ['Al', 'Cy'] as const) {
      const r = await t.portal[name]!.put(`/trip-portal/scorecards/${roundId}-${t.id[name]}/scores`, { hole: 3, strokes: null });
      expect(r.status).toBe(200);
      expect(r.body.strokes).toBeNull();
    }
    const picked = (await t.org.client.get(cards)).body.items[0];
    expect(picked.holes[2]).toEqual({ hole: 3, gross: 5, net: 5, pickedUp: true, netDoubleBogey: null });
    expect(picked.totals).toEqual({ gross: 13, net: 13, thru: 3 });
    // Al holes out after all: the team's holed ball counts again.
    await t.portal.Al!.put(`/trip-portal/scorecards/${roundId}-${t.id.Al}/scores`, { hole: 3, strokes: 6 });
    expect((await t.org.client.get(cards)).body.items[0].holes[2]).toEqual({ hole: 3, gross: 6, net: 6, pickedUp: false, netDoubleBogey: null });
    await t.portal.Al!.put(`/trip-portal/scorecards/${roundId}-${t.id.Al}/scores`, { hole: 3, strokes: null });
    const refused = await t.org.client.put(scoreUrl(g1.id), { hole: 1, strokes: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('best ball');
  });

  it('makes scramble cards by team with the team handicap, replacing the group cards', async () => {
    const res = await t.org.client.post(convert, { format: 'scramble', teams: 'teams' });
    expect(res.status).toBe(200);
    const [red, blue] = res.body.items;
    const ch = (index: number) => courseHandicap({ handicapIndex: index, ...WHITE });
    const expected = scrambleTeamHandicap([ch(10), ch(20)]);
    expect(expected.ok && expected.value).toBe(7); // 35 % of 10.53 + 15 % of 21.85 = 6.96
    expect(red).toMatchObject({ id: `${roundId}-red`, name: 'Red', format: 'scramble', playerIds: [t.id.Al, t.id.Bo], handicap: { teamHandicap: 7 } });
    expect(red.handicap.courseHandicaps[t.id.Al!]).toBeCloseTo(ch(10), 6);
    // Cy has no Handicap Index: the team plays off no handicap.
    expect(blue).toMatchObject({ id: `${roundId}-blue`, handicap: { teamHandicap: null, courseHandicaps: { [t.id.Cy!]: null } } });
    expect((await t.org.client.get(cards)).body.items.map((c: { id: string }) => c.id)).toEqual([`${roundId}-blue`, `${roundId}-red`]);
  });

  it('takes team scores for scramble cards', async () => {
    const res = await t.org.client.put(scoreUrl(`${roundId}-red`), { hole: 4, strokes: 5 });
    expect(res.status).toBe(200);
    // Team handicap 7: a stroke on SI 1–7; hole 4 is SI 1.
    // Net double bogey on hole 4 (par 5, SI 1): 5 + 2 + 1 stroke.
    expect(res.body.holes[3]).toEqual({ hole: 4, gross: 5, net: 4, pickedUp: false, netDoubleBogey: 8 });
    const again = await t.org.client.put(scoreUrl(`${roundId}-red`), { hole: 4, strokes: 6 });
    expect(again.body.totals).toEqual({ gross: 6, net: 5, thru: 1 });
    // The team picks up hole 5 (par 4, SI 3, a stroke): it counts net double bogey, 4 + 2 + 1 gross, 6 net.
    const pickup = await t.org.client.put(scoreUrl(`${roundId}-red`), { hole: 5, strokes: null });
    expect(pickup.status).toBe(200);
    expect(pickup.body.holes[4]).toEqual({ hole: 5, gross: 7, net: 6, pickedUp: true, netDoubleBogey: 7 });
    expect(pickup.body.totals).toEqual({ gross: 13, net: 11, thru: 2 });
    const stored = (await t.server.deps.store.trip(t.tripId).get(`teamscore:${roundId}-red:4`)) as unknown as { history: unknown[] };
    expect(stored.history).toHaveLength(1);
    expect((await t.org.client.put(scoreUrl(`${roundId}-nope`), { hole: 1, strokes: 4 })).status).toBe(404);
    expect((await t.org.client.put(scoreUrl(`${roundId}-red`), { hole: 1, strokes: 0 })).status).toBe(400);
  });

  it('never drops team scores, refuses a player without a team, and a completed round', async () => {
    const drop = await t.org.client.post(convert, { format: 'best_ball', teams: 'groups' });
    expect(drop.status).toBe(409);
    expect(drop.body.error.code).toBe('round_has_scores');
    expect((await t.org.client.post(convert, { format: 'scramble', teams: 'teams' })).status).toBe(200);
    const second = await t.round([['Al', 'Ed'], ['Bo', 'Di']]);
    const noTeam = await t.org.client.post(`/trips/${t.tripId}/rounds/${second}/convert-to-team-scorecards`, { format: 'scramble', teams: 'teams' });
    expect(noTeam.status).toBe(422);
    expect(noTeam.body.error.message).toContain('no team');
    await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`);
    expect((await t.org.client.post(convert, { format: 'scramble', teams: 'teams' })).status).toBe(409);
    expect((await t.org.client.put(scoreUrl(`${roundId}-red`), { hole: 5, strokes: 4 })).body.error.code).toBe('round_state_conflict');
  });
});
