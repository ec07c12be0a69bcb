import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let sideGameId: string;
let base: string;
const wager = (id = '') => `${base}${id ? `/${id}` : ''}`;
const ids = (...names: string[]) => names.map((n) => t.id[n]!);
const all = async () => (await t.org.client.get(wager())).body.items as { id: string; [k: string]: unknown }[];

async function create(body: Record<string, unknown>) {
  const res = await t.org.client.post(wager(), { stakeCents: 1000, terms: 'Low gross on day 1', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [k: string]: any };
}

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', team: 'USA' },
    { name: 'Bo', team: 'USA' },
    { name: 'Cy', team: 'Europe' },
    { name: 'Di', team: 'Europe' },
    { name: 'Ed' },
  ]);
  roundId = await t.round([['Al', 'Bo', 'Cy', 'Di']]);
  base = `/trips/${t.tripId}/wagers`;
  const game = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: ids('Al', 'Bo'), config: { mode: 'per_skin', cents: 100 } });
  expect(game.status, game.text).toBe(201);
  sideGameId = game.body.game.id;
});
afterAll(() => t.server.close());

describe('POST /trips/:tripId/wagers', () => {
  it('records an open wager between players, with a Location', async () => {
    const res = await t.org.client.post(wager(), { sideA: ids('Al'), sideB: ids('Cy', 'Di'), stakeCents: 2500, terms: '  Al beats both on day 1  ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(wager(res.body.id));
    expect(res.body).toEqual({
      id: res.body.id,
      tripId: t.tripId,
      currency: 'EUR',
      sideA: ids('Al'),
      sideB: ids('Cy', 'Di'),
      teamA: null,
      teamB: null,
      stakeCents: 2500,
      terms: 'Al beats both on day 1',
      roundId: null,
      sideGameId: null,
      status: 'open',
      outcome: null,
      winnerPlayerId: null,
      settledAt: null,
      createdBy: { kind: 'organizer', id: t.org.user.id },
      amounts: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/_rev|_id/);
    expect((await t.org.client.get(wager(res.body.id))).body).toEqual(res.body);
  });

  it('resolves a team side to the players of that team, keeping the team name', async () => {
    const w = await create({ sideA: { team: 'USA' }, sideB: { team: 'Europe' } });
    expect(w).toMatchObject({ sideA: ids('Al', 'Bo'), sideB: ids('Cy', 'Di'), teamA: 'USA', teamB: 'Europe' });
    const mixed = await create({ sideA: { team: 'Europe' }, sideB: ids('Ed') });
    expect(mixed).toMatchObject({ sideA: ids('Cy', 'Di'), sideB: ids('Ed'), teamA: 'Europe', teamB: null });
  });

  it('ties a wager to a round or a side game of the trip', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo'), roundId, sideGameId });
    expect(w).toMatchObject({ roundId, sideGameId });
  });

  it.each([
    ['a negative stake', { stakeCents: -100 }, 400, 'validation_failed'],
    ['a zero stake', { stakeCents: 0 }, 400, 'validation_failed'],
    ['a stake in fractions of a cent', { stakeCents: 10.5 }, 400, 'validation_failed'],
    ['an empty side', { sideA: [] }, 400, 'validation_failed'],
    ['a player twice on one side', { sideA: ['playerxx1', 'playerxx1'] }, 400, 'validation_failed'],
    ['empty terms', { terms: '   ' }, 400, 'validation_failed'],
    ['terms over 500 characters', { terms: 'x'.repeat(501) }, 400, 'validation_failed'],
    ['an unknown field', { odds: 2 }, 400, 'validation_failed'],
    ['a missing side', { sideB: undefined }, 400, 'validation_failed'],
    ['an unknown player', { sideB: ['nosuchplayer1'] }, 422, 'unknown_player'],
    ['an unknown team', { sideB: { team: 'Asia' } }, 422, 'unprocessable'],
    ['an unknown round', { roundId: 'nosuchround1' }, 422, 'unprocessable'],
    ['an unknown side game', { sideGameId: 'nosuchgame1' }, 422, 'unprocessable'],
  ])('refuses %s and records nothing', async (_label, change, status, code) => {
    const before = await all();
    const body = { sideA: ids('Al'), sideB: ids('Bo'), stakeCents: 1000, terms: 'Closest to the pin', ...change };
    const res = await t.org.client.post(wager(), body);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await all()).toEqual(before);
  });

  it('names the unknown player in the details', async () => {
    const res = await t.org.client.post(wager(), { sideA: ids('Al'), sideB: [t.id.Bo, 'nosuchplayer1'], stakeCents: 1000, terms: 'x' });
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: ['body', 'sideB', 1], playerId: 'nosuchplayer1' })]);
  });

  it('refuses a player on both sides with 422 naming the player', async () => {
    const res = await t.org.client.post(wager(), { sideA: ids('Al', 'Bo'), sideB: ids('Cy', 'Bo'), stakeCents: 1000, terms: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.message).toBe(`a player cannot be on both sides of a wager: Bo (${t.id.Bo})`);
    const team = await t.org.client.post(wager(), { sideA: { team: 'USA' }, sideB: ids('Al'), stakeCents: 1000, terms: 'x' });
    expect(team.status).toBe(422);
    expect(team.body.error.message).toContain('both sides');
  });
});

describe('PATCH /trips/:tripId/wagers/:wagerId/settle', () => {
  it('pays a lone winner the whole stake from the losers, split evenly, and names the winner', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Cy', 'Di'), stakeCents: 1001 });
    const res = await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'A' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'settled', outcome: 'A', winnerPlayerId: t.id.Al, settledAt: expect.any(String) });
    expect(res.body.amounts).toEqual([
      { playerId: t.id.Al, cents: 1001 },
      { playerId: t.id.Cy, cents: -501 },
      { playerId: t.id.Di, cents: -500 },
    ]);
    expect((await t.org.client.get(wager(w.id))).body).toEqual(res.body);
  });

  it('has no single winner when a side of several wins', async () => {
    const w = await create({ sideA: { team: 'USA' }, sideB: ids('Ed'), stakeCents: 999 });
    const res = await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'A' });
    expect(res.body).toMatchObject({ outcome: 'A', winnerPlayerId: null });
    expect(res.body.amounts).toEqual([
      { playerId: t.id.Al, cents: 500 },
      { playerId: t.id.Bo, cents: 499 },
      { playerId: t.id.Ed, cents: -999 },
    ]);
  });

  it('moves nothing for a push', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo') });
    const res = await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'push' });
    expect(res.body).toMatchObject({ status: 'settled', outcome: 'push', winnerPlayerId: null, amounts: [] });
  });

  it('answers 409 wager_already_settled to settling twice, and the first result stands', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo') });
    const first = await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'B' });
    const again = await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'A' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('wager_already_settled');
    expect((await t.org.client.get(wager(w.id))).body).toEqual(first.body);
  });

  it.each([
    ['an unknown winner', { winner: 'C' }],
    ['no winner', {}],
    ['an unknown field', { winner: 'A', note: 'x' }],
  ])('refuses %s with 400', async (_label, body) => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo') });
    const res = await t.org.client.patch(`${wager(w.id)}/settle`, body);
    expect(res.status).toBe(400);
    expect((await t.org.client.get(wager(w.id))).body.status).toBe('open');
  });

  it('answers 404 for an unknown wager', async () => {
    const res = await t.org.client.patch(`${wager('nosuchwager1')}/settle`, { winner: 'A' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('GET /trips/:tripId/wagers', () => {
  it('lists oldest first and filters by status and round', async () => {
    const items = await all();
    expect(items.length).toBeGreaterThan(3);
    const created = items.map((w) => w.createdAt as string);
    expect(created).toEqual([...created].sort());
    const open = (await t.org.client.get(`${wager()}?status=open`)).body.items as { status: string }[];
    const settled = (await t.org.client.get(`${wager()}?status=settled`)).body.items as { status: string }[];
    expect(open.length + settled.length).toBe(items.length);
    expect(open.every((w) => w.status === 'open') && settled.every((w) => w.status === 'settled')).toBe(true);
    const ofRound = (await t.org.client.get(`${wager()}?roundId=${roundId}`)).body.items as { roundId: string }[];
    expect(ofRound.length).toBe(1);
    expect(ofRound[0]!.roundId).toBe(roundId);
  });

  it('refuses an unknown status with 400', async () => {
    expect((await t.org.client.get(`${wager()}?status=paid`)).status).toBe(400);
  });

  it('answers 404 for an unknown wager', async () => {
    expect((await t.org.client.get(wager('nosuchwager1'))).status).toBe(404);
  });
});

describe('DELETE /trips/:tripId/wagers/:wagerId', () => {
  it('deletes an open wager', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo') });
    expect((await t.org.client.delete(wager(w.id))).status).toBe(204);
    expect((await t.org.client.get(wager(w.id))).status).toBe(404);
    expect((await t.org.client.delete(wager(w.id))).status).toBe(404);
  });

  it('keeps a settled wager: 409 wager_already_settled', async () => {
    const w = await create({ sideA: ids('Al'), sideB: ids('Bo') });
    const settled = (await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'A' })).body;
    const res = await t.org.client.delete(wager(w.id));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('wager_already_settled');
    expect((await t.org.client.get(wager(w.id))).body).toEqual(settled);
  });
});

describe('players with wagers', () => {
  it('refuses to delete a player named in a wager (409 player_has_money_entries), and allows it once the wager is gone', async () => {
    const added = await t.org.client.post(`/trips/${t.tripId}/players`, { name: 'Zed' });
    const zed = added.body.id as string;
    const w = await create({ sideA: [zed], sideB: ids('Ed') });
    const refused = await t.org.client.delete(`/trips/${t.tripId}/players/${zed}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('player_has_money_entries');
    expect((await t.org.client.delete(wager(w.id))).status).toBe(204);
    expect((await t.org.client.delete(`/trips/${t.tripId}/players/${zed}`)).status).toBe(204);
  });

  it('counts a settled wager won alone through winnerPlayerId in the player references', async () => {
    const added = await t.org.client.post(`/trips/${t.tripId}/players`, { name: 'Yul' });
    const w = await create({ sideA: [added.body.id], sideB: ids('Ed') });
    await t.org.client.patch(`${wager(w.id)}/settle`, { winner: 'A' });
    expect((await t.org.client.delete(`/trips/${t.tripId}/players/${added.body.id}`)).body.error.code).toBe('player_has_money_entries');
  });
});
