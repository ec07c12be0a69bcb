import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let draftId: string;
let path: string;
let skinsId: string;
let nassauId: string;

beforeAll(async () => {
  t = await gamesTrip(['Al', 'Bo', 'Cy', 'Di', 'Ed'].map((name) => ({ name })));
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  draftId = await t.round([['Al', 'Bo']], { ready: false });
  path = `/trip-portal/trips/${t.tripId}/side-games`;
});
afterAll(() => t.server.close());

const ids = (items: { game: { id: string } }[]) => items.map((i) => i.game.id);

describe('side games in the portal', () => {
  it('lets a player start a skins game and a Nassau they play in', async () => {
    const res = await t.portal.Al!.post(path, { kind: 'skins', roundId, participants: [t.id.Al, t.id.Bo], config: { mode: 'per_skin', cents: 200 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mine: true, canJoin: false, game: { basis: 'net', createdBy: { kind: 'player', id: t.id.Al } }, state: { holesCounted: [] } });
    skinsId = res.body.game.id;
    const nassau = await t.portal.Cy!.post(path, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Cy], b: [t.id.Di] }, config: { stakes: 500 } });
    expect(nassau.status).toBe(201);
    nassauId = nassau.body.game.id;
  });

  it('refuses a game I do not play in, a draft round, unknown players', async () => {
    const notMine = await t.portal.Al!.post(path, { kind: 'skins', roundId, participants: [t.id.Cy, t.id.Di], config: { mode: 'pot', cents: 1000 } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.code).toBe('forbidden');
    const draft = await t.portal.Al!.post(path, { kind: 'skins', roundId: draftId, participants: [t.id.Al, t.id.Bo], config: { mode: 'pot', cents: 1000 } });
    expect(draft.status).toBe(404);
    const stranger = await t.portal.Al!.post(path, { kind: 'skins', roundId, participants: [t.id.Al, 'zzzzzzzz'], config: { mode: 'pot', cents: 1000 } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error.code).toBe('unknown_player');
    const bad = await t.portal.Al!.post(path, { kind: 'skins', roundId, participants: [t.id.Al, t.id.Bo], config: { mode: 'pot' } });
    expect(bad.status).toBe(400);
  });

  it('lists the games I am in or can join', async () => {
    const cy = (await t.portal.Cy!.get(path)).body.items;
    expect(ids(cy)).toEqual([skinsId, nassauId]);
    expect(cy.map((i: { mine: boolean; canJoin: boolean }) => [i.mine, i.canJoin])).toEqual([
      [false, true],
      [true, false],
    ]);
    // Ed plays no round: nothing to join.
    expect((await t.portal.Ed!.get(path)).body.items).toEqual([]);
    expect(ids((await t.portal.Al!.get(`${path}?roundId=${roundId}`)).body.items)).toEqual([skinsId]);
  });

  it('joins a skins game before it has results, never a Nassau', async () => {
    const join = await t.portal.Cy!.post(`${path}/${skinsId}/join`);
    expect(join.status).toBe(200);
    expect(join.body.mine).toBe(true);
    expect(join.body.game.participants).toEqual([t.id.Al, t.id.Bo, t.id.Cy]);
    expect((await t.portal.Cy!.post(`${path}/${skinsId}/join`)).status).toBe(200);
    const nassau = await t.portal.Al!.post(`${path}/${nassauId}/join`);
    expect(nassau.status).toBe(409);
    expect(nassau.body.error.message).toContain('fixed');
    expect((await t.portal.Ed!.post(`${path}/${skinsId}/join`)).status).toBe(422);
    expect((await t.portal.Al!.post(`${path}/zzzzzzzz/join`)).status).toBe(404);
  });

  it('updates the state as scores arrive and closes joining', async () => {
    await t.scores(roundId, { Al: [4, 4], Bo: [5, 3], Cy: [5, 5] });
    const mine = (await t.portal.Bo!.get(path)).body.items.find((i: { game: { id: string } }) => i.game.id === skinsId);
    expect(mine.state.holesCounted).toEqual([1, 2]);
    // Each skin is worth 200 from each of the two others.
    expect(mine.state.moneyCents).toEqual({ [t.id.Al!]: 200, [t.id.Bo!]: 200, [t.id.Cy!]: -400 });
    const late = await t.portal.Di!.post(`${path}/${skinsId}/join`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain('results');
    expect(ids((await t.portal.Di!.get(path)).body.items)).toEqual([nassauId]);
  });

  it('refuses a dashboard token on portal routes and sessions of other trips', async () => {
    const res = await t.org.client.get(path);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('wrong_auth_mode');
    expect((await t.portal.Al!.get('/trip-portal/trips/zzzzzzzz/side-games')).status).toBe(403);
  });
});
