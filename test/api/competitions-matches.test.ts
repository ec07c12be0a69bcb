import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsOfType } from '../../server/store/docs.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** Team USA u[0..3], team Europe e[0..3], `none` on no team, `away` (USA) plays no round. */
const u: string[] = [];
const e: string[] = [];
let none: string;
let away: string;
/** Days 1, 2 and 4 are the Ryder Cup's rounds, Day 3 is not; `net` is a stroke_net competition over Day 1. */
const day: string[] = [];
let cup: string;
let net: string;

const base = () => `/trips/${tripId}/competitions`;
const matches = (competitionId = cup, matchId = '') => `${base()}/${competitionId}/matches${matchId ? `/${matchId}` : ''}`;
/** Every match document of the trip, to prove a refused request wrote nothing anywhere. */
const allMatches = async () => (await docsOfType(server.deps.store.trip(tripId), 'match')).map(({ _rev, ...m }) => m).sort((a, b) => a._id.localeCompare(b._id));

async function add(body: Record<string, unknown>, competitionId = cup) {
  const res = await org.client.post(matches(competitionId), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  other = await organizer(server.url, 'Other');
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const rows = [
    ...[0, 1, 2, 3].map((i) => ({ name: `USA ${i + 1}`, team: 'USA', handicapIndex: 10 + i })),
    ...[0, 1, 2, 3].map((i) => ({ name: `EUR ${i + 1}`, team: 'Europe', handicapIndex: 5 + i })),
    { name: 'Loner', handicapIndex: 18 },
    { name: 'Away', team: 'USA' },
  ];
  const ids = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: rows })).body.items.map((x: { id: string }) => x.id) as string[];
  u.push(...ids.slice(0, 4));
  e.push(...ids.slice(4, 8));
  [none, away] = [ids[8]!, ids[9]!];
  for (const [i, date] of ['2027-04-11', '2027-04-12', '2027-04-13', '2027-04-14'].entries()) {
    const res = await org.client.post(`/trips/${tripId}/rounds`, { name: `Day ${i + 1}`, date, course: course18(), defaultTee: 'White', playerIds: [...u, ...e, none] });
    day.push(res.body.id);
  }
  cup = (await org.client.post(base(), { name: 'Ryder Cup', format: 'team_match', roundIds: [day[0], day[1], day[3]] })).body.id;
  net = (await org.client.post(base(), { name: 'Net', format: 'stroke_net', roundIds: [day[0]] })).body.id;
});
afterAll(() => server.close());

describe('team matches: create, read, list', () => {
  it('creates a singles match worth 1 point by default, with a Location', async () => {
    const res = await org.client.post(matches(), { roundId: day[0], format: 'singles', sideA: [u[0]], sideB: [e[0]] });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(matches(cup, res.body.id));
    expect(res.body).toEqual({ id: res.body.id, tripId, competitionId: cup, roundId: day[0], format: 'singles', sideA: [u[0]], sideB: [e[0]], points: 1, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await org.client.get(matches(cup, res.body.id))).body).toEqual(res.body);
  });

  it('creates a four-ball match worth half a point, and lets a player play one match in each round', async () => {
    const fb = await add({ roundId: day[0], format: 'fourball', sideA: [u[1], u[2]], sideB: [e[1], e[2]], points: 0.5 });
    expect(fb).toMatchObject({ format: 'fourball', points: 0.5 });
    await add({ roundId: day[1], format: 'singles', sideA: [e[0]], sideB: [u[0]], points: 2 });
  });

  it('lists matches in the order of the rounds, and by round', async () => {
    await add({ roundId: day[1], format: 'fourball', sideA: [u[1], u[2]], sideB: [e[1], e[2]] });
    const all = (await org.client.get(matches())).body.items as { roundId: string }[];
    expect(all.map((m) => m.roundId)).toEqual([day[0], day[0], day[1], day[1]]);
    const second = await org.client.get(`${matches()}?roundId=${day[1]}`);
    expect(second.status).toBe(200);
    expect(second.body.items.map((m: { roundId: string }) => m.roundId)).toEqual([day[1], day[1]]);
  });
});

describe('team matches: refusals', () => {
  beforeAll(async () => {
    await add({ roundId: day[3], format: 'singles', sideA: [u[0]], sideB: [e[0]] });
  });

  /** On Day 4, where only USA 1 v EUR 1 is set. */
  const on4 = (format: string, sideA: string[], sideB: string[]) => ({ roundId: day[3], format, sideA, sideB });
  it.each([
    ['a competition that is not a team match', () => ({ competition: net, body: on4('singles', [u[1]!], [e[1]!]) }), 'unprocessable', 'not_team_match', ['params', 'competitionId']],
    ['a round not of the competition', () => ({ body: { ...on4('singles', [u[1]!], [e[1]!]), roundId: day[2] } }), 'unprocessable', 'unknown_round', ['body', 'roundId']],
    ['a round that does not exist', () => ({ body: { ...on4('singles', [u[1]!], [e[1]!]), roundId: 'nosuchround1' } }), 'unprocessable', 'unknown_round', ['body', 'roundId']],
    ['singles 2 v 1', () => ({ body: on4('singles', [u[1]!, u[2]!], [e[1]!]) }), 'unprocessable', 'side_size', ['body', 'sideA']],
    ['four-ball 2 v 1', () => ({ body: on4('fourball', [u[1]!, u[2]!], [e[1]!]) }), 'unprocessable', 'side_size', ['body', 'sideB']],
    ['an empty side', () => ({ body: on4('singles', [], [e[1]!]) }), 'unprocessable', 'side_size', ['body', 'sideA']],
    ['a player not on the trip', () => ({ body: on4('singles', ['nosuchplayer1'], [e[1]!]) }), 'unknown_player', 'not_on_trip', ['body', 'sideA', 0]],
    ['a player not in the round', () => ({ body: on4('singles', [away], [e[1]!]) }), 'unknown_player', 'not_in_round', ['body', 'sideA', 0]],
    ['a player on no team', () => ({ body: on4('singles', [u[1]!], [none]) }), 'unprocessable', 'no_team', ['body', 'sideB', 0]],
    ['sides that mix the teams', () => ({ body: on4('fourball', [u[1]!, e[1]!], [u[2]!, e[2]!]) }), 'unprocessable', 'mixed_teams', ['body', 'sideA']],
    ['both sides from one team', () => ({ body: on4('singles', [u[1]!], [u[2]!]) }), 'unprocessable', 'same_team', ['body', 'sideB']],
    ['a player on both sides', () => ({ body: on4('singles', [u[1]!], [u[1]!]) }), 'duplicate_player', 'twice_in_match', ['body', 'sideB', 0]],
    ['a player already in a match of the round', () => ({ body: on4('singles', [u[0]!], [e[1]!]) }), 'duplicate_player', 'in_another_match', ['body', 'sideA', 0]],
  ])('refuses %s with 422 and creates nothing', async (_label, make, code, rule, where) => {
    const { competition, body } = make() as { competition?: string; body: Record<string, unknown> };
    const before = await allMatches();
    const res = await org.client.post(matches(competition ?? cup), body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details[0]).toMatchObject({ rule, path: where });
    expect(await allMatches()).toEqual(before);
  });

  it('lists every problem, the first deciding the code', async () => {
    const res = await org.client.post(matches(), on4('singles', [u[0]!], [u[1]!]));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('duplicate_player');
    expect(res.body.error.details.map((d: { rule: string }) => d.rule)).toEqual(['in_another_match', 'same_team']);
  });

  it.each([
    ['points 0.3', { points: 0.3 }, ['body', 'points']],
    ['points 0', { points: 0 }, ['body', 'points']],
    ['a format foursomes', { format: 'foursomes' }, ['body', 'format']],
    ['a side that is not a list', { sideA: u[3] }, ['body', 'sideA']],
    ['a malformed player id', { sideA: ['X'] }, ['body', 'sideA', 0]],
    ['an unknown field', { winner: 'USA' }, ['body']],
  ])('refuses %s with 400 validation_failed and creates nothing', async (_label, overrides, where) => {
    const before = await allMatches();
    const res = await org.client.post(matches(), { roundId: day[1], format: 'singles', sideA: [u[3]], sideB: [e[3]], ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(where);
    expect(await allMatches()).toEqual(before);
  });

  it('answers 404 not_found for an unknown competition or match, or a match of another competition', async () => {
    const m = await add({ roundId: day[1], format: 'singles', sideA: [u[3]], sideB: [e[3]] });
    const other = (await org.client.post(base(), { name: 'Cup 2', format: 'team_match', roundIds: [day[1]] })).body.id;
    for (const res of [
      await org.client.post(matches('nosuchcomp1'), { roundId: day[1], format: 'singles', sideA: [u[3]], sideB: [e[3]] }),
      await org.client.get(matches('nosuchcomp1')),
      await org.client.get(matches(cup, 'nosuchmatch1')),
      await org.client.patch(matches(cup, 'nosuchmatch1'), { points: 2 }),
      await org.client.delete(matches(cup, 'nosuchmatch1')),
      await org.client.get(matches(other, m.id)),
      await org.client.patch(matches(other, m.id), { points: 2 }),
      await org.client.delete(matches(other, m.id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await org.client.get(matches(cup, m.id))).body).toEqual(m);
    expect((await org.client.delete(matches(cup, m.id))).status).toBe(204);
  });
});

describe('team matches: changes', () => {
  const fourball = async () => ((await org.client.get(`${matches()}?roundId=${day[1]}`)).body.items as { id: string; format: string; [k: string]: unknown }[]).find((m) => m.format === 'fourball')!;

  it('changes points and players, checking the match as changed without counting it against itself', async () => {
    const m = await fourball();
    const res = await org.client.patch(matches(cup, m.id), { points: 1.5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...m, points: 1.5, updatedAt: expect.any(String) });
    const swapped = await org.client.patch(matches(cup, m.id), { sideA: [u[3], u[2]] });
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({ sideA: [u[3], u[2]], sideB: m.sideB, points: 1.5 });
    expect((await org.client.get(matches(cup, m.id))).body).toEqual(swapped.body);
  });

  it.each([
    ['a player from another match of the round', () => ({ sideB: [e[0], e[3]] }), 422, 'duplicate_player'],
    ['a format the sides no longer fit', () => ({ format: 'singles' }), 422, 'unprocessable'],
    ['a round not of the competition', () => ({ roundId: day[2] }), 422, 'unprocessable'],
    ['an empty body', () => ({}), 400, 'validation_failed'],
    ['points in thirds', () => ({ points: 1 / 3 }), 400, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_label, body, status, code) => {
    const m = await fourball();
    const res = await org.client.patch(matches(cup, m.id), body());
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await org.client.get(matches(cup, m.id))).body).toEqual(m);
  });

  it('deletes a match, which frees its players for another', async () => {
    const m = await add({ roundId: day[0], format: 'singles', sideA: [u[3]], sideB: [e[3]] });
    expect((await org.client.delete(matches(cup, m.id))).status).toBe(204);
    expect((await org.client.get(matches(cup, m.id))).status).toBe(404);
    expect((await org.client.delete(matches(cup, m.id))).status).toBe(404);
    await add({ roundId: day[0], format: 'singles', sideA: [e[3]], sideB: [u[3]] });
  });
});

describe('team matches of a completed round', () => {
  let done: string;
  let locked: { id: string; [k: string]: unknown };
  beforeAll(async () => {
    done = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 5', date: '2027-04-14', course: course18(), defaultTee: 'White', playerIds: [...u, ...e] })).body.id;
    const cupNow = (await org.client.get(`${base()}/${cup}`)).body;
    expect((await org.client.patch(`${base()}/${cup}`, { roundIds: [...cupNow.roundIds, done] })).status).toBe(200);
    locked = await add({ roundId: done, format: 'singles', sideA: [u[0]], sideB: [e[0]] });
    expect((await org.client.patch(`/trips/${tripId}/rounds/${done}/ready`)).status).toBe(200);
    expect((await org.client.post(`/trips/${tripId}/rounds/${done}/complete`)).status).toBe(200);
  });

  it('answers 409 round_state_conflict to a new match, before checking its sides', async () => {
    const before = await allMatches();
    for (const body of [{ sideA: [u[1]], sideB: [e[1]] }, { sideA: [u[1]], sideB: [u[2]] }]) {
      const res = await org.client.post(matches(), { roundId: done, format: 'singles', ...body });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('round_state_conflict');
    }
    expect(await allMatches()).toEqual(before);
  });

  it('answers 409 to changing or deleting its matches, or moving a match into it', async () => {
    const before = await allMatches();
    const open = (await org.client.get(`${matches()}?roundId=${day[0]}`)).body.items[0];
    for (const res of [
      await org.client.patch(matches(cup, locked.id), { points: 2 }),
      await org.client.delete(matches(cup, locked.id)),
      await org.client.patch(matches(cup, open.id), { roundId: done }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('round_state_conflict');
    }
    expect(await allMatches()).toEqual(before);
  });
});

describe('competitions with team matches', () => {
  it.each([
    ['another format', () => ({ format: 'stroke_net' })],
    ['dropping a round that has matches', () => ({ roundIds: [day[1]] })],
  ])('answers 409 conflict to %s and changes nothing', async (_label, body) => {
    const before = (await org.client.get(`${base()}/${cup}`)).body;
    const res = await org.client.patch(`${base()}/${cup}`, body());
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(res.body.error.details[0].matchIds.length).toBeGreaterThan(0);
    expect((await org.client.get(`${base()}/${cup}`)).body).toEqual(before);
  });

  it('deletes a competition together with its matches', async () => {
    const cup3 = (await org.client.post(base(), { name: 'Cup 3', format: 'team_match', roundIds: [day[2]] })).body.id;
    const m = await add({ roundId: day[2], format: 'singles', sideA: [u[0]], sideB: [e[0]] }, cup3);
    const kept = (await allMatches()).filter((x) => x.competitionId !== cup3);
    expect((await org.client.delete(`${base()}/${cup3}`)).status).toBe(204);
    expect(await allMatches()).toEqual(kept);
    expect((await org.client.get(matches(cup3, m.id))).status).toBe(404);
  });
});

describe("another organizer's team matches", () => {
  it('answers 404 trip_not_found to every match route and changes nothing', async () => {
    const before = await allMatches();
    const m = before[0]!;
    for (const res of [
      await other.client.get(matches()),
      await other.client.post(matches(), { roundId: day[1], format: 'singles', sideA: [u[3]], sideB: [e[3]] }),
      await other.client.get(matches(cup, String(m.id))),
      await other.client.patch(matches(cup, String(m.id)), { points: 3 }),
      await other.client.delete(matches(cup, String(m.id))),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('trip_not_found');
    }
    expect(await allMatches()).toEqual(before);
  });
});
