import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScorecardDoc } from '../../shared/schemas/round.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** Eight players P1–P8 on the trip. */
let p: string[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: Array.from({ length: 8 }, (_, i) => ({ name: `P${i + 1}`, handicapIndex: 5 + i })),
  });
  p = res.body.items.map((x: { id: string }) => x.id);
});
afterAll(() => server.close());

const base = (overrides: Record<string, unknown> = {}) => ({ date: '2027-04-11', course: course18(), defaultTee: 'White', ...overrides });

async function createRound(body: Record<string, unknown>) {
  const res = await org.client.post(`/trips/${tripId}/rounds`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

async function roundCount(): Promise<number> {
  return (await org.client.get(`/trips/${tripId}/rounds`)).body.items.length;
}

describe('POST /trips/:tripId/rounds', () => {
  it('creates a draft round with numbered groups and a Location, its players those of the groups', async () => {
    const res = await org.client.post(`/trips/${tripId}/rounds`, base({ groups: [{ playerIds: [p[0], p[1]], teeTime: '08:00' }, { playerIds: [p[2], p[3], p[4]], startingHole: 10 }] }));
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/trips/${tripId}/rounds/${res.body.id}`);
    expect(res.body).toMatchObject({ tripId, state: 'draft', name: 'Round on 2027-04-11', format: 'stroke_play', date: '2027-04-11', playerIds: p.slice(0, 5), playerTees: {}, resetCount: 0 });
    expect(res.body.groups).toEqual([
      { id: 'g1', number: 1, playerIds: [p[0], p[1]], teeTime: '08:00' },
      { id: 'g2', number: 2, playerIds: [p[2], p[3], p[4]], startingHole: 10 },
    ]);
    expect(res.body).not.toHaveProperty('_rev');
    expect((await org.client.get(`/trips/${tripId}/rounds/${res.body.id}`)).body).toEqual(res.body);
  });

  it('creates a round without a course or players', async () => {
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', name: 'TBD' });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('course');
  });

  it.each([
    ['an unknown player id', () => base({ playerIds: [p[0], 'nosuchplayer1'] }), 'unknown_player', () => ['body', 'playerIds', 1]],
    ['an unknown player in a group', () => base({ groups: [{ playerIds: [p[0], 'nosuchplayer1'] }] }), 'unknown_player', () => ['body', 'groups', 0, 'playerIds', 1]],
    ['a player in two groups', () => base({ groups: [{ playerIds: [p[0], p[1]] }, { playerIds: [p[2], p[0]] }] }), 'duplicate_player', () => ['body', 'groups', 1, 'playerIds', 1]],
    ['a player listed twice', () => base({ playerIds: [p[0], p[1], p[0]] }), 'duplicate_player', () => ['body', 'playerIds']],
    ['an unknown default tee', () => base({ defaultTee: 'Blue' }), 'unknown_tee', () => ['body', 'defaultTee']],
    ['an unknown tee for a player', () => base({ playerIds: [p[0]], playerTees: { [p[0]!]: 'Red' } }), 'unknown_tee', () => ['body', 'playerTees', p[0]]],
    ['a tee for a player not in the round', () => base({ playerIds: [p[0]], playerTees: { [p[1]!]: 'White' } }), 'unknown_player', () => ['body', 'playerTees', p[1]]],
  ])('refuses %s with 422 and creates nothing', async (_label, body, code, path) => {
    const before = await roundCount();
    const res = await org.client.post(`/trips/${tripId}/rounds`, body());
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(path());
    expect(await roundCount()).toBe(before);
  });

  // A group outside the spec's 2–6 players is a malformed request, as on every scheduling route (issue 14).
  it.each([
    ['a group of 7 players', () => base({ groups: [{ playerIds: p.slice(0, 7) }] }), 'too_big'],
    ['a group of 1 player', () => base({ groups: [{ playerIds: [p[0]] }, { playerIds: [p[1], p[2]] }] }), 'too_small'],
  ])('refuses %s with 400 naming the limit and creates nothing', async (_label, body, issue) => {
    const before = await roundCount();
    const res = await org.client.post(`/trips/${tripId}/rounds`, body());
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: ['body', 'groups', 0, 'playerIds'], code: issue, message: 'a group has 2 to 6 players' }] });
    expect(await roundCount()).toBe(before);
  });

  it('takes a group of 6 players', async () => {
    expect((await org.client.post(`/trips/${tripId}/rounds`, base({ groups: [{ playerIds: p.slice(0, 6) }] }))).status).toBe(201);
  });

  const withHoles = (f: (c: ReturnType<typeof course18>) => void) => {
    const c = course18();
    f(c);
    return base({ course: c });
  };
  it.each([
    ['a course with 17 holes', withHoles((c) => c.holes.pop()), ['body', 'course', 'holes']],
    ['a repeated stroke index', withHoles((c) => (c.holes[1]!.strokeIndex = c.holes[0]!.strokeIndex)), ['body', 'course', 'holes', 1, 'strokeIndex']],
    ['holes numbered out of order', withHoles((c) => ([c.holes[0]!.number, c.holes[1]!.number] = [2, 1])), ['body', 'course', 'holes', 0, 'number']],
    ['slope 54', withHoles((c) => (c.tees[0]!.slope = 54)), ['body', 'course', 'tees', 0, 'slope']],
    ['slope 156', withHoles((c) => (c.tees[1]!.slope = 156)), ['body', 'course', 'tees', 1, 'slope']],
    ['a course without tees', withHoles((c) => (c.tees = [])), ['body', 'course', 'tees']],
    ['the impossible date 2027-02-29', base({ date: '2027-02-29' }), ['body', 'date']],
    ['a date in another format', base({ date: '11.04.2027' }), ['body', 'date']],
    ['an unknown format', base({ format: 'bingo_bango' }), ['body', 'format']],
    ['an empty group', base({ groups: [{ playerIds: [] }] }), ['body', 'groups', 0, 'playerIds']],
    ['an unknown field', base({ weather: 'sunny' }), ['body']],
  ])('refuses %s with 400 validation_failed and creates nothing', async (_label, body, path) => {
    const before = await roundCount();
    const res = await org.client.post(`/trips/${tripId}/rounds`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(path);
    expect(await roundCount()).toBe(before);
  });

  it('takes the slope limits 55 and 155 and a 9-hole course', async () => {
    const c = course18();
    c.tees[0]!.slope = 55;
    c.tees[1]!.slope = 155;
    expect((await org.client.post(`/trips/${tripId}/rounds`, base({ course: c }))).status).toBe(201);
    const nine = { ...course18('Nine'), holes: course18().holes.slice(0, 9) };
    expect((await org.client.post(`/trips/${tripId}/rounds`, base({ course: nine }))).status).toBe(201);
  });
});

describe('GET /trips/:tripId/rounds', () => {
  it('lists rounds by date and filters them by state', async () => {
    const fresh = (await org.client.post('/trips', tripBody())).body.id;
    const players = (await org.client.post(`/trips/${fresh}/players/bulk`, { players: [{ name: 'A' }, { name: 'B' }] })).body.items.map((x: { id: string }) => x.id);
    const make = async (name: string, date: string, startTime?: string) =>
      (await org.client.post(`/trips/${fresh}/rounds`, { name, date, ...(startTime ? { startTime } : {}), course: course18(), defaultTee: 'White', playerIds: players })).body.id as string;
    await make('Third', '2027-04-13');
    const second = await make('Second, afternoon', '2027-04-12', '13:00');
    await make('First', '2027-04-11');
    await make('Second, morning', '2027-04-12', '08:00');

    const all = await org.client.get(`/trips/${fresh}/rounds`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((r: { name: string }) => r.name)).toEqual(['First', 'Second, morning', 'Second, afternoon', 'Third']);

    expect((await org.client.patch(`/trips/${fresh}/rounds/${second}/ready`)).status).toBe(200);
    const ready = await org.client.get(`/trips/${fresh}/rounds?state=ready`);
    expect(ready.body.items.map((r: { id: string }) => r.id)).toEqual([second]);
    const drafts = await org.client.get(`/trips/${fresh}/rounds?state=draft`);
    expect(drafts.body.items.map((r: { name: string }) => r.name)).toEqual(['First', 'Second, morning', 'Third']);
    expect((await org.client.get(`/trips/${fresh}/rounds?state=completed`)).body.items).toEqual([]);
  });

  it('refuses an unknown state filter with 400', async () => {
    const res = await org.client.get(`/trips/${tripId}/rounds?state=finished`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toEqual(['query', 'state']);
  });

  it('answers 404 round_not_found for a round not on the trip', async () => {
    const res = await org.client.get(`/trips/${tripId}/rounds/nosuchround1`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('round_not_found');
  });
});

describe('PATCH /trips/:tripId/rounds/:roundId', () => {
  it('changes any field of a draft round, null removing the start time', async () => {
    const r = await createRound(base({ startTime: '09:00', playerIds: [p[0]] }));
    const res = await org.client.patch(`/trips/${tripId}/rounds/${r.id}`, {
      name: 'Links day',
      date: '2027-04-12',
      startTime: null,
      course: course18('New Course'),
      format: 'stableford',
      playerIds: [p[0], p[1]],
      groups: [{ playerIds: [p[0], p[1]] }],
      defaultTee: 'Yellow',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Links day', date: '2027-04-12', format: 'stableford', defaultTee: 'Yellow', playerIds: [p[0], p[1]], state: 'draft' });
    expect(res.body.course.name).toBe('New Course');
    expect(res.body.groups).toEqual([{ id: 'g1', number: 1, playerIds: [p[0], p[1]] }]);
    expect(res.body).not.toHaveProperty('startTime');
    expect((await org.client.get(`/trips/${tripId}/rounds/${r.id}`)).body).toEqual(res.body);
  });

  it.each([
    ['a group of 7', () => ({ groups: [{ playerIds: p.slice(0, 7) }] }), 400, 'validation_failed'],
    ['a course without the default tee', () => ({ course: { ...course18(), tees: [{ name: 'Red', courseRating: 68, slope: 115 }] } }), 422, 'unknown_tee'],
    ['an empty patch', () => ({}), 400, 'validation_failed'],
    ['a state', () => ({ state: 'completed' }), 400, 'validation_failed'],
  ])('refuses a draft patch with %s and leaves the round unchanged', async (_label, patch, status, code) => {
    const r = await createRound(base({ playerIds: [p[0], p[1]] }));
    const before = (await org.client.get(`/trips/${tripId}/rounds/${r.id}`)).body;
    const res = await org.client.patch(`/trips/${tripId}/rounds/${r.id}`, patch());
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await org.client.get(`/trips/${tripId}/rounds/${r.id}`)).body).toEqual(before);
  });

  describe('of a ready round', () => {
    let roundId: string;
    const card = (playerId: string) => server.deps.store.trip(tripId).get<ScorecardDoc & { _id: string }>(`scorecard:${roundId}-${playerId}`);

    beforeAll(async () => {
      roundId = (await createRound(base({ groups: [{ playerIds: [p[0], p[1], p[2]] }, { playerIds: [p[3], p[4]] }] }))).id;
      expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
    });

    it.each([
      ['course', () => ({ course: course18('Elsewhere') })],
      ['format', () => ({ format: 'stableford' })],
      ['playerIds', () => ({ playerIds: [p[0]] })],
      ['defaultTee', () => ({ defaultTee: 'Yellow' })],
    ])('refuses a change of %s with 409 round_not_editable naming the state', async (field, patch) => {
      const before = (await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body;
      const res = await org.client.patch(`/trips/${tripId}/rounds/${roundId}`, patch());
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('round_not_editable');
      expect(res.body.error.details[0]).toMatchObject({ currentState: 'ready', fields: [field] });
      expect((await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body).toEqual(before);
    });

    it('takes a late arrival into a group with no score (issue 34): a scorecard is made for them, and taking them out removes it', async () => {
      const res = await org.client.patch(`/trips/${tripId}/rounds/${roundId}`, { groups: [{ playerIds: [p[0], p[1], p[2]] }, { playerIds: [p[3], p[4], p[5]] }] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.playerIds).toContain(p[5]);
      expect(await card(p[5]!)).toMatchObject({ groupId: 'g2' });
      const back = await org.client.patch(`/trips/${tripId}/rounds/${roundId}`, { groups: [{ playerIds: [p[0], p[1], p[2]] }, { playerIds: [p[3], p[4]] }] });
      expect(back.status, back.text).toBe(200);
      expect(back.body.playerIds).not.toContain(p[5]);
      expect(await card(p[5]!)).toBeUndefined();
    });

    it('moves a player to another group, and the scorecards follow', async () => {
      expect((await card(p[2]!))!.groupId).toBe('g1');
      const res = await org.client.patch(`/trips/${tripId}/rounds/${roundId}`, { name: 'Moved', groups: [{ playerIds: [p[0], p[1]] }, { playerIds: [p[3], p[4], p[2]] }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Moved', state: 'ready' });
      expect(res.body.groups.map((g: { id: string; playerIds: string[] }) => [g.id, g.playerIds])).toEqual([
        ['g1', [p[0], p[1]]],
        ['g2', [p[3], p[4], p[2]]],
      ]);
      const groups = await Promise.all([p[0], p[1], p[2], p[3], p[4]].map(async (id) => (await card(id!))!.groupId));
      expect(groups).toEqual(['g1', 'g1', 'g2', 'g2', 'g2']);
    });
  });
});
