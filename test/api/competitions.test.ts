import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScorecardDoc } from '../../shared/schemas/round.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** P1 (index 8.4), P2 (no index), P3 (index 20.1), P4 (index 14.2). */
let p: string[];
/** Two draft rounds of the trip, and a round of another trip of the same organizer. */
let r1: string;
let r2: string;
let foreignRound: string;

const path = (id = '') => `/trips/${tripId}/competitions${id ? `/${id}` : ''}`;

async function newRound(trip: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await org.client.post(`/trips/${trip}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', ...body });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  other = await organizer(server.url, 'Other');
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: [{ name: 'P1', handicapIndex: 8.4 }, { name: 'P2' }, { name: 'P3', handicapIndex: 20.1 }, { name: 'P4', handicapIndex: 14.2 }],
  });
  p = res.body.items.map((x: { id: string }) => x.id);
  r1 = await newRound(tripId, { name: 'Day 1' });
  r2 = await newRound(tripId, { name: 'Day 2', date: '2027-04-12' });
  const otherTrip = (await org.client.post('/trips', tripBody({ name: 'Elsewhere' }))).body.id;
  foreignRound = await newRound(otherTrip);
});
afterAll(() => server.close());

async function create(body: Record<string, unknown>) {
  const res = await org.client.post(path(), body);
  expect(res.status).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}
const list = async () => (await org.client.get(path())).body.items as { id: string; [k: string]: unknown }[];

describe('POST /trips/:tripId/competitions', () => {
  it('creates a competition across rounds, with a Location and countback off by default', async () => {
    const res = await org.client.post(path(), { name: 'Overall net', format: 'stroke_net', roundIds: [r1, r2] });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(path(res.body.id));
    expect(res.body).toEqual({
      id: res.body.id,
      tripId,
      name: 'Overall net',
      format: 'stroke_net',
      countback: false,
      roundIds: [r1, r2],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await org.client.get(path(res.body.id))).body).toEqual(res.body);
  });

  it('keeps countback and an allowance override', async () => {
    const c = await create({ name: 'Stableford', format: 'stableford', roundIds: [r2], countback: true, allowancePercent: 90 });
    expect(c).toMatchObject({ format: 'stableford', countback: true, allowancePercent: 90, roundIds: [r2] });
    expect((await org.client.get(path(c.id))).body).toEqual(c);
  });

  it.each([
    ['a round that does not exist', () => [r1, 'nosuchround1'], 1],
    ['a round of another trip', () => [foreignRound], 0],
  ])('refuses %s with 422 unprocessable and creates nothing', async (_label, roundIds, index) => {
    const before = await list();
    const res = await org.client.post(path(), { name: 'Bad', format: 'stroke_gross', roundIds: roundIds() });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: ['body', 'roundIds', index], rule: 'unknown_round' }));
    expect(await list()).toEqual(before);
  });

  it.each([
    ['an unknown format', { format: 'bingo_bango' }, ['body', 'format']],
    ['no rounds', { roundIds: [] }, ['body', 'roundIds']],
    ['a round listed twice', { roundIds: ['roundone1', 'roundone1'] }, ['body', 'roundIds']],
    ['an allowance over 100', { allowancePercent: 101 }, ['body', 'allowancePercent']],
    ['a negative allowance', { allowancePercent: -5 }, ['body', 'allowancePercent']],
    ['an empty name', { name: '  ' }, ['body', 'name']],
    ['an unknown field', { prize: 'a ham' }, ['body']],
  ])('refuses %s with 400 validation_failed and creates nothing', async (_label, overrides, where) => {
    const before = await list();
    const res = await org.client.post(path(), { name: 'C', format: 'stroke_gross', roundIds: [r1], ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(where);
    expect(await list()).toEqual(before);
  });

  it('takes the allowance limits 0 and 100', async () => {
    expect((await create({ name: 'Gross', format: 'stroke_gross', roundIds: [r1], allowancePercent: 0 })).allowancePercent).toBe(0);
    expect((await create({ name: 'Match', format: 'match_play', roundIds: [r1], allowancePercent: 100 })).allowancePercent).toBe(100);
  });
});

describe('GET /trips/:tripId/competitions', () => {
  it('lists competitions in the order they were created', async () => {
    const a = await create({ name: 'First of two', format: 'stroke_gross', roundIds: [r1] });
    const b = await create({ name: 'Second of two', format: 'team_match', roundIds: [r1, r2] });
    const ids = (await list()).map((c) => c.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids.at(-1)).toBe(b.id);
  });

  it('answers 404 not_found for a competition not on the trip', async () => {
    const res = await org.client.get(path('nosuchcomp1'));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('reads a competition the trip wizard created', async () => {
    const wizard = await org.client.post('/trips/wizard', {
      trip: tripBody({ name: 'Wizard trip' }),
      rounds: [{ ref: 'd1', name: 'Day 1', date: '2027-04-11', course: course18() }],
      competitions: [{ name: 'Overall', format: 'stroke_gross', rounds: ['d1'] }],
      portalTokens: { issue: false },
    });
    expect(wizard.status).toBe(202);
    const wizardTrip = wizard.body.tripId as string;
    for (let i = 0; i < 200 && (await org.client.get(`/trips/${wizardTrip}/wizard/status`)).body.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 25));
    const res = await org.client.get(`/trips/${wizardTrip}/competitions`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ tripId: wizardTrip, name: 'Overall', format: 'stroke_gross', countback: false, roundIds: [expect.any(String)] })]);
  });
});

describe('PATCH /trips/:tripId/competitions/:competitionId', () => {
  it('changes fields, removes the allowance override with null, and keeps the rest', async () => {
    const c = await create({ name: 'Net', format: 'stroke_net', roundIds: [r1], allowancePercent: 90 });
    const res = await org.client.patch(path(c.id), { name: 'Net, both days', roundIds: [r1, r2], countback: true, allowancePercent: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c, name: 'Net, both days', roundIds: [r1, r2], countback: true, allowancePercent: undefined, updatedAt: expect.any(String) });
    expect(res.body).not.toHaveProperty('allowancePercent');
    expect((await org.client.get(path(c.id))).body).toEqual(res.body);
  });

  it('refuses an unknown round with 422 and changes nothing', async () => {
    const c = await create({ name: 'Unchanged', format: 'stroke_net', roundIds: [r1] });
    const res = await org.client.patch(path(c.id), { name: 'Changed', roundIds: [r1, foreignRound] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.details[0]).toMatchObject({ path: ['body', 'roundIds', 1], rule: 'unknown_round' });
    expect((await org.client.get(path(c.id))).body).toEqual(c);
  });

  it.each([
    ['an empty body', {}],
    ['an allowance of 150', { allowancePercent: 150 }],
    ['a null name', { name: null }],
  ])('refuses %s with 400', async (_label, body) => {
    const c = await create({ name: 'Same', format: 'stroke_net', roundIds: [r1] });
    const res = await org.client.patch(path(c.id), body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await org.client.get(path(c.id))).body).toEqual(c);
  });

  it('answers 404 not_found for an unknown competition', async () => {
    const res = await org.client.patch(path('nosuchcomp1'), { name: 'X' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('DELETE /trips/:tripId/competitions/:competitionId', () => {
  it('deletes the competition', async () => {
    const c = await create({ name: 'Gone', format: 'stableford', roundIds: [r1] });
    const res = await org.client.delete(path(c.id));
    expect(res.status).toBe(204);
    expect((await org.client.get(path(c.id))).status).toBe(404);
    expect((await list()).map((x) => x.id)).not.toContain(c.id);
    expect((await org.client.delete(path(c.id))).status).toBe(404);
  });
});

describe("another organizer's competitions", () => {
  it('answers 404 trip_not_found to every route and changes nothing', async () => {
    const c = await create({ name: 'Private', format: 'stroke_gross', roundIds: [r1] });
    const before = await list();
    const calls = [
      other.client.get(path()),
      other.client.post(path(), { name: 'Sneaky', format: 'stroke_gross', roundIds: [r1] }),
      other.client.get(path(c.id)),
      other.client.patch(path(c.id), { name: 'Hijacked' }),
      other.client.delete(path(c.id)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('trip_not_found');
    }
    expect(await list()).toEqual(before);
  });
});

describe('readying a round freezes the Course and Playing Handicap on each scorecard', () => {
  const card = async (roundId: string, playerId: string) => ScorecardDoc.parse(await server.deps.store.trip(tripId).get(`scorecard:${roundId}-${playerId}`));

  it('at 95 % for stroke play, with the 18-hole formula and the tee each player plays', async () => {
    const id = await newRound(tripId, { playerIds: p, playerTees: { [p[3]!]: 'Yellow' } });
    expect((await org.client.patch(`/trips/${tripId}/rounds/${id}/ready`)).status).toBe(200);
    // White 71.2/128, par 72: 8.4 × 128 ÷ 113 − 0.8 = 8.715 → × 0.95 = 8.279 → 8
    expect((await card(id, p[0]!)).handicap).toEqual({ handicapIndex: 8.4, tee: 'White', courseRating: 71.2, slope: 128, par: 72, holes: 18, courseHandicap: expect.closeTo(8.71504, 5), allowancePercent: 95, playingHandicap: 8 });
    // no index: nothing to compute
    expect((await card(id, p[1]!)).handicap).toMatchObject({ handicapIndex: null, courseHandicap: null, playingHandicap: null });
    // 20.1 × 128 ÷ 113 − 0.8 = 21.968 → 20.870 → 21
    expect((await card(id, p[2]!)).handicap).toMatchObject({ courseHandicap: expect.closeTo(21.96814, 5), playingHandicap: 21 });
    // Yellow 69.4/122: 14.2 × 122 ÷ 113 − 2.6 = 12.731 → 12.094 → 12
    expect((await card(id, p[3]!)).handicap).toMatchObject({ tee: 'Yellow', courseHandicap: expect.closeTo(12.73097, 5), playingHandicap: 12 });
  });

  it('at 100 % for match play', async () => {
    // P4 on White by name: a new round on the same course otherwise keeps the Yellow tees P4 played in the last one.
    const id = await newRound(tripId, { format: 'match_play', playerIds: [p[2], p[3]], playerTees: { [p[3]!]: 'White' } });
    expect((await org.client.patch(`/trips/${tripId}/rounds/${id}/ready`)).status).toBe(200);
    expect((await card(id, p[2]!)).handicap).toMatchObject({ allowancePercent: 100, playingHandicap: 22 }); // 21.968 → 22
    expect((await card(id, p[3]!)).handicap).toMatchObject({ allowancePercent: 100, playingHandicap: 15 }); // 14.2 × 128 ÷ 113 − 0.8 = 15.285
  });

  it('keeps the handicap frozen when the index changes afterwards', async () => {
    const id = await newRound(tripId, { playerIds: [p[0]] });
    expect((await org.client.patch(`/trips/${tripId}/rounds/${id}/ready`)).status).toBe(200);
    const frozen = (await card(id, p[0]!)).handicap;
    expect((await org.client.patch(`/trips/${tripId}/players/${p[0]}`, { handicapIndex: 30 })).status).toBe(200);
    expect((await card(id, p[0]!)).handicap).toEqual(frozen);
    expect((await org.client.patch(`/trips/${tripId}/players/${p[0]}`, { handicapIndex: 8.4 })).status).toBe(200);
  });
});
