import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScorecardDoc } from '../../shared/schemas/round.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

// Issue 34: late changes while a round is in play. Groups with no score change freely (a late arrival, a
// withdrawal, a swap), a started group keeps its players and says why, a score landing between the decision and the
// write makes the change fail with 409, and a player marked out of play leaves the games by the rules.

let t: GamesTrip;
const names = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi', 'Gu', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu', 'Max'];
beforeAll(async () => {
  t = await gamesTrip(names.map((name, i) => ({ name, handicapIndex: 4 + i })));
});
afterAll(() => t.server.close());

const pairings = async (roundId: string) => (await t.org.client.get(`/rounds/${roundId}/pairings`)).body as { groups: { playerIds: string[]; started?: boolean }[]; outOfGroups?: { id: string }[] };
const groupNames = async (roundId: string) => {
  const by = new Map(Object.entries(t.id).map(([n, i]) => [i, n]));
  return (await pairings(roundId)).groups.map((g) => g.playerIds.map((p) => by.get(p)));
};
const card = (roundId: string, name: string) => t.server.deps.store.trip(t.tripId).get<ScorecardDoc & { _rev: string }>(`scorecard:${roundId}-${t.id[name]}`);

describe('groups of a round in play', () => {
  let roundId: string;
  beforeAll(async () => {
    roundId = await t.round([['Al', 'Bo', 'Cy'], ['Di', 'Ed', 'Fi'], ['Gu', 'Hal', 'Ivy'], ['Jo', 'Kit', 'Lu']]);
    expect((await t.org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'single', firstTime: '08:00', intervalMinutes: 10 })).status).toBe(200);
    // Groups 1 and 2 have teed off.
    await t.scores(roundId, { Al: [4, 5], Bo: [5], Di: [4] });
  });

  it('marks the started groups on the pairings', async () => {
    expect((await pairings(roundId)).groups.map((g) => g.started)).toEqual([true, true, false, false]);
  });

  it('swaps two players between groups that have not started, and their cards follow', async () => {
    const res = await t.org.client.post(`/rounds/${roundId}/swap-players`, { playerA: t.id.Gu, playerB: t.id.Jo });
    expect(res.status, res.text).toBe(200);
    expect((await groupNames(roundId)).slice(2)).toEqual([['Jo', 'Hal', 'Ivy'], ['Gu', 'Kit', 'Lu']]);
    expect((await card(roundId, 'Jo'))!.groupId).toBe('g3');
    expect((await card(roundId, 'Gu'))!.groupId).toBe('g4');
  });

  it('adds a late arrival to a group that has not started, with a scorecard of their own', async () => {
    const res = await t.org.client.post(`/rounds/${roundId}/add-player`, { playerId: t.id.Max, toGroup: 4 });
    expect(res.status, res.text).toBe(200);
    expect((await groupNames(roundId))[3]).toEqual(['Gu', 'Kit', 'Lu', 'Max']);
    const c = await card(roundId, 'Max');
    expect(c).toMatchObject({ groupId: 'g4', handicap: { tee: 'White', handicapIndex: 16 } });
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}`)).body.playerIds).toContain(t.id.Max);
  });

  it('refuses a move into or out of a started group in words, with the alternative, and changes nothing', async () => {
    const before = await groupNames(roundId);
    const into = await t.org.client.post(`/rounds/${roundId}/move-player`, { playerId: t.id.Hal, toGroup: 1 });
    expect(into.status).toBe(409);
    expect(into.body.error.code).toBe('group_started');
    expect(into.body.error.message).toMatch(/Group 1 has started \(Al, Bo have scores in\): it takes nobody new\. Put Hal in a group that has not teed off/);
    const out = await t.org.client.post(`/rounds/${roundId}/swap-players`, { playerA: t.id.Di, playerB: t.id.Hal });
    expect(out.status).toBe(409);
    expect(out.body.error.message).toMatch(/Group 2 has started \(Di has scores in\): its players stay as they are.*To take a player out of play, mark them withdrawn or a no-show instead/);
    const late = await t.org.client.post(`/rounds/${roundId}/swap-groups`, { groupA: 1, groupB: 3, exchange: 'tee_times' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/Group 1 has started.*tee time and starting hole stay/);
    expect(await groupNames(roundId)).toEqual(before);
  });

  it('lets a player with no score leave a started group for one that has not started', async () => {
    const res = await t.org.client.post(`/rounds/${roundId}/move-player`, { playerId: t.id.Cy, toGroup: 3 });
    expect(res.status, res.text).toBe(200);
    expect((await groupNames(roundId))[0]).toEqual(['Al', 'Bo']);
    expect((await card(roundId, 'Cy'))!.groupId).toBe('g3');
  });

  it('fails with 409 and puts the groups back when a score arrives for a changed group between the decision and the write', async () => {
    const before = await groupNames(roundId);
    t.server.deps.hooks.beforeRegroupWrite = async () => {
      t.server.deps.hooks.beforeRegroupWrite = undefined;
      // Kit's group tees off while the organizer's swap is on its way.
      await t.scores(roundId, { Kit: [4] });
    };
    const res = await t.org.client.post(`/rounds/${roundId}/swap-players`, { playerA: t.id.Hal, playerB: t.id.Kit });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('revision_conflict');
    expect(res.body.error.message).toMatch(/Nothing changed: a score arrived.*Group 4 has started/);
    expect(await groupNames(roundId)).toEqual(before);
    expect((await card(roundId, 'Kit'))!.groupId).toBe('g4');
    expect((await card(roundId, 'Hal'))!.groupId).toBe('g3');
  });
});

describe('no-shows and withdrawals', () => {
  it('a no-show leaves skins (the pot shared by those who play) and their group, and can be put back', async () => {
    const roundId = await t.round([['Al', 'Bo', 'Cy'], ['Di', 'Ed']]);
    const skins = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: ['Al', 'Bo', 'Cy', 'Di', 'Ed'].map((n) => t.id[n]), config: { mode: 'pot', cents: 5000 } });
    expect(skins.status, skins.text).toBe(201);
    await t.scores(roundId, { Al: [3], Bo: [4], Di: [4], Ed: [4] });
    const preview = await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id.Cy, preview: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'no_show', afterHole: 0, leavesGroup: 1, applied: false });
    expect(preview.body.games[0]).toMatchObject({ kind: 'skins', players: 4, potCents: 5000 });
    // Before: hole 1 waits for Cy's score, so nothing counts. After: four pay 1250 each into the pot, and Al won the
    // only skin so far (the rest of the pot is still to play for, so Al holds all of it for now).
    expect(Object.values(preview.body.games[0].before)).toEqual([0, 0, 0, 0, 0]);
    expect(preview.body.games[0].after).toEqual({ [t.id.Al!]: 5000 - 1250, [t.id.Bo!]: -1250, [t.id.Di!]: -1250, [t.id.Ed!]: -1250 });
    expect((await card(roundId, 'Cy'))!.outOfPlay).toBeUndefined();

    const done = await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id.Cy });
    expect(done.status, done.text).toBe(200);
    expect(done.body.applied).toBe(true);
    expect((await card(roundId, 'Cy'))!.outOfPlay).toMatchObject({ kind: 'no_show', afterHole: 0 });
    expect((await groupNames(roundId))[0]).toEqual(['Al', 'Bo']);
    expect((await pairings(roundId)).outOfGroups?.map((p) => p.id)).toEqual([t.id.Cy]);
    const state = (await t.org.client.get(`/trips/${t.tripId}/side-games/${skins.body.game.id}`)).body.state;
    expect(state.moneyCents).toEqual(preview.body.games[0].after);
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}`)).body;
    expect(JSON.stringify(board)).not.toContain(t.id.Cy);

    const back = await t.org.client.delete(`/rounds/${roundId}/out-of-play/${t.id.Cy}`);
    expect(back.status, back.text).toBe(200);
    expect((await card(roundId, 'Cy'))!.outOfPlay).toBeUndefined();
    // Back in the round, but group 1 has teed off meanwhile: it takes nobody new, and says so.
    const join = await t.org.client.post(`/rounds/${roundId}/add-player`, { playerId: t.id.Cy, toGroup: 1 });
    expect(join.status).toBe(409);
    expect(join.body.error).toMatchObject({ code: 'group_started', message: expect.stringMatching(/Group 1 has started \(Al, Bo have scores in\): it takes nobody new\. Put Cy in a group that has not teed off/) });
    expect((await pairings(roundId)).outOfGroups?.map((p) => p.id)).toEqual([t.id.Cy]);
  });

  it('a withdrawal mid-round keeps the holes played; per skin they pay nothing for the holes after', async () => {
    const roundId = await t.round([['Al', 'Bo', 'Cy']]);
    const skins = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: ['Al', 'Bo', 'Cy'].map((n) => t.id[n]), config: { mode: 'per_skin', cents: 100 } });
    await t.scores(roundId, { Al: [3, 4], Bo: [4, 4], Cy: [5, 5] });
    const res = await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id.Cy });
    expect(res.body).toMatchObject({ kind: 'withdrawn', afterHole: 2, leavesGroup: null });
    // Holes 3 and 4 are played without Cy: Bo wins hole 3 (a skin Cy does not pay), Al hole 4.
    await t.scores(roundId, { Al: [5, 3], Bo: [4, 4] }, 3);
    const read = await t.org.client.get(`/trips/${t.tripId}/side-games/${skins.body.game.id}`);
    expect(read.status, read.text).toBe(200);
    const state = read.body.state;
    expect(state.holesCounted).toEqual([1, 2, 3, 4]);
    expect(state.holes.map((h: { winner: string | null }) => h.winner)).toEqual([t.id.Al, null, t.id.Bo, t.id.Al]);
    // Hole 1 (1 skin): Bo and Cy pay Al 100 each. Hole 2 tied, carried: hole 3 is worth 2, paid by Al alone; hole 4: Bo pays Al 100.
    expect(state.moneyCents).toEqual({ [t.id.Al!]: 200 - 200 + 100, [t.id.Bo!]: -100 + 200 - 100, [t.id.Cy!]: -100 });
    // The holes Cy entered stay as they are; the round's board no longer lists Cy.
    const cyScores = (await t.org.client.get(`/trips/${t.tripId}/scorecards/${roundId}-${t.id.Cy}/scores`)).body.items;
    expect(cyScores.map((s: { strokes: number }) => s.strokes)).toEqual([5, 5]);
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}`)).body;
    expect(JSON.stringify(board)).not.toContain(t.id.Cy);
  });

  it('a singles Nassau ends when a player withdraws: forfeit gives the opponent the open bets, void calls them off', async () => {
    for (const how of ['forfeit', 'void'] as const) {
      const roundId = await t.round([['Al', 'Bo']]);
      const nassau = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Al], b: [t.id.Bo] }, config: { stakes: 500 } });
      expect(nassau.status, nassau.text).toBe(201);
      // Al wins the first two holes and withdraws.
      await t.scores(roundId, { Al: [3, 3], Bo: [4, 4] });
      const preview = await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id.Al, nassau: how, preview: true });
      expect(preview.body.games[0]).toMatchObject({ kind: 'nassau', ends: how, before: { [t.id.Al!]: 0, [t.id.Bo!]: 0 } });
      expect(preview.body.games[0].after).toEqual(how === 'forfeit' ? { [t.id.Al!]: -1500, [t.id.Bo!]: 1500 } : { [t.id.Al!]: 0, [t.id.Bo!]: 0 });
      await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id.Al, nassau: how });
      const state = (await t.org.client.get(`/trips/${t.tripId}/side-games/${nassau.body.game.id}`)).body.state;
      expect(state.ended).toMatchObject({ side: 'a', afterHole: 2, how });
      expect(state.bets.map((b: { result: string }) => b.result)).toEqual(how === 'forfeit' ? ['b', 'b', 'b'] : ['void', 'void', 'void']);
      expect(state.moneyCents).toEqual(preview.body.games[0].after);
    }
  });
});
