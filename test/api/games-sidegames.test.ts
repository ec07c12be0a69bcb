import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let base: string;
const skins = (names: string[], config: Record<string, unknown> = {}, basis = 'gross') => ({
  kind: 'skins',
  roundId,
  basis,
  participants: names.map((n) => t.id[n]),
  config: { mode: 'per_skin', cents: 500, ...config },
});

beforeAll(async () => {
  // White tee 71.2/128, par 72, stroke play 95 %: index 1.0 → Playing Handicap 0; index 5.0 → 5 (a stroke on SI 1–5).
  t = await gamesTrip([{ name: 'Al', handicapIndex: 1 }, { name: 'Bo', handicapIndex: 5 }, { name: 'Cy' }, { name: 'Di', handicapIndex: 1 }, { name: 'Ed' }]);
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  base = `/trips/${t.tripId}/side-games`;
});
afterAll(() => t.server.close());

const money = (state: { moneyCents: Record<string, number> }) => Object.fromEntries(Object.entries(state.moneyCents).map(([id, c]) => [Object.keys(t.id).find((n) => t.id[n] === id), c]));

describe('skins on the dashboard', () => {
  let gameId: string;
  let netId: string;
  let potId: string;

  it('creates games with empty state', async () => {
    const res = await t.org.client.post(base, skins(['Al', 'Bo', 'Cy']));
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${base}/${res.body.game.id}`);
    expect(res.body.game).toMatchObject({ kind: 'skins', name: 'Skins – Day 1', basis: 'gross', createdBy: { kind: 'organizer', id: t.org.user.id } });
    expect(res.body.game.config).toEqual({ mode: 'per_skin', cents: 500, carryover: true, validation: false, leftover: 'refund', carriedIn: 0 });
    expect(res.body.state).toMatchObject({ kind: 'skins', final: false, holesCounted: [], moneyCents: { [t.id.Al!]: 0, [t.id.Bo!]: 0, [t.id.Cy!]: 0 } });
    gameId = res.body.game.id;
    netId = (await t.org.client.post(base, { ...skins(['Al', 'Bo'], {}, 'net'), name: 'Net skins' })).body.game.id;
    potId = (await t.org.client.post(base, skins(['Al', 'Bo', 'Cy'], { mode: 'pot', cents: 3000 }))).body.game.id;
  });

  it('carries a tie and pays the next winner two skins, as the scores arrive', async () => {
    await t.scores(roundId, { Al: [4], Bo: [4], Cy: [5] });
    let s = (await t.org.client.get(`${base}/${gameId}`)).body.state;
    expect(s.holesCounted).toEqual([1]);
    expect(s.holes[0]).toMatchObject({ outcome: 'tied', leaders: [t.id.Al, t.id.Bo].sort(), carried: 1 });
    expect(s.carrying).toBe(1);
    expect(money(s)).toEqual({ Al: 0, Bo: 0, Cy: 0 });

    await t.scores(roundId, { Al: [3], Bo: [4], Cy: [5] }, 2);
    s = (await t.org.client.get(`${base}/${gameId}`)).body.state;
    expect(s.holes[1]).toMatchObject({ hole: 2, skinsAtStake: 2, winner: t.id.Al, skinsWon: 2, centsFromEachOpponent: 1000 });
    expect(money(s)).toEqual({ Al: 2000, Bo: -1000, Cy: -1000 });
  });

  it('counts a hole only once every player has finished it', async () => {
    await t.scores(roundId, { Al: [5], Bo: [4] }, 3);
    let s = (await t.org.client.get(`${base}/${gameId}`)).body.state;
    expect(s.holesCounted).toEqual([1, 2]);
    await t.scores(roundId, { Cy: [5] }, 3);
    s = (await t.org.client.get(`${base}/${gameId}`)).body.state;
    expect(s.holesCounted).toEqual([1, 2, 3]);
    expect(s.players.map((p: { skins: number }) => p.skins)).toEqual([2, 1, 0]);
    expect(money(s)).toEqual({ Al: 1500, Bo: 0, Cy: -1500 });
  });

  it('splits a pot by skins won', async () => {
    const s = (await t.org.client.get(`${base}/${potId}`)).body.state;
    expect(s).toMatchObject({ potCents: 3000, paidOutCents: 3000 });
    expect(money(s)).toEqual({ Al: 1000, Bo: 0, Cy: -1000 });
  });

  it('compares net scores with the playing handicaps frozen on the scorecards', async () => {
    // Hole 4 is stroke index 1: Bo (5 strokes) nets 5 − 1 = 4 and ties Al's 4.
    await t.scores(roundId, { Al: [4], Bo: [5] }, 4);
    const s = (await t.org.client.get(`${base}/${netId}`)).body.state;
    expect(s.playingHandicaps).toEqual({ [t.id.Al!]: 0, [t.id.Bo!]: 5 });
    expect(s.holesCounted).toEqual([1, 2, 3, 4]);
    expect(s.holes[3]).toMatchObject({ hole: 4, lowScore: 4, outcome: 'tied' });
    expect(money(s)).toEqual({ Al: 500, Bo: -500 });
  });

  it('lists games, changes settings, deletes', async () => {
    const list = await t.org.client.get(`${base}?roundId=${roundId}`);
    expect(list.body.items.map((g: { id: string }) => g.id)).toEqual([gameId, netId, potId]);
    const patched = await t.org.client.patch(`${base}/${gameId}`, { config: { cents: 1000 } });
    expect(patched.status).toBe(200);
    expect(patched.body.game.config).toMatchObject({ mode: 'per_skin', cents: 1000, carryover: true });
    expect(money(patched.body.state)).toEqual({ Al: 3000, Bo: 0, Cy: -3000 });
    expect((await t.org.client.patch(`${base}/${gameId}`, { config: { leftover: 'winner_takes_all' } })).status).toBe(400);
    expect((await t.org.client.patch(`${base}/${gameId}`, { participants: { a: [t.id.Al], b: [t.id.Bo] } })).status).toBe(400);
    expect((await t.org.client.delete(`${base}/${potId}`)).status).toBe(204);
    expect((await t.org.client.get(`${base}/${potId}`)).body.error.code).toBe('not_found');
  });

  it('refuses bad settings and players', async () => {
    const bad = await t.org.client.post(base, skins(['Al', 'Bo'], { cents: -5 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await t.org.client.post(base, { ...skins(['Al', 'Bo']), kind: 'bingo' })).status).toBe(400);
    const stranger = await t.org.client.post(base, { ...skins(['Al']), participants: [t.id.Al, 'zzzzzzzz'] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toMatchObject({ code: 'unknown_player', details: [{ path: ['body', 'participants', 1] }] });
    const notInRound = await t.org.client.post(base, skins(['Al', 'Ed']));
    expect(notInRound.status).toBe(422);
    expect(notInRound.body.error.message).toContain('does not play');
    expect((await t.org.client.post(base, skins(['Al', 'Al']))).body.error.code).toBe('duplicate_player');
    expect((await t.org.client.post(base, { ...skins(['Al', 'Bo']), roundId: 'zzzzzzzz' })).status).toBe(404);
  });

  it('refuses another organizer and a portal session', async () => {
    const other = await organizer(t.server.url, 'Other');
    const res = await other.client.get(`${base}/${gameId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
    expect((await other.client.post(base, skins(['Al', 'Bo']))).status).toBe(404);
    const portal = await t.portal.Al!.get(base);
    expect(portal.status).toBe(401);
    expect(portal.body.error.code).toBe('wrong_auth_mode');
  });
});

describe('Nassau on the dashboard', () => {
  let gameId: string;

  it('refuses sides of different sizes', async () => {
    const res = await t.org.client.post(base, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Al], b: [t.id.Bo, t.id.Cy] }, config: { stakes: 1000 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toEqual(['body', 'participants']);
  });

  it('net: strokes off the lowest Playing Handicap at the match play allowance, a setting (WHS Appendix C)', async () => {
    // Course Handicaps: Al 1.0 × 128/113 − 0.8 = 0.33, Bo 5.0 × 128/113 − 0.8 = 4.86. Singles at 100 %: PH 0 and 5.
    const res = await t.org.client.post(base, { kind: 'nassau', roundId, basis: 'net', participants: { a: [t.id.Al], b: [t.id.Bo] }, config: { stakes: 500 } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.game.config).not.toHaveProperty('allowancePercent');
    expect(res.body.state).toMatchObject({ allowancePercent: 100, playingHandicaps: { [t.id.Al!]: 0, [t.id.Bo!]: 5 }, matchStrokes: { [t.id.Al!]: 0, [t.id.Bo!]: 5 } });
    // At 50 %: PH 0 and 2 (2.43): Bo receives 2.
    const half = await t.org.client.patch(`${base}/${res.body.game.id}`, { config: { allowancePercent: 50 } });
    expect(half.status, half.text).toBe(200);
    expect(half.body.game.config.allowancePercent).toBe(50);
    expect(half.body.state).toMatchObject({ allowancePercent: 50, matchStrokes: { [t.id.Al!]: 0, [t.id.Bo!]: 2 } });
    expect((await t.org.client.patch(`${base}/${res.body.game.id}`, { config: { allowancePercent: 150 } })).status).toBe(400);
    const onSkins = await t.org.client.post(base, skins(['Al', 'Bo'], { allowancePercent: 90 }));
    expect(onSkins.status).toBe(400);
    expect(onSkins.body.error.code).toBe('validation_failed');
    // A gross Nassau takes no strokes.
    const gross = await t.org.client.post(base, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Al], b: [t.id.Bo] }, config: { stakes: 500 } });
    expect(gross.body.state).toMatchObject({ allowancePercent: null, matchStrokes: {}, playingHandicaps: {} });
    for (const id of [res.body.game.id, gross.body.game.id]) expect((await t.org.client.delete(`${base}/${id}`)).status).toBe(204);
  });

  it('plays three bets and a manual press, settled when the round completes', async () => {
    const res = await t.org.client.post(base, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Al], b: [t.id.Bo] }, config: { stakes: 1000, autoPress: 'original_bets' } });
    expect(res.status).toBe(201);
    gameId = res.body.game.id;
    // Holes 1–4 so far: halved, Al, Bo, Al.
    expect(res.body.state.holesCounted).toEqual([1, 2, 3, 4]);
    expect(res.body.state.holes.slice(0, 4).map((h: { winner: string }) => h.winner)).toEqual(['halved', 'a', 'b', 'a']);
    expect(res.body.state.bets.map((b: { id: string; result: string }) => [b.id, b.result])).toEqual([
      ['front', 'in_progress'],
      ['back', 'in_progress'],
      ['overall', 'in_progress'],
    ]);
    expect(money(res.body.state)).toEqual({ Al: 0, Bo: 0 });

    const press = await t.org.client.post(`${base}/${gameId}/presses`, { side: 'b', startHole: 4 });
    expect(press.status).toBe(201);
    expect(press.body.state.bets.find((b: { id: string }) => b.id === 'front/m4')).toMatchObject({ pressedBy: 'b', holes: [4, 5, 6, 7, 8, 9], stakeCents: 1000, aUp: 1 });
    expect((await t.org.client.post(`${base}/${gameId}/presses`, { side: 'a', startHole: 4 })).status).toBe(409);
    expect((await t.org.client.post(`${base}/${gameId}/presses`, { side: 'a', startHole: 1 })).status).toBe(400);
    expect((await t.org.client.post(`${base}/${gameId}/presses`, { side: 'a', startHole: 5, bet: 'front/a3' })).status).toBe(400);

    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    const s = (await t.org.client.get(`${base}/${gameId}`)).body.state;
    expect(s.final).toBe(true);
    // Unplayed holes count as halved: Al wins the front, the overall and the press by one hole; the back is halved.
    expect(s.bets.map((b: { id: string; result: string }) => [b.id, b.result])).toEqual([
      ['front', 'a'],
      ['back', 'halved'],
      ['overall', 'a'],
      ['front/m4', 'a'],
    ]);
    expect(money(s)).toEqual({ Al: 3000, Bo: -3000 });
  });

  it('refuses changes once the round is completed', async () => {
    const patch = await t.org.client.patch(`${base}/${gameId}`, { config: { stakes: 2000 } });
    expect(patch.status).toBe(409);
    expect(patch.body.error.code).toBe('round_state_conflict');
    expect((await t.org.client.post(`${base}/${gameId}/presses`, { side: 'b', startHole: 12 })).status).toBe(409);
    expect((await t.org.client.post(base, skins(['Al', 'Bo']))).status).toBe(409);
    const skinsGame = (await t.org.client.get(base)).body.items.find((g: { kind: string }) => g.kind === 'skins');
    expect((await t.org.client.post(`${base}/${skinsGame.id}/presses`, { side: 'b', startHole: 12 })).status).toBe(422);
  });
});
