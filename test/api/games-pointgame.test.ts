import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let setup: string;
let mine: string;
let select: string;
let second: string;
const RED = ['Al', 'Bo', 'Cy', 'Di'];
const pick = (hole: number, names: string[], confirm = true) => ({ hole, playerIds: names.map((n) => t.id[n]), confirm });

beforeAll(async () => {
  // Index 1.0 plays off 0 on this course; Bo's 5.0 gives a stroke on stroke indexes 1–5 (hole 4 is SI 1).
  t = await gamesTrip([
    ...RED.map((name) => ({ name, handicapIndex: name === 'Bo' ? 5 : 1, team: 'Red' })),
    { name: 'Ed', team: 'Blue' },
    { name: 'Fy', team: 'Blue' },
  ]);
  roundId = await t.round([['Al', 'Bo', 'Ed'], ['Cy', 'Di', 'Fy']]);
  setup = `/trips/${t.tripId}/rounds/${roundId}/point-games`;
  mine = `/trip-portal/trips/${t.tripId}/rounds/${roundId}/point-game`;
  select = `${mine}/selections`;
});
afterAll(() => t.server.close());

describe('setting up the point game', () => {
  it('refuses a captain off the team, a wrong size, a stranger, other organizers and portal sessions', async () => {
    const notOnTeam = await t.org.client.post(setup, { team: 'Red', captainId: t.id.Ed });
    expect(notOnTeam.status).toBe(422);
    expect(notOnTeam.body.error.details[0].path).toEqual(['body', 'captainId']);
    expect((await t.org.client.post(setup, { team: 'Red', captainId: 'zzzzzzzz' })).body.error.code).toBe('unknown_player');
    expect((await t.org.client.post(setup, { team: 'Red', captainId: t.id.Al, teamSize: 3 })).status).toBe(422);
    expect((await t.org.client.post(setup, { team: 'Green', captainId: t.id.Al })).status).toBe(422);
    expect((await t.org.client.post(setup, { team: 'Red', captainId: t.id.Al, targetCount: 73 })).status).toBe(400);
    expect((await t.org.client.post(setup, { team: 'Red' })).status).toBe(400);
    const other = await organizer(t.server.url, 'Other');
    expect((await other.client.post(setup, { team: 'Red', captainId: t.id.Al })).status).toBe(404);
    expect((await t.portal.Al!.get(setup)).body.error.code).toBe('wrong_auth_mode');
  });

  it('sets up a team of 4 counting 40 scores, and replaces it while nothing is selected', async () => {
    const first = await t.org.client.post(setup, { team: 'Red', captainId: t.id.Bo });
    expect(first.status).toBe(201);
    const res = await t.org.client.post(setup, { team: 'Red', captainId: t.id.Al });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: `${roundId}-red`, team: 'Red', captainId: t.id.Al, config: { teamSize: 4, targetCount: 40, holes: 18 } });
    expect(res.body.playerIds).toEqual(RED.map((n) => t.id[n]));
    expect(res.body.state).toMatchObject({ currentHole: 1, allowedRange: { min: 0, max: 4 }, countedSoFar: 0, remaining: 40, canComplete: true, selectable: [] });
    expect((await t.org.client.post(setup, { team: 'Blue', captainId: t.id.Ed, targetCount: 20 })).body.config).toEqual({ teamSize: 2, targetCount: 20, holes: 18 });
    // Blue plays a second round too; its game there is its own.
    second = await t.round([['Ed', 'Fy']]);
    const blue = await t.org.client.post(`/trips/${t.tripId}/rounds/${second}/point-games`, { team: 'Blue', captainId: t.id.Fy });
    expect(blue.body).toMatchObject({ id: `${second}-blue`, captainId: t.id.Fy, config: { teamSize: 2, targetCount: 20, holes: 18 } });
    const list = await t.org.client.get(setup);
    expect(list.body.items.map((g: { team: string }) => g.team)).toEqual(['Blue', 'Red']);
  });
});

describe("the captain's selections", () => {
  it('shows my team its state; only the captain selects', async () => {
    const state = await t.portal.Cy!.get(mine);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ team: 'Red', isCaptain: false, state: { currentHole: 1, lockedHoles: [] } });
    const refused = await t.portal.Cy!.post(select, pick(1, []));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('refuses a player without a score, then follows scores and selections', async () => {
    const noScore = await t.portal.Al!.post(select, pick(1, ['Al']));
    expect(noScore.status).toBe(422);
    expect(noScore.body.error.details[0]).toMatchObject({ code: 'no_score' });
    await t.scores(roundId, { Al: Array(18).fill(4), Bo: Array(18).fill(5), Cy: Array(18).fill(4), Di: Array(18).fill(6) });
    const state = (await t.portal.Al!.get(mine)).body;
    expect(state.isCaptain).toBe(true);
    expect(state.state.selectable).toEqual(RED.map((n) => t.id[n]));
    expect(state.netScores[t.id.Bo!]).toMatchObject({ 1: 5, 4: 4 });

    const draft = await t.portal.Al!.post(select, pick(1, ['Al', 'Bo'], false));
    expect(draft.status).toBe(200);
    expect(draft.body.state).toMatchObject({ currentHole: 1, countedSoFar: 0, perHole: [{ hole: 1, count: 2, confirmed: false }] });
    const confirmed = await t.portal.Al!.post(select, pick(1, ['Al', 'Cy']));
    expect(confirmed.body.state).toMatchObject({ currentHole: 2, countedSoFar: 2, runningTotal: 8, remaining: 38, lockedHoles: [1] });
  });

  it('refuses a locked hole, a later hole, a player off the team', async () => {
    const locked = await t.portal.Al!.post(select, pick(1, ['Bo']));
    expect(locked.status).toBe(409);
    expect(locked.body.error.details[0]).toMatchObject({ code: 'hole_locked', currentHole: 2 });
    const later = await t.portal.Al!.post(select, pick(3, ['Bo']));
    expect(later.status).toBe(409);
    expect(later.body.error.details[0].code).toBe('not_current_hole');
    const stranger = await t.portal.Al!.post(select, pick(2, ['Ed']));
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.code).toBe('unknown_player');
  });

  it('forces the count late in the round and reaches exactly 40', async () => {
    for (let hole = 2; hole <= 8; hole++) expect((await t.portal.Al!.post(select, pick(hole, []))).status).toBe(200);
    // Hole 9: 38 to count with 9 holes after it × 4 = 36, so at least 2 must count.
    const state = (await t.portal.Al!.get(mine)).body.state;
    expect(state.allowedRange).toEqual({ min: 2, max: 4 });
    const tooFew = await t.portal.Al!.post(select, pick(9, ['Al']));
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.error.details[0]).toMatchObject({ code: 'count_out_of_range', min: 2, max: 4, count: 1 });
    expect((await t.portal.Al!.post(select, pick(9, ['Al', 'Cy']))).status).toBe(200);
    let last;
    for (let hole = 10; hole <= 18; hole++) last = await t.portal.Al!.post(select, pick(hole, RED));
    // Counted: Al+Cy on holes 1 and 9 (4 + 4 each), then all four on 10–18 (4 + 5 + 4 + 6, Bo nets 4 on holes 12 and 17, SI 2 and 4).
    expect(last!.body.state).toMatchObject({ currentHole: null, allowedRange: null, countedSoFar: 40, remaining: 0, complete: true, canComplete: true });
    expect(last!.body.state.runningTotal).toBe(16 + 9 * 19 - 2);
    expect((await t.portal.Al!.post(select, pick(18, RED))).body.error.details[0].code).toBe('game_complete');
  });

  it('shows each player the game of their own team, and 404 without one', async () => {
    expect((await t.portal.Ed!.get(mine)).body).toMatchObject({ team: 'Blue', isCaptain: true, state: { countedSoFar: 0 } });
    const other = await t.portal.Ed!.get(`/trip-portal/trips/${t.tripId}/rounds/${second}/point-game`);
    expect(other.body).toMatchObject({ team: 'Blue', isCaptain: false });
    const none = await t.portal.Al!.get(`/trip-portal/trips/${t.tripId}/rounds/${second}/point-game`);
    expect(none.status).toBe(404);
  });

  it('refuses setting up again after selections, and anything once the round is completed', async () => {
    expect((await t.org.client.post(setup, { team: 'Red', captainId: t.id.Cy })).status).toBe(409);
    // Blue has not counted its 40: the round cannot complete, and the answer names the team.
    const early = await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('round_state_conflict');
    expect(JSON.stringify(early.body.error.details)).toContain('Blue');
    expect((await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}`)).body.state).not.toBe('completed');
    // Blue has counted nothing yet: set up again, it is replaced.
    expect((await t.org.client.post(setup, { team: 'Blue', captainId: t.id.Fy, targetCount: 0 })).status).toBe(200);
    for (let hole = 1; hole <= 18; hole++) expect((await t.portal.Fy!.post(select, pick(hole, []))).status).toBe(200);
    expect((await t.portal.Fy!.get(mine)).body.state).toMatchObject({ complete: true, countedSoFar: 0 });
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    expect((await t.org.client.post(setup, { team: 'Blue', captainId: t.id.Ed })).body.error.code).toBe('round_state_conflict');
    const late = await t.portal.Al!.post(select, pick(18, ['Al']));
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('round_state_conflict');
  });
});
